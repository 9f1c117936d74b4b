// for_each_tile on the host: every thread of every tile runs every phase of every step, a phase
// sees what all threads of its team wrote in the phase before (the barrier), and the scratch
// keeps its contents from one step to the next of the same tile.
#include <gtest/gtest.h>

#include <vector>

#include "alfven/core/core.hpp"

using namespace alfven;

namespace {

// Team of 64; tile t runs t % 5 steps. Phase 0: thread r adds r + step to its scratch slot
// (slot 0 of step 0 starts from the tile's number, so a value carried across steps is seen).
// Phase 1: thread r writes the sum over the team's slots into out[t * 64 + r] (each step
// overwrites the last): after the last step, sum over r of (t + r (steps) + steps (steps - 1)/2).
struct SumTile {
  using launch_settings = LaunchSettings<64>;
  static constexpr int phases = 2;
  long* out;
  std::size_t scratch_bytes() const { return 64 * sizeof(long); }
  ALFVEN_HOST_DEVICE int steps(long t) const { return int(t % 5); }
  ALFVEN_HOST_DEVICE void operator()(long t, int s, int phase, int r,
                                     unsigned char* scratch) const {
    long* slot = reinterpret_cast<long*>(scratch);
    if (phase == 0) {
      if (s == 0) slot[r] = r == 0 ? t : 0;
      slot[r] += r + s;
      return;
    }
    long sum = 0;
    for (int q = 0; q < 64; ++q) sum += slot[(r + q) % 64];
    out[t * 64 + r] = sum;
  }
};

}  // namespace

TEST(ForEachTile, EveryPhaseSeesTheTeamsLastPhaseAndScratchPersists) {
  const long tiles = 23;
  std::vector<long> out(tiles * 64, -1);
  for_each_tile(backend::Host{}, tiles, SumTile{out.data()});
  for (long t = 0; t < tiles; ++t) {
    const long steps = t % 5;
    // sum over r of sum over s < steps of (r + s), plus the tile number carried in slot 0.
    const long expected =
        steps == 0 ? -1 : t + steps * (63 * 64 / 2) + 64 * (steps * (steps - 1) / 2);
    for (int r = 0; r < 64; ++r)
      ASSERT_EQ(out[t * 64 + r], expected) << "tile " << t << " thread " << r;
  }
}

TEST(ForEachTile, NoTilesRunsNothing) {
  std::vector<long> out(64, -1);
  for_each_tile(backend::Host{}, 0, SumTile{out.data()});
  for (long v : out) EXPECT_EQ(v, -1);
}
