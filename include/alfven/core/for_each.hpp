/// @file for_each.hpp
/// @brief for_each (MISO's face of the launch layer): run one function at every index of a
/// range, on the backend's processor. A thin adaptor over the host loops of launch.hpp (and
/// over cuda/launch.hpp's kernels for backend::CUDA, in cuda/for_each.hpp).
///
/// `for_each(backend::Host{}, range, f)` calls f(i) (Range1D) or f(i, j, k) (Range3D) for every
/// index, in an unspecified order and in parallel (OpenMP threads when available). The call is
/// synchronous on the host. `f` must be trivially copyable (checked at compile time in every
/// build) so that the very same lambda or functor also reaches a CUDA kernel: write lambdas with
/// ALFVEN_LAMBDA, capture views and scalars, never `this`.
#pragma once

#include "backend.hpp"
#include "launch.hpp"
#include "range.hpp"

namespace alfven {

/// Calls f(i) for every i in [r.begin, r.end) on the host. Errors: none of its own; an
/// exception thrown by f inside an OpenMP region terminates the program (so device-callable
/// code reports errors through values, not exceptions). Launch settings (launch.hpp: explicit
/// template arguments, or those f declares when BlockSize is 0) are checked and ignored, so one
/// source can name them for every backend.
template <int BlockSize = 0, int MinResidentThreads = 0, typename F>
void for_each(backend::Host, const Range1D& r, const F& f) {
  (void)detail::chosen_launch_settings<BlockSize, MinResidentThreads, F>{};
  detail::check_kernel_functor<F>();
  detail::host_loop_1d<long>(r.begin, r.end, f, detail::HostSchedule::Static);
}

/// Calls f(i, j, k) for every (i, j, k) in the box r on the host, i fastest. Launch settings
/// are checked and ignored.
template <int BlockSize = 0, int MinResidentThreads = 0, typename F>
void for_each(backend::Host, const Range3D& r, const F& f) {
  (void)detail::chosen_launch_settings<BlockSize, MinResidentThreads, F>{};
  detail::check_kernel_functor<F>();
  detail::host_loop_3d(r, f);
}

/// for_each with a LaunchSettings tag on the host: the settings are checked and ignored.
template <int BlockSize, int MinResidentThreads, int BlockX, int BlockZ, typename Range, typename F>
void for_each(backend::Host b, LaunchSettings<BlockSize, MinResidentThreads, BlockX, BlockZ>,
              const Range& r, const F& f) {
  for_each<BlockSize, MinResidentThreads>(b, r, f);
}

}  // namespace alfven
