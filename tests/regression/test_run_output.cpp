// What `alfven run` writes: HDF5 snapshots, the XDMF index, the CSV log, the PNG images; and that
// a bad configuration writes nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "alfven/io/png.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/run.hpp"
#include "run_test_support.hpp"

namespace fs = std::filesystem;
using namespace alfven;
using namespace alfven::mhd;

using alfven_test::fresh_dir;
using alfven_test::read_index;
using alfven_test::read_text;
using alfven_test::run_into;

// The default problem, smaller and shorter: 48^2 to t = 0.1 with a snapshot every 0.05.
TEST(RunOutput, DefaultProblemWritesSnapshotsIndexLogAndImages) {
  const std::string dir = fresh_dir("run");
  RunOptions o;
  o.overrides = {"grid.i_size=48", "grid.j_size=32", "time.tend=0.1", "time.dt_output=0.05"};
  o.output_dir = dir;
  o.quiet = true;
  std::ostringstream out;
  const RunSummary s = run(o, out);
  EXPECT_GE(s.time, 0.1);
  EXPECT_EQ(s.snapshots, 3);  // t = 0, first step past 0.05, first step past 0.1 (the end)
  EXPECT_GT(s.cell_updates_per_second, 0);
  // Three files written on this thread: time spent, and the wait for a background file is part
  // of it (here only the calls that find no file in flight).
  EXPECT_GT(s.output_seconds, 0);
  EXPECT_GE(s.output_wait_seconds, 0);
  EXPECT_LE(s.output_wait_seconds, s.output_seconds);
  EXPECT_GE(s.output_end_seconds, 0);  // after the last step: only the wait for the writer
  EXPECT_LE(s.output_end_seconds, s.output_seconds);
  EXPECT_GT(s.output_job_seconds, 0);  // the last output's files took some time to write

  const char* names[] = {"density",          "velocity_x",       "velocity_y",
                         "velocity_z",       "magnetic_field_x", "magnetic_field_y",
                         "magnetic_field_z", "internal_energy",  "psi"};
  double previous_time = -1;
  for (int n = 0; n < 3; ++n) {
    char file[64];
    std::snprintf(file, sizeof file, "%s/snapshot_%04d.h5", dir.c_str(), n);
    const io::Snapshot snap = io::read_snapshot(file);
    EXPECT_EQ(snap.grid.n[0], 48);
    EXPECT_EQ(snap.grid.n[1], 32);
    EXPECT_EQ(snap.grid.n[2], 1);
    EXPECT_EQ(snap.type, io::DataType::Float64);
    EXPECT_GT(snap.meta.time, previous_time);
    previous_time = snap.meta.time;
    EXPECT_EQ(snap.meta.problem, "orszag_tang");
    for (const char* name : names)
      ASSERT_EQ(snap.values_as_double.at(name).size(), 48u * 32u) << name;
    if (n == 0) {
      // Snapshot 0 is the initial state: rho = 1, vx = -sin(2 pi y) at cell centres, no ghosts.
      const auto& rho = snap.values_as_double.at("density");
      const auto& vx = snap.values_as_double.at("velocity_x");
      for (double r : rho) EXPECT_EQ(r, 1.0);
      const double y5 = (5 + 0.5) / 32;
      EXPECT_NEAR(vx[7 + 48 * 5], -std::sin(2 * M_PI * y5), 1e-15);
      EXPECT_NEAR(snap.centres[1][5], y5, 1e-15);
    }
    // mass = 1 in the unit box, conserved.
    double mass = 0;
    for (double r : snap.values_as_double.at("density")) mass += r / (48 * 32);
    EXPECT_NEAR(mass, 1.0, 1e-12);
    // A density image per snapshot of this 2D run.
    std::snprintf(file, sizeof file, "%s/density_%04d.png", dir.c_str(), n);
    int w = 0, h = 0;
    std::vector<std::uint8_t> rgb;
    io::read_png_rgb(file, w, h, rgb);
    EXPECT_GT(w, 48);
    EXPECT_GT(h, 32);
  }
  EXPECT_FALSE(fs::exists(dir + "/snapshot_0003.h5"));
  const std::string xdmf = read_text(dir + "/run.xdmf");
  for (int n = 0; n < 3; ++n) {
    char ref[64];
    std::snprintf(ref, sizeof ref, "snapshot_%04d.h5:/density", n);
    EXPECT_NE(xdmf.find(ref), std::string::npos) << ref;
  }
  const std::string log = read_text(dir + "/log.csv");
  EXPECT_EQ(log.rfind("step,time,dt,total_mass,total_energy,max_div_b,cell_updates_per_second", 0),
            0u);
  EXPECT_TRUE(fs::exists(dir + "/config.yaml"));
  fs::remove_all(dir);
}

