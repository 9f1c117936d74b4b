// Embedded bodies' ghost-cell tables on the host: which cells are solid, ghost or fixed, where
// the image points fall, and what the wall rules give (exact answers for a flat wall aligned
// with the grid and for a sphere).
#include <gtest/gtest.h>

#include <cmath>

#include "alfven/geom/tape.hpp"
#include "alfven/mhd/embedded/embedded_boundary.hpp"

using namespace alfven;
using namespace alfven::mhd;
using D = geom::Vec3<double>;

namespace {

Grid grid_2d(int n, int margin = 5) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  return make_grid(n, n, 1, lo, hi, margin);
}

/// Everything below y = y0 (a slab far wider than the domain in x and z).
Body floor_body(double y0, WallRule rule = {}) {
  return Body{geom::Expr::translate(geom::Expr::box(D{10, 10, 10}), D{0.5, y0 - 10, 0.5}), rule,
              "floor"};
}

Fields<double, backend::Host> uniform(const Grid& g, double vx, double vy, double bx, double by) {
  Fields<double, backend::Host> f(g);
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i) {
        const double values[num_vars] = {1.3, vx, vy, 0.0, bx, by, 0.0, 2.5, 0.0};
        for (int v = 0; v < num_vars; ++v) f(i, j, k, v) = values[v];
      }
  return f;
}

}  // namespace

// A wall on the cell faces at y = 1/2 of a 16^2 grid: rows j = 0..7 are solid, the two rows a
// fluid stencil reaches (6, 7) are ghost cells, the six below keep their state.
TEST(EmbeddedBoundary, GridAlignedWallClassifiesRowsExactly) {
  const Grid g = grid_2d(16);
  EmbeddedBoundary<double, backend::Host> eb;
  const auto initial = uniform(g, 0, 0, 0, 0);
  eb.build(g, {floor_body(0.5)}, initial);
  ASSERT_TRUE(eb.error().empty()) << eb.error();
  EXPECT_EQ(eb.counts().solid, 8 * 16);
  EXPECT_EQ(eb.counts().ghost, 2 * 16);
  EXPECT_EQ(eb.counts().fixed, 6 * 16);
  EXPECT_EQ(eb.reach().face_distance, 0);  // the wall runs into the x faces
}

// Uniform flow along the wall: v_n = 0, so every ghost cell gets the fluid state exactly
// (u_ref + sum w (u - u_ref) with u = u_ref), whatever the interpolation weights.
TEST(EmbeddedBoundary, FlowAlongAFlatWallGivesTheFluidStateExactly) {
  const Grid g = grid_2d(16);
  EmbeddedBoundary<double, backend::Host> eb;
  auto f = uniform(g, 0.7, 0.0, 0.3, 0.0);
  eb.build(g, {floor_body(0.5)}, f);
  // Disturb the solid rows, then fill.
  for (int j = 0; j < g.margin[1] + 8; ++j)
    for (int i = 0; i < g.total[0]; ++i) f(i, j, 0, velocity_y) = 99.0;
  eb.apply(f);
  for (int j = g.margin[1]; j < g.margin[1] + 8; ++j)
    for (int i = g.margin[0]; i < g.margin[0] + 16; ++i) {
      ASSERT_EQ(f(i, j, 0, density), 1.3);
      ASSERT_EQ(f(i, j, 0, velocity_x), 0.7);
      ASSERT_EQ(f(i, j, 0, velocity_y), 0.0) << i << " " << j;  // fixed rows: the initial 0
      ASSERT_EQ(f(i, j, 0, magnetic_field_x), 0.3);
      ASSERT_EQ(f(i, j, 0, internal_energy), 2.5);
    }
}

