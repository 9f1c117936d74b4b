// choose_decomposition: equal blocks, fixed axes respected, least halo, clear errors.
#include <gtest/gtest.h>

#include <string>

#include "alfven/mhd/communicator.hpp"

using namespace alfven::mhd;

namespace {
Grid grid(int nx, int ny, int nz) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  return make_grid(nx, ny, nz, lo, hi, 2);
}
std::string message_of(int size, const int procs[3], const Grid& g) {
  try {
    choose_decomposition(size, procs, g);
  } catch (const DecompositionError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST(Decomposition, EveryChoiceGivesEqualBlocksAndTheLeastHalo) {
  const int free_procs[3] = {0, 0, 0};
  for (int size : {1, 2, 3, 4, 6, 8, 12}) {
    const Grid g = grid(48, 24, 36);
    const auto d = choose_decomposition(size, free_procs, g);
    EXPECT_EQ(d[0] * d[1] * d[2], size);
    for (int a = 0; a < 3; ++a) EXPECT_EQ(g.global_n[a] % d[a], 0) << size;
    // No other valid split exchanges fewer halo cells.
    for (const auto& other : detail::decompositions(size, free_procs, g))
      EXPECT_LE(detail::halo_volume(g, d.data()), detail::halo_volume(g, other.data()));
  }
}

TEST(Decomposition, TwoRanksSplitTheLongAxisAndTiesGoToX) {
  const int free_procs[3] = {0, 0, 0};
  EXPECT_EQ(choose_decomposition(2, free_procs, grid(512, 256, 256)),
            (std::array<int, 3>{2, 1, 1}));
  EXPECT_EQ(choose_decomposition(2, free_procs, grid(256, 256, 512)),
            (std::array<int, 3>{1, 1, 2}));
  EXPECT_EQ(choose_decomposition(2, free_procs, grid(64, 64, 64)), (std::array<int, 3>{2, 1, 1}));
}

TEST(Decomposition, AGridThatOneAxisCannotTakeIsSplitAlongAnother) {
  // 6 cells along x cannot take 4 or 8 blocks; y can.
  const int free_procs[3] = {0, 0, 0};
  const auto d = choose_decomposition(8, free_procs, grid(6, 64, 1));
  EXPECT_EQ(d[2], 1);
  EXPECT_EQ(6 % d[0], 0);
  EXPECT_EQ(64 % d[1], 0);
  EXPECT_EQ(d[0] * d[1], 8);
}

TEST(Decomposition, FixedAxesAreKept) {
  const int procs[3] = {4, 0, 0};
  EXPECT_EQ(choose_decomposition(8, procs, grid(64, 64, 64)), (std::array<int, 3>{4, 2, 1}));
}

TEST(Decomposition, ImpossibleSplitsNameWhatWorks) {
  const int free_procs[3] = {0, 0, 0};
  // 3 ranks cannot split 100 x 100: the message lists rank counts that can (1, 2, 4, 5, ...).
  const std::string m = message_of(3, free_procs, grid(100, 100, 1));
  EXPECT_NE(m.find("no split of 3 ranks"), std::string::npos) << m;
  EXPECT_NE(m.find("rank counts that work: 1, 2, 4, 5"), std::string::npos) << m;
  // Fixed procs that do not divide: the splits that would work with this rank count.
  const int procs[3] = {3, 0, 0};
  const std::string f = message_of(3, procs, grid(64, 48, 1));
  EXPECT_NE(f.find("splits that work with 3 ranks: 1 x 3 x 1"), std::string::npos) << f;
  // More ranks along z than a 2D grid has.
  const int along_z[3] = {0, 0, 2};
  EXPECT_NE(message_of(2, along_z, grid(64, 64, 1)).find("one cell along z"), std::string::npos);
}
