// Continuing after a kill -9 (issue 42, item 9). Each kill is reproduced exactly from a finished
// run: the files a kill at that point leaves (a temporary name of the writer).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "alfven/io/atomic_file.hpp"
#include "run_test_support.hpp"

namespace fs = std::filesystem;
using namespace alfven_test;

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
