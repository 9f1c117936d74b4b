// The artificial viscosity: its limiter and flux against hand-computed values, and the viscous
// update of a rough state against the formula cell by cell, for every run length.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "alfven/core/core.hpp"
#include "alfven/mhd/fields.hpp"
#include "alfven/mhd/grid.hpp"
#include "alfven/mhd/viscosity.hpp"
#include "rough_state.hpp"

using namespace alfven::mhd;

TEST(Viscosity, LimitedSlopeIsGeneralisedMinmod) {
  // Monotone increasing: smallest of (eps*1, eps*3, 2) -> eps = 1.5: min(1.5, 4.5, 2) = 1.5.
  EXPECT_DOUBLE_EQ(limited_slope(0.0, 1.0, 4.0, 1.5), 1.5);
  // Monotone decreasing: the one closest to zero: (-1.5, -4.5, -2) -> -1.5.
  EXPECT_DOUBLE_EQ(limited_slope(4.0, 3.0, 0.0, 1.5), -1.5);
  // Extremum: zero slope.
  EXPECT_DOUBLE_EQ(limited_slope(0.0, 1.0, 0.0, 1.0), 0.0);
}

TEST(Viscosity, FluxVanishesForLinearData) {
  // Linear data: reconstructed face states meet, so uR - uL = 0 and there is no flux.
  const double s = limited_slope(1.0, 2.0, 3.0, 1.0);
  EXPECT_DOUBLE_EQ(viscous_flux(2.0, 3.0, s, s, 5.0, 1.0), 0.0);
}

TEST(Viscosity, FluxAtAJumpIsDiffusive) {
  // Step 0 | 1 with flat neighbours: slopes 0, uR - uL = 1, r = 1, phi = 1: F = -c/2.
  EXPECT_DOUBLE_EQ(viscous_flux(0.0, 1.0, 0.0, 0.0, 3.0, 1.0), -1.5);
  // The flux points down the gradient: for 1 | 0 it is +c/2.
  EXPECT_DOUBLE_EQ(viscous_flux(1.0, 0.0, 0.0, 0.0, 3.0, 1.0), 1.5);
}

namespace {

using alfven::Array3D;
using alfven::Range3D;
using alfven::backend::Host;

// A 9 x 7 x 5 grid (margin 2) holding the rough state and speed of rough_state.hpp.
struct RoughCase {
  Grid g = make_grid(9, 7, 5, std::array<double, 3>{0, 0, 0}.data(),
                     std::array<double, 3>{1, 1, 1}.data(), 2);
  Fields<double, Host> q{g};
  Array3D<double, Host> speed{g.total[0], g.total[1], g.total[2]};
  RoughCase() {
    alfven::test::fill_rough_state(g, q);
    alfven::test::fill_rough_speed(speed);
  }
};

// The viscous update along `axis` with runs of `run` cells into a copy of `sentinel`.
Fields<double, Host> viscous_update(const Grid& g, const Fields<double, Host>& q,
                                    const Array3D<double, Host>& speed, int axis, int run,
                                    const Fields<double, Host>& sentinel, double rho_floor = 0) {
  Fields<double, Host> out(g);
  out.copy_from(sentinel);
  ViscosityKernel<double> k{q.const_view(),
                            out.view(),
                            speed.const_view(),
                            axis,
                            g.stride(axis),
                            0.3,
                            0.5,
                            1.0,
                            run,
                            g.margin[axis],
                            g.margin[axis] + g.n[axis]};
  if (rho_floor > 0) {
    k.floored = true;
    k.floors.rho_min = rho_floor;
  }
  alfven::for_each(Host{}, viscosity_runs(g, axis, run), k);
  return out;
}

}  // namespace

