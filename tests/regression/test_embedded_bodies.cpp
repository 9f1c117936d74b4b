// Embedded bodies in whole runs: exact invariants (uniform flow along a grid-aligned wall, a fluid
// at rest around any body), a published correlation (Billig's bow-shock stand-off distance), no
// penetration that falls with resolution, bitwise restart, and the errors for bad bodies.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "../../bench/bow_shock.hpp"
#include "../unit/io/temp_dir.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"

using namespace alfven;
using namespace alfven::mhd;

namespace {

/// A uniform_flow run from YAML `text` (written to a file in `dir`) plus overrides.
RunConfig config_from(const alfven_test::TempDir& dir, const std::string& text,
                      std::vector<std::string> overrides = {}) {
  const std::string path = dir.file("body.yaml");
  std::ofstream(path) << text;
  RunOptions o;
  o.config = path;
  o.overrides = std::move(overrides);
  return resolve_config(o);
}

const char* const base_2d = R"(problem: uniform_flow
grid: {i_size: 32, j_size: 32, k_size: 1, x_min: 0, x_max: 1, y_min: 0, y_max: 1}
domain: {periodic: {x: true, y: false, z: true}}
time: {tend: 1, dt_output: 1}
eos: {gm: 1.4}
)";

/// Bilinear interpolation of variable v at (x, y) on a 2D block (ghost cells included).
double interpolate(const Fields<double, backend::Host>& q, const Grid& g, int v, double x,
                   double y) {
  const double u = (x - g.lo[0]) / g.d[0] - 0.5 + g.margin[0];
  const double w = (y - g.lo[1]) / g.d[1] - 0.5 + g.margin[1];
  const int i = int(std::floor(u)), j = int(std::floor(w));
  const double tu = u - i, tw = w - j;
  return (1 - tu) * (1 - tw) * q(i, j, 0, v) + tu * (1 - tw) * q(i + 1, j, 0, v) +
         (1 - tu) * tw * q(i, j + 1, 0, v) + tu * tw * q(i + 1, j + 1, 0, v);
}

/// Half a cylinder of radius 0.25 at the origin in a flow along x (symmetric about y = 0): `n`
/// cells per unit length on [-0.8, 0.4] x [0, 0.8], Mach number `mach` (sound speed 1). The
/// domain ends shortly behind the cylinder: past its shoulders the flow is supersonic, so what
/// the outflow faces do to the wake does not reach the front.
RunConfig cylinder(const alfven_test::TempDir& dir, int n, double mach) {
  const std::string text = std::string(R"(problem: uniform_flow
grid: {k_size: 1, x_min: -0.8, x_max: 0.4, y_min: 0, y_max: 0.8}
domain: {periodic: {x: false, y: false, z: true}}
boundary: {x_lower: fixed, y_lower: reflecting}
bodies:
  - geometry: {sphere: {center: [0, 0, 0.5], radius: 0.25}}
time: {tend: 10, dt_output: 10}
mhd: {cfl_number: 0.4, floors: {density: 1.0e-3, pressure: 1.0e-3}}
eos: {gm: 1.4}
)");
  return config_from(
      dir, text,
      {"grid.i_size=" + std::to_string(6 * n / 5), "grid.j_size=" + std::to_string(4 * n / 5),
       "problem_parameters.velocity_x=" + std::to_string(mach)});
}

}  // namespace

// Flow along a wall on the cell faces at y = 1/4: the wall's normal velocity is exactly 0, the
// image states are the fluid's, so every derivative vanishes and the flow stays exactly uniform.
// (The values are chosen so that the scheme's own sums are exact: rho = 1, p = 1/2, v = 3/4. With
// values such as p = 1/gamma, -f + 8f - 8f + f rounds to ~1e-16 f in any run, body or not.)
TEST(EmbeddedBodies, UniformFlowAlongAGridAlignedWallStaysExactlyUniform) {
  alfven_test::TempDir dir;
  const RunConfig cfg = config_from(dir, std::string(base_2d) + R"(
problem_parameters: {velocity_x: 0.75, pressure: 0.5}
bodies:
  - geometry: {translate: {by: [0.5, 0.0, 0.5], shape: {box: {half: [10, 0.25, 10]}}}}
)");
  Simulation<double> sim(cfg, "host");
  sim.run_until(1e9, 20);
  Fields<double, backend::Host> q(sim.grid());
  sim.copy_state_to(q);
  const Grid& g = sim.grid();
  const double e = 0.5 / ((1.4 - 1.0) * 1.0);  // as the problem computes it
  for (int j = g.margin[1] + 8; j < g.margin[1] + g.n[1]; ++j)
    for (int i = g.margin[0]; i < g.margin[0] + g.n[0]; ++i) {
      ASSERT_EQ(q(i, j, 0, density), 1.0) << i << " " << j;
      ASSERT_EQ(q(i, j, 0, velocity_x), 0.75);
      ASSERT_EQ(q(i, j, 0, velocity_y), 0.0);
      ASSERT_EQ(q(i, j, 0, internal_energy), e);
    }
  EXPECT_EQ(sim.solid_cells(), 8 * 32);
}