// Each kind of bad configuration stops the run before it starts and writes nothing.
TEST(RunOutput, BadConfigurationWritesNothing) {
  const std::vector<std::vector<std::string>> bad = {
      {"grid.i_sise=64"},       // unknown key
      {"grid.i_size=abc"},      // wrong type
      {"time.tend=-1"},         // out of range
      {"problem=orzsag_tang"},  // unknown problem
  };
  for (const auto& overrides : bad) {
    const std::string dir = fresh_dir("bad");
    RunOptions o;
    o.overrides = overrides;
    o.output_dir = dir;
    std::ostringstream out;
    EXPECT_THROW(run(o, out), ConfigError) << overrides[0];
    EXPECT_FALSE(fs::exists(dir)) << overrides[0];
  }
  // A missing required key in a file: the message names the file and the key.
  const std::string file = fresh_dir("cfg") + ".yaml";
  std::ofstream(file) << "grid: {i_size: 8, j_size: 8, k_size: 1}\ntime: {tend: 0.1}\n";
  RunOptions o;
  o.config = file;
  o.output_dir = fresh_dir("missing");
  std::ostringstream out;
  try {
    run(o, out);
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find(file), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("time.dt_output"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(o.output_dir));
  fs::remove(file);
}

// A run that goes unphysical stops with step, cell and variable, keeping the last snapshot.
TEST(RunOutput, UnphysicalRunStopsAndKeepsLastSnapshot) {
  const std::string dir = fresh_dir("blowup");
  RunOptions o;
  // A CFL number far above the stability limit makes the vortex blow up within a few steps.
  o.overrides = {"grid.i_size=32",
                 "grid.j_size=32",
                 "mhd.cfl_number=1.5",
                 "time.dt_output=0.001",
                 "mhd.artificial_viscosity.ep=0",
                 "mhd.artificial_viscosity.fh=0"};
  o.output_dir = dir;
  o.quiet = true;
  std::ostringstream out;
  try {
    run(o, out);
    FAIL() << "expected the run to become unphysical";
  } catch (const UnphysicalStateError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("after step"), std::string::npos) << m;
    EXPECT_NE(m.find("cell (i, j, k)"), std::string::npos) << m;
    EXPECT_NE(m.find("last good snapshot"), std::string::npos) << m;
  }
  EXPECT_TRUE(fs::exists(dir + "/snapshot_0000.h5"));
  fs::remove_all(dir);
}

