/// @file cuda/reduce.hpp
/// @brief reduce on the CUDA backend: one partial per block of a grid-stride pass (coalesced
/// reads, cub::BlockReduce), then cub::DeviceReduce::Reduce over the partials; mapped values
/// are never stored in device memory.
///
/// `reduce(backend::CUDA{}, range, init, map, op, helper[, stream])` returns op-combination of
/// init and map(x) over the range. Requirements as on the host (reduce.hpp): op associative and
/// commutative, init the identity of op (a debug build checks it on up to 4 samples, mapped on
/// the device and compared on the host; this needs op callable on the host too, which
/// ALFVEN_LAMBDA and reduce_op provide), map and op trivially copyable, T trivially copyable.
/// Synchronous: the call queues work on `stream` (default: the legacy default stream, hence
/// after earlier for_each calls), waits for that stream, and returns the value. Allocates only
/// when `helper` is too small (its temporary storage grows, never shrinks). Runtime errors are
/// fatal (ALFVEN_CUDA_CHECK). The grouping of floating-point sums differs from the host's, so
/// compare sums with a tolerance.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cub/block/block_reduce.cuh>
#include <cub/device/device_reduce.cuh>
#include <type_traits>

#include "../backend.hpp"
#include "../range.hpp"
#include "../reduce.hpp"
#include "check.hpp"
#include "launch.hpp"
#include "memory.hpp"

namespace alfven {

/// Reusable device scratch space of reduce on the CUDA backend: CUB's temporary storage and the
/// device slots for the result and the debug identity samples. Keep one per call site that
/// reduces often (the CFL time step). Move-only. Its destructor frees the device memory
/// (cudaFree, which waits for the device). Not thread-safe: one reduce at a time per helper.
template <typename T>
class ReduceHelper<T, backend::CUDA> {
  static_assert(std::is_trivially_copyable<T>::value, "reduce: T must be trivially copyable");

 public:
  /// Number of device slots: one result and up to this many minus one identity samples.
  static constexpr int slots = 5;

  ReduceHelper() = default;
  ~ReduceHelper() { release(); }
  ReduceHelper(const ReduceHelper&) = delete;
  ReduceHelper& operator=(const ReduceHelper&) = delete;
  ReduceHelper(ReduceHelper&& o) noexcept { swap(o); }
  ReduceHelper& operator=(ReduceHelper&& o) noexcept {
    if (this != &o) {
      release();
      swap(o);
    }
    return *this;
  }

  /// Device temporary storage of at least `bytes` bytes; reallocates (cudaFree + cudaMalloc)
  /// only when the present block is smaller. Throws alfven::Error when the device is full.
  void* temporary_storage(std::size_t bytes) {
    if (bytes > temp_bytes_) {
      if (temp_) detail::MemorySpace<backend::CUDA>::deallocate(temp_);
      temp_ = nullptr;
      temp_bytes_ = 0;
      temp_ = detail::MemorySpace<backend::CUDA>::allocate(bytes);
      temp_bytes_ = bytes;
    }
    return temp_;
  }
  /// Bytes of temporary storage held now.
  std::size_t temporary_bytes() const { return temp_bytes_; }

  /// Device array of `slots` values of T (slot 0: the result); allocated on first use.
  T* device_slots() {
    if (!slots_)
      slots_ = static_cast<T*>(detail::MemorySpace<backend::CUDA>::allocate(slots * sizeof(T)));
    return slots_;
  }

 private:
  void release() noexcept {
    if (temp_) detail::MemorySpace<backend::CUDA>::deallocate(temp_);
    if (slots_) detail::MemorySpace<backend::CUDA>::deallocate(slots_);
    temp_ = nullptr;
    slots_ = nullptr;
    temp_bytes_ = 0;
  }
  void swap(ReduceHelper& o) noexcept {
    std::swap(temp_, o.temp_);
    std::swap(temp_bytes_, o.temp_bytes_);
    std::swap(slots_, o.slots_);
  }

