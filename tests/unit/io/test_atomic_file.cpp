// Files replaced atomically (issue 10, items 5 and 8): write_file_atomically replaces a file by
// renaming a complete, flushed copy over it (a reader holding the old file keeps the old bytes),
// and a full disk leaves the old file as it was and no temporary file.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>

#include "alfven/core/error.hpp"
#include "alfven/io/atomic_file.hpp"
#include "temp_dir.hpp"

using alfven_test::read_text;
using alfven_test::TempDir;
namespace io = alfven::io;

TEST(AtomicFile, ReplacesByRenameNeverInPlace) {
  TempDir dir;
  const std::string path = dir.file("index.txt"), keep = dir.file("old_link.txt");
  io::write_file_atomically(path, "old contents\n", "index");
  std::filesystem::create_hard_link(path, keep);  // the old file, as a reader holding it sees it
  io::write_file_atomically(path, "new contents\n", "index");
  EXPECT_EQ(read_text(path), "new contents\n");
  EXPECT_EQ(read_text(keep), "old contents\n");  // an in-place rewrite would have changed it
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST(AtomicFile, FullDiskLeavesTheOldFileAndNoTemporary) {
  TempDir dir;
  const std::string path = dir.file("log.csv");
  io::write_file_atomically(path, "step,time\n0,0\n", "log");
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{1024, RLIM_INFINITY};
    setrlimit(RLIMIT_FSIZE, &limit);
    int status = 3;
    try {
      io::write_file_atomically(path, std::string(100000, 'x'), "log");
    } catch (const alfven::Error& e) {
      status = std::string(e.what()).find(path) != std::string::npos ? 0 : 4;
    }
    std::exit(status);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "3: no error, 4: the message does not name the file";
  EXPECT_EQ(read_text(path), "step,time\n0,0\n");
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

// A link or a file at the temporary name is neither written through nor removed.
TEST(AtomicFile, AFileAtTheTemporaryNameIsRefusedAndLeftAlone) {
  TempDir dir;
  const std::string path = dir.file("out.csv"), input = dir.file("points.csv");
  io::write_file_atomically(input, "x,y,z\n1,2,3\n", "points");
  for (const bool link : {true, false}) {
    if (link)
      std::filesystem::create_symlink(input, path + ".tmp");
    else
      std::filesystem::create_hard_link(input, path + ".tmp");
    try {
      io::write_file_atomically(path, "signed_distance\n0\n", "points output");
      FAIL() << "no error";
    } catch (const alfven::Error& e) {
      EXPECT_NE(std::string(e.what()).find("out.csv.tmp' exists"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("remove '"), std::string::npos) << e.what();
    }
    EXPECT_EQ(read_text(input), "x,y,z\n1,2,3\n");
    EXPECT_TRUE(std::filesystem::exists(std::filesystem::symlink_status(path + ".tmp")));
    EXPECT_FALSE(std::filesystem::exists(path));
    std::filesystem::remove(path + ".tmp");
  }
}
