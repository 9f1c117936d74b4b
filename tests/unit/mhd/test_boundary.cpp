// Boundary conditions fill ghost cells exactly as defined (periodic, outflow, mirror).
#include <gtest/gtest.h>

#include "alfven/mhd/solver.hpp"

using namespace alfven;
using namespace alfven::mhd;

namespace {
Grid grid_1d(int n, int margin = 2) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  return make_grid(n, 1, 1, lo, hi, margin);
}
}  // namespace

TEST(Boundary, InactiveAxesHaveNoGhostCells) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(8, 4, 1, lo, hi, 2);
  EXPECT_EQ(g.total[0], 12);
  EXPECT_EQ(g.total[1], 8);
  EXPECT_EQ(g.total[2], 1);
  EXPECT_EQ(g.stride(2), 0);
  EXPECT_FALSE(g.active(2));
  EXPECT_EQ(g.cfl_spacing(2), 1e30);
  EXPECT_DOUBLE_EQ(g.centre(0, 2), 1.0 / 16);  // first interior cell centre
}

TEST(Boundary, MarginBelowTwoIsRejected) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  EXPECT_THROW(make_grid(8, 1, 1, lo, hi, 1), Error);
}

TEST(Boundary, EachKindFillsGhostsFromTheRightCells) {
  const Grid g = grid_1d(6, 3);  // interior indices 3..8, total 12
  Fields<double, backend::Host> f(g);
  auto v = f.view();
  for (int i = 0; i < g.total[0]; ++i)
    for (int var = 0; var < num_vars; ++var) v(i, 0, 0, var) = (i >= 3 && i < 9) ? 10.0 * i + var : -999.0;
  SchemeParameters p;
  p.boundaries.set_face(face_x_lower, bc_periodic);
  p.boundaries.set_face(face_x_upper, bc_outflow);
  p.boundaries.code[face_x_lower][density] = bc_symmetric;
  p.boundaries.code[face_x_lower][velocity_x] = bc_antisymmetric;
  Solver<double, backend::Host> s(g, p);
  s.apply_boundaries(f);
  // periodic lower: ghost i copies i + n
  for (int i = 0; i < 3; ++i) EXPECT_EQ(v(i, 0, 0, psi), 10.0 * (i + 6) + psi);
  // symmetric lower: ghost 2 <- 3, 1 <- 4, 0 <- 5
  EXPECT_EQ(v(2, 0, 0, density), 30.0);
  EXPECT_EQ(v(0, 0, 0, density), 50.0);
  // antisymmetric lower
  EXPECT_EQ(v(1, 0, 0, velocity_x), -(40.0 + velocity_x));
  // outflow upper: every ghost copies the last interior cell (8)
  for (int i = 9; i < 12; ++i) EXPECT_EQ(v(i, 0, 0, internal_energy), 80.0 + internal_energy);
}

TEST(Boundary, CornersAreFilledInPeriodic2D) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(5, 4, 1, lo, hi, 2);
  Fields<double, backend::Host> f(g);
  auto v = f.view();
  auto value = [](int gi, int gj) { return 100.0 * gi + gj; };  // function of the periodic global index
  for (int j = 0; j < g.total[1]; ++j)
    for (int i = 0; i < g.total[0]; ++i) {
      const bool interior = i >= 2 && i < 7 && j >= 2 && j < 6;
      for (int var = 0; var < num_vars; ++var) v(i, j, 0, var) = interior ? value(i - 2, j - 2) : 0.0 / 0.0;
    }
  Solver<double, backend::Host> s(g, SchemeParameters{});
  s.apply_boundaries(f);
  for (int j = 0; j < g.total[1]; ++j)
    for (int i = 0; i < g.total[0]; ++i) {
      const int gi = ((i - 2) % 5 + 5) % 5, gj = ((j - 2) % 4 + 4) % 4;
      ASSERT_EQ(v(i, j, 0, density), value(gi, gj)) << i << "," << j;
    }
}
