// Continuing after a kill -9 (issue 42, items 9 and 10). Each kill is reproduced exactly from a
// finished run: the files a kill at that point leaves (a temporary name of the writer, an index
// cut back, the log without the rows written after the kill).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "alfven/io/atomic_file.hpp"
#include "alfven/io/snapshot.hpp"
#include "run_test_support.hpp"

namespace fs = std::filesystem;
using namespace alfven_test;

namespace {

/// Keeps the first `keep` lines of the text file `path`, or those `keep_line` accepts.
template <typename Keep>
void keep_lines(const std::string& path, Keep keep_line) {
  std::ifstream in(path);
  std::string line, kept;
  for (int n = 0; std::getline(in, line); ++n)
    if (keep_line(n, line)) kept += line + "\n";
  in.close();
  std::ofstream(path, std::ios::trunc) << kept;
}

/// The state of DIR as a kill just after the files of snapshot `n` (and of the checkpoints listed
/// up to its step) leaves it: later snapshots, images and checkpoints gone and unlisted, and the
/// log without the row of that step or any later one.
void kill_after_files_of_snapshot(const std::string& dir, int n) {
  const long step =
      alfven::io::read_snapshot_metadata(dir + "/snapshot_000" + std::to_string(n) + ".h5")
          .meta.step;
  keep_lines(dir + "/snapshots.txt", [&](int line, const std::string&) { return line <= n; });
  for (int later = n + 1; fs::exists(dir + "/snapshot_000" + std::to_string(later) + ".h5");
       ++later) {
    fs::remove(dir + "/snapshot_000" + std::to_string(later) + ".h5");
    fs::remove(dir + "/density_000" + std::to_string(later) + ".png");
  }
  keep_lines(dir + "/checkpoints.txt", [&](int, const std::string& line) {
    char name[64];
    double time = 0;
    long at = 0;
    if (std::sscanf(line.c_str(), "%63s %lf %ld", name, &time, &at) != 3) return false;
    if (at > step) fs::remove(dir + "/" + name);
    return at <= step;
  });
  keep_lines(dir + "/log.csv", [&](int line, const std::string& row) {
    return line == 0 || std::stol(row.substr(0, row.find(','))) < step;
  });
}

}  // namespace

// A kill -9 while a checkpoint's index (or the output blocks' index) was being rewritten left
// checkpoints.txt.tmp (outputs.txt.tmp), and io.continue and an in-place --restart then refused
// to run: the writer of the index does not write through a temporary name that exists. They are
// removed as the other leftovers of a run are (a kill during a block's file left
// BLOCK_NNNN.h5.tmp, which the continued run refused when it wrote that file again); a .tmp file
// the run did not write stays.
TEST(RestartAfterKill, TemporaryIndexesOfAKilledCheckpointAreRemoved) {
  const std::string dir = fresh_dir("kill_tmp");
  const std::string block = "outputs=[{name: cut, every: 4, variables: [density]}]";
  run_into(dir, small_vortex({"time.max_steps=8", "time.dt_output=10", "io.checkpoint_every=4",
                              "io.checkpoint_keep=5", block}));
  ASSERT_TRUE(fs::exists(dir + "/checkpoint_00000008.h5"));
  auto leave_temporaries = [&] {
    for (const char* name : {"checkpoints.txt", "outputs.txt", "log.csv", "cut_0003.h5"})
      std::ofstream(alfven::io::temporary_path(dir + "/" + name)) << "half written";
    std::ofstream(dir + "/notes.txt.tmp") << "a user's file";
  };
  leave_temporaries();
  run_into(dir, small_vortex({"time.max_steps=12", "time.dt_output=10", "io.checkpoint_every=4",
                              "io.checkpoint_keep=5", "io.continue=true", block}));
  EXPECT_TRUE(fs::exists(dir + "/checkpoint_00000012.h5"));
  EXPECT_TRUE(fs::exists(dir + "/cut_0003.h5"));
  EXPECT_NE(read_text(dir + "/checkpoints.txt").find("checkpoint_00000012.h5"), std::string::npos);
  for (const char* name : {"checkpoints.txt", "outputs.txt", "log.csv", "cut_0003.h5"})
    EXPECT_FALSE(fs::exists(dir + "/" + name + std::string(".tmp"))) << name;
  EXPECT_EQ(read_text(dir + "/notes.txt.tmp"), "a user's file");
  // In place from a snapshot of the directory: the same.
  leave_temporaries();
  run_into(dir,
           small_vortex({"time.max_steps=16", "time.dt_output=10", "io.checkpoint_every=4",
                         "io.checkpoint_keep=5", block}),
           dir + "/" + read_index(dir).back().first);
  EXPECT_TRUE(fs::exists(dir + "/checkpoint_00000016.h5"));
  EXPECT_FALSE(fs::exists(dir + "/checkpoints.txt.tmp"));
  EXPECT_FALSE(fs::exists(dir + "/outputs.txt.tmp"));
  EXPECT_EQ(read_text(dir + "/notes.txt.tmp"), "a user's file");
  fs::remove_all(dir);
}

// A step's log row is written after its files. A kill in between (here during the checkpoint of
// a snapshot's step, after the snapshot was written and listed) left that snapshot without its
// row, and the run continued from it (or from the checkpoint of the same step) never wrote it:
// log.csv lacked the row of a snapshot. The continued run now logs it, as the run that never
// stopped did (its dt stored in the file), and the log reads as that run's.
TEST(RestartAfterKill, EverySnapshotKeepsItsLogRow) {
  const std::vector<std::string> common = {"time.tend=0.3", "time.dt_output=0.1", "io.log_every=5"};
  const std::string straight = fresh_dir("kill_log_straight");
  run_into(straight, small_vortex(common));
  const auto expected = read_log(straight);
  const long step = alfven::io::read_snapshot_metadata(straight + "/snapshot_0001.h5").meta.step;
  ASSERT_NE(step % 5, 0);  // the row is the snapshot's, not one of io.log_every
  for (const bool checkpoint : {false, true}) {
    SCOPED_TRACE(checkpoint ? "continued from the checkpoint of the snapshot's step"
                            : "continued from the snapshot");
    const std::string dir = fresh_dir(checkpoint ? "kill_log_checkpoint" : "kill_log_snapshot");
    std::vector<std::string> first = common;
    if (checkpoint) {
      first.push_back("io.checkpoint_every=" + std::to_string(step));
      first.push_back("io.checkpoint_keep=100");
    }
    run_into(dir, small_vortex(first));
    kill_after_files_of_snapshot(dir, 1);
    ASSERT_LT(std::stol(read_log(dir).back()[0]), step);
    std::vector<std::string> again = common;
    again.push_back("io.continue=true");
    const std::string said = run_into(dir, small_vortex(again));
    if (checkpoint) {
      EXPECT_NE(said.find("checkpoint_" + std::string(8 - std::to_string(step).size(), '0') +
                          std::to_string(step) + ".h5"),
                std::string::npos)
          << said;
    }
    const auto got = read_log(dir);
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t r = 0; r < expected.size(); ++r)
      for (std::size_t c = 0; c < 6; ++c)  // every column but the measured throughput
        EXPECT_EQ(got[r][c], expected[r][c]) << "row " << r << ", column " << c;
    fs::remove_all(dir);
  }
  fs::remove_all(straight);
}
