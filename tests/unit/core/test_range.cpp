// Ranges: sizes, emptiness.
#include <gtest/gtest.h>

#include "alfven/core/range.hpp"

using namespace alfven;

TEST(Range, Range1DSize) {
  EXPECT_EQ((Range1D{2, 10}).size(), 8);
  EXPECT_EQ((Range1D{5, 5}).size(), 0);
  EXPECT_EQ((Range1D{7, 3}).size(), 0);
}

TEST(Range, Range3DExtentsAndSize) {
  Range3D r = make_range(1, 5, 0, 3, 2, 4);
  EXPECT_EQ(r.extent(0), 4);
  EXPECT_EQ(r.extent(1), 3);
  EXPECT_EQ(r.extent(2), 2);
  EXPECT_EQ(r.size(), 24);
  Range3D e = make_range(0, 0, 0, 3, 0, 3);
  EXPECT_EQ(e.size(), 0);
}
