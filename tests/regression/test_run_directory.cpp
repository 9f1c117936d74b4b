// What a run does to its directory (issue 10, items 5, 7, 10 and 12): the files it rewrites are
// replaced atomically; a new run into an earlier run's directory removes only the files that
// run's index lists and says what it removed and kept; an earlier run that cannot be removed is
// an error, not a crash; the command config.yaml suggests works; a run too large for the memory
// is refused before anything is allocated or written.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "run_test_support.hpp"

namespace fs = std::filesystem;
using namespace alfven_test;

// snapshots.txt was rewritten in place (truncated, then written) after each snapshot: a kill in
// between left it empty. Every file a run rewrites is now replaced by a rename: a hard link to
// the old file keeps the old contents. (The log is appended to; only its rows are added.)
TEST(RunDirectory, FilesARunRewritesAreReplacedNotTruncated) {
  const std::string dir = fresh_dir("atomic");
  run_into(dir, small_vortex({"time.tend=0.1", "time.dt_output=0.05"}));
  const std::vector<std::string> names = {"snapshots.txt", "config.yaml", "run.xdmf", "log.csv"};
  auto link_all = [&] {
    std::vector<std::string> old;
    for (const std::string& name : names) {
      fs::remove(dir + "/old_" + name);
      fs::create_hard_link(dir + "/" + name, dir + "/old_" + name);
      old.push_back(read_text(dir + "/" + name));
    }
    return old;
  };
  // Continued in place: the index, the XDMF and config.yaml are rewritten, the log appended to.
  std::vector<std::string> old = link_all();
  run_into(dir, small_vortex({"time.tend=0.2", "time.dt_output=0.05", "io.continue=true"}));
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(read_text(dir + "/old_" + names[i]), old[i]) << names[i] << " was rewritten in place";
    EXPECT_NE(read_text(dir + "/" + names[i]), old[i]) << names[i];
  }
  EXPECT_EQ(read_text(dir + "/old_log.csv").rfind(old[3], 0), 0u) << "log.csv lost rows";
  // Replaced by a new run: all four are new files.
  old = link_all();
  run_into(dir, small_vortex({"time.tend=0.15", "time.dt_output=0.05"}));
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(read_text(dir + "/old_" + names[i]), old[i]) << names[i] << " was rewritten in place";
    EXPECT_NE(read_text(dir + "/" + names[i]), old[i]) << names[i];
  }
  fs::remove_all(dir);
}

// "replaced the output of an earlier run" removed snapshot_final_KEEP.h5 and
// density_paper_figure.png, which the user had put there.
TEST(RunDirectory, NewRunRemovesOnlyTheFilesTheEarlierRunListed) {
  const std::string dir = fresh_dir("keep");
  run_into(dir, small_vortex({"time.tend=0.15", "time.dt_output=0.05"}));
  fs::copy_file(dir + "/snapshot_0001.h5", dir + "/snapshot_final_KEEP.h5");
  fs::copy_file(dir + "/density_0001.png", dir + "/density_paper_figure.png");
  std::ofstream(dir + "/notes.txt") << "mine";
  const std::size_t earlier = read_index(dir).size();
  const std::string out = run_into(dir, small_vortex({"time.tend=0.05", "time.dt_output=0.05"}));
  EXPECT_TRUE(fs::exists(dir + "/snapshot_final_KEEP.h5"));
  EXPECT_TRUE(fs::exists(dir + "/density_paper_figure.png"));
  EXPECT_EQ(read_text(dir + "/notes.txt"), "mine");
  EXPECT_NE(out.find("removed " + std::to_string(earlier) + " snapshots"), std::string::npos)
      << out;
  EXPECT_NE(out.find("kept"), std::string::npos) << out;
  EXPECT_NE(out.find("snapshot_final_KEEP.h5"), std::string::npos) << out;
  // The new run's files only: its own snapshots, none of the earlier run's later ones.
  const auto index = read_index(dir);
  for (std::size_t n = index.size(); n < earlier; ++n) {
    char name[32];
    std::snprintf(name, sizeof name, "/snapshot_%04zu.h5", n);
    EXPECT_FALSE(fs::exists(dir + name)) << name;
  }
  fs::remove_all(dir);
}

