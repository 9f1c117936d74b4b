// XDMF index: the time series, file references and dimensions, and well-formed XML.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "alfven/io/xdmf.hpp"
#include "temp_dir.hpp"

namespace io = alfven::io;
using alfven_test::read_text;
using alfven_test::TempDir;

namespace {

io::GridInfo grid_2d() {
  io::GridInfo g{};
  g.n[0] = 4, g.n[1] = 3, g.n[2] = 1;
  g.lo[0] = 0.0, g.lo[1] = -1.0, g.lo[2] = 0.0;
  g.hi[0] = 2.0, g.hi[1] = 2.0, g.hi[2] = 0.5;
  return g;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

bool has_python() {
  return std::filesystem::exists("/usr/bin/python3");
}

}  // namespace

TEST(Xdmf, ListsEverySnapshotWithTimeFilesAndDimensions) {
  TempDir dir;
  const std::string path = dir.file("run.xdmf");
  io::write_xdmf(path, grid_2d(), io::DataType::Float32, {"density", "psi"},
                 {{"snap_0000.h5", 0.0}, {"snap_0001.h5", 0.5}, {"snap_0002.h5", 1.25}});
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  const std::string x = read_text(path);

  EXPECT_EQ(count(x, "CollectionType=\"Temporal\""), 1u);
  EXPECT_EQ(count(x, "GridType=\"Uniform\""), 3u);
  EXPECT_NE(x.find("<Time Value=\"0\"/>"), std::string::npos);
  EXPECT_NE(x.find("<Time Value=\"0.5\"/>"), std::string::npos);
  EXPECT_NE(x.find("<Time Value=\"1.25\"/>"), std::string::npos);
  // Node dimensions nz+1 ny+1 nx+1; cell data nz ny nx.
  EXPECT_EQ(count(x, "TopologyType=\"3DCoRectMesh\" Dimensions=\"2 4 5\""), 3u);
  EXPECT_EQ(count(x, "Dimensions=\"1 3 4\" NumberType=\"Float\" Precision=\"4\" Format=\"HDF\""),
            6u);
  // Origin and spacing in z, y, x order: origin (0, -1, 0), spacing (0.5, 1, 0.5).
  EXPECT_NE(x.find("Format=\"XML\">0 -1 0</DataItem>"), std::string::npos);
  EXPECT_NE(x.find("Format=\"XML\">0.5 1 0.5</DataItem>"), std::string::npos);
  EXPECT_EQ(count(x, "Center=\"Cell\""), 6u);
  EXPECT_NE(x.find(">snap_0001.h5:/density</DataItem>"), std::string::npos);
  EXPECT_NE(x.find(">snap_0002.h5:/psi</DataItem>"), std::string::npos);
}

TEST(Xdmf, DoublePrecisionAndRewriting) {
  TempDir dir;
  const std::string path = dir.file("run.xdmf");
  io::write_xdmf(path, grid_2d(), io::DataType::Float64, {"density"}, {{"a.h5", 0.0}});
  io::write_xdmf(path, grid_2d(), io::DataType::Float64, {"density"},
                 {{"a.h5", 0.0}, {"b.h5", 0.1}});
  const std::string x = read_text(path);
  EXPECT_EQ(count(x, "Precision=\"8\" Format=\"HDF\""), 2u);
  EXPECT_EQ(count(x, "<Time "), 2u);
  EXPECT_NE(x.find("<Time Value=\"0.10000000000000001\"/>"), std::string::npos);
}

TEST(Xdmf, IsWellFormedXml) {
  if (!has_python()) GTEST_SKIP() << "/usr/bin/python3 not available";
  TempDir dir;
  const std::string path = dir.file("run.xdmf");
  // A file name with XML special characters must come back unchanged from a real XML parser.
  io::write_xdmf(path, grid_2d(), io::DataType::Float64, {"density", "velocity_x"},
                 {{"a&b<c>.h5", 0.0}, {"snap_0001.h5", 0.5}});
  const std::string script =
      "import sys, xml.etree.ElementTree as E\n"
      "root = E.parse(sys.argv[1]).getroot()\n"
      "assert root.tag == 'Xdmf', root.tag\n"
      "series = root.find('Domain/Grid')\n"
      "assert series.get('CollectionType') == 'Temporal'\n"
      "grids = series.findall('Grid')\n"
      "assert [g.find('Time').get('Value') for g in grids] == ['0', '0.5']\n"
      "items = [a.find('DataItem').text for a in grids[0].findall('Attribute')]\n"
      "assert items == ['a&b<c>.h5:/density', 'a&b<c>.h5:/velocity_x'], items\n";
  const std::string script_path = dir.file("check.py");
  FILE* f = std::fopen(script_path.c_str(), "w");
  std::fputs(script.c_str(), f);
  std::fclose(f);
  const std::string command = "/usr/bin/python3 '" + script_path + "' '" + path + "'";
  EXPECT_EQ(std::system(command.c_str()), 0) << read_text(path);
}