// A fluid at rest (uniform density and pressure, no field) around a sphere, a CSG difference (a box
// hollowed by a sphere that opens it at x = 1.2, its walls 2 cells thick) and a triangle mesh:
// ghost states equal the fluid state exactly, so nothing ever moves.
TEST(EmbeddedBodies, FluidAtRestStaysAtRestAroundAnyBody) {
  alfven_test::TempDir dir;
  const std::string mesh = std::string(ALFVEN_SOURCE_DIR) + "/tests/data/meshes/dodecahedron.ply";
  const std::string bodies[] = {"{sphere: {center: [0.1, -0.2, 0.05], radius: 0.9}}",
                                "{difference: [{box: {half: [1.2, 1.2, 1.2]}}, {sphere: {center: "
                                "[0.8, 0, 0], radius: 0.7}}]}",
                                "{mesh: {file: " + mesh + "}}"};
  for (const std::string& body : bodies) {
    SCOPED_TRACE(body);
    const RunConfig cfg = config_from(dir, R"(problem: uniform_flow
problem_parameters: {pressure: 0.5}
grid: {i_size: 16, j_size: 16, k_size: 16, x_min: -2, x_max: 2, y_min: -2, y_max: 2, z_min: -2, z_max: 2}
time: {tend: 1, dt_output: 1}
bodies:
  - geometry: )" + body + "\n");
    Simulation<double> sim(cfg, "host");
    sim.run_until(1e9, 50);
    ASSERT_EQ(sim.steps(), 50);
    EXPECT_GT(sim.solid_cells(), 0);
    Fields<double, backend::Host> q(sim.grid());
    sim.copy_state_to(q);
    const auto& a = q.array();
    const long cells = sim.grid().total_cells();
    for (long c = 0; c < cells; ++c) {
      ASSERT_EQ(a[c + density * cells], 1.0);
      for (int v : {velocity_x, velocity_y, velocity_z, magnetic_field_x, psi})
        ASSERT_EQ(a[c + v * cells], 0.0);
    }
  }
}

