// Order of accuracy: linear MHD waves (problem linear_wave) after one period at N = 16, 32, 64.
// The four-stage scheme is the classical fourth-order Runge-Kutta method for a linear problem and
// the differences are fourth order in space, so with the artificial viscosity off the L1 error
// falls as N^-4; we ask for a measured order of at least 3.5 between 32 and 64 cells (at 16 cells
// the error is not yet in the asymptotic range for every wave). bench/bench_linear_wave adds
// N = 128 and the default artificial viscosity (the table in docs/problems.md).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "linear_wave_error.hpp"

using alfven_test::no_artificial_viscosity;
using alfven_test::run_linear_wave;

namespace {

class LinearWaveOrder : public ::testing::TestWithParam<const char*> {};

TEST_P(LinearWaveOrder, ErrorFallsAtFourthOrderWithoutArtificialViscosity) {
  const std::string wave = GetParam();
  double errors[3];
  const int sizes[3] = {16, 32, 64};
  for (int s = 0; s < 3; ++s) {
    const alfven_test::WaveRun r = run_linear_wave(wave, sizes[s], no_artificial_viscosity());
    errors[s] = r.l1;
    // time.exact_times: the last step lands on the period exactly.
    EXPECT_EQ(r.time, alfven_test::wave_period(wave)) << wave << " N = " << sizes[s];
  }
  const double order_coarse = std::log2(errors[0] / errors[1]);
  const double order_fine = std::log2(errors[1] / errors[2]);
  std::printf("%-8s L1 error: N=16 %.3e  N=32 %.3e  N=64 %.3e   orders %.2f %.2f\n", wave.c_str(),
              errors[0], errors[1], errors[2], order_coarse, order_fine);
  EXPECT_GE(order_fine, 3.5) << wave;
  // The amplitude is 1e-6: every error is far below it (and above rounding, so the order is real).
  EXPECT_LT(errors[2], 1e-8) << wave;
  EXPECT_GT(errors[2], 1e-14) << wave;
}

INSTANTIATE_TEST_SUITE_P(EveryWave, LinearWaveOrder,
                         ::testing::Values("alfven", "fast", "slow", "entropy"));

}  // namespace
