// A body with a cavity (issue 42, item 4): a hollow shell read from an STL file (a sphere of
// radius 1 facing out around one of radius 0.5 facing into the cavity) in a gas at rest. The
// cavity, the shell and the outside must come out fluid, solid and fluid (the signed distance of
// every cell centre against the spheres' exact distances), and the gas must stay exactly at rest
// inside and outside the shell. Before components were oriented by nesting, cleaning turned the
// inner sphere outward and the cavity became solid.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "../unit/geom/shell_mesh.hpp"
#include "../unit/io/temp_dir.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"

using namespace alfven;
using namespace alfven::mhd;

TEST(EmbeddedCavities, GasAtRestInAndAroundAHollowShellStaysAtRest) {
  alfven_test::TempDir dir;
  const geom::TriangleMesh shell = alfven_test::hollow_shell(1.0, 0.5, 3);
  const double chord = std::max(geom::icosphere_chord_error(geom::make_icosphere(1.0, 3), 1.0),
                                geom::icosphere_chord_error(geom::make_icosphere(0.5, 3), 0.5));
  geom::write_mesh(shell, dir.file("shell.stl"), geom::MeshEncoding::binary_little_endian);
  const std::string path = dir.file("run.yaml");
  std::ofstream(path) << R"(problem: uniform_flow
problem_parameters: {pressure: 0.5}
grid: {i_size: 24, j_size: 24, k_size: 24, x_min: -1.5, x_max: 1.5, y_min: -1.5, y_max: 1.5, z_min: -1.5, z_max: 1.5}
time: {tend: 1, dt_output: 1}
bodies: [{geometry: {mesh: {file: shell.stl}}}]
)";
  RunOptions o;
  o.config = path;
  Simulation<double> sim(resolve_config(o), "host");

  // Cell centres (-1.5 + (i + 1/2) h): fluid in the cavity and outside, solid in the shell.
  const std::vector<double> phi = sim.gather_signed_distance();
  const int n = 24;
  const double h = 3.0 / n;
  ASSERT_EQ(phi.size(), std::size_t(n * n * n));
  long cavity = 0, solid = 0, wrong = 0;
  std::string first_wrong;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        const double x = -1.5 + (i + 0.5) * h, y = -1.5 + (j + 0.5) * h, z = -1.5 + (k + 0.5) * h;
        const double r = std::sqrt(x * x + y * y + z * z);
        // The exact signed distance of the shell 0.5 < r < 1; the faceted spheres lie within
        // `chord` inside the true ones (float coordinates of the STL: 1e-6 more).
        const double exact = r < 0.75 ? 0.5 - r : r - 1.0;
        const double got = phi[std::size_t(i + n * (j + n * k))];
        if (!(std::fabs(got - exact) <= chord + 1e-6) && wrong++ == 0)
          first_wrong = "cell " + std::to_string(i) + " " + std::to_string(j) + " " +
                        std::to_string(k) + " at r = " + std::to_string(r) + ": " +
                        std::to_string(got) + ", exact " + std::to_string(exact);
        if (r < 0.5 - chord - 1e-6) ++cavity;
        if (got < 0) ++solid;
      }
  EXPECT_EQ(wrong, 0) << "first: " << first_wrong;
  EXPECT_GT(cavity, 100);  // the cells well inside the cavity: 208 with r < 0.47 at h = 1/8
  EXPECT_EQ(sim.solid_cells(), solid);

  sim.run_until(1e9, 20);
  ASSERT_EQ(sim.steps(), 20);
  Fields<double, backend::Host> q(sim.grid());
  sim.copy_state_to(q);
  const auto& a = q.array();
  const long cells = sim.grid().total_cells();
  for (long c = 0; c < cells; ++c) {
    ASSERT_EQ(a[c + density * cells], 1.0) << "cell " << c;
    for (int v : {velocity_x, velocity_y, velocity_z, magnetic_field_x, psi})
      ASSERT_EQ(a[c + v * cells], 0.0) << "cell " << c << " variable " << v;
  }
}

// A shell whose inner sphere faces outward, used as given (`clean: false`, `sign: pseudonormal`):
// the signed distance jumps from -0.25 to +0.25 halfway through the shell, and ghost cells there
// project onto the outer sphere, beyond the block. The error names the jump and the mesh check
// instead of only "raise grid.margin" (a 2D cut through the centre, domain edges at 0.95).
TEST(EmbeddedCavities, AShellFacingTheWrongWayIsNamedWhenAnImagePointFails) {
  alfven_test::TempDir dir;
  const std::string mesh = dir.file("outward_cavity.stl");
  geom::write_mesh(alfven_test::nested_spheres({{1.0, false}, {0.5, false}}), mesh,
                   geom::MeshEncoding::binary_little_endian);
  const std::string path = dir.file("run.yaml");
  std::ofstream(path) << R"(problem: uniform_flow
problem_parameters: {pressure: 0.5}
grid: {i_size: 38, j_size: 38, k_size: 1, x_min: -0.95, x_max: 0.95, y_min: -0.95, y_max: 0.95, z_min: -0.5, z_max: 0.5}
domain: {periodic: {x: false, y: false, z: true}}
time: {tend: 1, dt_output: 1}
bodies: [{geometry: {mesh: {file: outward_cavity.stl, clean: false, sign: pseudonormal}}}]
)";
  RunOptions o;
  o.config = path;
  std::string message = "no error";
  try {
    Simulation<double> sim(resolve_config(o), "host");
  } catch (const Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("bodies[0]: the solid cell at"), std::string::npos) << message;
  EXPECT_NE(message.find("the signed distance jumps from -0.2"), std::string::npos) << message;
  EXPECT_NE(message.find("a surface there faces the wrong way"), std::string::npos) << message;
  EXPECT_NE(message.find("`alfven mesh check " + mesh + "`"), std::string::npos) << message;
  EXPECT_EQ(message.find("raise grid.margin"), std::string::npos) << message;
}
