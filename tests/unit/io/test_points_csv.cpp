// Points files (points_csv.hpp): x, y, z found by name in any order and case, other columns
// copied through with their quoting intact, headerless files, BOM / CRLF / comments, bad input
// reported with file, line and field, and the output written exactly, atomically, and so that
// it reads back to the same doubles (17 digits) or floats (9 digits).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/io/points_csv.hpp"
#include "temp_dir.hpp"

using alfven::Error;
using alfven::io::PointsColumn;
using alfven::io::PointsTable;
using alfven::io::read_points_csv;
using alfven::io::write_points_csv;
using alfven_test::read_text;
using alfven_test::TempDir;

namespace {

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

/// The message of the alfven::Error that reading `text` as a points file throws ("" if none).
std::string error_of(const TempDir& dir, const std::string& text) {
  write_text(dir.file("bad.csv"), text);
  try {
    read_points_csv(dir.file("bad.csv"));
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(PointsCsv, ColumnsFoundByNameAndOthersCopiedThrough) {
  TempDir dir;
  write_text(
      dir.file("in.csv"),
      "label,Z, y ,X\n\"a, first\",3,2,1\nsecond,-1.5e0, +.5 ,2e-3\n\"say \"\"hi\"\"\",0,0,0\n");
  const PointsTable t = read_points_csv(dir.file("in.csv"));
  EXPECT_TRUE(t.has_header);
  EXPECT_EQ(t.columns, (std::vector<std::string>{"label", "Z", " y ", "X"}));
  ASSERT_EQ(t.points.size(), 3u);
  EXPECT_EQ(t.points[0], (std::array<double, 3>{1, 2, 3}));
  EXPECT_EQ(t.points[1], (std::array<double, 3>{2e-3, 0.5, -1.5}));
  EXPECT_EQ(t.rows, (std::vector<std::string>{"\"a, first\",3,2,1", "second,-1.5e0, +.5 ,2e-3",
                                              "\"say \"\"hi\"\"\",0,0,0"}));
}

TEST(PointsCsv, HeaderlessWithByteOrderMarkCrlfAndComments) {
  TempDir dir;
  write_text(dir.file("in.csv"), "\xEF\xBB\xBF# probes\r\n0,0,0\r\n\r\n# next\r\n2,-0.5,0.25\r\n");
  const PointsTable t = read_points_csv(dir.file("in.csv"));
  EXPECT_FALSE(t.has_header);
  EXPECT_EQ(t.columns, (std::vector<std::string>{"x", "y", "z"}));
  EXPECT_EQ(t.points, (std::vector<std::array<double, 3>>{{0, 0, 0}, {2, -0.5, 0.25}}));
  EXPECT_EQ(t.rows, (std::vector<std::string>{"0,0,0", "2,-0.5,0.25"}));
}

TEST(PointsCsv, BadInputNamesFileLineFieldAndWhatWasExpected) {
  TempDir dir;
  const std::string f = dir.file("bad.csv");
  struct Case {
    std::string text, message;
  };
  const Case cases[] = {
      {"x,y,z\n1,2,3\n1,2\n", f + ":3: 2 columns, expected 3 (as the header)"},
      {"x,y,z\n1,abc,3\n", f + ":2: column 'y' is not a finite number: 'abc' (field 2, starting "
                               "at column 3 of the line; expected a decimal number"},
      {"x,y,z\n0x10,0,0\n", ":2: column 'x' is not a finite number: '0x10'"},
      {"x,y,z\ninf,0,0\n", ":2: column 'x' is not a finite number: 'inf'"},
      {"x,y,z\n0,nan,0\n", ":2: column 'y' is not a finite number: 'nan'"},
      {"x,y,z\n0,0,1e999\n", ":2: column 'z' is not a finite number: '1e999'"},
      {"x,y,z\n0,0,\"\"\n", ":2: column 'z' is not a finite number: ''"},
      {"# c\nx,z,w\n1,2,3\n",
       f + ":2: the header has no column 'y' (need columns named x, y and z"},
      {"x,y,X,z\n", f + ":1: column 'x' appears twice in the header (fields 1 and 3)"},
      {"", "points file '" + f + "' is empty"},
      {"\n \n# only a comment\n", "points file '" + f + "' is empty"},
      {"x,y,z\n", "points file '" + f + "' has a header but no points"},
      {"1,2,3\n4,5,6,7\n", f + ":2: 4 columns, expected 3 (x,y,z)"},
      {"x,y,z\n\"1,2,3\n", f + ":2:1: the quoted field that starts here is not closed"},
  };
  for (const Case& c : cases) {
    const std::string e = error_of(dir, c.text);
    EXPECT_NE(e.find(c.message), std::string::npos) << "input: " << c.text << "\nerror: " << e;
  }
}

TEST(PointsCsv, OutputIsTheInputWithColumnsAppended) {
  TempDir dir;
  PointsTable t;
  t.columns = {"name, quoted", "x", "y", "z"};
  t.rows = {"\"a,b\",0,0,0", "c,1,2,3"};
  t.points = {{0, 0, 0}, {1, 2, 3}};
  write_points_csv(dir.file("out.csv"), t,
                   {PointsColumn{"signed_distance", {0.1, -2.0}, 17},
                    PointsColumn{"triangle", {7, 123456789}, 17},
                    PointsColumn{"f", {double(0.1f), 1.0 / 3.0}, 9}});
  EXPECT_EQ(read_text(dir.file("out.csv")),
            "\"name, quoted\",x,y,z,signed_distance,triangle,f\n"
            "\"a,b\",0,0,0,0.10000000000000001,7,0.100000001\n"
            "c,1,2,3,-2,123456789,0.333333333\n");
}

TEST(PointsCsv, WrittenValuesReadBackExactly) {
  TempDir dir;
  write_text(dir.file("in.csv"), "x,y,z\n0,0,0\n1,1,1\n");
  PointsTable t = read_points_csv(dir.file("in.csv"));
  const std::vector<double> d = {1.0 / 3.0, -0.1 - 1e-17};
  const std::vector<double> s = {double(1.0f / 3.0f), double(-0.1f)};
  write_points_csv(dir.file("out.csv"), t, {{"d", d, 17}, {"s", s, 9}});
  // The output is a points file itself: its d and s columns read back bit for bit.
  const PointsTable back = read_points_csv(dir.file("out.csv"));
  EXPECT_EQ(back.columns, (std::vector<std::string>{"x", "y", "z", "d", "s"}));
  ASSERT_EQ(back.rows.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string row = back.rows[i];
    const std::size_t s_at = row.rfind(','), d_at = row.rfind(',', s_at - 1);
    EXPECT_EQ(std::stod(row.substr(d_at + 1, s_at - d_at - 1)), d[i]);
    EXPECT_EQ(std::stof(row.substr(s_at + 1)), float(s[i]));
  }
}

TEST(PointsCsv, AFailedWriteLeavesTheEarlierFileAndNoTemporary) {
  TempDir dir;
  const std::string out = dir.file("out.csv");
  write_text(out, "earlier\n");
  PointsTable t;
  t.columns = {"x", "y", "z"};
  t.rows = {"0,0,0"};
  t.points = {{0, 0, 0}};
  // The temporary name is taken by a directory: the write cannot start.
  std::filesystem::create_directories(out + ".tmp");
  EXPECT_THROW(write_points_csv(out, t, {{"d", {1.0}, 17}}), Error);
  EXPECT_EQ(read_text(out), "earlier\n");
  std::filesystem::remove(out + ".tmp");
  // A column of the wrong length is refused before anything is written.
  try {
    write_points_csv(out, t, {{"d", {1.0, 2.0}, 17}});
    FAIL() << "no error for a column of the wrong length";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("column 'd' has 2 values for 1 points"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(read_text(out), "earlier\n");
  EXPECT_FALSE(std::filesystem::exists(out + ".tmp"));
  write_points_csv(out, t, {{"d", {1.0}, 17}});
  EXPECT_EQ(read_text(out), "x,y,z,d\n0,0,0,1\n");
  EXPECT_FALSE(std::filesystem::exists(out + ".tmp"));
}

}  // namespace
