/// @file launch.hpp
/// @brief Launch settings and the host loops: the host half of the one launch path under both
/// faces (for_each/reduce, gpu::parallel_for/transform). The device half is cuda/launch.hpp.
///
/// Launch settings are template arguments, `for_each<BlockSize, MinResidentThreads>(...)` or a
/// tag `LaunchSettings<BlockSize, MinResidentThreads>{}`. On the CUDA backend they become
/// `__launch_bounds__(BlockSize, ceil(MinResidentThreads / BlockSize))` (at least 1): the
/// compiler keeps registers low enough that MinResidentThreads threads fit on one
/// multiprocessor, rounding up to whole blocks (so <256, 384> asks for 2 blocks of 256). The
/// host backend accepts and ignores them, so one source serves both.
///
/// A kernel functor may also carry its own settings as a member type
/// `using launch_settings = LaunchSettings<...>;`: a loop called without explicit settings then
/// launches it with those (launch_settings_of), so a kernel's register budget and block shape are
/// declared once, next to the kernel, and hold wherever it is launched (wrappers such as
/// FlooredKernel forward them).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "macros.hpp"
#include "range.hpp"

namespace alfven {

/// Threads per block of a device loop when none are given.
constexpr int default_block_size = 256;

/// Launch settings of a device loop. BlockSize: threads per block, a multiple of 32 (a warp)
/// from 32 to 1024. MinResidentThreads: threads that should be resident on one multiprocessor
/// at once (0: no request; at most 2048, the most a Hopper multiprocessor holds). BlockX: the
/// block's extent along i in 3D loops, a power of two from 32 to BlockSize (0: as wide as the
/// range allows, up to BlockSize; see cuda/launch.hpp, block_shape_3d). BlockZ: the block's
/// extent along k in 3D loops, a power of two dividing BlockSize / 32 (1: one plane a block).
/// Stencil kernels that read neighbours along j or k gain from narrower, taller or deeper
/// blocks: the rows j +- 1, j +- 2 (planes k +- 1, k +- 2) of a block are then read by the same
/// block, from L1.
template <int BlockSize = default_block_size, int MinResidentThreads = 0, int BlockX = 0,
          int BlockZ = 1>
struct LaunchSettings {
  static_assert(BlockSize >= 32 && BlockSize <= 1024 && BlockSize % 32 == 0,
                "BlockSize must be a multiple of 32 from 32 to 1024");
  static_assert(MinResidentThreads >= 0 && MinResidentThreads <= 2048,
                "MinResidentThreads must be from 0 to 2048");
  static_assert(BlockX == 0 ||
                    (BlockX >= 32 && BlockX <= BlockSize && (BlockX & (BlockX - 1)) == 0),
                "BlockX must be 0 or a power of two from 32 to BlockSize");
  static_assert(BlockZ >= 1 && (BlockZ & (BlockZ - 1)) == 0 && 32 * BlockZ <= BlockSize &&
                    (BlockX == 0 || BlockX * BlockZ <= BlockSize),
                "BlockZ must be a power of two with BlockX * BlockZ (32 * BlockZ) <= BlockSize");
  /// Threads per block.
  static constexpr int block_size = BlockSize;
  /// Requested resident threads per multiprocessor.
  static constexpr int min_resident_threads = MinResidentThreads;
  /// Second argument of __launch_bounds__: whole blocks that hold MinResidentThreads threads,
  /// rounded up, at least 1.
  static constexpr int min_blocks_per_multiprocessor =
      MinResidentThreads > BlockSize ? (MinResidentThreads + BlockSize - 1) / BlockSize : 1;
  /// Block extent along i in 3D loops (0: automatic).
  static constexpr int block_x = BlockX;
  /// Block extent along k in 3D loops.
  static constexpr int block_z = BlockZ;
};

namespace detail {
template <typename F, typename = void>
struct launch_settings_of_impl {
  using type = LaunchSettings<>;
};
template <typename F>
struct launch_settings_of_impl<F, std::void_t<typename F::launch_settings>> {
  using type = typename F::launch_settings;
};
}  // namespace detail

/// The launch settings functor F declares (member type `launch_settings`), or the defaults
/// LaunchSettings<> when it declares none.
template <typename F>
using launch_settings_of = typename detail::launch_settings_of_impl<F>::type;

namespace detail {
/// The settings of a loop called as for_each<BlockSize, MinResidentThreads>(b, r, f):
/// BlockSize 0 (the default template argument) means "what F declares" (launch_settings_of).
template <int BlockSize, int MinResidentThreads, typename F>
using chosen_launch_settings = std::conditional_t<
    BlockSize == 0, launch_settings_of<F>,
    LaunchSettings<(BlockSize == 0 ? default_block_size : BlockSize), MinResidentThreads>>;
}  // namespace detail

/// The launch settings of geometry queries (gpu::parallel_for / gpu::transform unless told
/// otherwise): BVH traversals are register-hungry and latency-bound, and 128 threads with 384
/// resident (at most 65536 / 384 = 170 registers per thread) was the fastest of the
/// tuning candidates (gpu.hpp) on the H200 for mesh SDFs and BVH unions.
using QueryLaunchSettings = LaunchSettings<128, 384>;

namespace detail {

/// Loops shorter than this run on the calling thread: waking a thread team costs more than
/// such a loop (boundary slabs of small grids, 1D problems).
constexpr long min_parallel_iterations = 4096;

/// Whether F is checked for trivial copyability in this compiler pass. In nvcc's host pass an
/// extended `__host__ __device__` lambda (ALFVEN_LAMBDA) is represented by a heap-owning
/// wrapper that is never trivially copyable, whatever it captures; its real closure type is
/// seen, and checked, in the device pass instead.
template <typename F>
constexpr bool kernel_functor_checked_here() {
#if defined(__CUDACC__) && !defined(__CUDA_ARCH__)
  return !__nv_is_extended_host_device_lambda_closure_type(F);
#else
  return true;
#endif
}

/// Every functor handed to a loop of either face, on either backend, is trivially copyable, so
/// the very same lambda or functor also reaches a CUDA kernel.
template <typename F>
constexpr void check_kernel_functor() {
  static_assert(!kernel_functor_checked_here<F>() || std::is_trivially_copyable<F>::value,
                "a functor or lambda handed to for_each/reduce/parallel_for/transform must be "
                "trivially copyable: capture views and scalars by value (ALFVEN_LAMBDA), not "
                "owning arrays, std::vector or this");
}

/// How the host loop hands out indices: Static (equal contiguous chunks: uniform work such as
/// cell updates) or Dynamic (chunks of 1024 on demand: work whose cost varies per index, such
/// as BVH queries).
enum class HostSchedule { Static, Dynamic };

/// The host loop over [begin, end) of a 1D range: f(i) for every i, OpenMP threads when the
/// build has them and the loop is long enough. Synchronous. An exception thrown by f inside an
/// OpenMP region terminates the program.
template <typename Index, typename F>
void host_loop_1d(Index begin, Index end, const F& f, HostSchedule schedule) {
  const long long b = static_cast<long long>(begin), e = static_cast<long long>(end);
  if (schedule == HostSchedule::Static) {
#pragma omp parallel for schedule(static) if (e - b >= min_parallel_iterations)
    for (long long i = b; i < e; ++i) f(Index(i));
  } else {
#pragma omp parallel for schedule(dynamic, 1024) if (e - b >= min_parallel_iterations)
    for (long long i = b; i < e; ++i) f(Index(i));
  }
}

/// True when F has a host row method `f.row(i0, i1, j, k)`: the cells (i, j, k), i0 <= i < i1,
/// updated as f(i, j, k) would update them, written so that the compiler vectorises along i.
template <typename F, typename = void>
struct has_host_row : std::false_type {};
template <typename F>
struct has_host_row<F, std::void_t<decltype(std::declval<const F&>().row(0, 0, 0, 0))>>
    : std::true_type {};

/// The cells (i, j, k), i0 <= i < i1, of one row: f.row when F has one (has_host_row), else
/// f(i, j, k) for each i. Host code.
template <typename F>
inline void host_row(const F& f, int i0, int i1, int j, int k) {
  if constexpr (has_host_row<F>::value) {
    f.row(i0, i1, j, k);
  } else {
#pragma omp simd
    for (int i = i0; i < i1; ++i) f(i, j, k);
  }
}

/// The host loop over a 3D box: f(i, j, k) for every (i, j, k), i fastest (vectorised, or one
/// f.row call a row where the functor has one: has_host_row), k and j shared among threads.
/// Synchronous.
template <typename F>
void host_loop_3d(const Range3D& r, const F& f) {
  const int i0 = r.begin[0], i1 = r.end[0];
  const int j0 = r.begin[1], j1 = r.end[1];
  const int k0 = r.begin[2], k1 = r.end[2];
  if (i1 <= i0) return;
#pragma omp parallel for collapse(2) schedule(static) if (r.size() >= min_parallel_iterations)
  for (int k = k0; k < k1; ++k)
    for (int j = j0; j < j1; ++j) host_row(f, i0, i1, j, k);
}

}  // namespace detail
}  // namespace alfven