// Every cell of viscosity_range is u - dt/dx (F_{i+1/2} - F_{i-1/2}) with the fluxes of the
// file's formula (limited_slope, viscous_flux on the five-point stencil), computed here cell by
// cell; the cells outside the range are not touched.
TEST(Viscosity, UpdateIsTheFluxDifferenceOfEveryCell) {
  const RoughCase rough;
  const Grid& g = rough.g;
  const Fields<double, Host>& q = rough.q;
  const Array3D<double, Host>& speed = rough.speed;
  Fields<double, Host> sentinel(g);
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i)
        for (int n = 0; n < num_vars; ++n) sentinel(i, j, k, n) = -777.0;
  const double eps = 0.5, h = 1.0, dt_over_dx = 0.3;
  for (int axis = 0; axis < 3; ++axis) {
    const Fields<double, Host> out = viscous_update(g, q, speed, axis, 3, sentinel);
    const Range3D r = viscosity_range(g, axis);
    long updated = 0;
    for (int k = 0; k < g.total[2]; ++k)
      for (int j = 0; j < g.total[1]; ++j)
        for (int i = 0; i < g.total[0]; ++i) {
          const int c[3] = {i, j, k};
          const bool inside = r.begin[0] <= i && i < r.end[0] && r.begin[1] <= j && j < r.end[1] &&
                              r.begin[2] <= k && k < r.end[2];
          if (!inside) {
            for (int n = 0; n < num_vars; ++n) ASSERT_EQ(out(i, j, k, n), -777.0);
            continue;
          }
          ++updated;
          // u at the five stencil points and the two face speeds.
          auto at = [&](int o, int var) {
            int p[3] = {c[0], c[1], c[2]};
            p[axis] += o;
            return q(p[0], p[1], p[2], var);
          };
          auto sp = [&](int o) {
            int p[3] = {c[0], c[1], c[2]};
            p[axis] += o;
            return speed(p[0], p[1], p[2]);
          };
          const double cf_dw = 0.5 * (sp(-1) + sp(0)), cf_up = 0.5 * (sp(0) + sp(1));
          auto du = [&](auto u) {
            double s[3];
            for (int o = -1; o <= 1; ++o) s[o + 1] = limited_slope(u(o - 1), u(o), u(o + 1), eps);
            const double f_dw = viscous_flux(u(-1), u(0), s[0], s[1], cf_dw, h);
            const double f_up = viscous_flux(u(0), u(1), s[1], s[2], cf_up, h);
            return (f_up - f_dw) * dt_over_dx;
          };
          const double rho = at(0, density) - du([&](int o) { return at(o, density); });
          EXPECT_NEAR(out(i, j, k, density), rho, 1e-14);
          double v2 = 0, b2 = 0;
          for (int b = 0; b < 3; ++b) {
            const double m = at(0, density) * at(0, velocity_x + b) -
                             du([&](int o) { return at(o, density) * at(o, velocity_x + b); });
            EXPECT_NEAR(out(i, j, k, velocity_x + b), m / rho, 1e-14);
            const double bb = at(0, magnetic_field_x + b) -
                              du([&](int o) { return at(o, magnetic_field_x + b); });
            EXPECT_NEAR(out(i, j, k, magnetic_field_x + b), bb, 1e-14);
            v2 += (m / rho) * (m / rho);
            b2 += bb * bb;
          }
          EXPECT_NEAR(out(i, j, k, psi), at(0, psi) - du([&](int o) { return at(o, psi); }), 1e-16);
          double e0 = at(0, density) * at(0, internal_energy), ke0 = 0, me0 = 0;
          for (int b = 0; b < 3; ++b) {
            ke0 += at(0, velocity_x + b) * at(0, velocity_x + b);
            me0 += at(0, magnetic_field_x + b) * at(0, magnetic_field_x + b);
          }
          const double total = e0 + 0.5 * at(0, density) * ke0 + me0 / (8 * M_PI) -
                               du([&](int o) { return at(o, density) * at(o, internal_energy); });
          const double e = (total - 0.5 * rho * v2 - b2 / (8 * M_PI)) / rho;
          EXPECT_NEAR(out(i, j, k, internal_energy), e, 1e-13);
        }
    EXPECT_EQ(updated, r.size()) << "axis " << axis;
  }
}