// A new run reported files the earlier run had not listed as "kept", then wrote its own
// snapshot_0005.h5 and density_0004.png over them. It is now refused before anything changes.
TEST(RunDirectory, UnlistedFilesUnderTheRunsOwnNamesAreNotWrittenOver) {
  const std::string dir = fresh_dir("clash");
  run_into(dir, small_vortex({"time.tend=0.05", "time.dt_output=0.05"}));
  const std::size_t earlier = read_index(dir).size();
  fs::copy_file(dir + "/snapshot_0000.h5", dir + "/snapshot_0005.h5");
  std::ofstream(dir + "/density_0004.png") << "user figure";
  std::ofstream(dir + "/slice_0002.h5") << "user data";  // a name of this run's block "slice"
  const std::string snapshot = read_text(dir + "/snapshot_0005.h5");
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{},
        std::vector<std::string>{"outputs=[{name: slice, dt: 0.05, variables: [density]}]"}}) {
    std::vector<std::string> o = {"time.tend=0.2", "time.dt_output=0.05"};
    o.insert(o.end(), extra.begin(), extra.end());
    try {
      run_into(dir, small_vortex(o));
      ADD_FAILURE() << "expected an error";
    } catch (const alfven::Error& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find("density_0004.png"), std::string::npos) << m;
      EXPECT_NE(m.find("snapshot_0005.h5"), std::string::npos) << m;
      EXPECT_EQ(m.find("slice_0002.h5") != std::string::npos, !extra.empty()) << m;
      EXPECT_NE(m.find("would write over"), std::string::npos) << m;
    }
    EXPECT_EQ(read_text(dir + "/snapshot_0005.h5"), snapshot);
    EXPECT_EQ(read_text(dir + "/density_0004.png"), "user figure");
    EXPECT_EQ(read_text(dir + "/slice_0002.h5"), "user data");
    EXPECT_EQ(read_index(dir).size(), earlier);  // nothing of the earlier run removed
    EXPECT_TRUE(fs::exists(dir + "/snapshot_0000.h5"));
  }
  fs::remove_all(dir);
}

// A file of the earlier run that cannot be removed (here a folder in place of an image, which
// root cannot remove either; a read-only folder for a user who is not root) gave
// "unexpected error ... filesystem error" and exit status 2.
TEST(RunDirectory, EarlierRunThatCannotBeRemovedIsAnErrorNamingTheFile) {
  const std::string dir = fresh_dir("stuck");
  run_into(dir, small_vortex({"time.tend=0.1", "time.dt_output=0.05"}));
  fs::remove(dir + "/density_0001.png");
  fs::create_directories(dir + "/density_0001.png/inside");
  try {
    run_into(dir, small_vortex({"time.tend=0.05", "time.dt_output=0.05"}));
    FAIL() << "expected an error";
  } catch (const alfven::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find(dir + "/density_0001.png"), std::string::npos) << m;
    EXPECT_NE(m.find("cannot remove"), std::string::npos) << m;
  } catch (const std::exception& e) {
    FAIL() << "not an alfven::Error: " << e.what();
  }
  if (::geteuid() != 0) {  // a read-only earlier run (root may write anywhere)
    const std::string ro = fresh_dir("read_only");
    run_into(ro, small_vortex({"time.tend=0.1", "time.dt_output=0.05"}));
    fs::permissions(ro, fs::perms::owner_write, fs::perm_options::remove);
    try {
      run_into(ro, small_vortex({"time.tend=0.05", "time.dt_output=0.05"}));
      ADD_FAILURE() << "expected an error for the read-only folder " << ro;
    } catch (const alfven::Error& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find(ro), std::string::npos) << m;
      EXPECT_NE(m.find("cannot"), std::string::npos) << m;
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not an alfven::Error: " << e.what();
    }
    fs::permissions(ro, fs::perms::owner_write, fs::perm_options::add);
    fs::remove_all(ro);
  }
  fs::remove_all(dir);
}