// Finite initial values that the scheme's products would overflow are refused before any file
// is written, naming the value and the precision's limit; values well inside it run.
TEST(RunOutput, InitialValuesTooLargeForTheArithmeticAreRefused) {
  const std::string dir = fresh_dir("too_large");
  RunOptions o;
  o.config = "uniform_flow";
  o.output_dir = dir;
  o.quiet = true;
  std::ostringstream out;
  const auto refusal = [&](const std::vector<std::string>& overrides) -> std::string {
    o.overrides = {"grid.i_size=16", "grid.j_size=16", "time.max_steps=2"};
    o.overrides.insert(o.overrides.end(), overrides.begin(), overrides.end());
    try {
      run(o, out);
    } catch (const UnphysicalStateError& e) {
      return e.what();
    }
    return "";
  };
  // |v|^2 = 1e400 overflows double; the energy flux's rho |v|^3 = 1e36 exceeds float's 3.4e35;
  // a field of 1e103 in double makes |B|^2 (|v| + c_a) = 1e309, a pressure of 1e230 e^1.5 = 1e345.
  std::string m = refusal({"problem_parameters.velocity_x=1e200"});
  EXPECT_NE(m.find("the initial state is out of the range of its arithmetic"), std::string::npos)
      << m;
  EXPECT_NE(m.find("|v|^2 = inf"), std::string::npos) << m;
  EXPECT_NE(m.find("velocity = (1e+200, 0, 0)"), std::string::npos) << m;
  EXPECT_FALSE(fs::exists(dir));
  m = refusal({"precision=float", "problem_parameters.velocity_x=1e12"});
  EXPECT_NE(m.find("energy flux"), std::string::npos) << m;
  EXPECT_NE(m.find("precision: double"), std::string::npos) << m;
  m = refusal({"problem_parameters.density=1e306"});
  EXPECT_NE(m.find("has density = 1e+306"), std::string::npos) << m;
  m = refusal({"problem_parameters.magnetic_field_x=1e103"});
  EXPECT_NE(m.find("the energy flux's scale"), std::string::npos) << m;
  m = refusal({"problem_parameters.pressure=1e230"});
  EXPECT_NE(m.find("the energy flux's scale"), std::string::npos) << m;
  // A tenuous plasma in a strong field: c_a^2 = 1e300, the cleaning term's c_a^2 |B| = 1e350.
  m = refusal({"problem_parameters.density=1e-200", "problem_parameters.pressure=1e-200",
               "problem_parameters.magnetic_field_y=1e50", "mhd.floors.density=0",
               "mhd.floors.pressure=0"});
  EXPECT_NE(m.find("the cleaning term's scale"), std::string::npos) << m;
  EXPECT_FALSE(fs::exists(dir));
  // Inside the limits: 1e100 in double, 1e10 in float run their steps.
  EXPECT_EQ(refusal({"problem_parameters.velocity_x=1e100"}), "");
  fs::remove_all(dir);
  EXPECT_EQ(refusal({"problem_parameters.magnetic_field_x=1e100"}), "");
  fs::remove_all(dir);
  EXPECT_EQ(refusal({"precision=float", "problem_parameters.velocity_x=1e10"}), "");
  fs::remove_all(dir);
}

// A run never destroys what it did not write: a directory with the user's files, the
// configuration file being read, or (restart not supported yet) an earlier run to continue.
TEST(RunOutput, RefusesToOverwriteWhatItDidNotWrite) {
  const std::string dir = fresh_dir("foreign");
  fs::create_directories(dir);
  std::ofstream(dir + "/notes.txt") << "mine";
  RunOptions o;
  o.overrides = {"grid.i_size=16", "grid.j_size=16", "time.max_steps=2"};
  o.output_dir = dir;
  o.quiet = true;
  std::ostringstream out;
  EXPECT_THROW(run(o, out), Error);
  EXPECT_EQ(read_text(dir + "/notes.txt"), "mine");
  EXPECT_FALSE(fs::exists(dir + "/snapshot_0000.h5"));

  // An earlier Alfven run in a directory is replaced by a new run (its own files only).
  const std::string prev = fresh_dir("previous");
  o.output_dir = prev;
  run(o, out);
  ASSERT_TRUE(fs::exists(prev + "/snapshot_0000.h5"));

  // The configuration file being read is the run directory's config.yaml, written by hand (a
  // run's own copy may be rerun in place: test_run_directory.cpp).
  std::string own = read_text(prev + "/config.yaml");
  own.erase(0, own.find("\nproblem:") + 1);  // without the header a run writes
  std::ofstream(prev + "/config.yaml") << "# my configuration\n" << own;
  o.overrides.pop_back();
  o.config = prev + "/config.yaml";
  EXPECT_THROW(run(o, out), Error);
  EXPECT_EQ(read_text(prev + "/config.yaml").rfind("# my configuration\n", 0), 0u);
  fs::remove_all(dir);
  fs::remove_all(prev);
}