// Each face flux has the same operands and operations whatever the run length: runs of 1, 2,
// 3, 4 and 8 cells and one run spanning the axis give the same bits, the last run of an axis
// whose length is no multiple of the run included (9, 7 and 5 updated cells).
TEST(Viscosity, EveryRunLengthGivesTheSameBits) {
  const RoughCase rough;
  const Grid& g = rough.g;
  const Fields<double, Host>& q = rough.q;
  const Array3D<double, Host>& speed = rough.speed;
  Fields<double, Host> sentinel(g);
  sentinel.copy_from(q);
  for (int axis = 0; axis < 3; ++axis) {
    const Fields<double, Host> ref = viscous_update(g, q, speed, axis, 1, sentinel);
    for (int run : {2, 3, 4, 8, 64}) {
      const Fields<double, Host> out = viscous_update(g, q, speed, axis, run, sentinel);
      for (int k = 0; k < g.total[2]; ++k)
        for (int j = 0; j < g.total[1]; ++j)
          for (int i = 0; i < g.total[0]; ++i)
            for (int n = 0; n < num_vars; ++n)
              ASSERT_EQ(out(i, j, k, n), ref(i, j, k, n))
                  << "axis " << axis << ", run " << run << ", cell " << i << " " << j << " " << k;
    }
  }
}

// With floors set, the kernel floors each cell it updated, as FlooredKernel does after a cell
// kernel: the result is that of the unfloored update followed by Floors::apply.
TEST(Viscosity, FlooredUpdateIsTheUpdateThenTheFloors) {
  const RoughCase rough;
  const Grid& g = rough.g;
  const Fields<double, Host>& q = rough.q;
  const Array3D<double, Host>& speed = rough.speed;
  Fields<double, Host> sentinel(g);
  sentinel.copy_from(q);
  const double floor = 1.2;  // between the smallest and the largest density
  const Fields<double, Host> plain = viscous_update(g, q, speed, 1, 4, sentinel);
  const Fields<double, Host> floored = viscous_update(g, q, speed, 1, 4, sentinel, floor);
  const Range3D r = viscosity_range(g, 1);
  Floors<double> floors;
  floors.rho_min = floor;
  const EquationOfState<double> eos{};
  int raised = 0;
  Fields<double, Host> expected(g);
  expected.copy_from(plain);
  for (int k = r.begin[2]; k < r.end[2]; ++k)
    for (int j = r.begin[1]; j < r.end[1]; ++j)
      for (int i = r.begin[0]; i < r.end[0]; ++i) {
        const long c = i + long(g.total[0]) * (j + long(g.total[1]) * k);
        raised += plain(i, j, k, density) < floor;
        floors.apply(CellAccess<double>(expected.view()), c, eos);
      }
  EXPECT_GT(raised, 0);
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i)
        for (int n = 0; n < num_vars; ++n)
          ASSERT_EQ(floored(i, j, k, n), expected(i, j, k, n)) << i << " " << j << " " << k;
}

// The run lengths a GPU takes: 2 along x; along y and z the longest of 8 to 64 that leaves 2^18
// threads (a 256^3 block: 64, so 4 runs a line; 128^3 and smaller: 8); the host 8 everywhere.
TEST(Viscosity, RunLengthsLeaveEnoughThreads) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  using alfven::backend::CUDA;
  for (int n : {16, 64, 128, 160, 256, 512}) {
    const Grid g = make_grid(n, n, n, lo, hi, 2);
    EXPECT_EQ(viscosity_run_length<Host>(1, g), 8);
    EXPECT_EQ(viscosity_run_length<CUDA>(0, g), 2);
    for (int axis : {1, 2}) {
      const int run = viscosity_run_length<CUDA>(axis, g);
      EXPECT_TRUE(run == 8 || run == 16 || run == 32 || run == 64) << run;
      if (run > 8) {  // enough threads
        EXPECT_GE(g.interior_cells() / run, 1L << 18) << n;
      }
      if (run < 64) {  // the longest
        EXPECT_LT(g.interior_cells() / (2L * run), 1L << 18) << n;
      }
    }
  }
  const Grid g256 = make_grid(256, 256, 256, lo, hi, 2);
  EXPECT_EQ(viscosity_run_length<CUDA>(2, g256), 64);
}