// Two runs started into one folder both wrote there, mixing their snapshots and indexes. A run
// now holds an flock on DIR/.alfven.lock while it writes; the lock taken here through a second
// open file description conflicts exactly as another process's would.
TEST(RunDirectory, ASecondRunIntoAFolderInUseIsRefusedAndChangesNothing) {
  const std::string dir = fresh_dir("in_use");
  run_into(dir, small_vortex({"time.tend=0.1", "time.dt_output=0.05"}));
  ASSERT_TRUE(fs::exists(dir + "/.alfven.lock"));
  const std::string index_before = read_text(dir + "/snapshots.txt");
  const std::string log_before = read_text(dir + "/log.csv");
  const int fd = ::open((dir + "/.alfven.lock").c_str(), O_RDWR);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0) << "the finished run still holds its lock";
  const std::string pid = "424242\n";
  ASSERT_EQ(::ftruncate(fd, 0), 0);
  ASSERT_EQ(::pwrite(fd, pid.data(), pid.size(), 0), ssize_t(pid.size()));
  try {
    run_into(dir, small_vortex({"time.tend=0.05", "time.dt_output=0.05"}));
    ADD_FAILURE() << "a second run into a folder in use was not refused";
  } catch (const alfven::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("another Alfven run (process 424242) is writing into '" + dir + "'"),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("--output"), std::string::npos) << m;
  }
  EXPECT_EQ(read_text(dir + "/snapshots.txt"), index_before);
  EXPECT_EQ(read_text(dir + "/log.csv"), log_before);
  EXPECT_TRUE(fs::exists(dir + "/snapshot_0002.h5"));
  ::close(fd);  // the other run ends: the folder is free again
  run_into(dir, small_vortex({"time.tend=0.05", "time.dt_output=0.05"}));
  EXPECT_FALSE(fs::exists(dir + "/snapshot_0002.h5")) << "the new run did not replace the old";
  // A folder holding only the lock of a run stopped as it began is not "someone else's files".
  const std::string stopped = fresh_dir("stopped_at_start");
  fs::create_directories(stopped);
  std::ofstream(stopped + "/.alfven.lock") << "1\n";
  run_into(stopped, small_vortex({"time.tend=0.05", "time.dt_output=0.05"}));
  EXPECT_TRUE(fs::exists(stopped + "/snapshot_0001.h5"));
  fs::remove_all(stopped);
  fs::remove_all(dir);
}

// A user's .alfven.lock with other content was truncated to the run's process id, and a symbolic
// link there was reported as "Too many levels of symbolic links; give the folder write
// permission". Both are refused with what to do; the file and the link's target stay.
TEST(RunDirectory, ALockFileTheRunDidNotWriteIsKept) {
  const std::string dir = fresh_dir("foreign_lock");
  fs::create_directories(dir);
  std::ofstream(dir + "/.alfven.lock") << "my notes\n";
  auto refusal = [&] {
    try {
      run_into(dir, small_vortex({"time.max_steps=1"}));
    } catch (const alfven::Error& e) {
      return std::string(e.what());
    }
    return std::string("not refused");
  };
  std::string m = refusal();
  EXPECT_NE(m.find("holds something other than the process id"), std::string::npos) << m;
  EXPECT_EQ(read_text(dir + "/.alfven.lock"), "my notes\n");
  fs::remove(dir + "/.alfven.lock");
  run_into(dir, small_vortex({"time.max_steps=1"}));  // an earlier run's folder, then a link
  const std::string target = dir + "_target.txt";
  std::ofstream(target) << "kept";
  fs::remove(dir + "/.alfven.lock");
  fs::create_symlink(target, dir + "/.alfven.lock");
  m = refusal();
  EXPECT_NE(m.find("is a symbolic link; the lock is a file the run creates itself"),
            std::string::npos)
      << m;
  EXPECT_EQ(read_text(target), "kept");
  fs::remove(target);
  fs::remove_all(dir);
}