  void* temp_ = nullptr;
  std::size_t temp_bytes_ = 0;
  T* slots_ = nullptr;
};

namespace detail {

/// map over a Range1D as a function of the position t = 0, 1, ... in the range.
template <typename T, typename Map>
struct MappedIndex1D {
  Map map;
  long begin;
  ALFVEN_HOST_DEVICE T operator()(long t) const { return T(map(begin + t)); }
};

/// map over a Range3D as a function of the position t in the box (i fastest).
template <typename T, typename Map>
struct MappedIndex3D {
  Map map;
  int i0, j0, k0, ni, nj;
  ALFVEN_HOST_DEVICE T operator()(long t) const {
    const long plane = long(ni) * nj;
    const long k = t / plane, rest = t - k * plane;
    const long j = rest / ni, i = rest - j * ni;
    return T(map(i0 + int(i), j0 + int(j), k0 + int(k)));
  }
};

/// out[s] = mapped(s): the debug identity samples, launched through the one launch path.
template <typename T, typename Mapped>
struct MappedSamples {
  Mapped mapped;
  T* out;
  ALFVEN_HOST_DEVICE void operator()(long s) const { out[s] = mapped(s); }
};

/// Threads per block and the most blocks of the first pass of a device reduction (fixed, so
/// that a given range is always grouped the same way: sums repeat bit for bit).
constexpr int reduce_block_size = 256;
constexpr long reduce_max_blocks = 2048;

/// partials[b] = op-combination of init and mapped(t) over the indices t of block b's
/// grid-stride loop (t = b * 256 + thread, t += 256 * gridDim.x), combined in the block with
/// cub::BlockReduce.
template <typename T, typename Mapped, typename Op>
__global__ void __launch_bounds__(reduce_block_size)
    block_partials(const ALFVEN_GRID_CONSTANT Mapped mapped, long n, T init, Op op, T* partials) {
  T acc = init;
  const long stride = long(gridDim.x) * reduce_block_size;
  for (long t = long(blockIdx.x) * reduce_block_size + threadIdx.x; t < n; t += stride)
    acc = op(acc, mapped(t));
  using BlockReduce = cub::BlockReduce<T, reduce_block_size>;
  __shared__ typename BlockReduce::TempStorage storage;
  const T block = BlockReduce(storage).Reduce(acc, op);
  if (threadIdx.x == 0) partials[blockIdx.x] = block;
}

/// The reduction itself: block partials (block_partials), CUB over them, then the value back
/// to the host.
template <typename T, typename Mapped, typename Op>
T cub_reduce(const Mapped& mapped, long n, T init, const Op& op,
             ReduceHelper<T, backend::CUDA>& helper, cudaStream_t stream) {
  check_device_functor<Op>();  // Mapped holds the map, which the caller has checked
  if (n <= 0) return init;
  T* slots = helper.device_slots();
#ifndef NDEBUG
  {  // init must be the identity of op: map a few samples on the device, check on the host.
    constexpr int max_samples = ReduceHelper<T, backend::CUDA>::slots - 1;
    const long count = n < max_samples ? n : max_samples;
    launch_1d<LaunchSettings<32>, long>(0, count, MappedSamples<T, Mapped>{mapped, slots + 1},
                                        stream);
    T samples[max_samples];
    ALFVEN_CUDA_CHECK(cudaMemcpyAsync(samples, slots + 1, std::size_t(count) * sizeof(T),
                                      cudaMemcpyDeviceToHost, stream));
    ALFVEN_CUDA_CHECK(cudaStreamSynchronize(stream));
    check_identity(init, op, count, [&](long s) { return samples[s]; });
  }
#endif
  // First pass: each block's partial (grid-stride, so a warp maps consecutive indices and reads
  // consecutive cells); second pass: CUB over the partials. CUB straight over a transform
  // iterator gives each thread a run of consecutive indices, so a warp's loads of a 3D map
  // stride across many cache lines: 4x the DRAM traffic of one read per cell for the CFL
  // reduction (measured with ncu on the H200, docs/performance.md).
  const long blocks = std::min((n + reduce_block_size - 1) / reduce_block_size, reduce_max_blocks);
  std::size_t bytes = 0;
  ALFVEN_CUDA_CHECK(cub::DeviceReduce::Reduce(nullptr, bytes, static_cast<const T*>(nullptr), slots,
                                              int(blocks), op, init, stream));
  const std::size_t partial_offset = (bytes + 255) / 256 * 256;  // partials 256-byte aligned
  char* temp = static_cast<char*>(
      helper.temporary_storage(partial_offset + std::size_t(blocks) * sizeof(T)));
  T* partials = reinterpret_cast<T*>(temp + partial_offset);
  block_partials<T, Mapped, Op>
      <<<unsigned(blocks), reduce_block_size, 0, stream>>>(mapped, n, init, op, partials);
  ALFVEN_CUDA_CHECK_LAUNCH("block_partials");
  ALFVEN_CUDA_CHECK(
      cub::DeviceReduce::Reduce(temp, bytes, partials, slots, int(blocks), op, init, stream));
  T result;
  ALFVEN_CUDA_CHECK(cudaMemcpyAsync(&result, slots, sizeof(T), cudaMemcpyDeviceToHost, stream));
  ALFVEN_CUDA_CHECK(cudaStreamSynchronize(stream));
  return result;
}

}  // namespace detail

/// Reduces map(i) over i in r with op, starting from init (the identity of op), on the device.
/// Synchronous; see the file comment. Returns init for an empty range.
template <typename T, typename Map, typename Op>
T reduce(backend::CUDA, const Range1D& r, T init, const Map& map, const Op& op,
         ReduceHelper<T, backend::CUDA>& helper, cudaStream_t stream = 0) {
  detail::check_device_functor<Map>();
  return detail::cub_reduce(detail::MappedIndex1D<T, Map>{map, r.begin}, r.size(), init, op, helper,
                            stream);
}

/// Reduces map(i, j, k) over the box r with op, starting from init, on the device. Synchronous.
template <typename T, typename Map, typename Op>
T reduce(backend::CUDA, const Range3D& r, T init, const Map& map, const Op& op,
         ReduceHelper<T, backend::CUDA>& helper, cudaStream_t stream = 0) {
  detail::check_device_functor<Map>();
  return detail::cub_reduce(detail::MappedIndex3D<T, Map>{map, r.begin[0], r.begin[1], r.begin[2],
                                                          r.extent(0), r.extent(1)},
                            r.size(), init, op, helper, stream);
}

}  // namespace alfven
