/// @file gpu.hpp
/// @brief EBGeometry's face of the launch layer: batched device queries, gpu::parallel_for and
/// gpu::transform (vector, pool and span overloads), run-time launch settings and a tuning
/// helper. One source for both builds.
///
/// A thin adaptor over the one launch path: in a translation unit compiled by nvcc these launch
/// the kernels of cuda/launch.hpp (the ones for_each launches); in any other they run the same
/// functor in launch.hpp's host loop (OpenMP threads when available), through the same checks
/// and the same memory path: gpu::memory_resource() is device memory under nvcc and the
/// emulated-device resource otherwise. The `gpu::` prefix says where a call *can* run.
///
/// Every call is synchronous (it returns when the work is done). Functors must be trivially
/// copyable (checked at compile time in every build) with an ALFVEN_HOST_DEVICE call operator.
/// Host-side precondition failures (sizes, pool state) throw alfven::Error; a partial overlap
/// of inputs and results and failing CUDA runtime calls are fatal (alfven::fatal_error: the
/// message, then the fatal handler, which stops every MPI rank), as device failures are.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "device.hpp"
#include "error.hpp"
#include "fatal.hpp"
#include "launch.hpp"
#include "macros.hpp"
#include "memory_resource.hpp"
#include "pool.hpp"

#if defined(__CUDACC__)
#include "cuda/check.hpp"
#include "cuda/launch.hpp"
#endif