// 40 steps, stop, continue (io.continue) to step 80: bitwise the same as 80 straight steps.
TEST(RunOutput, ContinuedRunEqualsStraightRunBitwise) {
  const std::string straight = fresh_dir("straight"), resumed = fresh_dir("resumed");
  RunOptions o;
  o.quiet = true;
  std::ostringstream out;
  o.overrides = {"grid.i_size=24", "grid.j_size=24", "time.tend=10", "time.dt_output=0.05",
                 "time.max_steps=80"};
  o.output_dir = straight;
  const RunSummary a = run(o, out);
  o.overrides = {"grid.i_size=24", "grid.j_size=24", "time.tend=10", "time.dt_output=0.05",
                 "time.max_steps=40"};
  o.output_dir = resumed;
  run(o, out);
  o.overrides = {"grid.i_size=24",      "grid.j_size=24",    "time.tend=10",
                 "time.dt_output=0.05", "time.max_steps=80", "io.continue=true"};
  const RunSummary b = run(o, out);
  EXPECT_EQ(a.time, b.time);
  // The continued directory holds the straight run's schedule and the state at step 40, where the
  // first part stopped off the schedule (test_restart.cpp checks the times).
  EXPECT_EQ(b.snapshots, a.snapshots + 1);
  char last_a[32], last_b[32];
  std::snprintf(last_a, sizeof last_a, "/snapshot_%04d.h5", a.snapshots - 1);
  std::snprintf(last_b, sizeof last_b, "/snapshot_%04d.h5", b.snapshots - 1);
  const io::Snapshot sa = io::read_snapshot(straight + last_a),
                     sb = io::read_snapshot(resumed + last_b);
  EXPECT_EQ(sa.meta.step, 80);
  EXPECT_EQ(sb.meta.step, 80);
  for (const auto& field : sa.raw)
    EXPECT_TRUE(field.second == sb.raw.at(field.first)) << field.first;
  // time.max_steps counts from the run's start: continued again with the same limit, the run
  // takes no step and says why (it said nothing, which looked like a hang or a bug).
  std::ostringstream again;
  const RunSummary c = run(o, again);
  EXPECT_EQ(c.time, b.time);
  EXPECT_EQ(c.steps, 0);
  EXPECT_NE(again.str().find("nothing to do: the state is at step 80, at or past "
                             "time.max_steps = 80 (the step count goes on from the snapshot's"),
            std::string::npos)
      << again.str();
  fs::remove_all(straight);
  fs::remove_all(resumed);
}

// A new run with time.max_steps = 0 writes its start state and says so; its message spoke of a
// snapshot's step, which a new run has not read, then of "nothing to do", though the run wrote
// its files (test_run_report.cpp: the searchlight, which takes no step).
TEST(RunOutput, ANewRunOfNoStepsSaysSo) {
  const std::string dir = fresh_dir("no_steps");
  RunOptions o;
  o.quiet = true;
  o.overrides = {"grid.i_size=16", "grid.j_size=16", "time.max_steps=0", "io.png=false"};
  o.output_dir = dir;
  std::ostringstream out;
  const RunSummary s = run(o, out);
  EXPECT_EQ(s.steps, 0);
  EXPECT_EQ(s.snapshots, 1);
  EXPECT_NE(out.str().find("wrote the start state and took no step (time.max_steps = 0): "
                           "snapshot_0000.h5\n"),
            std::string::npos)
      << out.str();
  EXPECT_TRUE(fs::is_regular_file(dir + "/snapshot_0000.h5"));
  EXPECT_EQ(out.str().find("snapshot's step"), std::string::npos) << out.str();
  fs::remove_all(dir);
}

