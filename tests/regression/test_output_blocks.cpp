// Output blocks (`outputs:`) against the full snapshot of the same step: a slice is the plane
// of cells of the full snapshot that contains its coordinate, a box the cells whose centres lie
// in it, and every derived variable equals its formula (docs/configuration.md, "outputs")
// evaluated here, independently of the code that wrote it, on the full snapshot's fields.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "alfven/io/snapshot.hpp"
#include "run_test_support.hpp"

namespace {

using alfven_test::fresh_dir;
using alfven_test::read_index;
using alfven_test::run_into;
namespace io = alfven::io;

constexpr double kPi = 3.14159265358979323846;

/// Value of `name` at cell (i, j, k) of a whole-grid snapshot, periodic in every axis.
struct Periodic {
  const io::Snapshot& s;
  double operator()(const std::string& name, int i, int j, int k) const {
    const int* n = s.grid.n;
    i = (i % n[0] + n[0]) % n[0];
    j = (j % n[1] + n[1]) % n[1];
    k = (k % n[2] + n[2]) % n[2];
    return s.values_as_double.at(name)[std::size_t(i + n[0] * (j + n[1] * k))];
  }
  /// d(name)/d(axis), fourth-order centred (-f(+2) + 8 f(+1) - 8 f(-1) + f(-2)) / (12 dx);
  /// 0 along an axis of one cell.
  double d(const std::string& name, int axis, int i, int j, int k) const {
    if (s.grid.n[axis] == 1) return 0;
    auto at = [&](int o) {
      return (*this)(name, i + (axis == 0 ? o : 0), j + (axis == 1 ? o : 0),
                     k + (axis == 2 ? o : 0));
    };
    const double dx = (s.grid.hi[axis] - s.grid.lo[axis]) / s.grid.n[axis];
    return (-at(2) + 8 * at(1) - 8 * at(-1) + at(-2)) / (12 * dx);
  }
};

/// The formula of derived variable `name` at cell (i, j, k) of the full snapshot.
double formula(const std::string& name, const Periodic& f, double gamma, int i, int j, int k) {
  const double rho = f("density", i, j, k), e = f("internal_energy", i, j, k);
  const double vx = f("velocity_x", i, j, k), vy = f("velocity_y", i, j, k),
               vz = f("velocity_z", i, j, k);
  const double bx = f("magnetic_field_x", i, j, k), by = f("magnetic_field_y", i, j, k),
               bz = f("magnetic_field_z", i, j, k);
  const double p = (gamma - 1) * rho * e, pm = (bx * bx + by * by + bz * bz) / (8 * kPi);
  const char* v[3] = {"velocity_x", "velocity_y", "velocity_z"};
  const char* b[3] = {"magnetic_field_x", "magnetic_field_y", "magnetic_field_z"};
  auto curl = [&](const char* const* u, int c) {
    const int a = (c + 1) % 3, z = (c + 2) % 3;
    return f.d(u[z], a, i, j, k) - f.d(u[a], z, i, j, k);
  };
  if (name == "pressure") return p;
  if (name == "magnetic_pressure") return pm;
  if (name == "plasma_beta") return p / pm;
  if (name == "mach_number")
    return std::sqrt(vx * vx + vy * vy + vz * vz) / std::sqrt(gamma * (gamma - 1) * e);
  if (name == "div_b") return f.d(b[0], 0, i, j, k) + f.d(b[1], 1, i, j, k) + f.d(b[2], 2, i, j, k);
  for (int c = 0; c < 3; ++c) {
    const std::string xyz = std::string("_") + "xyz"[c];
    if (name == "vorticity" + xyz) return curl(v, c);
    if (name == "current_density" + xyz) return curl(b, c) / (4 * kPi);
  }
  return f(name, i, j, k);  // a stored field
}

/// Checks every dataset of block file `block` against the full snapshot `full` of the same step:
/// the block's cells are the cells of `full` from `offset` on; fields bitwise, derived variables
/// to rounding (1e-12 of the variable's largest magnitude on the block).
void expect_block_matches(const std::string& block, const io::Snapshot& full, const int offset[3]) {
  const io::Snapshot s = io::read_snapshot(block);
  EXPECT_EQ(s.meta.step, full.meta.step) << block;
  EXPECT_EQ(s.meta.time, full.meta.time) << block;
  const Periodic f{full};
  for (const std::string& name : s.names) {
    const std::vector<double>& got = s.values_as_double.at(name);
    std::vector<double> want(got.size());
    double scale = 0;
    for (int k = 0; k < s.grid.n[2]; ++k)
      for (int j = 0; j < s.grid.n[1]; ++j)
        for (int i = 0; i < s.grid.n[0]; ++i) {
          const std::size_t c = std::size_t(i + s.grid.n[0] * (j + s.grid.n[1] * k));
          want[c] = formula(name, f, full.meta.gamma, i + offset[0], j + offset[1], k + offset[2]);
          scale = std::max(scale, std::abs(want[c]));
        }
    const bool stored = full.values_as_double.count(name) > 0;
    int bad = 0;
    for (std::size_t c = 0; c < got.size(); ++c) {
      const bool ok = stored ? got[c] == want[c] : std::abs(got[c] - want[c]) <= 1e-12 * scale;
      if (!ok && bad++ < 3)
        ADD_FAILURE() << block << ": " << name << "[" << c << "] = " << got[c] << ", expected "
                      << want[c];
    }
    EXPECT_EQ(bad, 0) << block << ": " << name;
  }
}

// Orszag-Tang extruded to 3D, with a slice through x (its planes differ), a slice through z
// and a box, after four steps; each against the full snapshot of step 4 (the final one).
TEST(OutputBlocks, SlicesBoxesAndDerivedVariablesEqualTheFullSnapshot) {
  const std::string dir = fresh_dir("output_blocks");
  const std::string vars =
      "[density, velocity, magnetic_field, internal_energy, psi, pressure, magnetic_pressure, "
      "plasma_beta, mach_number, current_density, vorticity, div_b]";
  alfven::mhd::RunSummary summary;
  run_into(dir,
           {"grid.i_size=16", "grid.j_size=12", "grid.k_size=8", "time.tend=1", "time.dt_output=1",
            "time.max_steps=4", "io.checkpoint_every=2",
            "outputs=[{name: xcut, every: 2, variables: " + vars +
                ", slice: {x: 0.3}}, {name: zcut, every: 4, variables: " + vars +
                ", slice: {z: 0.9}}, {name: core, every: 2, variables: " + vars +
                ", box: {min: [0.2, 0.4, 0.1], max: [0.6, 0.8, 0.5]}}]"},
           "", &summary);
  // The run's summary counts the files on disk: steps 0, 2, 4 for every 2, 0 and 4 for every
  // 4; checkpoints at steps 1 to 4, of which the last two are kept (io.checkpoint_keep).
  auto files_named = [&](const std::string& prefix) {
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      const std::string f = e.path().filename().string();
      n += f.rfind(prefix, 0) == 0 && e.path().extension() == ".h5";
    }
    return n;
  };
  ASSERT_EQ(summary.output_blocks.size(), 3u);
  const char* names[3] = {"xcut", "zcut", "core"};
  const int files[3] = {3, 2, 3};
  for (int b = 0; b < 3; ++b) {
    EXPECT_EQ(summary.output_blocks[b].name, names[b]);
    EXPECT_EQ(summary.output_blocks[b].files, files[b]) << names[b];
    EXPECT_EQ(files_named(std::string(names[b]) + "_"), files[b]) << names[b];
    EXPECT_EQ(summary.output_blocks[b].variables.size(), 12u);
  }
  EXPECT_EQ(summary.checkpoints, 2);
  EXPECT_EQ(files_named("checkpoint_"), 2);
  const auto index = read_index(dir);
  ASSERT_GE(index.size(), 2u);
  const io::Snapshot full = io::read_snapshot(dir + "/" + index.back().first);
  ASSERT_EQ(full.meta.step, 4);
  // Orszag-Tang's box is [0, 1]^3: x = 0.3 lies in cell 4 of 16 (0.25..0.3125), z = 0.9 in
  // cell 7 of 8, and the box takes the centres in [0.2, 0.6] x [0.4, 0.8] x [0.1, 0.5]: cells
  // 3..9 in x (centres 0.21875..0.59375), 5..9 in y, 1..3 in z.
  const int xcut[3] = {4, 0, 0}, zcut[3] = {0, 0, 7}, core[3] = {3, 5, 1};
  expect_block_matches(dir + "/xcut_0002.h5", full, xcut);
  expect_block_matches(dir + "/zcut_0001.h5", full, zcut);
  expect_block_matches(dir + "/core_0002.h5", full, core);
  const io::Snapshot x = io::read_snapshot(dir + "/xcut_0002.h5");
  EXPECT_EQ(x.grid.n[0], 1);
  EXPECT_EQ(x.grid.n[1], 12);
  EXPECT_EQ(x.grid.n[2], 8);
  const io::Snapshot c = io::read_snapshot(dir + "/core_0002.h5");
  EXPECT_EQ(c.grid.n[0], 7);
  EXPECT_EQ(c.grid.n[1], 5);
  EXPECT_EQ(c.grid.n[2], 3);
  std::filesystem::remove_all(dir);
}

}  // namespace
