// Continuing a run (issue 10, items 2, 3, 5, 6 and 9): a continued run writes the output
// schedule and the log of the run that never stopped, recovers a missing or emptied index from
// the snapshots themselves, sets later files aside (never deletes them) when restarted in place
// from an earlier snapshot, and restarts from snapshots written before checksums (format 1).
#include <gtest/gtest.h>
#include <hdf5.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "alfven/io/snapshot.hpp"
#include "run_test_support.hpp"

namespace fs = std::filesystem;
using namespace alfven_test;

namespace {

std::vector<double> times_of(const std::vector<std::pair<std::string, double>>& index) {
  std::vector<double> t;
  for (const auto& e : index) t.push_back(e.second);
  return t;
}

std::string numbered(const char* stem, int n, const char* ext) {
  char name[64];
  std::snprintf(name, sizeof name, "%s_%04d.%s", stem, n, ext);
  return name;
}

}  // namespace

// Stopped at t_end = 0.15 and continued to 0.3: the snapshot near 0.2 that the uninterrupted run
// writes was skipped (the off-schedule final snapshot was counted as a scheduled one).
TEST(Restart, ContinuedRunWritesTheScheduleOfTheRunThatNeverStopped) {
  const std::string straight = fresh_dir("schedule_straight"), parts = fresh_dir("schedule_parts");
  run_into(straight, small_vortex({"time.tend=0.3", "time.dt_output=0.1"}));
  run_into(parts, small_vortex({"time.tend=0.15", "time.dt_output=0.1"}));
  const double stop = read_index(parts).back().second;
  run_into(parts, small_vortex({"time.tend=0.3", "time.dt_output=0.1", "io.continue=true"}));
  std::vector<double> expected = times_of(read_index(straight));
  ASSERT_EQ(expected.size(), 4u);  // 0 and the first steps past 0.1, 0.2 and 0.3
  expected.push_back(stop);        // plus the final state of the first part
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(times_of(read_index(parts)), expected);
  // Bit for bit the same states: the last snapshots agree.
  const auto a = alfven::io::read_snapshot(straight + "/snapshot_0003.h5");
  const auto b = alfven::io::read_snapshot(parts + "/snapshot_0004.h5");
  EXPECT_EQ(a.meta.step, b.meta.step);
  EXPECT_TRUE(a.raw == b.raw);
  fs::remove_all(straight);
  fs::remove_all(parts);
}

// A run killed between two snapshots has logged steps past its last snapshot; continued, it
// logged them again (310 rows for 256 steps, the step column going back). Here the kill is
// reproduced exactly: a finished run with the index cut back to snapshot 1 and the later
// snapshots gone, the log left whole.
TEST(Restart, ContinuedLogReadsAsTheLogOfARunThatNeverStopped) {
  const std::string straight = fresh_dir("log_straight"), killed = fresh_dir("log_killed");
  const auto overrides = small_vortex({"time.tend=0.3", "time.dt_output=0.1", "io.log_every=1"});
  run_into(straight, overrides);
  fs::copy(straight, killed, fs::copy_options::recursive);
  const auto index = read_index(killed);
  ASSERT_EQ(index.size(), 4u);
  {
    std::ofstream cut(killed + "/snapshots.txt", std::ios::trunc);
    for (int n = 0; n < 2; ++n) {
      char line[96];
      std::snprintf(line, sizeof line, "%s %.17g\n", index[n].first.c_str(), index[n].second);
      cut << line;
    }
  }
  for (int n = 2; n < 4; ++n) {
    fs::remove(killed + "/" + numbered("snapshot", n, "h5"));
    fs::remove(killed + "/" + numbered("density", n, "png"));
  }
  run_into(killed, {"grid.i_size=16", "grid.j_size=16", "time.tend=0.3", "time.dt_output=0.1",
                    "io.log_every=1", "io.continue=true"});
  const auto a = read_log(straight), b = read_log(killed);
  ASSERT_EQ(b.size(), a.size());
  for (std::size_t r = 0; r < a.size(); ++r)
    for (std::size_t c = 0; c < 6; ++c)  // every column but the measured throughput
      EXPECT_EQ(b[r][c], a[r][c]) << "row " << r << ", column " << c;
  EXPECT_EQ(read_index(killed), read_index(straight));
  fs::remove_all(straight);
  fs::remove_all(killed);
}