// A grid in the snapshot layout that is no run's state (no time, step, problem: what `alfven sdf
// --grid` writes) is refused as a restart, even when it holds every field on the right grid.
TEST(RunOutput, RestartFromAGridThatIsNoRunStateIsRefused) {
  const std::string dir = fresh_dir("grid_restart");
  RunOptions o;
  o.quiet = true;
  o.overrides = {"grid.i_size=16", "grid.j_size=16", "time.max_steps=1"};
  o.output_dir = dir;
  std::ostringstream out;
  run(o, out);
  const io::Snapshot s = io::read_snapshot(dir + "/snapshot_0000.h5");
  std::vector<io::FieldRef> fields;
  for (const std::string& name : s.names) fields.push_back({name, s.type, s.raw.at(name).data()});
  io::SnapshotMeta grid_meta;
  grid_meta.run_state = false;
  const std::string grid = dir + "/grid.h5";
  io::write_snapshot(grid, s.grid, grid_meta, fields);
  o.restart_file = grid;
  o.output_dir = dir + "/restarted";
  try {
    run(o, out);
    ADD_FAILURE() << "a restart from " << grid << " was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("it is no run's snapshot"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}

// A snapshot written as a run blew up (a NaN density) was accepted as a restart, which then
// said "the state became unphysical after step 1" as if the restarted run had gone wrong.
TEST(RunOutput, RestartFromAnUnphysicalSnapshotNamesTheFileAndTheCell) {
  const std::string dir = fresh_dir("nan_restart");
  RunOptions o;
  o.quiet = true;
  o.overrides = {"grid.i_size=16", "grid.j_size=16", "time.max_steps=1"};
  o.output_dir = dir;
  std::ostringstream out;
  run(o, out);
  io::Snapshot s = io::read_snapshot(dir + "/snapshot_0001.h5");
  ASSERT_EQ(s.type, io::DataType::Float64);
  std::vector<double> rho(s.raw.at("density").size() / sizeof(double));
  std::memcpy(rho.data(), s.raw.at("density").data(), rho.size() * sizeof(double));
  rho[3 + 16 * 5] = std::nan("");  // cell (3, 5, 0)
  std::memcpy(s.raw.at("density").data(), rho.data(), rho.size() * sizeof(double));
  std::vector<io::FieldRef> fields;
  for (const std::string& name : s.names) fields.push_back({name, s.type, s.raw.at(name).data()});
  const std::string bad = dir + "/blown_up.h5";
  io::write_snapshot(bad, s.grid, s.meta, fields);
  o.restart_file = bad;
  o.output_dir = dir + "/restarted";
  try {
    run(o, out);
    ADD_FAILURE() << "a restart from " << bad << " was accepted";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("cannot restart from '" + bad + "': the restored state (step 1,"),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("(3, 5, 0)"), std::string::npos) << m;
    EXPECT_EQ(m.find("became unphysical"), std::string::npos) << m;
  }
  fs::remove_all(dir);
}

// io.async: on writes every file from a host copy on the background thread while the run goes
// on; the files (every snapshot, checkpoints, an output block) hold exactly what the synchronous
// run writes, the index lists the same files, and the last one is complete when run() returns;
// whether analysis files are flushed to the disk (io.fsync) changes no byte of them.
TEST(RunOutput, BackgroundWritingWritesTheFilesOfSynchronousWriting) {
  const std::string sync = fresh_dir("sync_output"), async = fresh_dir("async_output");
  const std::vector<std::string> common = {"grid.i_size=24",
                                           "grid.j_size=24",
                                           "time.tend=10",
                                           "time.dt_output=0.02",
                                           "time.max_steps=30",
                                           "io.checkpoint_every=10",
                                           "io.checkpoint_keep=2",
                                           "outputs=[{name: mid, every: 3, variables: [pressure], "
                                           "slice: {y: 0.5}}]"};
  std::vector<std::string> a = common, b = common;
  a.push_back("io.async=off");
  a.push_back("io.fsync=all");  // every file flushed to the disk: the same bytes
  b.push_back("io.async=on");
  const std::string said = run_into(sync, a);
  run_into(async, b);
  const auto ia = read_index(sync), ib = read_index(async);
  ASSERT_EQ(ia.size(), ib.size());
  ASSERT_GT(ia.size(), 5u);
  for (std::size_t n = 0; n < ia.size(); ++n) {
    EXPECT_EQ(ia[n], ib[n]);
    const io::Snapshot sa = io::read_snapshot(sync + "/" + ia[n].first),
                       sb = io::read_snapshot(async + "/" + ib[n].first);
    for (const auto& field : sa.raw)
      EXPECT_TRUE(field.second == sb.raw.at(field.first)) << ia[n].first << ": " << field.first;
  }
  int compared = 0;
  for (const auto& e : fs::directory_iterator(sync)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("checkpoint_", 0) != 0 && name.rfind("mid_", 0) != 0) continue;
    ASSERT_TRUE(fs::exists(async + "/" + name)) << name;
    const io::Snapshot sa = io::read_snapshot(e.path().string()),
                       sb = io::read_snapshot(async + "/" + name);
    for (const auto& field : sa.raw)
      EXPECT_TRUE(field.second == sb.raw.at(field.first)) << name << ": " << field.first;
    ++compared;
  }
  EXPECT_EQ(compared, 2 + 11);  // the last two checkpoints, block outputs at steps 0, 3, ..., 30
  fs::remove_all(sync);
  fs::remove_all(async);
}

