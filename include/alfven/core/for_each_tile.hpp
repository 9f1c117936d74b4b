/// @file for_each_tile.hpp
/// @brief for_each_tile: a loop over tiles, each run by a team of threads that share a scratch
/// buffer (a CUDA block and its shared memory; on the host, one thread and a buffer of its own).
/// The third loop shape of the launch layer, beside the 1D range and the 3D box (for_each.hpp):
/// for stencils that load a tile and its halo once and let every thread read its neighbours
/// from the scratch (mhd/stage_tile.hpp). The device half is cuda/for_each_tile.hpp.
///
/// A tile functor F provides
///   - `using launch_settings = LaunchSettings<Threads, MinResidentThreads>;`: the team's size
///     (Threads, the block size) and the register budget, as for every kernel (launch.hpp);
///   - `static constexpr int phases`: phases per step (at least 1);
///   - `std::size_t scratch_bytes() const`: bytes of scratch per tile (aligned to 16 bytes);
///   - `int steps(long tile) const`: the steps of a tile (0 or more);
///   - `void operator()(long tile, int step, int phase, int thread, unsigned char* scratch) const`.
/// For every tile t in [0, tiles), every step s in [0, f.steps(t)) and every phase p in
/// [0, F::phases), in that order, every thread r in [0, Threads) runs f(t, s, p, r, scratch), and
/// all threads of a team finish phase p before any starts the next one (a barrier). The scratch
/// keeps its contents from one phase and step to the next of the same tile; it is not
/// initialised. A thread keeps nothing else between phases: what a later phase needs goes
/// through the scratch (on the host the threads of a team run one after the other).
/// Tiles run in an unspecified order and in parallel.
#pragma once

#include <cstddef>
#include <memory>

#include "backend.hpp"
#include "launch.hpp"

namespace alfven {

/// Runs the tile functor f over tiles [0, tiles) on the host (see the file comment): OpenMP
/// threads take whole tiles, each with a scratch buffer of f.scratch_bytes() of its own, and run
/// the team's threads of each phase one after the other. Synchronous. Errors: std::bad_alloc
/// when the scratch cannot be allocated; an exception thrown inside the parallel region
/// terminates the program.
template <typename F>
void for_each_tile(backend::Host, long tiles, const F& f) {
  detail::check_kernel_functor<F>();
  static_assert(F::phases >= 1, "a tile functor needs at least one phase");
  constexpr int threads = launch_settings_of<F>::block_size;
  if (tiles <= 0) return;
  const std::size_t bytes = f.scratch_bytes() > 0 ? f.scratch_bytes() : 1;
#pragma omp parallel if (tiles > 1)
  {
    const std::unique_ptr<unsigned char[]> scratch(new unsigned char[bytes]);
#pragma omp for schedule(static)
    for (long t = 0; t < tiles; ++t) {
      const int steps = f.steps(t);
      for (int s = 0; s < steps; ++s)
        for (int p = 0; p < F::phases; ++p)
          for (int r = 0; r < threads; ++r) f(t, s, p, r, scratch.get());
    }
  }
}

}  // namespace alfven
