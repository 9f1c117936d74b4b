// Boundary conditions fill ghost cells exactly as defined (periodic, outflow, mirror).
#include <gtest/gtest.h>

#include <vector>

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
    for (int var = 0; var < num_vars; ++var)
      v(i, 0, 0, var) = (i >= 3 && i < 9) ? 10.0 * i + var : -999.0;
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
  auto value = [](int gi, int gj) {
    return 100.0 * gi + gj;
  };  // function of the periodic global index
  for (int j = 0; j < g.total[1]; ++j)
    for (int i = 0; i < g.total[0]; ++i) {
      const bool interior = i >= 2 && i < 7 && j >= 2 && j < 6;
      for (int var = 0; var < num_vars; ++var)
        v(i, j, 0, var) = interior ? value(i - 2, j - 2) : 0.0 / 0.0;
    }
  Solver<double, backend::Host> s(g, SchemeParameters{});
  s.apply_boundaries(f);
  for (int j = 0; j < g.total[1]; ++j)
    for (int i = 0; i < g.total[0]; ++i) {
      const int gi = ((i - 2) % 5 + 5) % 5, gj = ((j - 2) % 4 + 4) % 4;
      ASSERT_EQ(v(i, j, 0, density), value(gi, gj)) << i << "," << j;
    }
}

// After a full step (stages, then the directional viscosity passes, which refresh only the ghost
// cells each pass reads), every ghost cell must hold what the boundary step gives for the final
// interior: refilling them changes no bit. Mixed boundary kinds on a 3D block so every axis and
// every edge and corner is involved.
TEST(Boundary, GhostCellsAreCurrentAfterAStep) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 0.75, 0.625};
  const Grid g = make_grid(8, 6, 5, lo, hi, 2);
  Fields<double, backend::Host> f(g);
  auto v = f.view();
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i) {
        const double x = g.centre(0, i), y = g.centre(1, j), z = g.centre(2, k);
        v(i, j, k, density) = 1.0 + 0.3 * std::sin(6.0 * x + 2.0 * y) * std::cos(5.0 * z);
        v(i, j, k, velocity_x) = 0.2 * std::cos(4.0 * y + z);
        v(i, j, k, velocity_y) = 0.1 * std::sin(3.0 * x);
        v(i, j, k, velocity_z) = 0.05 * std::sin(2.0 * x + 3.0 * y);
        v(i, j, k, magnetic_field_x) = 0.3 * std::sin(5.0 * z);
        v(i, j, k, magnetic_field_y) = 0.2 * std::cos(7.0 * x);
        v(i, j, k, magnetic_field_z) = 0.1;
        v(i, j, k, psi) = 0.0;
        v(i, j, k, internal_energy) = 2.0 + 0.5 * std::cos(3.0 * x + 4.0 * z);
      }
  SchemeParameters p;
  p.boundaries.set_face(face_y_lower, bc_outflow);
  p.boundaries.set_face(face_y_upper, bc_symmetric);  // reflecting: normal velocity odd
  p.boundaries.code[face_y_upper][velocity_y] = bc_antisymmetric;
  p.boundaries.set_face(face_z_lower, bc_symmetric);
  p.boundaries.set_face(face_z_upper, bc_outflow);
  Solver<double, backend::Host> s(g, p);
  s.set_state(f);
  for (int step = 0; step < 2; ++step) s.advance(s.compute_time_step().dt);
  Fields<double, backend::Host> after(g), refilled(g);
  after.copy_from(s.state());
  refilled.copy_from(s.state());
  s.apply_boundaries(refilled);
  const auto a = after.view(), r = refilled.view();
  long ghosts = 0;
  for (int var = 0; var < num_vars; ++var)
    for (int k = 0; k < g.total[2]; ++k)
      for (int j = 0; j < g.total[1]; ++j)
        for (int i = 0; i < g.total[0]; ++i) {
          ASSERT_TRUE(std::isfinite(a(i, j, k, var)))
              << i << "," << j << "," << k << " var " << var;
          ASSERT_EQ(a(i, j, k, var), r(i, j, k, var))
              << i << "," << j << "," << k << " var " << var;
          ghosts += (i < 2 || i >= 10 || j < 2 || j >= 8 || k < 2 || k >= 7);
        }
  EXPECT_EQ(ghosts, long(num_vars) * (12 * 10 * 9 - 8 * 6 * 5));
}

