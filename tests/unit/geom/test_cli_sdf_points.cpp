// `alfven sdf` with --points: malformed CSV files reported with file and line, a byte order
// mark and hexadecimal-looking fields, a column the output would add twice, and points too far
// from the mesh for the precision's squared distances.
#include <gtest/gtest.h>

#include <string>

#include "cli_sdf_support.hpp"

using namespace cli_sdf_test;

TEST(Sdf, MalformedCsvIsReportedWithFileAndLine) {
  SphereFixture f;
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"x,y,z\n1,2,3\n1,2\n", "bad.csv:3: 2 columns, expected 3"},
      {"x,y,z\n1,2,3\n1,abc,3\n", "bad.csv:3: column 'y' is not a finite number: 'abc'"},
      {"x,z,w\n1,2,3\n", "bad.csv:1: the header has no column 'y'"},
      {"", "bad.csv' is empty"},
      {"\n\n", "bad.csv' is empty"},
      {"x,y,z\n", "has a header but no points"},
      {"1,2,3\n4,5,6,7\n", "bad.csv:2: 4 columns, expected 3"},
  };
  for (const Case& c : cases) {
    write_text(f.dir.file("bad.csv"), c.text);
    const CommandResult r = run_alfven(
        "sdf " + f.stl + " --points " + f.dir.file("bad.csv") + " -o " + f.dir.file("out.csv"),
        f.dir);
    EXPECT_EQ(r.status, 1) << c.text;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << r.output;
  }
  const CommandResult both = run_alfven("sdf " + f.stl + " --grid 4 --points x.csv -o out", f.dir);
  EXPECT_NE(both.status, 0);
}

TEST(Sdf, CsvWithByteOrderMarkHexAndOnePoint) {
  SphereFixture f;
  write_text(f.dir.file("bom.csv"), "\xEF\xBB\xBFx,y,z\n2,0,0\n");
  CommandResult r = run_alfven(
      "sdf " + f.stl + " --points " + f.dir.file("bom.csv") + " -o " + f.dir.file("o.csv"), f.dir);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(contains(r, "(1 point)")) << r.output;
  write_text(f.dir.file("hex.csv"), "x,y,z\n0x10,0,0\n");
  r = run_alfven(
      "sdf " + f.stl + " --points " + f.dir.file("hex.csv") + " -o " + f.dir.file("o2.csv"), f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "hex.csv:2: column 'x' is not a finite number: '0x10'")) << r.output;
}

// A UTF-16 file was read as bytes ("no column 'x' ... got 'ÿþx", cut at its first NUL), and a
// million-digit coordinate was echoed whole: the encoding is named, the value cut to 60 bytes.
TEST(Sdf, Utf16AndHugeFieldsGiveShortClearMessages) {
  SphereFixture f;
  const std::string utf16("\xff\xfex\0,\0y\0,\0z\0\n\0", 14);
  write_text(f.dir.file("u16.csv"), utf16);
  CommandResult r = run_alfven(
      "sdf " + f.stl + " --points " + f.dir.file("u16.csv") + " -o " + f.dir.file("o.csv"), f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "u16.csv: the file is UTF-16")) << r.output;
  write_text(f.dir.file("long.csv"), "x,y,z\n1," + std::string(1000000, '9') + "x,0\n");
  r = run_alfven(
      "sdf " + f.stl + " --points " + f.dir.file("long.csv") + " -o " + f.dir.file("o.csv"), f.dir);
  EXPECT_EQ(r.status, 1) << r.output.substr(0, 300);
  EXPECT_TRUE(contains(r, "... (1000001 characters)")) << r.output.substr(0, 300);
  EXPECT_LT(r.output.size(), 2000u);
}

// A points file with a signed_distance column gave an output with two of them (and with
// --closest a triangle column twice): refused before any work, naming the column.
TEST(Sdf, AColumnTheOutputAddsIsRefused) {
  SphereFixture f;
  for (const char* column : {"signed_distance", "triangle"}) {
    write_text(f.dir.file("in.csv"), std::string("x,y,z,") + column + "\n1,0,0,5\n");
    const CommandResult r = run_alfven("sdf " + f.stl + " --points " + f.dir.file("in.csv") +
                                           " --closest -o " + f.dir.file("out.csv"),
                                       f.dir);
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_NE(r.output.find(std::string("has a column '") + column +
                            "', which the output adds; rename or remove it"),
              std::string::npos)
        << r.output;
    EXPECT_FALSE(std::ifstream(f.dir.file("out.csv")).good());
  }
}

// A point at 1e155 gave signed_distance inf with exit status 0 (its squared distance
// overflows): refused, naming the point and the limit. Just inside the limit the distance is
// the exact one to rounding (the mesh is a unit sphere: |p| - 1).
TEST(Sdf, PointsTooFarForThePrecisionAreRefused) {
  SphereFixture f;
  struct Case {
    const char* point;
    const char* precision;
    bool refused;
  };
  for (const Case& c : {Case{"1e155,0,0", "double", true}, Case{"1e20,0,0", "float", true},
                        Case{"1e153,0,0", "double", false}, Case{"1e18,0,0", "float", false}}) {
    write_text(f.dir.file("far.csv"), std::string("x,y,z\n0,0,2\n") + c.point + "\n");
    const CommandResult r =
        run_alfven("sdf " + f.stl + " --points " + f.dir.file("far.csv") + " --precision " +
                       c.precision + " -o " + f.dir.file("far_out.csv") + " --force",
                   f.dir);
    if (c.refused) {
      EXPECT_EQ(r.status, 1) << c.point << r.output;
      EXPECT_NE(r.output.find("point 1 of"), std::string::npos) << r.output;
      EXPECT_NE(r.output.find("lies too far from the mesh for " + std::string(c.precision)),
                std::string::npos)
          << r.output;
    } else {
      ASSERT_EQ(r.status, 0) << c.point << r.output;
      const auto rows = read_csv(f.dir.file("far_out.csv"));
      ASSERT_EQ(rows.size(), 3u);
      const double x = std::stod(c.point);
      EXPECT_NEAR(std::stod(rows[2][3]), x, x * 1e-6) << c.point;
    }
  }
}