// The last step's files come from one copy of the state (the final snapshot joins the output
// block and the checkpoint due at that step, in the background writer's one job): the three hold
// the same nine fields, the index lists the final snapshot once and the log has one row for the
// step.
TEST(RunOutput, TheLastStepsFilesHoldOneState) {
  const std::string dir = fresh_dir("last_step_files");
  run_into(dir, {"grid.i_size=16", "grid.j_size=16", "time.tend=10", "time.dt_output=1e9",
                 "time.max_steps=6", "io.async=on", "io.checkpoint_every=3", "io.png=false",
                 "outputs=[{name: mid, every: 3, variables: [density, velocity, "
                 "magnetic_field, internal_energy, psi]}]"});
  const auto index = read_index(dir);
  ASSERT_EQ(index.size(), 2u);  // the start and the final state
  const io::Snapshot last = io::read_snapshot(dir + "/" + index[1].first),
                     block = io::read_snapshot(dir + "/mid_0002.h5"),
                     checkpoint = io::read_snapshot(dir + "/checkpoint_00000006.h5");
  EXPECT_EQ(last.meta.step, 6);
  EXPECT_EQ(block.meta.step, 6);
  EXPECT_EQ(checkpoint.meta.step, 6);
  ASSERT_EQ(last.names.size(), 9u);
  for (const std::string& name : last.names) {
    EXPECT_TRUE(last.raw.at(name) == block.raw.at(name)) << name;
    EXPECT_TRUE(last.raw.at(name) == checkpoint.raw.at(name)) << name;
  }
  std::istringstream log(read_text(dir + "/log.csv"));
  int rows = 0;
  for (std::string line; std::getline(log, line);) rows += line.rfind("6,", 0) == 0;
  EXPECT_EQ(rows, 1) << read_text(dir + "/log.csv");
  fs::remove_all(dir);
}

// What a run pays after its last step includes that step's files: with the final snapshot
// written in the same job as the last step's output block, the summary's end holds the whole
// job (it read 0 s for a run writing on its own thread, the job counted as paid during the
// steps).
TEST(RunOutput, TheEndOfTheOutputTimeHoldsTheLastStepsFiles) {
  for (const char* async : {"io.async=off", "io.async=on"}) {
    const std::string dir = fresh_dir("end_share");
    RunOptions o;
    o.quiet = true;
    o.overrides = {"grid.i_size=32",
                   "grid.j_size=32",
                   "time.tend=10",
                   "time.dt_output=1e9",
                   "time.max_steps=6",
                   "io.png=false",
                   async,
                   "outputs=[{name: all, every: 3, variables: [density, velocity]}]"};
    o.output_dir = dir;
    std::ostringstream out;
    const RunSummary s = run(o, out);
    EXPECT_GT(s.output_job_seconds, 0) << async;
    EXPECT_GE(s.output_end_seconds, s.output_job_seconds) << async;
    EXPECT_LE(s.output_end_seconds, s.output_seconds) << async;
    fs::remove_all(dir);
  }
}

