// The refreshes of a run with embedded bodies (Solver::set_body_reach): the ghost layers are
// refreshed only as deep as the bodies' image stencils read, and the viscosity's passes skip the
// full refresh when those read no ghost layer. Checked against the refresh of every margin layer
// after every update, which the solver did before: the same bits in every interior cell.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "alfven/geom/tape.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/solver.hpp"

using namespace alfven;
using namespace alfven::mhd;
using D = geom::Vec3<double>;

namespace {

Grid box_grid(int nx, int ny, int nz) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  return make_grid(nx, ny, nz, lo, hi, embedded_image_reach);
}

SchemeParameters scheme(const BoundaryConditions& bc = BoundaryConditions::all_periodic()) {
  SchemeParameters p;
  p.gamma = 5.0 / 3.0;
  p.cfl_number = 0.8;
  p.cs_fac = p.ca_fac = p.vv_fac = 0.8;
  p.boundaries = bc;
  return p;
}

/// A subsonic flow along x with a density blob, a transverse wave and a magnetic field (sound
/// speed 1.4, flow speed 0.6): smooth, but every variable varies near the bodies.
Fields<double, backend::Host> flow(const Grid& g) {
  Fields<double, backend::Host> f(g);
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i) {
        const double x = g.centre(0, i), y = g.centre(1, j), z = g.centre(2, k);
        const double r2 = (x - 0.3) * (x - 0.3) + (y - 0.6) * (y - 0.6) + (z - 0.5) * (z - 0.5);
        const double values[num_vars] = {1.0 + 0.3 * std::exp(-40 * r2),
                                         0.6,
                                         0.05 * std::sin(2 * M_PI * x),
                                         0.03 * std::cos(2 * M_PI * y),
                                         0.1,
                                         0.05,
                                         0.02,
                                         1.8,
                                         0.0};
        for (int v = 0; v < num_vars; ++v) f(i, j, k, v) = values[v];
      }
  return f;
}

/// Interior cells of `a` and `b` that differ in some variable (bitwise, so a NaN in both
/// counts as the same), plus every interior cell of `a` that is not finite.
long differing_cells(const Fields<double, backend::Host>& a, const Fields<double, backend::Host>& b,
                     const Grid& g) {
  long n = 0;
  const Range3D in = g.interior();
  for (int k = in.begin[2]; k < in.end[2]; ++k)
    for (int j = in.begin[1]; j < in.end[1]; ++j)
      for (int i = in.begin[0]; i < in.end[0]; ++i)
        for (int v = 0; v < num_vars; ++v)
          if (std::memcmp(&a(i, j, k, v), &b(i, j, k, v), sizeof(double)) != 0 ||
              !std::isfinite(a(i, j, k, v))) {
            ++n;
            break;
          }
  return n;
}

/// Runs `steps` steps with the refreshes set_bodies chooses and with every margin layer
/// refreshed after every update (the bodies' cells reaching every face); returns the reach the
/// first chose and the number of interior cells whose values differ between the two.
long compare_refreshes(const Grid& g, const SchemeParameters& p, const std::vector<Body>& bodies,
                       const Fields<double, backend::Host>& init, int steps, BodyReach& reach) {
  Solver<double, backend::Host> reduced(g, p), full(g, p);
  reduced.set_fixed_boundaries(init);
  full.set_fixed_boundaries(init);
  reduced.set_bodies(bodies, init);
  full.set_bodies(bodies, init);
  reach = reduced.bodies().reach();
  full.set_body_reach({g.margin[0], 0});  // every layer, a full refresh after every pass
  EXPECT_EQ(reduced.grid().halo_depth[0], std::max(2, reach.layers_read));
  EXPECT_EQ(full.grid().halo_depth[0], g.margin[0]);
  reduced.set_state(init);
  full.set_state(init);
  for (int s = 0; s < steps; ++s) {
    const double dt = full.compute_time_step().dt;
    EXPECT_EQ(reduced.compute_time_step().dt, dt) << "step " << s;
    reduced.advance(dt);
    full.advance(dt);
  }
  Fields<double, backend::Host> a(g), b(g);
  a.copy_from(reduced.state());
  b.copy_from(full.state());
  return differing_cells(a, b, g);
}

}  // namespace

// A sphere in the middle of a periodic box: its image stencils stay among interior cells, so only
// the scheme's two ghost layers are refreshed and the viscosity's passes refresh one axis each.
TEST(BodyRefresh, SphereInsideTheBlockRefreshesTwoLayersWithTheSameBits) {
  const Grid g = box_grid(24, 24, 24);
  const std::vector<Body> bodies = {
      Body{geom::Expr::sphere(D{0.5, 0.5, 0.5}, 0.2), WallRule{}, "sphere"}};
  BodyReach reach;
  EXPECT_EQ(compare_refreshes(g, scheme(), bodies, flow(g), 6, reach), 0);
  EXPECT_EQ(reach.layers_read, 0);
  // Solid cells span x in [0.3022, 0.6978] (the cells next to the axis through the centre,
  // (i + 1/2)/24 within sqrt(0.2^2 - 2 (1/48)^2) of 0.5): i = 8 .. 16, 7 cells from the upper face.
  EXPECT_EQ(reach.face_distance, 7);
}

// A sphere across the lower x face of a periodic box: its cells reach the face and the image
// points of those near it fall beyond the face, in ghost layers that hold fluid, so those layers
// are refreshed as deep as they are read and again after the bodies' cells.
TEST(BodyRefresh, SphereAcrossPeriodicFacesRefreshesWhatItsStencilsReadWithTheSameBits) {
  const Grid g = box_grid(24, 24, 24);
  const std::vector<Body> bodies = {
      Body{geom::Expr::sphere(D{0.12, 0.5, 0.5}, 0.2), WallRule{}, "sphere"}};
  BodyReach reach;
  EXPECT_EQ(compare_refreshes(g, scheme(), bodies, flow(g), 6, reach), 0);
  EXPECT_GT(reach.layers_read, 2);  // deeper than the scheme's two layers (3 here)
  EXPECT_LE(reach.layers_read, embedded_image_reach);
  EXPECT_EQ(reach.face_distance, 0);
}

// A 2D flow past a disc between a fixed inflow face and an outflow face, with reflecting walls:
// the fixed face's stored slab (all margin layers) is read at the refreshed depth only.
TEST(BodyRefresh, FixedInflowFaceWithTwoLayersGivesTheSameBits) {
  const Grid g = box_grid(32, 32, 1);
  BoundaryConditions bc = BoundaryConditions::all_periodic();
  bc.set_face(0, bc_fixed);
  bc.set_face(1, bc_outflow);
  bc.set_reflecting(2);
  bc.set_reflecting(3);
  const std::vector<Body> bodies = {
      Body{geom::Expr::sphere(D{0.55, 0.5, 0.5}, 0.15), WallRule{}, "disc"}};
  BodyReach reach;
  EXPECT_EQ(compare_refreshes(g, scheme(bc), bodies, flow(g), 10, reach), 0);
  EXPECT_EQ(reach.layers_read, 0);
}
