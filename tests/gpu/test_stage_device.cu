/// @file test_stage_device.cu
/// @brief The two stage computations on the device (the fused kernel, the GPU default for the
/// ideal gas; two passes through stored fluxes, the default with a tabulated equation of state)
/// give bit-identical fields, float and double: the same flux and derivative functions in the
/// same order, so a run does not depend on which one it gets. Skips without a device.
#include <gtest/gtest.h>

#include <cmath>

#include "alfven/core/core.hpp"
#include "alfven/mhd/solver.hpp"
#include "gpu_test.hpp"

namespace {

using namespace alfven;
using namespace alfven::mhd;
using StageDevice = alfven::test::GpuTest;

template <typename Real>
void check_fused_equals_two_pass() {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(24, 20, 16, lo, hi, 2);
  Fields<Real, backend::Host> init(g);
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i) {
        const double x = 0.37 * i, y = 0.23 * j, z = 0.41 * k;
        init(i, j, k, density) = Real(1.0 + 0.2 * std::sin(x + y));
        init(i, j, k, velocity_x) = Real(0.3 * std::cos(y + z));
        init(i, j, k, velocity_y) = Real(-0.2 * std::sin(x * z));
        init(i, j, k, velocity_z) = Real(0.1 * std::cos(x));
        init(i, j, k, magnetic_field_x) = Real(0.5 * std::sin(z));
        init(i, j, k, magnetic_field_y) = Real(0.4 * std::cos(x + z));
        init(i, j, k, magnetic_field_z) = Real(0.3);
        init(i, j, k, internal_energy) = Real(2.0 + 0.1 * std::cos(y));
        init(i, j, k, psi) = Real(0.01 * std::sin(x + y + z));
      }
  Solver<Real, backend::CUDA> fused(g, SchemeParameters{}), two_pass(g, SchemeParameters{});
  EXPECT_FALSE(fused.two_pass_stage()) << "the fused stage is the GPU default for the ideal gas";
  fused.set_two_pass_stage(false);
  two_pass.set_two_pass_stage(true);
  fused.set_state(init);
  two_pass.set_state(init);
  for (int n = 0; n < 3; ++n) {
    const auto a = fused.compute_time_step(), b = two_pass.compute_time_step();
    ASSERT_EQ(a.dt, b.dt);
    fused.advance(a.dt);
    two_pass.advance(b.dt);
  }
  Fields<Real, backend::Host> a(g), b(g);
  a.copy_from(fused.state());
  b.copy_from(two_pass.state());
  for (long n = 0; n < a.array().size(); ++n) ASSERT_EQ(a.array()[n], b.array()[n]) << n;
}

TEST_F(StageDevice, FusedAndTwoPassStagesAreBitIdenticalInDouble) {
  check_fused_equals_two_pass<double>();
}
TEST_F(StageDevice, FusedAndTwoPassStagesAreBitIdenticalInFloat) {
  check_fused_equals_two_pass<float>();
}

}  // namespace
