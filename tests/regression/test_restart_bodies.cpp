// The bodies of a snapshot (issue 42, item 8): an export to MISO's layout writes the nine fields
// without building the bodies, so it needs no mesh file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "alfven/mhd/run.hpp"
#include "miso_test_support.hpp"

namespace fs = std::filesystem;
using namespace alfven_test;

namespace {

/// Runs the configuration `text` (written to `config`) into `dir` to `steps` steps, from
/// `restart` when given; returns what it printed.
std::string run_config(const std::string& config, const std::string& text, const std::string& dir,
                       long steps, std::vector<std::string> overrides = {},
                       const std::string& restart = "") {
  std::ofstream(config, std::ios::trunc) << text;
  alfven::mhd::RunOptions o;
  o.config = config;
  o.output_dir = dir;
  o.restart_file = restart;
  o.overrides = std::move(overrides);
  o.overrides.push_back("time.max_steps=" + std::to_string(steps));
  o.quiet = true;
  std::ostringstream out;
  alfven::mhd::run(o, out);
  return out.str();
}

}  // namespace

// `alfven export --to miso` restored each snapshot into a simulation with the run's bodies, so it
// read the bodies' mesh files and failed once they were gone, though it writes only the nine
// fields. It builds no body now: the export of a run whose mesh was removed reads back as the
// snapshots (their bodies' cells included), and its config.yaml keeps the bodies.
TEST(RestartBodies, ExportNeedsNoMeshFile) {
  const std::string work = fresh_dir("export_mesh");
  fs::create_directories(work);
  const std::string mesh = work + "/dodecahedron.ply";
  fs::copy_file(std::string(ALFVEN_SOURCE_DIR) + "/tests/data/meshes/dodecahedron.ply", mesh);
  const std::string text =
      "problem: uniform_flow\n"
      "problem_parameters: {velocity_x: 0.5}\n"
      "grid: {i_size: 16, j_size: 16, k_size: 1, x_min: -2, x_max: 2, y_min: -2, y_max: 2, "
      "z_min: -0.1, z_max: 0.1}\n"
      "domain: {periodic: {x: true, y: true, z: true}}\n"
      "time: {tend: 1, dt_output: 1}\n"
      "eos: {gm: 1.4}\n"
      "io: {png: false}\n"
      "bodies: [{geometry: {mesh: {file: dodecahedron.ply}}}]\n";
  const std::string dir = work + "/run";
  run_config(work + "/body.yaml", text, dir, 2);
  fs::remove(mesh);
  const alfven::mhd::MisoExportSummary s = export_run(dir, work + "/miso");
  ASSERT_EQ(s.outputs.size(), 2u);
  for (int n : s.outputs) {
    const std::string file = work + "/import_" + std::to_string(n) + ".h5";
    expect_same_state(alfven::io::read_snapshot(dir + "/snapshot_000" + std::to_string(n) + ".h5"),
                      import_output(work + "/miso", n, file));
  }
  EXPECT_NE(read_text(work + "/miso/config.yaml").find("dodecahedron.ply"), std::string::npos);
  fs::remove_all(work);
}