namespace alfven {
namespace gpu {

/// Threads per block unless told otherwise (QueryLaunchSettings, launch.hpp).
constexpr unsigned DefaultBlockSize = unsigned(QueryLaunchSettings::block_size);
/// Threads the compiler is asked to keep resident per multiprocessor unless told otherwise
/// (QueryLaunchSettings: a register budget of about 65536 / 384 = 170 per thread). 0 = no minimum.
constexpr unsigned DefaultMinResidentThreads = unsigned(QueryLaunchSettings::min_resident_threads);

/// A pair of launch settings chosen at run time (see tune_transform).
struct LaunchSetting {
  unsigned block_size = DefaultBlockSize;
  unsigned min_resident_threads = DefaultMinResidentThreads;
};
inline bool operator==(const LaunchSetting& a, const LaunchSetting& b) {
  return a.block_size == b.block_size && a.min_resident_threads == b.min_resident_threads;
}

/// The settings tune_transform tries, each compiled as a kernel of its own.
constexpr LaunchSetting tuning_candidates[] = {{128, 384}, {256, 384}, {64, 384},
                                               {128, 768}, {128, 0},   {256, 0}};

namespace detail {

/// The LaunchSettings type of a pair of unsigned template arguments (its static_asserts check
/// them: BlockSize a multiple of 32 up to 1024, MinResidentThreads at most 2048).
template <unsigned BlockSize, unsigned MinResidentThreads>
using Settings = LaunchSettings<int(BlockSize), int(MinResidentThreads)>;

/// Aborts when [in, in + in_bytes) and [out, out + out_bytes) overlap, unless they are the
/// same array with the same element type (in place).
inline void check_overlap(const void* in, std::size_t in_bytes, const void* out,
                          std::size_t out_bytes, bool same_type) {
  const auto a = reinterpret_cast<std::uintptr_t>(in), b = reinterpret_cast<std::uintptr_t>(out);
  if (in_bytes == 0 || out_bytes == 0) return;
  if (same_type && a == b && in_bytes == out_bytes) return;  // in place
  if (a < b + out_bytes && b < a + in_bytes)
    fatal_error(
        "alfven: gpu::transform: the results partially overlap the inputs (only the very same "
        "array, in place, is allowed)");
}

/// out[i] = query(in[i]): the functor every transform launches.
template <typename Query, typename In, typename Out>
struct TransformFunctor {
  Query query;
  const In* in;
  Out* out;
  ALFVEN_HOST_DEVICE void operator()(std::size_t i) const { out[i] = query(in[i]); }
};

template <typename Query, typename In>
using query_result_t =
    std::decay_t<decltype(std::declval<const Query&>()(std::declval<const In&>()))>;

template <typename Query, typename In, typename Out>
constexpr void check_query() {
  alfven::detail::check_kernel_functor<Query>();
  static_assert(std::is_same<query_result_t<Query, In>, Out>::value,
                "gpu::transform: the results must be of exactly the query's result type");
}

}  // namespace detail

inline namespace ALFVEN_GPU_TU_NAMESPACE {

/// True in a translation unit compiled by nvcc (calls launch kernels), false otherwise.
constexpr bool enabled = ALFVEN_CUDA_COMPILER != 0;

/// "CUDA" in an nvcc translation unit, "host" otherwise.
inline const char* backend_name() {
  return enabled ? "CUDA" : "host";
}

/// Whether a CUDA device is visible at run time; always false in a host translation unit
/// (there nothing is launched on a device, whatever the build).
inline bool device_available() {
#if defined(__CUDACC__)
  return ::alfven::device_available();
#else
  return false;
#endif
}

/// The memory a launched functor's data must live in: device memory under nvcc, the
/// emulated-device resource otherwise.
inline const MemoryResource& memory_resource() {
#if defined(__CUDACC__)
  return device_memory_resource();
#else
  return emulated_device_memory_resource();
#endif
}

/// Name of the device that runs launched functors ("host CPU" in a host build).
inline std::string device_name() {
#if defined(__CUDACC__)
  if (!device_available()) return "none";
  return ::alfven::device_name(::alfven::current_device());
#else
  return "host CPU";
#endif
}

/// Runs f(i) for every i < n, one index per thread, in no particular order; synchronous (a
/// kernel of cuda/launch.hpp under nvcc, then a device synchronisation; launch.hpp's host loop
/// with a dynamic schedule elsewhere). f must be trivially copyable with an ALFVEN_HOST_DEVICE
/// `operator()(std::size_t) const` that writes its own results (through a span or pointer it
/// holds).
template <unsigned BlockSize = DefaultBlockSize,
          unsigned MinResidentThreads = DefaultMinResidentThreads, typename F>
void parallel_for(std::size_t n, const F& f) {
  using LS = detail::Settings<BlockSize, MinResidentThreads>;
  alfven::detail::check_kernel_functor<F>();
  if (n == 0) return;
#if defined(__CUDACC__)
  alfven::detail::launch_1d<LS, std::size_t>(0, n, f, 0);
  ALFVEN_CUDA_CHECK(cudaDeviceSynchronize());
#else
  (void)LS{};
  alfven::detail::host_loop_1d<std::size_t>(0, n, f, alfven::detail::HostSchedule::Dynamic);
#endif
}

/// out[i] = query(in[i]) over two arrays in one pool: no allocation, no copy.
/// Preconditions (alfven::Error otherwise): the pool is frozen and device-accessible, both
/// arrays end inside it, out.size() == in.size(). A partial overlap aborts; out == in (same
/// offset, same type and size) is in place. The pool must be the one the arrays were reserved
/// from, or a mirror of it. Synchronous.
template <unsigned BlockSize = DefaultBlockSize,
          unsigned MinResidentThreads = DefaultMinResidentThreads, typename Query, typename In,
          typename Out>
void transform(const Query& query, const Pool& pool, const PODVector<In>& in, PODVector<Out>& out) {
  detail::check_query<Query, In, Out>();
  ALFVEN_REQUIRE(pool.frozen(),
                 "gpu::transform: the pool must be frozen (call freeze() before launching)");
  ALFVEN_REQUIRE(pool.device_accessible(),
                 "gpu::transform: the pool's memory ("
                     << pool.resource().name
                     << ") is not device-accessible; mirror it into gpu::memory_resource()");
  ALFVEN_REQUIRE(in.end_byte() <= pool.size() && out.end_byte() <= pool.size(),
                 "gpu::transform: an array ends past the pool (" << pool.size() << " bytes)");
  ALFVEN_REQUIRE(in.size() == out.size(), "gpu::transform: " << in.size() << " inputs but room for "
                                                             << out.size() << " results");
  std::byte* base = const_cast<std::byte*>(pool.base());  // frozen forbids allocation, not writes
  detail::check_overlap(in.data(base), in.size() * sizeof(In), out.data(base),
                        out.size() * sizeof(Out), std::is_same<In, Out>::value);
  parallel_for<BlockSize, MinResidentThreads>(
      in.size(), detail::TransformFunctor<Query, In, Out>{query, in.data(base), out.data(base)});
}

/// out[i] = query(in[i]) over two spans anywhere: no allocation, no copy, and no check of
/// where the memory lives (a span over host memory faults in a kernel). Sizes must agree
/// (alfven::Error); a partial overlap aborts. Synchronous.
template <unsigned BlockSize = DefaultBlockSize,
          unsigned MinResidentThreads = DefaultMinResidentThreads, typename Query, typename InT,
          typename Out>
void transform(const Query& query, PODSpan<InT> in, PODSpan<Out> out) {
  using In = std::remove_const_t<InT>;
  detail::check_query<Query, In, Out>();
  ALFVEN_REQUIRE(in.size() == out.size(), "gpu::transform: " << in.size() << " inputs but room for "
                                                             << out.size() << " results");
  detail::check_overlap(in.data(), in.size() * sizeof(In), out.data(), out.size() * sizeof(Out),
                        std::is_same<In, Out>::value);
  parallel_for<BlockSize, MinResidentThreads>(
      in.size(), detail::TransformFunctor<Query, In, Out>{query, in.data(), out.data()});
}

/// out[i] = query(in[i]) over host vectors. out must already hold in.size() elements (it is
/// never resized; alfven::Error otherwise); out may be in (in place). Inside the call: a pool
/// in gpu::memory_resource() is allocated, the inputs copied in, the pool overload run, the
/// results copied back, the pool freed. Synchronous.
template <unsigned BlockSize = DefaultBlockSize,
          unsigned MinResidentThreads = DefaultMinResidentThreads, typename Query, typename In,
          typename Out>
void transform(const Query& query, const std::vector<In>& in, std::vector<Out>& out) {
  detail::check_query<Query, In, Out>();
  ALFVEN_REQUIRE(in.size() == out.size(), "gpu::transform: " << in.size() << " inputs but room for "
                                                             << out.size()
                                                             << " results (size the output first)");
  const std::size_t n = in.size();
  if (n == 0) return;
  Pool pool(memory_resource(), n * sizeof(In) + n * sizeof(Out) + 512);
  PODVector<In> pin;
  PODVector<Out> pout;
  pin.reserve_from(pool, n);
  pout.reserve_from(pool, n);
  pin.assign(pool, in.data(), n);
  pool.freeze();
  transform<BlockSize, MinResidentThreads>(query, pool, pin, pout);
  pool.copy_out(pout.offset, out.data(), n * sizeof(Out));
}

/// The pool overload with launch settings chosen at run time among tuning_candidates
/// (alfven::Error for any other pair).
template <typename Query, typename In, typename Out>
void transform(const LaunchSetting& setting, const Query& query, const Pool& pool,
               const PODVector<In>& in, PODVector<Out>& out) {
  const unsigned b = setting.block_size, m = setting.min_resident_threads;
  if (b == 128 && m == 384)
    transform<128, 384>(query, pool, in, out);
  else if (b == 256 && m == 384)
    transform<256, 384>(query, pool, in, out);
  else if (b == 64 && m == 384)
    transform<64, 384>(query, pool, in, out);
  else if (b == 128 && m == 768)
    transform<128, 768>(query, pool, in, out);
  else if (b == 128 && m == 0)
    transform<128, 0>(query, pool, in, out);
  else if (b == 256 && m == 0)
    transform<256, 0>(query, pool, in, out);
  else
    ALFVEN_REQUIRE(false, "gpu::transform: launch setting ("
                              << b << ", " << m << ") is not one of tuning_candidates");
}

/// Times each of tuning_candidates on a sample (the pool overload, `repeats` runs each after
/// one warm-up, best time kept) and returns the fastest setting. The sample's results are
/// overwritten. In a host build (no launch settings to tune) it returns the default setting
/// without timing anything.
template <typename Query, typename In, typename Out>
LaunchSetting tune_transform(const Query& query, const Pool& pool, const PODVector<In>& in,
                             PODVector<Out>& out, int repeats = 3) {
  LaunchSetting best{};
  if (!enabled) return best;
  double best_time = 1e300;
  for (const LaunchSetting& s : tuning_candidates) {
    transform(s, query, pool, in, out);  // warm-up
    double t_min = 1e300;
    for (int r = 0; r < repeats; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      transform(s, query, pool, in, out);
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      t_min = t < t_min ? t : t_min;
    }
    if (t_min < best_time) {
      best_time = t_min;
      best = s;
    }
  }
  return best;
}

}  // namespace ALFVEN_GPU_TU_NAMESPACE
}  // namespace gpu
}  // namespace alfven
