// The buffer write_state packs a block's interior into, kept by a run from one file to the next
// and faulted in when the run sets up its outputs (PackedBuffer, state_io.hpp).
#include <gtest/gtest.h>

#include <cstddef>

#include "alfven/mhd/grid.hpp"
#include "alfven/mhd/state_io.hpp"

using namespace alfven::mhd;

TEST(PackedBuffer, HoldsNineFieldsOfTheBlockInterior) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  // 8 x 6 x 4 interior cells with 2 ghost layers: the ghosts are not packed.
  EXPECT_EQ(packed_state_values(make_grid(8, 6, 4, lo, hi, 2)), std::size_t(8 * 6 * 4 * 9));
  EXPECT_EQ(packed_state_values(make_grid(5, 1, 1, lo, hi, 2)), std::size_t(5 * 9));
}

TEST(PackedBuffer, ReserveGrowsNeverShrinksAndFaultsInWithZeros) {
  PackedBuffer<float> b;
  b.reserve(1000, true);
  ASSERT_EQ(b.size, 1000u);
  for (std::size_t i = 0; i < b.size; ++i) ASSERT_EQ(b.values[i], 0.0f) << i;
  b.values[7] = 3.0f;
  const float* before = b.values.get();
  b.reserve(10, true);  // enough room: the same buffer, its values kept
  EXPECT_EQ(b.values.get(), before);
  EXPECT_EQ(b.size, 1000u);
  EXPECT_EQ(b.values[7], 3.0f);
  b.reserve(5000);
  EXPECT_EQ(b.size, 5000u);
}
