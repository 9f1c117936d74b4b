/// @file cuda/for_each.hpp
/// @brief for_each on the CUDA backend (MISO's face): one kernel launch per call, one index per
/// thread, through the one launch path (cuda/launch.hpp).
///
/// `for_each<BlockSize, MinResidentThreads>(backend::CUDA{}, range, f[, stream])` runs f(i)
/// (Range1D) or f(i, j, k) (Range3D) for every index on the current device. The launch is
/// asynchronous: it is queued on `stream` (a cudaStream_t or Stream::handle(); default: the
/// legacy default stream, which orders it after earlier work and before later copy_from/reduce
/// calls) and the call returns at once. Nothing is allocated. `f` is copied by value into the
/// kernel's parameters (`__grid_constant__`, so large functors are not copied into registers or
/// local memory); it must be trivially copyable (checked at compile time) and must hold views
/// and scalars only: never `this` (see docs/core.md, "Lambdas").
///
/// Without template arguments the settings are those f declares (launch_settings_of, launch.hpp),
/// else the defaults. 3D ranges use blocks of (bx, BlockSize / bx) threads with bx a power of
/// two from 32 up to the i extent (and up to the settings' BlockX), so threadIdx.x runs along i
/// and a warp reads consecutive addresses.
/// Errors: a failed launch is fatal (ALFVEN_CUDA_CHECK_LAUNCH); a fault inside the kernel shows
/// at the next synchronising call.
#pragma once

#include <cuda_runtime.h>

#include <type_traits>

#include "../backend.hpp"
#include "../for_each.hpp"
#include "../launch.hpp"
#include "../range.hpp"
#include "launch.hpp"

namespace alfven {

/// Calls f(i) for every i in [r.begin, r.end) on the device. Asynchronous (queued on `stream`).
/// Does nothing for an empty range. See the file comment for the requirements on f.
template <int BlockSize = 0, int MinResidentThreads = 0, typename F>
void for_each(backend::CUDA, const Range1D& r, const F& f, cudaStream_t stream = 0) {
  detail::launch_1d<detail::chosen_launch_settings<BlockSize, MinResidentThreads, F>, long>(
      r.begin, r.size(), f, stream);
}

/// Calls f(i, j, k) for every (i, j, k) in the box r on the device, threadIdx.x along i.
/// Asynchronous (queued on `stream`). Does nothing for an empty box.
template <int BlockSize = 0, int MinResidentThreads = 0, typename F>
void for_each(backend::CUDA, const Range3D& r, const F& f, cudaStream_t stream = 0) {
  detail::launch_3d<detail::chosen_launch_settings<BlockSize, MinResidentThreads, F>>(r, f, stream);
}

/// for_each with a LaunchSettings tag (block extent along i included) on the device.
template <int BlockSize, int MinResidentThreads, int BlockX, int BlockZ, typename Range, typename F>
void for_each(backend::CUDA, LaunchSettings<BlockSize, MinResidentThreads, BlockX, BlockZ>,
              const Range& r, const F& f, cudaStream_t stream = 0) {
  using LS = LaunchSettings<BlockSize, MinResidentThreads, BlockX, BlockZ>;
  if constexpr (std::is_same<Range, Range3D>::value)
    detail::launch_3d<LS>(r, f, stream);
  else
    detail::launch_1d<LS, long>(r.begin, r.size(), f, stream);
}

}  // namespace alfven
