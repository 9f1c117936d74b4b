/// @file cuda/for_each.hpp
/// @brief for_each on the CUDA backend: one kernel launch per call, one index per thread.
///
/// `for_each<BlockSize, MinResidentThreads>(backend::CUDA{}, range, f[, stream])` runs f(i)
/// (Range1D) or f(i, j, k) (Range3D) for every index on the current device. The launch is
/// asynchronous: it is queued on `stream` (default: the legacy default stream, which orders it
/// after earlier work and before later copy_from/reduce calls) and the call returns at once.
/// Nothing is allocated. `f` is copied by value into the kernel's parameters (as a
/// `__grid_constant__` parameter where the toolkit has it, so large functors are not copied
/// into registers or local memory); it must be trivially copyable (checked at compile time)
/// and must hold views and scalars only: never `this` (see docs/core.md, "Lambdas").
///
/// 3D ranges use blocks of (bx, BlockSize / bx) threads with bx a power of two from 32 up to
/// the i extent, so threadIdx.x runs along i and a warp reads consecutive addresses.
/// Errors: a failed launch is fatal (ALFVEN_CUDA_CHECK_LAUNCH); a fault inside the kernel shows
/// at the next synchronising call.
#pragma once

#include <cuda_runtime.h>

#include <climits>

#include "../backend.hpp"
#include "../for_each.hpp"
#include "../launch.hpp"
#include "../range.hpp"
#include "check.hpp"

#if defined(__CUDACC_VER_MAJOR__) && \
    (__CUDACC_VER_MAJOR__ > 11 || (__CUDACC_VER_MAJOR__ == 11 && __CUDACC_VER_MINOR__ >= 7))
/// Kernel parameter qualifier: read the functor from the constant parameter space in place.
#define ALFVEN_GRID_CONSTANT __grid_constant__
#else
#define ALFVEN_GRID_CONSTANT
#endif

namespace alfven {
namespace detail {

/// Largest functor a kernel parameter list can hold (CUDA 12.1+ on Volta and newer: 32764 bytes).
constexpr unsigned long max_kernel_functor_bytes = 32000;

template <typename F>
constexpr void check_device_functor() {
  check_kernel_functor<F>();
  static_assert(sizeof(F) <= max_kernel_functor_bytes,
                "functor too large for a kernel parameter: capture views, not arrays of values");
}

template <int BlockSize, int MinBlocks, typename F>
__global__ void __launch_bounds__(BlockSize, MinBlocks)
    for_each_kernel_1d(const ALFVEN_GRID_CONSTANT F f, long begin, long n) {
  const long stride = long(gridDim.x) * BlockSize;
  for (long t = long(blockIdx.x) * BlockSize + threadIdx.x; t < n; t += stride) f(begin + t);
}

template <int BlockSize, int MinBlocks, typename F>
__global__ void __launch_bounds__(BlockSize, MinBlocks)
    for_each_kernel_3d(const ALFVEN_GRID_CONSTANT F f, Range3D r) {
  const int sj = int(gridDim.y * blockDim.y), si = int(gridDim.x * blockDim.x);
  for (int k = r.begin[2] + int(blockIdx.z); k < r.end[2]; k += int(gridDim.z))
    for (int j = r.begin[1] + int(blockIdx.y * blockDim.y + threadIdx.y); j < r.end[1]; j += sj)
      for (int i = r.begin[0] + int(blockIdx.x * blockDim.x + threadIdx.x); i < r.end[0]; i += si)
        f(i, j, k);
}

/// Block shape of a 3D launch: x along i (a power of two, at least 32 or the first power of two
/// >= ni when ni is smaller, at most BlockSize), y the rest. A box a few cells thick in i (the
/// layers next to an x face) would otherwise leave most lanes of every warp idle.
inline dim3 block_shape_3d(int block_size, int ni) {
  int bx = 1;
  while (bx < ni && bx < 32) bx *= 2;
  while (bx < ni && bx * 2 <= block_size) bx *= 2;
  return dim3(unsigned(bx), unsigned(block_size / bx), 1u);
}

inline unsigned clamp_grid(long blocks, long limit) {
  return unsigned(blocks < 1 ? 1 : (blocks > limit ? limit : blocks));
}

}  // namespace detail

/// Calls f(i) for every i in [r.begin, r.end) on the device. Asynchronous (queued on `stream`).
/// Does nothing for an empty range. See the file comment for the requirements on f.
template <int BlockSize = default_block_size, int MinResidentThreads = 0, typename F>
void for_each(backend::CUDA, const Range1D& r, const F& f, cudaStream_t stream = 0) {
  using LS = LaunchSettings<BlockSize, MinResidentThreads>;
  detail::check_device_functor<F>();
  const long n = r.size();
  if (n == 0) return;
  const unsigned blocks = detail::clamp_grid((n + BlockSize - 1) / BlockSize, INT_MAX);
  detail::for_each_kernel_1d<BlockSize, LS::min_blocks_per_multiprocessor, F>
      <<<blocks, BlockSize, 0, stream>>>(f, r.begin, n);
  ALFVEN_CUDA_CHECK_LAUNCH("for_each_kernel_1d");
}

/// Calls f(i, j, k) for every (i, j, k) in the box r on the device, threadIdx.x along i.
/// Asynchronous (queued on `stream`). Does nothing for an empty box.
template <int BlockSize = default_block_size, int MinResidentThreads = 0, typename F>
void for_each(backend::CUDA, const Range3D& r, const F& f, cudaStream_t stream = 0) {
  using LS = LaunchSettings<BlockSize, MinResidentThreads>;
  detail::check_device_functor<F>();
  if (r.size() == 0) return;
  const dim3 block = detail::block_shape_3d(BlockSize, r.extent(0));
  const dim3 grid(detail::clamp_grid((r.extent(0) + block.x - 1) / block.x, INT_MAX),
                  detail::clamp_grid((r.extent(1) + block.y - 1) / block.y, 65535),
                  detail::clamp_grid(r.extent(2), 65535));
  detail::for_each_kernel_3d<BlockSize, LS::min_blocks_per_multiprocessor, F>
      <<<grid, block, 0, stream>>>(f, r);
  ALFVEN_CUDA_CHECK_LAUNCH("for_each_kernel_3d");
}

}  // namespace alfven
