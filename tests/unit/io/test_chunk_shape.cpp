// Chunk shapes of the snapshot datasets (hdf5_support.hpp): the default (whole rows, then whole
// planes, about 1 MiB), and the shape aligned to the processes' blocks of a collective write, in
// which no chunk spans two blocks (parallel HDF5 then moves no chunk between processes).
#include <gtest/gtest.h>

#include <vector>

#include "hdf5_support.hpp"

using alfven::io::hdf5::chunk_alignment;
using alfven::io::hdf5::chunk_shape;

namespace {
std::vector<hsize_t> v(std::initializer_list<hsize_t> x) {
  return x;
}
}  // namespace

TEST(ChunkShape, DefaultIsWholeRowsThenPlanesOfAboutOneMebibyte) {
  const hsize_t dims[3] = {256, 256, 256};  // z, y, x
  EXPECT_EQ(chunk_shape(3, dims, 4), v({4, 256, 256}));
  EXPECT_EQ(chunk_shape(3, dims, 8), v({2, 256, 256}));
  const hsize_t wide[3] = {4, 4, 1 << 20};  // a row longer than the budget: part of one row
  EXPECT_EQ(chunk_shape(3, wide, 4), v({1, 1, 1 << 18}));
}

TEST(ChunkShape, AlignmentIsTheCommonDivisorOfTheBlockEdges) {
  const hsize_t dims[3] = {256, 256, 256};
  // Two blocks split along x at 128 (C order: z, y, x).
  const hsize_t two[12] = {0, 0, 0, 256, 256, 128, 0, 0, 128, 256, 256, 128};
  EXPECT_EQ(chunk_alignment(3, dims, two, 2), v({256, 256, 128}));
  // Three uneven blocks along y (0, 86, 171): gcd 1; an empty block counts for nothing.
  const hsize_t four[24] = {0, 0,   0, 256, 86, 256, 0, 86, 0, 256, 85, 256,
                            0, 171, 0, 256, 85, 256, 0, 0,  0, 0,   0,  0};
  EXPECT_EQ(chunk_alignment(3, dims, four, 4), v({256, 1, 256}));
}

TEST(ChunkShape, AlignedChunksStayInsideEveryBlock) {
  const hsize_t dims[3] = {256, 256, 256};
  // Split along x in two: chunks of half rows, 8 planes deep (still 1 MiB of float).
  const hsize_t along_x[3] = {256, 256, 128};
  EXPECT_EQ(chunk_shape(3, dims, 4, along_x), v({8, 256, 128}));
  // Split along z in two: the default already fits (4 planes divide 128).
  const hsize_t along_z[3] = {128, 256, 256};
  EXPECT_EQ(chunk_shape(3, dims, 4, along_z), v({4, 256, 256}));
  // Blocks of 90 planes along z: the budget's 4 planes do not divide 90, so 3.
  const hsize_t z90[3] = {90, 256, 256}, dims180[3] = {180, 256, 256};
  EXPECT_EQ(chunk_shape(3, dims180, 4, z90), v({3, 256, 256}));
  // Blocks of 3 cells along x would give chunks 3 values wide: the default shape instead.
  const hsize_t thin[3] = {256, 256, 1};
  EXPECT_EQ(chunk_shape(3, dims, 4, thin), chunk_shape(3, dims, 4));
}
