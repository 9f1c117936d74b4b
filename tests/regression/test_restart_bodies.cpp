// The bodies of a snapshot (issue 42, items 7 and 8): a restart whose bodies differ from those the
// snapshot was written with is refused with the difference named, unless --set bodies states the
// change; an export to MISO's layout writes the nine fields without building the bodies, so it
// needs no mesh file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "alfven/core/error.hpp"
#include "alfven/mhd/run.hpp"
#include "miso_test_support.hpp"

namespace fs = std::filesystem;
using namespace alfven_test;

namespace {

/// A 16 x 16 gas at rest in [0, 1]^2 with the bodies `bodies` (a YAML list).
std::string config_text(const std::string& bodies) {
  return "problem: uniform_flow\n"
         "problem_parameters: {velocity_x: 0}\n"
         "grid: {i_size: 16, j_size: 16, k_size: 1, x_min: 0, x_max: 1, y_min: 0, y_max: 1}\n"
         "domain: {periodic: {x: true, y: true, z: true}}\n"
         "time: {tend: 1, dt_output: 1}\n"
         "eos: {gm: 1.4}\n"
         "io: {png: false}\n"
         "bodies: " +
         bodies + "\n";
}

const char* const sphere = "[{geometry: {sphere: {center: [0.5, 0.5, 0.5], radius: 0.25}}}]";
const char* const larger = "[{geometry: {sphere: {center: [0.5, 0.5, 0.5], radius: 0.3}}}]";
const char* const moved = "[{geometry: {sphere: {center: [0.5001, 0.5, 0.5], radius: 0.25}}}]";

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

// A body changed or removed at a restart was taken silently: the states frozen in its cells
// became fluid. A restart now compares the bodies with the snapshot's signed_distance and
// refuses a difference, with the counts and a cell, before anything is written; --set bodies
// states the change, and the run says so. A body added where the snapshot had none is refused
// too; the same bodies restart as before.
TEST(RestartBodies, ChangedBodiesAreRefusedUnlessSetOnPurpose) {
  const std::string work = fresh_dir("restart_bodies");
  fs::create_directories(work);
  const std::string config = work + "/body.yaml", dir = work + "/run";
  run_config(config, config_text(sphere), dir, 2);
  const std::string index = read_text(dir + "/snapshots.txt");
  const std::string log = read_text(dir + "/log.csv");
  auto refusal = [&](const std::string& bodies, const std::string& restart) {
    try {
      run_config(config, config_text(bodies), restart.empty() ? dir : work + "/elsewhere", 4,
                 restart.empty() ? std::vector<std::string>{"io.continue=true"}
                                 : std::vector<std::string>{},
                 restart);
    } catch (const alfven::Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // Larger: fluid cells of the snapshot become solid.
  std::string m = refusal(larger, "");
  EXPECT_NE(m.find("cannot restart from '" + dir + "/snapshot_0001.h5': the bodies differ"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("fluid cells of the snapshot are solid now"), std::string::npos) << m;
  EXPECT_NE(m.find("fluid in the snapshot and solid now"), std::string::npos) << m;
  EXPECT_NE(m.find("--set bodies="), std::string::npos) << m;
  // Removed (--restart FILE into another directory): solid cells become fluid.
  m = refusal("[]", dir + "/snapshot_0001.h5");
  EXPECT_NE(m.find("written with bodies, and the configuration has none"), std::string::npos) << m;
  EXPECT_NE(m.find("solid in the snapshot are fluid now"), std::string::npos) << m;
  EXPECT_FALSE(fs::exists(work + "/elsewhere/snapshots.txt"));
  // Moved by a ten-thousandth of the box: no cell changes kind, the distances do.
  m = refusal(moved, "");
  EXPECT_NE(m.find("keep their kind but not their distance"), std::string::npos) << m;
  EXPECT_EQ(read_text(dir + "/snapshots.txt"), index);  // nothing changed
  EXPECT_EQ(read_text(dir + "/log.csv"), log);
  // The same bodies continue; --set bodies changes them on purpose, and the run says so.
  EXPECT_EQ(run_config(config, config_text(sphere), dir, 3, {"io.continue=true"}).find("note"),
            std::string::npos);
  const std::string said = run_config(config, config_text(sphere), dir, 4,
                                      {"io.continue=true", std::string("bodies=") + larger});
  EXPECT_NE(said.find("note: --set bodies changes the bodies of the restart from " + dir +
                      "/snapshot_0002.h5: the bodies differ"),
            std::string::npos)
      << said;
  EXPECT_NE(read_text(dir + "/config.yaml").find("radius: 0.3"), std::string::npos);
  // A body added to a run without bodies.
  const std::string plain = work + "/plain";
  run_config(config, config_text("[]"), plain, 2);
  try {
    run_config(config, config_text(sphere), plain, 4, {"io.continue=true"});
    ADD_FAILURE() << "a body added at the restart was taken";
  } catch (const alfven::Error& e) {
    m = e.what();
    EXPECT_NE(m.find("written without bodies (it has no signed_distance), and the configuration "
                     "has some"),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("fluid cells of the snapshot are solid now"), std::string::npos) << m;
  }
  fs::remove_all(work);
}

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