// io.log_every counted from the run's start: a run stopped at step 10 and continued logged
// steps 13, 16, 19 where the run that never stopped logs 12, 15, 18. Rows are now at the
// multiples of log_every, plus the first part's final snapshot.
TEST(Restart, ContinuedRunLogsTheStepsOfTheRunThatNeverStopped) {
  const std::string straight = fresh_dir("log_every_straight"),
                    parts = fresh_dir("log_every_parts");
  const std::vector<std::string> common = {"grid.i_size=16", "grid.j_size=16", "time.tend=1",
                                           "time.dt_output=1", "io.log_every=3"};
  auto with = [&](std::vector<std::string> extra) {
    extra.insert(extra.begin(), common.begin(), common.end());
    return extra;
  };
  run_into(straight, with({"time.max_steps=20"}));
  run_into(parts, with({"time.max_steps=10"}));
  run_into(parts, with({"time.max_steps=20", "io.continue=true"}));
  const auto a = read_log(straight), b = read_log(parts);
  std::vector<std::string> steps_a, steps_b;
  for (const auto& row : a) steps_a.push_back(row[0]);
  for (const auto& row : b) steps_b.push_back(row[0]);
  const std::vector<std::string> expected = {"0", "3", "6", "9", "12", "15", "18", "20"};
  EXPECT_EQ(steps_a, expected);
  std::vector<std::string> expected_b = expected;
  expected_b.insert(expected_b.begin() + 4, "10");  // the first part's final snapshot
  EXPECT_EQ(steps_b, expected_b);
  for (std::size_t r = 0, q = 0; r < a.size() && q < b.size(); ++r, ++q) {
    if (b[q][0] == "10") ++q;
    for (std::size_t c = 0; c < 6; ++c)  // every column but the measured throughput
      EXPECT_EQ(b[q][c], a[r][c]) << "step " << a[r][0] << ", column " << c;
  }
  fs::remove_all(straight);
  fs::remove_all(parts);
}

// A kill that left snapshots.txt empty (4 of 28 kills) or without it: io.continue rebuilds the
// index from the snapshot files and continues from the newest, as the run that never stopped.
TEST(Restart, ContinueRebuildsAMissingOrEmptyIndexFromTheSnapshots) {
  const std::string straight = fresh_dir("rebuild_straight");
  run_into(straight, small_vortex({"time.tend=0.3", "time.dt_output=0.1"}));
  const auto final_straight = alfven::io::read_snapshot(straight + "/snapshot_0003.h5");
  for (const bool remove : {false, true}) {
    const std::string dir = fresh_dir(remove ? "rebuild_missing" : "rebuild_empty");
    run_into(dir, small_vortex({"time.tend=0.2", "time.dt_output=0.1"}));
    const auto before = read_index(dir);
    ASSERT_EQ(before.size(), 3u);
    if (remove)
      fs::remove(dir + "/snapshots.txt");
    else
      std::ofstream(dir + "/snapshots.txt", std::ios::trunc);
    const std::string out =
        run_into(dir, small_vortex({"time.tend=0.3", "time.dt_output=0.1", "io.continue=true"}));
    EXPECT_NE(out.find("rebuilt"), std::string::npos) << out;
    const auto after = read_index(dir);
    ASSERT_GE(after.size(), 4u);
    EXPECT_TRUE(std::equal(before.begin(), before.end(), after.begin()));
    const auto last = alfven::io::read_snapshot(dir + "/" + after.back().first);
    EXPECT_EQ(last.meta.step, final_straight.meta.step);
    EXPECT_TRUE(last.raw == final_straight.raw);
    fs::remove_all(dir);
  }
  fs::remove_all(straight);
}