// The final snapshot's log row comes once the last step's files are written: when the output
// block of the last step cannot be written (a folder stands at its temporary name, which a run
// does not remove at its start as it does a file left there), the run fails at that step without
// a row for it, in the background as on the run's thread (the row came before the
// background job and stayed).
TEST(RunOutput, AFailedLastStepLeavesNoLogRow) {
  for (const char* async : {"io.async=on", "io.async=off"}) {
    const std::string dir = fresh_dir("failed_last_step");
    const auto with = [&](const std::string& steps) {
      return std::vector<std::string>{"grid.i_size=16",
                                      "grid.j_size=16",
                                      "time.tend=10",
                                      "time.dt_output=1e9",
                                      "io.log_every=100",
                                      "io.png=false",
                                      async,
                                      steps,
                                      "outputs=[{name: mid, every: 3, variables: "
                                      "[density]}]"};
    };
    run_into(dir, with("time.max_steps=1"));  // an earlier run: mid_0000
    fs::create_directories(dir + "/mid_0002.h5.tmp");
    std::ofstream(dir + "/mid_0002.h5.tmp/in_the_way") << "in the way";
    EXPECT_THROW(run_into(dir, with("time.max_steps=6")), alfven::Error) << async;
    EXPECT_TRUE(fs::exists(dir + "/snapshot_0000.h5"));
    EXPECT_FALSE(fs::exists(dir + "/snapshot_0001.h5")) << async;  // after the block
    std::istringstream log(read_text(dir + "/log.csv"));
    int last = 0;
    for (std::string line; std::getline(log, line);) last += line.rfind("6,", 0) == 0;
    EXPECT_EQ(last, 0) << async << "\n" << read_text(dir + "/log.csv");
    fs::remove_all(dir);
  }
}

// The files a run continues from are written after the output blocks of their step: when a
// block cannot be written (here a file stands at its temporary name), the step's checkpoint
// is not written either, so the run continued with io.continue writes that block; it used to
// continue from the checkpoint and skip it. The continued run's blocks equal a straight run's.
TEST(RunOutput, AFailedBlockLeavesItsStepToTheContinuedRun) {
  const std::string dir = fresh_dir("failed_block"), straight = fresh_dir("failed_block_ref");
  const auto with = [](std::vector<std::string> more) {
    std::vector<std::string> o = {
        "grid.i_size=16", "grid.j_size=16",
        "time.tend=10",   "time.dt_output=1e9",
        "io.async=off",   "io.checkpoint_every=3",
        "io.png=false",   "outputs=[{name: mid, every: 2, variables: [density]}]"};
    o.insert(o.end(), more.begin(), more.end());
    return o;
  };
  run_into(straight, with({"time.max_steps=12"}));
  run_into(dir, with({"time.max_steps=4"}));  // an earlier run: mid_0000 to mid_0002
  // A directory where the file goes is refused before the first step (the earlier run did not
  // list it); a folder at the temporary name (a file there the run removes at its start) is
  // found when the block is written.
  fs::create_directories(dir + "/mid_0003.h5.tmp");
  std::ofstream(dir + "/mid_0003.h5.tmp/in_the_way") << "in the way";
  EXPECT_THROW(run_into(dir, with({"time.max_steps=12"})), alfven::Error);  // fails at step 6
  EXPECT_TRUE(fs::exists(dir + "/checkpoint_00000003.h5"));                 // the run did start
  EXPECT_FALSE(fs::exists(dir + "/checkpoint_00000006.h5"));
  fs::remove_all(dir + "/mid_0003.h5.tmp");
  run_into(dir, with({"time.max_steps=12", "io.continue=true"}));
  for (int n = 0; n <= 6; ++n) {
    char name[32];
    std::snprintf(name, sizeof name, "/mid_%04d.h5", n);
    ASSERT_TRUE(fs::exists(dir + name)) << name;
    EXPECT_TRUE(io::read_snapshot(dir + name).raw.at("density") ==
                io::read_snapshot(straight + name).raw.at("density"))
        << name;
  }
  fs::remove_all(dir);
  fs::remove_all(straight);
}
