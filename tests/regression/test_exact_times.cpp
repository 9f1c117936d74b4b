// time.exact_times: the step that would pass an output time or time.tend is shortened to land on
// it, so snapshots fall on the multiples of dt_output and the run ends on tend exactly; without
// it (the default, MISO's behaviour) the steps follow the CFL condition only.
#include <gtest/gtest.h>

#include "run_test_support.hpp"

using alfven_test::fresh_dir;
using alfven_test::read_index;
using alfven_test::run_into;
using alfven_test::small_vortex;

TEST(ExactTimes, SnapshotsLandOnOutputTimesAndTheRunEndsOnTend) {
  const std::string dir = fresh_dir("exact_times");
  alfven::mhd::RunSummary summary;
  run_into(dir, small_vortex({"time.tend=0.05", "time.dt_output=0.02", "time.exact_times=true"}),
           "", &summary);
  const auto index = read_index(dir);
  ASSERT_EQ(index.size(), 4u);
  const double expected[4] = {0, 0.02, 0.04, 0.05};
  for (int s = 0; s < 4; ++s) EXPECT_EQ(index[s].second, expected[s]) << s;
  EXPECT_EQ(summary.time, 0.05);
  std::filesystem::remove_all(dir);
}

TEST(ExactTimes, OffByDefaultTheStepsFollowTheCflConditionOnly) {
  const std::string dir = fresh_dir("cfl_times");
  alfven::mhd::RunSummary summary;
  run_into(dir, small_vortex({"time.tend=0.05", "time.dt_output=0.02"}), "", &summary);
  const auto index = read_index(dir);
  ASSERT_GE(index.size(), 3u);
  EXPECT_GT(index[1].second, 0.02);  // the first step past 0.02 (about 0.02 per step at 16 x 16)
  EXPECT_GT(summary.time, 0.05);
  std::filesystem::remove_all(dir);
}