namespace {
// A value unique to each cell and variable, so that a copy from a wrong cell shows.
double tag(int i, int j, int k, int var) {
  return 1.0 + i + 100.0 * j + 1e4 * k + 1e6 * var;
}

// Fills `f` (every cell, ghosts included) with tag() + offset.
void fill_tagged(Fields<double, backend::Host>& f, const Grid& g, double offset) {
  auto v = f.view();
  for (int var = 0; var < num_vars; ++var)
    for (int k = 0; k < g.total[2]; ++k)
      for (int j = 0; j < g.total[1]; ++j)
        for (int i = 0; i < g.total[0]; ++i) v(i, j, k, var) = tag(i, j, k, var) + offset;
}

// Checks, for the block `g` (its halo_depth as set), that GhostLayerKernel gives the bits of
// BoundaryKernel along x, then y, then z, with every boundary kind (fixed included) on some
// variable of every face, and that its cell enumeration visits each refreshed ghost cell once.
void expect_one_launch_equals_axis_by_axis(const Grid& g) {
  BoundaryConditions bc{};
  for (int face = 0; face < 6; ++face)
    for (int var = 0; var < num_vars; ++var) bc.code[face][var] = (face + 2 * var) % 5;
  Fields<double, backend::Host> initial(g), axis_by_axis(g), one_launch(g);
  fill_tagged(initial, g, 0.5);  // what bc_fixed faces keep
  fill_tagged(axis_by_axis, g, 0.0);
  fill_tagged(one_launch, g, 0.0);
  std::vector<std::vector<double>> slab(3);
  for (int a = 0; a < 3; ++a) {
    if (!g.active(a)) continue;
    slab[a].resize(margin_cells_of(g, a) * num_vars);
    gather_boundary_slab(g, a, initial.const_view(), slab[a].data());
    BoundaryKernel<double> k{axis_by_axis.view(), g, bc, a};
    k.fixed = slab[a].data();
    for (long n = 0; n < boundary_cells(g, a); ++n) k(n);
  }
  GhostLayerKernel<double> k{one_launch.view(), g, bc};
  for (int a = 0; a < 3; ++a) k.fixed[a] = slab[a].empty() ? nullptr : slab[a].data();
  std::vector<int> visits(size_t(g.total[0]) * g.total[1] * g.total[2], 0);
  for (long n = 0; n < ghost_layer_cells(g); ++n) {
    int idx[3];
    ghost_layer_cell(g, n, idx);
    for (int a = 0; a < 3; ++a) {
      ASSERT_GE(idx[a], 0);
      ASSERT_LT(idx[a], g.total[a]);
    }
    ++visits[idx[0] + size_t(g.total[0]) * (idx[1] + size_t(g.total[1]) * idx[2])];
    k(n);
  }
  const auto x = axis_by_axis.view(), y = one_launch.view();
  long written = 0;
  for (int kk = 0; kk < g.total[2]; ++kk)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i) {
        const int c[3] = {i, j, kk};
        bool in_layers = false;
        for (int a = 0; a < 3; ++a) {
          const int d = g.halo_depth[a], m = g.margin[a];
          in_layers = in_layers || (d > 0 && ((c[a] >= m - d && c[a] < m) ||
                                              (c[a] >= m + g.n[a] && c[a] < m + g.n[a] + d)));
        }
        ASSERT_EQ(visits[i + size_t(g.total[0]) * (j + size_t(g.total[1]) * kk)], in_layers ? 1 : 0)
            << i << "," << j << "," << kk;
        for (int var = 0; var < num_vars; ++var) {
          ASSERT_EQ(x(i, j, kk, var), y(i, j, kk, var))
              << i << "," << j << "," << kk << " var " << var;
          written += x(i, j, kk, var) != tag(i, j, kk, var);
        }
      }
  EXPECT_GT(written, 0);
}
}  // namespace