// --restart from an earlier snapshot of the same directory deleted the later snapshots silently
// (and kept their log rows and the old config.yaml). They are now moved aside, with the log and
// configuration they belong to, and the run says so; what stays describes what is on disk.
TEST(Restart, InPlaceRestartFromAnEarlierSnapshotSetsLaterFilesAside) {
  const std::string dir = fresh_dir("aside");
  run_into(dir, small_vortex({"time.tend=0.3", "time.dt_output=0.05", "io.log_every=1"}));
  const auto first = read_index(dir);
  const auto first_log = read_log(dir);
  ASSERT_GE(first.size(), 6u);
  const std::string later = read_text(dir + "/snapshot_0004.h5");
  const std::string out =
      run_into(dir, small_vortex({"time.tend=0.2", "time.dt_output=0.05", "io.log_every=1"}),
               dir + "/snapshot_0002.h5");
  const std::string aside = dir + "/discarded_after_0002";
  EXPECT_NE(out.find(aside), std::string::npos) << out;
  const std::string moved = "moved the " + std::to_string(first.size() - 3) +
                            " later snapshots (snapshot_0003.h5 to " +
                            numbered("snapshot", int(first.size()) - 1, "h5") + ") and " +
                            std::to_string(first.size() - 3) + " images to ";
  EXPECT_NE(out.find(moved), std::string::npos) << moved << "\nin: " << out;
  for (std::size_t n = 3; n < first.size(); ++n)
    EXPECT_TRUE(fs::exists(aside + "/" + numbered("snapshot", int(n), "h5"))) << n;
  EXPECT_EQ(read_text(aside + "/snapshot_0004.h5"), later);
  EXPECT_NE(read_text(aside + "/config.yaml").find("tend: 0.3"), std::string::npos);
  EXPECT_EQ(read_log(aside), first_log);  // the whole log of the first run
  // What stays: an index of the files there, a log whose steps only go forward and end at the
  // last snapshot, the configuration of the continued run.
  const auto index = read_index(dir);
  for (const auto& e : index) EXPECT_TRUE(fs::exists(dir + "/" + e.first)) << e.first;
  for (int n = int(index.size()); n < int(first.size()) + 2; ++n)
    EXPECT_FALSE(fs::exists(dir + "/" + numbered("snapshot", n, "h5"))) << n;
  const auto log = read_log(dir);
  for (std::size_t r = 1; r < log.size(); ++r)
    EXPECT_LT(std::stol(log[r - 1][0]), std::stol(log[r][0])) << r;
  EXPECT_EQ(std::stol(log.back()[0]),
            alfven::io::read_snapshot(dir + "/" + index.back().first).meta.step);
  EXPECT_NE(read_text(dir + "/config.yaml").find("tend: 0.2"), std::string::npos);
  fs::remove_all(dir);
}

// --restart from an output block of the nine fields in its own run directory started that
// directory anew, which removed the file being restarted from before the run wrote it again (a
// failure in between lost it). It is now refused, and every file stays.
TEST(Restart, RestartFromAnOutputFileOfTheSameDirectoryIsRefusedAndKeepsIt) {
  const std::string dir = fresh_dir("from_block");
  run_into(dir, small_vortex({"time.max_steps=4", "time.dt_output=10",
                              "outputs=[{name: all9, every: 2, variables: [density, velocity, "
                              "magnetic_field, internal_energy, psi]}]"}));
  const std::string block = dir + "/all9_0001.h5";
  ASSERT_TRUE(fs::exists(block));
  const std::string before = read_text(block);
  std::string message;
  try {
    run_into(dir, small_vortex({"time.max_steps=6", "time.dt_output=10"}), block);
  } catch (const alfven::Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("outputs.txt lists it"), std::string::npos) << message;
  EXPECT_NE(message.find("copy it out of"), std::string::npos) << message;
  EXPECT_EQ(read_text(block), before);
  EXPECT_TRUE(fs::exists(dir + "/snapshot_0000.h5"));
  // From a copy elsewhere it runs (the directory starts anew, the copy is not touched).
  const std::string elsewhere = fresh_dir("from_block_copy"), copy = elsewhere + "/all9_0001.h5";
  fs::create_directories(elsewhere);
  fs::copy_file(block, copy);
  run_into(dir, small_vortex({"time.max_steps=6", "time.dt_output=10"}), copy);
  EXPECT_EQ(read_text(copy), before);
  fs::remove_all(dir);
  fs::remove_all(elsewhere);
}

