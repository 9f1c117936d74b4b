/// @file for_each.hpp
/// @brief for_each: run one function at every index of a range, on the backend's processor.
///
/// `for_each(backend::Host{}, range, f)` calls f(i) (Range1D) or f(i, j, k) (Range3D) for every
/// index, in an unspecified order and in parallel (OpenMP threads when available). The call is
/// synchronous on the host. `f` must be trivially copyable (checked at compile time in every
/// build) so that the very same lambda or functor also reaches a CUDA kernel: write lambdas with
/// ALFVEN_LAMBDA, capture views and scalars, never `this`.
#pragma once

#include <type_traits>

#include "backend.hpp"
#include "launch.hpp"
#include "range.hpp"

namespace alfven {

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

template <typename F>
constexpr void check_kernel_functor() {
  static_assert(!kernel_functor_checked_here<F>() || std::is_trivially_copyable<F>::value,
                "a functor or lambda handed to for_each/reduce must be trivially copyable: capture "
                "views and scalars by value (ALFVEN_LAMBDA), not owning arrays, std::vector or this");
}
}  // namespace detail

/// Calls f(i) for every i in [r.begin, r.end) on the host. Errors: none of its own; an
/// exception thrown by f inside an OpenMP region terminates the program (so device-callable
/// code reports errors through values, not exceptions). Launch settings (launch.hpp) are
/// checked and ignored, so one source can name them for every backend.
template <int BlockSize = default_block_size, int MinResidentThreads = 0, typename F>
void for_each(backend::Host, const Range1D& r, const F& f) {
  (void)LaunchSettings<BlockSize, MinResidentThreads>{};
  detail::check_kernel_functor<F>();
  const long b = r.begin, e = r.end;
#pragma omp parallel for schedule(static) if (e - b >= detail::min_parallel_iterations)
  for (long i = b; i < e; ++i) f(i);
}

/// Calls f(i, j, k) for every (i, j, k) in the box r on the host, i fastest. Launch settings
/// are checked and ignored.
template <int BlockSize = default_block_size, int MinResidentThreads = 0, typename F>
void for_each(backend::Host, const Range3D& r, const F& f) {
  (void)LaunchSettings<BlockSize, MinResidentThreads>{};
  detail::check_kernel_functor<F>();
  const int i0 = r.begin[0], i1 = r.end[0];
  const int j0 = r.begin[1], j1 = r.end[1];
  const int k0 = r.begin[2], k1 = r.end[2];
#pragma omp parallel for collapse(2) schedule(static) if (r.size() >= detail::min_parallel_iterations)
  for (int k = k0; k < k1; ++k)
    for (int j = j0; j < j1; ++j)
#pragma omp simd
      for (int i = i0; i < i1; ++i) f(i, j, k);
}

}  // namespace alfven