// A damaged checkpoints.txt was reported twice by a continued run (once where the run chose its
// start, once as the directory was taken over).
TEST(RunDirectory, ADamagedCheckpointIndexIsReportedOnce) {
  const std::string dir = fresh_dir("garbage_index");
  run_into(dir, small_vortex({"time.tend=0.1", "time.dt_output=0.05"}));
  std::ofstream(dir + "/checkpoints.txt") << "garbage line here\n";
  const std::string said =
      run_into(dir, small_vortex({"time.tend=0.15", "time.dt_output=0.05", "io.continue=true"}));
  const std::string note = "checkpoints.txt: skipped 1 line(s)";
  const std::size_t first = said.find(note);
  ASSERT_NE(first, std::string::npos) << said;
  EXPECT_EQ(said.find(note, first + 1), std::string::npos) << said;
  fs::remove_all(dir);
}

// An index edited by hand or by an attacker named files a run never writes: a new run removed
// them (notes.txt), and through the group of an output-block entry a GROUP.xdmf outside the
// directory ("../victim"); a continued run pruning checkpoints removed one too. Only names a run
// writes (checkpoint_NNNNNNNN.h5; BLOCK_NNNN.h5 of a valid block name) are taken from an index.
TEST(RunDirectory, AHostileIndexRemovesNoFileTheRunDidNotWrite) {
  const std::string dir = fresh_dir("hostile_index");
  const std::string outside = fs::path(dir).parent_path().string() + "/hostile_victim.xdmf";
  run_into(dir, small_vortex({"time.tend=0.1", "time.dt_output=0.05", "io.checkpoint_every=2",
                              "io.checkpoint_keep=1"}));
  std::ofstream(dir + "/notes.txt") << "mine";
  std::ofstream(dir + "/snapshot_notes.h5") << "mine too";
  std::ofstream(outside) << "precious";
  std::ofstream(dir + "/outputs.txt", std::ios::app) << "notes.txt 0 0 ../hostile_victim\n"
                                                     << "snapshot_notes.h5 0 0 snapshot\n";
  std::ofstream(dir + "/checkpoints.txt", std::ios::app) << "notes.txt 0 0 -\n";
  // A continued run (which prunes checkpoints to the last one), then a new run in the folder.
  run_into(dir, small_vortex({"time.tend=0.2", "time.dt_output=0.05", "io.checkpoint_every=2",
                              "io.checkpoint_keep=1", "io.continue=true"}));
  EXPECT_EQ(read_text(dir + "/notes.txt"), "mine");
  const std::string said = run_into(dir, small_vortex({"time.tend=0.05", "time.dt_output=0.05"}));
  EXPECT_EQ(read_text(dir + "/notes.txt"), "mine") << said;
  EXPECT_EQ(read_text(dir + "/snapshot_notes.h5"), "mine too") << said;
  EXPECT_EQ(read_text(outside), "precious") << said;
  fs::remove(outside);
  fs::remove_all(dir);
}

// A continued run wrote over a checkpoint_NNNNNNNN.h5 or an output block's file that the user
// had put in the folder (no index listed them, so they were not set aside). They are now moved
// to discarded_after_NNNN with the later files, unchanged.
TEST(RunDirectory, AContinuedRunWritesOverNoFileTheIndexesDoNotList) {
  const std::string dir = fresh_dir("continue_planted");
  const std::string block = "outputs=[{name: a, every: 1, variables: [density]}]";
  run_into(dir,
           small_vortex({"time.max_steps=6", "time.dt_output=10", "io.checkpoint_every=3", block}));
  std::ofstream(dir + "/checkpoint_00000009.h5") << "precious checkpoint";
  std::ofstream(dir + "/a_0008.h5") << "precious block";
  const std::string said =
      run_into(dir, small_vortex({"time.max_steps=10", "time.dt_output=10", "io.checkpoint_every=3",
                                  "io.continue=true", block}));
  EXPECT_TRUE(fs::exists(dir + "/checkpoint_00000009.h5")) << said;  // the run's own now
  EXPECT_NE(read_text(dir + "/checkpoint_00000009.h5"), "precious checkpoint");
  const std::string aside = dir + "/discarded_after_0001";
  EXPECT_EQ(read_text(aside + "/checkpoint_00000009.h5"), "precious checkpoint") << said;
  EXPECT_EQ(read_text(aside + "/a_0008.h5"), "precious block") << said;
  fs::remove_all(dir);
}

