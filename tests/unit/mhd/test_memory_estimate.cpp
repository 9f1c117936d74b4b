// The memory a run needs, counted by hand for small grids from what the code allocates
// (memory_estimate.hpp lists it), and the check that refuses a run with the figures
// (issue 10, item 10).
#include <gtest/gtest.h>

#include <string>

#include "alfven/core/error.hpp"
#include "alfven/mhd/grid.hpp"
#include "alfven/mhd/memory_estimate.hpp"

using namespace alfven::mhd;

namespace {

constexpr double kSmall = 16.0 * 1024 * 1024;  // the allowance for everything small

Grid grid(int nx, int ny, int nz) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  return make_grid(nx, ny, nz, lo, hi, 2);
}

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

std::string error_of(const MemoryNeed& need, double host, double device_free, double device_total) {
  try {
    check_run_memory(need, host, device_free, device_total, "grid 8 x 8 x 8, double, host backend");
  } catch (const alfven::Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// 16^3 with 2 ghost cells a side: 20^3 = 8000 cells with ghosts, 4096 interior.
TEST(MemoryEstimate, HostRunInDoubleByHand) {
  MemoryEstimateInput in;
  in.local = in.global = grid(16, 16, 16);
  const MemoryNeed need = estimate_run_memory(in);
  const double solver = 28.0 * 8000 * 8;  // q, qa, qr (27) + speed
  const double output =
      9.0 * 8000 * 8 + 9.0 * 4096 * 8 + 18.0 * 4096 * 8;  // host copy, block, gather + global
  EXPECT_EQ(need.host_bytes, solver + output + kSmall);
  EXPECT_EQ(need.device_bytes, 0.0);
}

// Output blocks keep their variables from the set-up to the end of the run: a block of the
// x = const plane of 16 x 16 cells with 3 variables holds 768 values.
TEST(MemoryEstimate, OutputBlocksAreCountedWithTheOutput) {
  MemoryEstimateInput in;
  in.local = in.global = grid(16, 16, 16);
  in.output_block_values = 3.0 * 16 * 16;
  const double solver = 28.0 * 8000 * 8;
  const double output = 9.0 * 8000 * 8 + 9.0 * 4096 * 8 + 18.0 * 4096 * 8 + 768.0 * 8;
  EXPECT_EQ(estimate_run_memory(in).host_bytes, solver + output + kSmall);
}

TEST(MemoryEstimate, HostRunInFloatCountsTheFluxArrays) {
  MemoryEstimateInput in;
  in.local = in.global = grid(16, 16, 16);
  in.real_size = 4;
  const double solver = 55.0 * 8000 * 4;  // + three flux arrays of 9 variables (two-pass stage)
  const double output = 9.0 * 8000 * 4 + 9.0 * 4096 * 4 + 18.0 * 4096 * 4;
  EXPECT_EQ(estimate_run_memory(in).host_bytes, solver + output + kSmall);
}

// Rank 0 of two along x, on a device with halos staged through the host, restarting: the block
// is 8 x 16 x 16 (12 x 20 x 20 = 4800 cells with ghosts, 2048 interior).
TEST(MemoryEstimate, DeviceRankWithHalosAndRestartByHand) {
  MemoryEstimateInput in;
  in.global = grid(16, 16, 16);
  in.local = in.global;
  in.local.n[0] = 8;
  in.local.total[0] = 12;
  in.real_size = 8;
  in.device = true;
  in.staged_halos = true;
  in.split[0] = true;
  in.restarting = true;
  const MemoryNeed need = estimate_run_memory(in);
  const double halo = 4.0 * 9 * (2 * 20 * 20) * 8;  // send + receive, 2 faces, 2 layers of 20 x 20
  EXPECT_EQ(need.device_bytes, 28.0 * 4800 * 8 + halo);
  const double output =
      9.0 * 4800 * 8 + 9.0 * 2048 * 8 + 18.0 * 4096 * 8;  // larger than the restart's
  const double restart = 9.0 * 4096 * 16 + 9.0 * 4800 * 8;
  ASSERT_GT(output, restart);
  EXPECT_EQ(need.host_bytes, halo + output + kSmall);  // pinned staging + the output peak
}

TEST(MemoryEstimate, TwoDimensionalRunCountsItsPicture) {
  MemoryEstimateInput in;
  in.local = in.global = grid(64, 64, 1);  // 68 x 68 x 1 = 4624 cells with ghosts
  const double output = 9.0 * 4624 * 8 + 27.0 * 4096 * 8 + 11.0 * 4096;
  EXPECT_EQ(estimate_run_memory(in).host_bytes, 28.0 * 4624 * 8 + output + kSmall);
}

TEST(MemoryEstimate, CheckRefusesWithTheFiguresAndAcceptsWhatFits) {
  MemoryNeed need;
  need.host_bytes = 3 * GiB;
  need.device_bytes = 10 * GiB;
  EXPECT_EQ(error_of(need, 4 * GiB, 80 * GiB, 80 * GiB), "");
  EXPECT_EQ(error_of(need, 0, 0, 0), "");  // unknown: not checked
  const std::string host = error_of(need, 2 * GiB, 80 * GiB, 80 * GiB);
  EXPECT_NE(host.find("needs about 3 GiB of host memory, but 2 GiB are available"),
            std::string::npos)
      << host;
  EXPECT_NE(host.find("grid 8 x 8 x 8"), std::string::npos) << host;
  const std::string device = error_of(need, 4 * GiB, 4 * GiB, 80 * GiB);
  EXPECT_NE(
      device.find("needs about 10 GiB of device memory, but 4 GiB of the device's 80 GiB are free"),
      std::string::npos)
      << device;
}

TEST(MemoryEstimate, AvailableHostMemoryIsRead) {
  const double available = available_host_memory();
  EXPECT_GT(available, 0.0);
  EXPECT_LT(available, 1e15);  // a petabyte: no machine this runs on
}