// Flow into the wall: the mirror image of the first ghost row is the first fluid row (d_G = d_I),
// so the ghost normal velocity is minus the fluid's and the normal field is reversed too.
TEST(EmbeddedBoundary, SlipWallReversesTheNormalVelocityAndField) {
  const Grid g = grid_2d(16);
  EmbeddedBoundary<double, backend::Host> eb;
  auto f = uniform(g, 0.5, -2.0, 0.25, 0.75);
  eb.build(g, {floor_body(0.5)}, f);
  eb.apply(f);
  const int j_ghost = g.margin[1] + 7, j_ghost2 = g.margin[1] + 6;
  for (int i = g.margin[0]; i < g.margin[0] + 16; ++i)
    for (int j : {j_ghost, j_ghost2}) {
      EXPECT_NEAR(f(i, j, 0, velocity_y), 2.0, 1e-12);
      EXPECT_NEAR(f(i, j, 0, velocity_x), 0.5, 1e-12);
      EXPECT_NEAR(f(i, j, 0, magnetic_field_y), -0.75, 1e-12);
      EXPECT_NEAR(f(i, j, 0, magnetic_field_x), 0.25, 1e-12);
    }
}

// A sphere (a disc in 2D): every ghost cell is within two cells of the fluid, its normal is the
// radial direction, and the interpolation weights are non-negative and sum to 1.
TEST(EmbeddedBoundary, SphereGhostCellsHaveRadialNormalsAndConvexWeights) {
  const Grid g = grid_2d(48);
  const D centre{0.5, 0.5, 0.5};
  EmbeddedBoundary<double, backend::Host> eb;
  eb.build(g, {Body{geom::Expr::sphere(centre, 0.2), WallRule{}, "disc"}}, uniform(g, 0, 0, 0, 0));
  ASSERT_TRUE(eb.error().empty()) << eb.error();
  const double area = M_PI * 0.2 * 0.2 * 48 * 48;  // cells inside, about
  EXPECT_NEAR(double(eb.counts().solid), area, 0.05 * area);
  EXPECT_GT(eb.counts().ghost, 0);
  // Solid cells lie within 0.2 of the centre: (i + 1/2)/48 in [0.3, 0.7] for i = 14 .. 33 (the
  // rows next to the centre), 14 cells from either face; the image points fall inside.
  EXPECT_EQ(eb.reach().face_distance, 14);
  EXPECT_EQ(eb.reach().layers_read, 0);
  for (const auto& c : eb.ghost_cells()) {
    const int i = int(c.cell % g.total[0]), j = int(c.cell / g.total[0]);
    const double dx = g.centre(0, i) - 0.5, dy = g.centre(1, j) - 0.5, r = std::hypot(dx, dy);
    EXPECT_LT(0.2 - r, 2.0 * std::sqrt(2.0) / 48) << "ghost cell deeper than a stencil reaches";
    EXPECT_NEAR(c.normal[0], dx / r, 1e-6);
    EXPECT_NEAR(c.normal[1], dy / r, 1e-6);
    EXPECT_EQ(c.normal[2], 0.0);
    EXPECT_EQ(c.ratio, 1.0);  // a disc this well resolved always finds fluid at the mirror image
    double sum = 0;
    for (double w : c.weight) {
      EXPECT_GE(w, 0.0);
      sum += w;
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
  }
}

TEST(EmbeddedBoundary, BodyOutsideTheBlockHasNoSolidCells) {
  const Grid g = grid_2d(16);
  EmbeddedBoundary<double, backend::Host> eb;
  eb.build(g, {Body{geom::Expr::sphere(D{5, 5, 0.5}, 0.3), WallRule{}, "far"}},
           uniform(g, 0, 0, 0, 0));
  EXPECT_EQ(eb.counts().solid, 0);
  EXPECT_EQ(eb.counts().solid_per_body[0], 0);
}

TEST(EmbeddedBoundary, FixedBodyKeepsItsInitialStateInEveryCell) {
  const Grid g = grid_2d(16);
  EmbeddedBoundary<double, backend::Host> eb;
  auto f = uniform(g, 0.4, 0.1, 0, 0);
  eb.build(g, {floor_body(0.5, WallRule{WallKind::Fixed, MagneticWall::Copy})}, f);
  EXPECT_EQ(eb.counts().ghost, 0);
  EXPECT_EQ(eb.counts().fixed, 8 * 16);
  for (int j = 0; j < g.total[1]; ++j)
    for (int i = 0; i < g.total[0]; ++i) f(i, j, 0, density) = -1;
  eb.apply(f);
  for (int j = g.margin[1]; j < g.margin[1] + 8; ++j)
    for (int i = g.margin[0]; i < g.margin[0] + 16; ++i) ASSERT_EQ(f(i, j, 0, density), 1.3);
  // Inside a step only the rows fluid stencils read (6, 7: within two cells of row 8) are
  // restored; the six below wait for the end of the step.
  for (int j = 0; j < g.total[1]; ++j)
    for (int i = 0; i < g.total[0]; ++i) f(i, j, 0, density) = -1;
  eb.apply(f, BodyFill::ReadByFluid);
  for (int j = g.margin[1]; j < g.margin[1] + 8; ++j)
    for (int i = g.margin[0]; i < g.margin[0] + 16; ++i)
      ASSERT_EQ(f(i, j, 0, density), j >= g.margin[1] + 6 ? 1.3 : -1.0) << i << " " << j;
}

// A channel one cell wide (row 8 of 16) between a floor (below y = 1/2 + h/4) and a ceiling
// (above y = 1/2 + 5h/4), walls off the cell faces so that no image lands on a cell centre.
// Every ghost cell mirrors onto the channel except the floor's second row (d_G = 7h/4): its
// image and the images moved further out land in the ceiling. Those cells take the one fluid
// cell within two cells, the channel cell two rows up (index distance 2; the diagonal ones are
// at sqrt 5), mirrored with ratio 1, so flow into the floor gives v_y reversed there too.
TEST(EmbeddedBoundary, GhostCellsBeyondAGapTooNarrowForTheirImageTakeTheNearestFluid) {
  const Grid g = grid_2d(16);
  const double h = 1.0 / 16;
  const Body ceiling{
      geom::Expr::translate(geom::Expr::box(D{10, 10, 10}), D{0.5, 0.5 + 1.25 * h + 10, 0.5}),
      WallRule{}, "ceiling"};
  EmbeddedBoundary<double, backend::Host> eb;
  auto f = uniform(g, 0.5, -2.0, 0.0, 0.0);
  eb.build(g, {floor_body(0.5 + 0.25 * h), ceiling}, f);
  ASSERT_TRUE(eb.error().empty()) << eb.error();
  EXPECT_EQ(eb.counts().solid, 15 * 16);
  EXPECT_EQ(eb.counts().ghost, 4 * 16);  // rows 6, 7 (floor) and 9, 10 (ceiling)
  EXPECT_EQ(eb.counts().nearest_fluid, 16);
  const int channel = g.margin[1] + 8;
  for (const auto& c : eb.ghost_cells()) {
    const int j = int(c.cell / g.total[0]);
    const int i = int(c.cell % g.total[0]);
    ASSERT_TRUE(j >= channel - 2 && j <= channel + 2 && j != channel) << j;
    EXPECT_NEAR(std::abs(c.normal[1]), 1.0, 1e-9);
    if (j != channel - 2) {
      EXPECT_EQ(c.status, ghost_ok) << j;
      continue;
    }
    EXPECT_EQ(c.status, ghost_nearest_fluid);
    EXPECT_EQ(c.ratio, 1.0);
    EXPECT_EQ(c.stencil[0], i + long(g.total[0]) * channel);
    EXPECT_EQ(c.weight[0], 1.0);
  }
  eb.apply(f);
  for (int i = g.margin[0]; i < g.margin[0] + 16; ++i)
    for (int j : {channel - 2, channel - 1, channel + 1, channel + 2}) {
      EXPECT_NEAR(f(i, j, 0, velocity_y), 2.0, 1e-12) << i << " " << j;
      EXPECT_NEAR(f(i, j, 0, velocity_x), 0.5, 1e-12);
      EXPECT_EQ(f(i, j, 0, density), 1.3);
    }
}