// snapshots.txt was trusted for the files' times and contents: a line with a wrong time put the
// snapshots out of order in run.xdmf, and a user's file listed under a snapshot's name was
// removed by the next run. The index is now checked against each file's metadata: a wrong time
// makes it rebuilt from the files, and a listed file that is no snapshot is not removed.
TEST(RunDirectory, AnIndexIsCheckedAgainstTheSnapshotsItLists) {
  const std::string dir = fresh_dir("index_checked");
  run_into(dir, small_vortex({"time.max_steps=12", "time.dt_output=0.05"}));
  const auto first = read_index(dir);
  ASSERT_GE(first.size(), 2u);
  { std::ofstream(dir + "/snapshots.txt") << "snapshot_0000.h5 0\nsnapshot_0001.h5 0.5\n"; }
  std::string said =
      run_into(dir, small_vortex({"time.max_steps=14", "time.dt_output=0.05", "io.continue=true"}));
  EXPECT_NE(said.find("gives t = 0.5 for snapshot_0001.h5, whose own time is"), std::string::npos)
      << said;
  const auto index = read_index(dir);
  for (std::size_t i = 1; i < index.size(); ++i)
    EXPECT_LT(index[i - 1].second, index[i].second) << i;
  EXPECT_EQ(index[1].second, first[1].second);

  // A new run where the index lists a file that is no snapshot: refused, the file kept.
  const std::string other = fresh_dir("index_lists_junk");
  fs::create_directories(other);
  std::ofstream(other + "/snapshots.txt") << "snapshot_0000.h5 0\n";
  std::ofstream(other + "/snapshot_0000.h5") << "my notes";
  std::string message;
  try {
    run_into(other, small_vortex({"time.max_steps=2"}));
  } catch (const alfven::Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("holds snapshot_0000.h5, which its snapshots.txt lists but which does "
                         "not read as a snapshot"),
            std::string::npos)
      << message;
  EXPECT_EQ(read_text(other + "/snapshot_0000.h5"), "my notes");
  fs::remove_all(dir);
  fs::remove_all(other);
}

// A continue refused for a log whose header differs had already cut the log's later rows (and
// a log of junk to its first lines): the header is now checked before anything changes.
TEST(RunDirectory, AContinueRefusedForTheLogChangesNothing) {
  const std::string dir = fresh_dir("log_refused");
  run_into(dir, small_vortex({"time.max_steps=12", "time.dt_output=0.1", "io.log_every=1"}));
  const std::string original = read_text(dir + "/log.csv");
  std::string log = original;
  log.replace(0, log.find(','), "stepnumber");  // another header
  log += "20,0.39,0.02,1,1.58,2.28,7e5\n";      // and a row after the last snapshot
  std::ofstream(dir + "/log.csv", std::ios::binary) << log;
  const std::string index = read_text(dir + "/snapshots.txt");
  std::string message;
  try {
    run_into(dir, small_vortex({"time.max_steps=30", "time.dt_output=0.1", "io.continue=true"}));
  } catch (const alfven::Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("cannot append, its header 'stepnumber,"), std::string::npos) << message;
  EXPECT_NE(message.find("move the file away (or restore its header)"), std::string::npos)
      << message;
  EXPECT_EQ(read_text(dir + "/log.csv"), log);
  EXPECT_EQ(read_text(dir + "/snapshots.txt"), index);
  EXPECT_FALSE(fs::exists(dir + "/discarded_after_0001"));
  // Text without a line end is no log a run wrote (a header is written whole): it was replaced.
  std::ofstream(dir + "/log.csv", std::ios::binary | std::ios::trunc) << "my notes";
  message.clear();
  try {
    run_into(dir, small_vortex({"time.max_steps=30", "time.dt_output=0.1", "io.continue=true"}));
  } catch (const alfven::Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("holds no complete line ('my notes'), so no run wrote it"),
            std::string::npos)
      << message;
  EXPECT_EQ(read_text(dir + "/log.csv"), "my notes");
  // A log saved again as UTF-8 with a byte order mark still takes the run's rows.
  const std::string bom = "\xEF\xBB\xBF";
  std::ofstream(dir + "/log.csv", std::ios::binary | std::ios::trunc)
      << bom + original.substr(0, original.find('\n') + 1);
  run_into(dir, small_vortex({"time.max_steps=14", "time.dt_output=0.1", "io.continue=true"}));
  EXPECT_EQ(read_text(dir + "/log.csv").compare(0, 3, bom), 0);
  EXPECT_GE(read_log(dir).size(), 1u);  // at least the final row
  fs::remove_all(dir);
}