// A run continued with an output block whose region or variables had changed wrote its new
// files under the same name, and NAME.xdmf then described the older files with the new shape
// (or named datasets they do not have). It is now refused before anything is written, naming
// both layouts; the same block unchanged, or under a new name, continues.
TEST(Restart, ContinuingWithAChangedOutputBlockIsRefusedAndChangesNothing) {
  const std::string dir = fresh_dir("changed_block");
  const std::string vars = "variables: [density, pressure]";
  auto block = [&](const std::string& name, const std::string& box, const std::string& v) {
    return "outputs=[{name: " + name + ", every: 2, box: {min: [0.1, 0.1, 0], max: " + box + "}, " +
           v + "}]";
  };
  run_into(dir, small_vortex(
                    {"time.max_steps=4", "time.dt_output=10", block("bx", "[0.4, 0.5, 1]", vars)}));
  const std::string xdmf = read_text(dir + "/bx.xdmf"), index = read_text(dir + "/outputs.txt");
  for (const std::string& changed :
       {block("bx", "[0.7, 0.5, 1]", vars), block("bx", "[0.4, 0.5, 1]", "variables: [density]")}) {
    std::string message;
    try {
      run_into(dir, small_vortex(
                        {"time.max_steps=6", "time.dt_output=10", "io.continue=true", changed}));
    } catch (const alfven::Error& e) {
      message = e.what();
    }
    EXPECT_NE(message.find("outputs[0] ('bx') has changed"), std::string::npos) << message;
    EXPECT_NE(message.find("give the changed block a new name"), std::string::npos) << message;
    EXPECT_EQ(read_text(dir + "/bx.xdmf"), xdmf);
    EXPECT_EQ(read_text(dir + "/outputs.txt"), index);
  }
  run_into(dir, small_vortex({"time.max_steps=6", "time.dt_output=10", "io.continue=true",
                              block("bx", "[0.4, 0.5, 1]", vars)}));
  EXPECT_TRUE(fs::exists(dir + "/bx_0003.h5"));
  run_into(dir, small_vortex({"time.max_steps=8", "time.dt_output=10", "io.continue=true",
                              block("bx2", "[0.7, 0.5, 1]", vars)}));
  EXPECT_TRUE(fs::exists(dir + "/bx2_0004.h5"));
  EXPECT_TRUE(fs::exists(dir + "/bx_0003.h5"));
  fs::remove_all(dir);
}

// --restart from an output block's file of a slice suggested `--set grid.i_size=1`, which led to
// other errors and only at the end to a missing dataset. The missing fields are now named first.
TEST(Restart, RestartFromAnOutputBlockFileNamesTheMissingFields) {
  const std::string dir = fresh_dir("block_source");
  run_into(dir, small_vortex({"time.max_steps=2", "time.dt_output=10",
                              "outputs=[{name: cut, every: 2, slice: {x: 0.3}, variables: "
                              "[density, pressure]}]"}));
  const std::string elsewhere = fresh_dir("block_source_copy"), copy = elsewhere + "/cut_0001.h5";
  fs::create_directories(elsewhere);
  fs::copy_file(dir + "/cut_0001.h5", copy);
  std::string message;
  try {
    run_into(fresh_dir("block_target"), small_vortex({"time.max_steps=4"}), copy);
  } catch (const alfven::Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("lacks velocity_x"), std::string::npos) << message;
  EXPECT_NE(message.find("output block"), std::string::npos) << message;
  EXPECT_EQ(message.find("grid.i_size"), std::string::npos) << message;
  fs::remove_all(dir);
  fs::remove_all(elsewhere);
  fs::remove_all(fresh_dir("block_target"));
}