// A gas at rest in a 3D box open on every face (outflow), around a sphere and a triangle mesh,
// run through the whole driver (bodies, snapshots, images, log) in double and in float with the
// default pressure p = 1/gamma: every derivative of a uniform state vanishes exactly (the fourth-
// order difference takes differences first; flux.hpp), so the gas stays at rest bit for bit, and
// the run ends with its summary (issue 42 reported a run of this kind that died with bad_alloc,
// and one that never returned after its last step; neither was reproduced, on the host or an
// H100).
TEST(EmbeddedBodies, GasAtRestInAnOpenBoxStaysExactlyAtRestInBothPrecisions) {
  alfven_test::TempDir dir;
  const std::string mesh = std::string(ALFVEN_SOURCE_DIR) + "/tests/data/meshes/dodecahedron.ply";
  const std::string config = dir.file("rest.yaml");
  std::ofstream(config) << R"(problem: uniform_flow
grid: {i_size: 24, j_size: 8, k_size: 12, x_min: -9, x_max: 9, y_min: -3, y_max: 3, z_min: -4, z_max: 4}
domain: {periodic: {x: false, y: false, z: false}}
bodies:
  - geometry: {sphere: {center: [-4, 0, 0], radius: 1.5}}
  - geometry: {translate: {by: [4, 0, 0], shape: {scale: {factor: 2, shape: {mesh: {file: )" +
                               mesh + R"(}}}}}}
time: {tend: 100, dt_output: 1, max_steps: 20}
eos: {gm: 1.4}
)";
  for (const char* precision : {"double", "float"}) {
    SCOPED_TRACE(precision);
    RunOptions o;
    o.config = config;
    o.overrides = {std::string("precision=") + precision};
    o.output_dir = dir.file(std::string("rest_") + precision);
    o.quiet = true;
    std::ostringstream out;
    const RunSummary summary = run(o, out);
    EXPECT_EQ(summary.steps, 20);
    ASSERT_GE(summary.snapshots, 2);
    char name[32];
    std::snprintf(name, sizeof name, "/snapshot_%04d.h5", summary.snapshots - 1);
    const io::Snapshot last = io::read_snapshot(o.output_dir + name);
    EXPECT_EQ(last.meta.step, 20);
    const double e = (1 / 1.4) / (1.4 - 1);  // p / ((gamma - 1) rho)
    for (const char* v : {"velocity_x", "velocity_y", "velocity_z"})
      for (double x : last.values_as_double.at(v)) ASSERT_EQ(x, 0.0) << v;
    const std::vector<double>& distance = last.values_as_double.at("signed_distance");
    const std::vector<double>& rho = last.values_as_double.at("density");
    const std::vector<double>& energy = last.values_as_double.at("internal_energy");
    long solid = 0;
    for (std::size_t c = 0; c < rho.size(); ++c) {
      solid += distance[c] < 0;
      ASSERT_EQ(rho[c], 1.0);
      ASSERT_EQ(energy[c], energy[0]);
    }
    EXPECT_GT(solid, 20);
    EXPECT_NEAR(energy[0], e, 1e-6 * e);
  }
}

// Mach 3 flow (gamma = 1.4) past a cylinder: the bow shock stands off the body by
// Delta / R = 0.386 exp(4.67 / M^2) = 0.6485 (Billig 1967, J. Spacecraft Rockets 4, 822).
// Measured on the stagnation line, the shock being where the density crosses the mean of the
// free stream and the normal-shock density (3.857). At R = 16 cells and t = 2.5 (the stand-off
// has settled to within a cell) we measure 0.730 (12.5 % above Billig); at R = 32 cells, t = 4,
// 0.719 (+10.9 %; docs/embedded-boundaries.md). The test asks for 15 %, the issue's bound.
TEST(EmbeddedBodies, BowShockStandOffOfAMach3CylinderFollowsBillig) {
  alfven_test::TempDir dir;
  Simulation<double> sim(cylinder(dir, 64, 3.0), "host");
  sim.run_until(2.5);
  Fields<double, backend::Host> q(sim.grid());
  sim.copy_state_to(q);
  const double shock = bench::shock_position(q, sim.grid(), 1.0, 3.0, 1.4, 0.0, 0.5);
  const double billig = bench::billig_standoff(3.0, false);
  const double standoff = (-0.25 - shock) / 0.25;
  std::printf("bow shock stand-off %.4f R, Billig %.4f R (%+.1f %%)\n", standoff, billig,
              100 * (standoff / billig - 1));
  EXPECT_NEAR(standoff / billig, 1.0, 0.15) << "stand-off " << standoff << " R, Billig " << billig;
}

// No penetration: the normal velocity interpolated on the front half of the cylinder (Mach 0.5)
// is a small fraction of the free stream and falls when the grid is refined.
TEST(EmbeddedBodies, NormalVelocityAtTheSurfaceIsSmallAndFallsWithResolution) {
  alfven_test::TempDir dir;
  double worst[2];
  for (int r = 0; r < 2; ++r) {
    Simulation<double> sim(cylinder(dir, r == 0 ? 20 : 40, 0.5), "host");
    sim.run_until(0.6);
    Fields<double, backend::Host> q(sim.grid());
    sim.copy_state_to(q);
    worst[r] = 0;
    for (int a = 0; a <= 80; a += 5) {
      const double th = M_PI - a * M_PI / 180, nx = std::cos(th), ny = std::sin(th);
      const double x = 0.25 * nx, y = 0.25 * ny;
      const double vn = interpolate(q, sim.grid(), velocity_x, x, y) * nx +
                        interpolate(q, sim.grid(), velocity_y, x, y) * ny;
      worst[r] = std::max(worst[r], std::fabs(vn) / 0.5);
    }
  }
  EXPECT_LT(worst[0], 0.1);
  EXPECT_LT(worst[1], worst[0]);
}

// A body across a periodic face is whole: on a domain periodic in x and y, a cylinder of radius
// 0.15 centred on the face x = 0 has as many solid cells as the same cylinder at x = 0.5, and the
// flow past it is the flow past the centred one shifted by half the domain (a translation
// symmetry of the periodic problem), to rounding. Before the bodies were classified by their
// nearest periodic image the cylinder at x = 0 was half a cylinder, and fluid leaving at x = 1
// entered its unmasked half.
TEST(EmbeddedBodies, ABodyAcrossAPeriodicFaceIsWhole) {
  alfven_test::TempDir dir;
  const auto run = [&](double centre_x) {
    const RunConfig cfg = config_from(dir, R"(problem: uniform_flow
problem_parameters: {velocity_x: 0.5, magnetic_field_y: 0.2}
grid: {i_size: 40, j_size: 40, k_size: 1, x_min: 0, x_max: 1, y_min: 0, y_max: 1}
time: {tend: 1, dt_output: 1}
eos: {gm: 1.4}
bodies:
  - geometry: {sphere: {center: [)" + std::to_string(centre_x) +
                                               R"(, 0.5, 0.5], radius: 0.15}}
)");
    auto sim = std::make_unique<Simulation<double>>(cfg, "host");
    sim->run_until(1e9, 40);
    return sim;
  };
  const auto centred = run(0.5), across = run(0.0);
  EXPECT_GT(centred->solid_cells(), 100);  // pi 0.15^2 40^2 = 113
  EXPECT_EQ(across->solid_cells(), centred->solid_cells());
  EXPECT_EQ(across->steps(), 40);
  EXPECT_NEAR(across->time(), centred->time(), 1e-12 * centred->time());
  const Grid& g = centred->grid();
  Fields<double, backend::Host> a(g), b(g);
  centred->copy_state_to(a);
  across->copy_state_to(b);
  const int m0 = g.margin[0], m1 = g.margin[1], half = g.n[0] / 2;
  double worst = 0;
  for (int v = 0; v < num_vars; ++v)
    for (int j = 0; j < g.n[1]; ++j)
      for (int i = 0; i < g.n[0]; ++i) {
        const double x = a(m0 + i, m1 + j, 0, v), y = b(m0 + (i + half) % g.n[0], m1 + j, 0, v);
        worst = std::max(worst, std::abs(x - y));
      }
  EXPECT_LT(worst, 1e-9);
  const Totals ta = centred->totals(), tb = across->totals();
  EXPECT_NEAR(tb.mass, ta.mass, 1e-12 * ta.mass);
}

// A plate across a closed channel (reflecting walls at x = 0 and 1) splits it into two chambers;
// gas moving at v_x = 0.5 piles up on one side of it and leaves the other. At 64 cells a plate
// 1.4 cells thick (shifted 0.3 cells off the centres) is one solid column: the fluid stencil on
// either side reads the other side's fluid through it, and the left chamber gained 3.8 % of its
// mass in t = 1 (the wall acted as a source). Such a part is refused, naming where it is and the
// cell size that gives it two cells. At 128 cells the same plate is 2.8 cells thick: it runs, its
// cells are counted as read from both sides, and each chamber keeps its mass to 1 % (what the
// ghost-cell wall, which is not conservative, leaves; 0.3-0.7 % measured).
TEST(EmbeddedBodies, APartOneCellThickIsRefusedAndTwoCellsHoldTheFlow) {
  alfven_test::TempDir dir;
  const auto plate = [&](int n) {
    const double d = 1.0 / 64;
    return config_from(dir,
                       R"(problem: uniform_flow
problem_parameters: {velocity_x: 0.5}
grid: {j_size: 8, k_size: 1, x_min: 0, x_max: 1, y_min: 0, y_max: 0.125}
domain: {periodic: {x: false, y: true, z: true}}
boundary: {x_lower: reflecting, x_upper: reflecting}
bodies:
  - geometry: {translate: {by: [)" +
                           std::to_string(0.5 + 0.3 * d) + R"(, 0, 0.5], shape: {box: {half: [)" +
                           std::to_string(0.7 * d) + R"(, 10, 10]}}}}
time: {tend: 1, dt_output: 1}
eos: {gm: 1.4}
)",
                       {"grid.i_size=" + std::to_string(n)});
  };
  try {
    Simulation<double> thin(plate(64), "host");
    FAIL() << "a plate one cell thick was accepted";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("bodies[0]: a part about 0.02"), std::string::npos) << m;  // 1.4 / 64
    EXPECT_NE(m.find("thick along x at (0.5"), std::string::npos) << m;
    EXPECT_NE(m.find("one cell thick"), std::string::npos) << m;
    EXPECT_NE(m.find("a cell size of at most 0.01"), std::string::npos) << m;  // 0.7 / 64
  }
  Simulation<double> sim(plate(128), "host");
  EXPECT_EQ(sim.solid_cells(), 3 * 8);       // 2.8 cells: three columns of centres inside
  EXPECT_EQ(sim.body_two_sided_cells(), 8);  // the middle column: fluid 2 cells away both sides
  const Grid& g = sim.grid();
  const auto chambers = [&](double out[2]) {
    Fields<double, backend::Host> q(g);
    sim.copy_state_to(q);
    out[0] = out[1] = 0;
    for (int j = g.margin[1]; j < g.margin[1] + g.n[1]; ++j)
      for (int i = g.margin[0]; i < g.margin[0] + g.n[0]; ++i) {
        const double x = g.centre(0, i), centre = 0.5 + 0.3 / 64, half = 0.7 / 64;
        if (std::abs(x - centre) < half) continue;  // the plate's cells
        out[x < centre ? 0 : 1] += q(i, j, 0, density);
      }
  };
  double before[2], after[2];
  chambers(before);
  sim.run_until(1.0);
  chambers(after);
  EXPECT_NEAR(after[0] / before[0], 1.0, 0.01);
  EXPECT_NEAR(after[1] / before[1], 1.0, 0.01);
}

// A restart from a state with only the interior (as a snapshot holds it) continues bit for bit:
// the bodies' cells and every ghost cell are rebuilt from the interior and the tables.
TEST(EmbeddedBodies, RestartIsBitwise) {
  alfven_test::TempDir dir;
  const RunConfig cfg = cylinder(dir, 24, 3.0);
  Simulation<double> straight(cfg, "host"), first(cfg, "host");
  straight.run_until(1e9, 40);
  first.run_until(1e9, 20);
  const Grid& g = first.grid();
  Fields<double, backend::Host> saved(g);
  first.copy_state_to(saved);
  for (int v = 0; v < num_vars; ++v)  // keep only the interior
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i)
        if (i < g.margin[0] || i >= g.margin[0] + g.n[0] || j < g.margin[1] ||
            j >= g.margin[1] + g.n[1])
          saved(i, j, 0, v) = -1e300;
  Simulation<double> resumed(cfg, "host");
  resumed.restore(saved, first.time(), first.steps());
  resumed.run_until(1e9, 40);
  Fields<double, backend::Host> a(g), b(g);
  straight.copy_state_to(a);
  resumed.copy_state_to(b);
  EXPECT_EQ(resumed.time(), straight.time());
  // The interior and the ghost layers the run keeps current (grid.halo_depth; the layers beyond
  // keep what each run started with).
  for (int v = 0; v < num_vars; ++v)
    for (int j = g.margin[1] - g.halo_depth[1]; j < g.margin[1] + g.n[1] + g.halo_depth[1]; ++j)
      for (int i = g.margin[0] - g.halo_depth[0]; i < g.margin[0] + g.n[0] + g.halo_depth[0]; ++i)
        ASSERT_EQ(a(i, j, 0, v), b(i, j, 0, v)) << i << " " << j << " var " << v;
  EXPECT_LT(g.halo_depth[0], g.margin[0]);  // the cylinder's stencils stay near the interior
}

// Stokes' first problem: gas moving at U along a no-slip wall at rest (a body filling y < 0, its
// surface on the cell faces) with viscosity nu. The exact solution is
// v_x(y, t) = U erf(y / (2 sqrt(nu t))) (Landau & Lifshitz, Fluid Mechanics, section 24, problem 3;
// the flow is along the wall, so the gas is not compressed). With the surface on the cell faces
// the ghost cells mirror the fluid cells (ratio 1), the wall rule v_G = -v_I is second order, and
// at 128 cells per unit (the layer 2 sqrt(nu t) = 0.14 spans 18 cells) the profile is within 1 %
// of U of the exact one everywhere; a slip wall leaves the gas moving at U.
TEST(EmbeddedBodies, NoSlipWallGrowsStokesBoundaryLayer) {
  alfven_test::TempDir dir;
  const double nu = 0.01, u = 0.1;
  for (const char* wall : {"no_slip", "slip"}) {
    SCOPED_TRACE(wall);
    const RunConfig cfg = config_from(dir, std::string(R"(problem: uniform_flow
problem_parameters: {velocity_x: 0.1}
grid: {i_size: 4, j_size: 144, k_size: 1, x_min: 0, x_max: 0.03125, y_min: -0.125, y_max: 1}
domain: {periodic: {x: true, y: false, z: true}}
time: {tend: 0.5, dt_output: 0.5, exact_times: true}
mhd: {artificial_viscosity: {cs_fac: 0, ca_fac: 0, vv_fac: 0}}
viscosity: {nu: 0.01}
bodies:
  - geometry: {translate: {by: [0, -0.5, 0.5], shape: {box: {half: [10, 0.5, 10]}}}}
    wall: )") + wall + "\n");
    Simulation<double> sim(cfg, "host");
    sim.run_until(cfg.tend);
    ASSERT_EQ(sim.time(), 0.5);
    Fields<double, backend::Host> q(sim.grid());
    sim.copy_state_to(q);
    const Grid& g = sim.grid();
    double worst = 0;
    for (int j = g.margin[1]; j < g.margin[1] + g.n[1]; ++j) {
      const double y = g.centre(1, j);
      if (y < 0) continue;
      const double exact =
          std::string(wall) == "slip" ? u : u * std::erf(y / (2 * std::sqrt(nu * sim.time())));
      for (int i = g.margin[0]; i < g.margin[0] + g.n[0]; ++i)
        worst = std::max(worst, std::fabs(q(i, j, 0, velocity_x) - exact));
    }
    std::printf("Stokes layer, %s wall: max |v_x - exact| = %.2e U\n", wall, worst / u);
    EXPECT_LT(worst, 0.01 * u);
  }
}

// Bad bodies are refused before the run starts, with what to change.
TEST(EmbeddedBodies, BadBodiesAreRefusedWithAClearMessage) {
  alfven_test::TempDir dir;
  auto message = [&](const std::string& bodies) {
    try {
      Simulation<double> sim(config_from(dir, std::string(base_2d) + bodies), "host");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("bodies: [{geometry: {sphere: {center: [5, 5, 0.5], radius: 0.5}}}]")
                .find("bodies[0] has no cell centre inside the domain"),
            std::string::npos);
  EXPECT_NE(message("bodies: [{geometry: {sphere: {center: [0.5, 0.5, 0.5], radius: 5}}}]")
                .find("the bodies cover every cell of the domain"),
            std::string::npos);
  const std::string wall = message(
      "bodies: [{geometry: {sphere: {center: [0.5, 0.5, 0.5], radius: 0.1}}, wall: slide}]");
  EXPECT_NE(wall.find("body.yaml:6: bodies[0].wall: expected one of slip, no_slip, fixed, got "
                      "\"slide\"; did you mean `slip`?"),
            std::string::npos)
      << wall;
  const std::string no_slip = message(
      "bodies: [{geometry: {sphere: {center: [0.5, 0.5, 0.5], radius: 0.1}}, wall: no_slip}]");
  EXPECT_NE(no_slip.find("no_slip needs a physical viscosity"), std::string::npos) << no_slip;
  const std::string mesh = message("bodies: [{geometry: {mesh: {file: no_such_mesh.stl}}}]");
  EXPECT_NE(mesh.find("body.yaml:6"), std::string::npos) << mesh;
  EXPECT_NE(mesh.find("no_such_mesh.stl"), std::string::npos) << mesh;
  EXPECT_NE(
      message("bodies: [{geometry: {sphere: {center: [0.5, 0.5, 0.5], radius: 0.1}}, colour: red}]")
          .find("bodies[0].colour: unknown key"),
      std::string::npos);
}