// A run directory with a space: config.yaml's "Re-run it with" command pasted into a shell
// split the path in two. The path is now one quoted shell word.
TEST(RunDirectory, TheRerunCommandQuotesAPathWithASpace) {
  const std::string dir = fresh_dir("with space");
  run_into(dir, small_vortex({"time.tend=0.05", "time.dt_output=0.05"}));
  const std::string header = read_text(dir + "/config.yaml");
  EXPECT_NE(header.find("Re-run it with: alfven run '" + dir + "/config.yaml'"), std::string::npos)
      << header.substr(0, 400);
  fs::remove_all(dir);
}

// config.yaml says "Re-run it with: alfven run DIR/config.yaml", which was then refused.
TEST(RunDirectory, TheCommandConfigYamlSuggestsWorks) {
  const std::string dir = fresh_dir("rerun");
  run_into(dir, small_vortex({"time.tend=0.05", "time.dt_output=0.05"}));
  std::istringstream header(read_text(dir + "/config.yaml"));
  std::string line, command;
  while (std::getline(header, line) && command.empty())
    if (line.find("Re-run it with: ") != std::string::npos)
      command = line.substr(line.find("alfven run "));
  ASSERT_FALSE(command.empty());
  std::istringstream words(command.substr(std::string("alfven run ").size()));
  alfven::mhd::RunOptions o;
  words >> o.config;
  std::string word;
  while (words >> word) {
    ASSERT_TRUE(word == "-o" || word == "--output") << "unexpected word in '" << command << "'";
    words >> o.output_dir;
  }
  o.quiet = true;
  std::ostringstream out;
  fs::remove(dir + "/snapshot_0001.h5");  // to see that the rerun writes it again
  ASSERT_NO_THROW(alfven::mhd::run(o, out)) << command;
  EXPECT_TRUE(fs::exists(dir + "/snapshot_0001.h5")) << command;
  fs::remove_all(dir);
}

// A 100000^3 grid or a margin of 1e8 ended in "unexpected error: std::bad_alloc" (a 400^3 run
// grew past 7 GB without a word). The memory a run needs is estimated first and the run refused
// with the figure and what is available; nothing is written.
TEST(RunDirectory, RunTooLargeForTheMemoryIsRefusedWithTheFigures) {
  for (const auto& overrides : std::vector<std::vector<std::string>>{
           {"grid.i_size=100000", "grid.j_size=100000", "grid.k_size=100000"},
           {"grid.i_size=16", "grid.j_size=16", "grid.margin=100000000"}}) {
    const std::string dir = fresh_dir("too_large");
    try {
      run_into(dir, overrides);
      FAIL() << "expected an error for " << overrides.back();
    } catch (const alfven::Error& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find("needs about"), std::string::npos) << m;
      EXPECT_NE(m.find("available"), std::string::npos) << m;
      EXPECT_NE(m.find("GiB"), std::string::npos) << m;
    } catch (const std::exception& e) {
      FAIL() << "not an alfven::Error: " << e.what();
    }
    EXPECT_FALSE(fs::exists(dir));
  }
}