// --restart from a checkpoint of the run directory, with later files set aside: the note said
// "continuing from snapshot_NNNN.h5" (the last snapshot before the checkpoint). It names the
// checkpoint now, and the snapshot the kept files end at.
TEST(Restart, InPlaceRestartFromACheckpointNamesIt) {
  const std::string dir = fresh_dir("from_checkpoint");
  run_into(dir, small_vortex({"time.max_steps=12", "time.dt_output=0.05", "io.checkpoint_every=4",
                              "io.checkpoint_keep=5"}));
  ASSERT_TRUE(fs::exists(dir + "/checkpoint_00000004.h5"));
  const std::string out = run_into(dir, small_vortex({"time.max_steps=12", "time.dt_output=0.05"}),
                                   dir + "/checkpoint_00000004.h5");
  EXPECT_NE(out.find("note: continuing from checkpoint_00000004.h5 (the snapshots kept end at "
                     "snapshot_"),
            std::string::npos)
      << out;
  fs::remove_all(dir);
}

// A restart reads snapshots written before checksums (format 1, by the previous main): from
// step 1 of an 8 x 8 vortex it reaches the final state that run wrote, and says the snapshot was
// read unverified. The stored step 1 is taken bit for bit; the final state agrees to rounding
// only, since the fourth-order difference now takes its differences first (flux.hpp; issue 42)
// where the run that wrote the files summed MISO's way: 1e-13 of each field's largest value. The
// files were written by the host backend, so the run is on the host (a CUDA build's default,
// backend auto, would take the GPU and its fused multiply-adds).
TEST(Restart, RestartsFromFormatOneSnapshots) {
  const std::string data = std::string(ALFVEN_SOURCE_DIR) + "/tests/data/snapshots/";
  const std::string dir = fresh_dir("format1");
  const std::string out = run_into(
      dir,
      {"backend=host", "grid.i_size=8", "grid.j_size=8", "time.tend=0.1", "time.dt_output=0.04"},
      data + "orszag_tang_8x8_v1_0001.h5");
  EXPECT_NE(out.find("format 1"), std::string::npos) << out;
  const auto expected = alfven::io::read_snapshot(data + "orszag_tang_8x8_v1_0003.h5");
  const auto got = alfven::io::read_snapshot(dir + "/" + read_index(dir).back().first);
  EXPECT_EQ(got.meta.step, expected.meta.step);
  EXPECT_NEAR(got.meta.time, expected.meta.time, 1e-14);
  ASSERT_EQ(got.names, expected.names);
  for (const std::string& name : expected.names) {
    const std::vector<double>& a = got.values_as_double.at(name);
    const std::vector<double>& b = expected.values_as_double.at(name);
    ASSERT_EQ(a.size(), b.size());
    double scale = 0;
    for (double v : b) scale = std::max(scale, std::abs(v));
    for (std::size_t c = 0; c < a.size(); ++c) ASSERT_NEAR(a[c], b[c], 1e-13 * scale) << name;
  }
  fs::remove_all(dir);
}