// The one-launch refresh of a block without neighbours (GhostLayerKernel) is the axis-by-axis one
// bit for bit: every kind on every face, edges and corners, deeper ghost layers left as they are.
TEST(Boundary, OneLaunchRefreshEqualsAxisByAxis3D) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  Grid g = make_grid(5, 4, 6, lo, hi, 3);
  expect_one_launch_equals_axis_by_axis(g);  // every margin layer refreshed
  for (int& d : g.halo_depth) d = 2;         // the scheme's depth: a deeper layer left stale
  expect_one_launch_equals_axis_by_axis(g);
}

TEST(Boundary, OneLaunchRefreshEqualsAxisByAxis2DAnd1D) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  Grid g2 = make_grid(7, 3, 1, lo, hi, 3);
  g2.halo_depth[0] = g2.halo_depth[1] = 2;
  expect_one_launch_equals_axis_by_axis(g2);
  expect_one_launch_equals_axis_by_axis(make_grid(6, 1, 1, lo, hi, 2));
}

// Solver::apply_boundaries on one block takes the one-launch path: its result is the axis-by-axis
// one with the solver's boundary conditions and the fixed faces' stored values.
TEST(Boundary, SolverRefreshOfOneBlockEqualsAxisByAxis) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(4, 5, 3, lo, hi, 2);
  SchemeParameters p;
  for (int face = 0; face < 6; ++face)
    for (int var = 0; var < num_vars; ++var) p.boundaries.code[face][var] = (3 * face + var) % 5;
  Fields<double, backend::Host> initial(g), mine(g), ref(g);
  fill_tagged(initial, g, 0.25);
  Solver<double, backend::Host> s(g, p);
  s.set_fixed_boundaries(initial);
  fill_tagged(mine, g, 0.0);
  fill_tagged(ref, g, 0.0);
  s.apply_boundaries(mine);
  for (int a = 0; a < 3; ++a) {
    std::vector<double> slab(margin_cells_of(g, a) * num_vars);
    gather_boundary_slab(g, a, initial.const_view(), slab.data());
    BoundaryKernel<double> k{ref.view(), g, p.boundaries, a};
    k.fixed = slab.data();
    for (long n = 0; n < boundary_cells(g, a); ++n) k(n);
  }
  const auto x = mine.view(), y = ref.view();
  for (int var = 0; var < num_vars; ++var)
    for (int k = 0; k < g.total[2]; ++k)
      for (int j = 0; j < g.total[1]; ++j)
        for (int i = 0; i < g.total[0]; ++i)
          ASSERT_EQ(x(i, j, k, var), y(i, j, k, var))
              << i << "," << j << "," << k << " var " << var;
}

// box_cell_of inverts i + e0 (j + e1 k) on both of its paths (32-bit below 2^31, 64-bit above).
TEST(Boundary, BoxCellOfInvertsTheFlatIndex) {
  const int small[3] = {7, 5, 3}, large[3] = {70001, 60007, 3};
  const int cells[][3] = {{0, 0, 0}, {6, 4, 2}, {3, 1, 2}};
  for (const auto& c : cells) {
    int idx[3];
    box_cell_of(c[0] + 7L * (c[1] + 5L * c[2]), small, idx);
    EXPECT_EQ(idx[0], c[0]);
    EXPECT_EQ(idx[1], c[1]);
    EXPECT_EQ(idx[2], c[2]);
  }
  const int big[][3] = {{70000, 60006, 2}, {12345, 54321, 0}, {1, 30000, 1}};
  for (const auto& c : big) {
    const long n = c[0] + 70001L * (c[1] + 60007L * c[2]);
    int idx[3];
    box_cell_of(n, large, idx);
    EXPECT_EQ(idx[0], c[0]) << n;
    EXPECT_EQ(idx[1], c[1]) << n;
    EXPECT_EQ(idx[2], c[2]) << n;
  }
}
