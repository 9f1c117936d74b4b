// CSV log: header, full-precision rows, append on restart.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>

#include "alfven/core/error.hpp"
#include "alfven/io/csv_log.hpp"
#include "temp_dir.hpp"

namespace io = alfven::io;
using alfven_test::read_text;
using alfven_test::TempDir;

namespace {
const std::vector<std::string> kColumns = {"step", "time", "dt"};
}

TEST(CsvLog, WritesHeaderAndFullPrecisionRows) {
  TempDir dir;
  const std::string path = dir.file("log.csv");
  {
    io::CsvLog log(path, kColumns);
    EXPECT_EQ(read_text(path), "step,time,dt\n");  // header on disk at once
    log.append({0, 0.0, 0.1});
    EXPECT_EQ(read_text(path), "step,time,dt\n0,0,0.10000000000000001\n");  // flushed per row
    log.append({1, 0.1, 1.0 / 3.0});
    log.append({2, -0.5e20, std::numeric_limits<double>::infinity()});
  }
  EXPECT_EQ(read_text(path),
            "step,time,dt\n"
            "0,0,0.10000000000000001\n"
            "1,0.10000000000000001,0.33333333333333331\n"
            "2,-5e+19,inf\n");
  // %.17g reads back exactly.
  EXPECT_EQ(std::strtod("0.33333333333333331", nullptr), 1.0 / 3.0);
}

TEST(CsvLog, RejectsRowOfWrongLength) {
  TempDir dir;
  io::CsvLog log(dir.file("log.csv"), kColumns);
  EXPECT_THROW(log.append({1.0, 2.0}), alfven::Error);
  EXPECT_THROW(io::CsvLog(dir.file("b.csv"), {"a", "b,c"}), alfven::Error);
  EXPECT_THROW(io::CsvLog(dir.file("c.csv"), {"a", "a"}), alfven::Error);
}

TEST(CsvLog, TruncatesWithoutAppend) {
  TempDir dir;
  const std::string path = dir.file("log.csv");
  { io::CsvLog(path, kColumns).append({1, 2, 3}); }
  { io::CsvLog log(path, kColumns, false); }
  EXPECT_EQ(read_text(path), "step,time,dt\n");
}

TEST(CsvLog, AppendKeepsRowsAndChecksHeader) {
  TempDir dir;
  const std::string path = dir.file("log.csv");
  { io::CsvLog(path, kColumns).append({1, 2, 3}); }
  {
    io::CsvLog log(path, kColumns, true);
    log.append({4, 5, 6});
  }
  EXPECT_EQ(read_text(path), "step,time,dt\n1,2,3\n4,5,6\n");

  try {
    io::CsvLog log(path, {"step", "time", "dt", "total_mass"}, true);
    FAIL() << "expected a header mismatch";
  } catch (const alfven::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("'step,time,dt' differs from 'step,time,dt,total_mass'"), std::string::npos)
        << m;
    EXPECT_NE(m.find(path), std::string::npos) << m;
  }
  EXPECT_EQ(read_text(path), "step,time,dt\n1,2,3\n4,5,6\n");  // untouched
}

TEST(CsvLog, AppendToMissingFileWritesHeader) {
  TempDir dir;
  const std::string path = dir.file("new.csv");
  io::CsvLog(path, kColumns, true).append({1, 2, 3});
  EXPECT_EQ(read_text(path), "step,time,dt\n1,2,3\n");
}

TEST(CsvLog, AppendCutsOffIncompleteLastLine) {
  TempDir dir;
  const std::string path = dir.file("log.csv");
  FILE* f = std::fopen(path.c_str(), "w");
  std::fputs("step,time,dt\n1,2,3\n2,4.5", f);  // a crash in mid-row
  std::fclose(f);
  io::CsvLog(path, kColumns, true).append({2, 4.5, 0.25});
  EXPECT_EQ(read_text(path), "step,time,dt\n1,2,3\n2,4.5,0.25\n");
}

TEST(CsvLog, MoveKeepsTheFileOpen) {
  TempDir dir;
  const std::string path = dir.file("log.csv");
  io::CsvLog a(path, kColumns);
  io::CsvLog b = std::move(a);
  b.append({1, 2, 3});
  EXPECT_EQ(b.path(), path);
  EXPECT_EQ(b.columns(), kColumns);
  EXPECT_EQ(read_text(path), "step,time,dt\n1,2,3\n");
}