// A snapshot of another grid is refused as such, with the grid that would restart it: not as a
// block of the configuration's grid lying outside the file (the message before), and before
// the restarted run's folder is touched.
TEST(Restart, FromASnapshotOfAnotherGridNamesBothGridsAndTheFix) {
  const std::string first = fresh_dir("other_grid_a"), second = fresh_dir("other_grid_b");
  run_into(first, small_vortex({"backend=host", "time.tend=0.02", "time.dt_output=0.01"}));
  const std::string snapshot = first + "/" + read_index(first).front().first;
  std::string message;
  try {
    run_into(second, {"backend=host", "grid.i_size=32", "grid.j_size=32"}, snapshot);
  } catch (const alfven::Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("it has 16 x 16 x 1 cells, the configuration 32 x 32 x 1"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("--set grid.i_size=16 --set grid.j_size=16 --set grid.k_size=1"),
            std::string::npos)
      << message;
  EXPECT_FALSE(fs::exists(second + "/snapshots.txt"));
  fs::remove_all(first);
  fs::remove_all(second);
}

// io.continue after a crash of the machine (io.fsync: checkpoints, the default): the newest
// snapshot was not flushed to the disk and is empty. The checkpoint of the same step (flushed)
// is taken instead of it; when the checkpoint is older, the error names it and how to continue.
TEST(Restart, ContinueAfterACrashTakesOrNamesTheFlushedCheckpoint) {
  const std::string dir = fresh_dir("crash_tie"), later = fresh_dir("crash_later"),
                    straight = fresh_dir("crash_straight");
  auto with = [](std::vector<std::string> more) {
    std::vector<std::string> o = {"time.tend=10", "time.dt_output=1e9", "io.checkpoint_every=6",
                                  "io.png=false"};
    o.insert(o.end(), more.begin(), more.end());
    return small_vortex(o);
  };
  // The last snapshot (step 12) and the last checkpoint are of the same step.
  run_into(straight, with({"time.max_steps=16"}));
  run_into(dir, with({"time.max_steps=12"}));
  const auto index = read_index(dir);
  ASSERT_FALSE(index.empty());
  std::ofstream(dir + "/" + index.back().first, std::ios::trunc).close();  // lost in the crash
  const std::string said = run_into(dir, with({"time.max_steps=16", "io.continue=true"}));
  const auto a = alfven::io::read_snapshot(straight + "/" + read_index(straight).back().first);
  const auto b = alfven::io::read_snapshot(dir + "/" + read_index(dir).back().first);
  EXPECT_EQ(a.meta.step, 16);
  EXPECT_EQ(b.meta.step, 16);
  EXPECT_TRUE(a.raw == b.raw);  // continued bit for bit from the checkpoint of step 12
  // The last snapshot (step 14) is newer than the last checkpoint (step 12).
  run_into(later, with({"time.max_steps=14"}));
  const auto later_index = read_index(later);
  std::ofstream(later + "/" + later_index.back().first, std::ios::trunc).close();
  try {
    run_into(later, with({"time.max_steps=16", "io.continue=true"}));
    ADD_FAILURE() << "continued from an empty snapshot";
  } catch (const alfven::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find(later_index.back().first), std::string::npos) << m;
    EXPECT_NE(m.find("--restart " + later + "/checkpoint_00000012.h5"), std::string::npos) << m;
  }
  fs::remove_all(dir);
  fs::remove_all(later);
  fs::remove_all(straight);
}

// A restart from a snapshot whose time is 1e20 never ended (the next output's multiple was
// counted up one by one where a double no longer tells n from n + 1), and one whose step was
// 2^63 - 3 ran on to a negative step with exit status 0. The first now finds nothing to do at
// once; the second is refused when the snapshot is read.
TEST(Restart, FromATimeOrStepBeyondEveryScheduleEndsOrIsRefused) {
  const std::string dir = fresh_dir("far_time"), again = fresh_dir("far_time_again");
  run_into(dir, small_vortex({"time.max_steps=2", "io.png=false"}));
  const std::string file = dir + "/snapshot_0001.h5";
  auto set = [&](const char* name, hid_t type, const void* value) {
    const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    ASSERT_GE(f, 0);
    const hid_t a = H5Aopen(f, name, H5P_DEFAULT);
    ASSERT_GE(a, 0);
    ASSERT_GE(H5Awrite(a, type, value), 0);
    H5Aclose(a);
    H5Fclose(f);
  };
  const double far = 1e20;
  set("time", H5T_NATIVE_DOUBLE, &far);
  const std::string said = run_into(again, small_vortex({"io.png=false"}), file);
  EXPECT_NE(said.find("nothing to do: the state is at t = 1e+20"), std::string::npos) << said;
  const double back = 0.05;
  set("time", H5T_NATIVE_DOUBLE, &back);
  const long long step = (1LL << 62) + 3;
  set("step", H5T_NATIVE_LLONG, &step);
  std::string message;
  try {
    run_into(fresh_dir("far_step"), small_vortex({"io.png=false"}), file);
  } catch (const alfven::Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("attribute 'step' = 4611686018427387907 is not a step number (0 to 2^53"),
            std::string::npos)
      << message;
  fs::remove_all(dir);
  fs::remove_all(again);
  fs::remove_all(fresh_dir("far_step"));
}
