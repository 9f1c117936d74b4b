// `alfven sdf` through the built program (path in ALFVEN_EXE): points of a CSV against the
// analytic sphere within the icosphere's chord error in both sign modes, columns copied
// through, headerless input and --closest, the grid written as HDF5 (read back with
// read_snapshot: shape, attributes, sign at the centre and a corner) plus its XDMF, malformed
// CSV files reported with file and line, and --backend cuda as this build allows.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../io/temp_dir.hpp"
#include "alfven/core/device.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "alfven/geom/mesh_sdf_eval.hpp"
#include "alfven/io/snapshot.hpp"
#include "cli_sdf_support.hpp"

using namespace alfven;
using namespace alfven::geom;

namespace {

using namespace cli_sdf_test;

TEST(Sdf, PointsMatchTheAnalyticSphereInBothSignModes) {
  SphereFixture f;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  std::ostringstream csv;
  csv << "label,z,y,x\n";
  std::vector<Vec3<double>> p;
  for (int i = 0; i < 300; ++i) {
    p.push_back(Vec3<double>{u(rng), u(rng), u(rng)});
    csv << "p" << i << "," << p.back().z << "," << p.back().y << "," << p.back().x << "\n";
  }
  write_text(f.dir.file("in.csv"), csv.str());
  for (const char* sign : {"pseudonormal", "winding"}) {
    const CommandResult r =
        run_alfven("sdf " + f.stl + " --points " + f.dir.file("in.csv") + " -o " +
                       f.dir.file("out.csv") + " --force --sign " + sign,
                   f.dir);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("watertight: yes"), std::string::npos) << r.output;
    const auto rows = read_csv(f.dir.file("out.csv"));
    ASSERT_EQ(rows.size(), p.size() + 1);
    EXPECT_EQ(rows[0], (std::vector<std::string>{"label", "z", "y", "x", "signed_distance"}));
    for (std::size_t i = 0; i < p.size(); ++i) {
      ASSERT_EQ(rows[i + 1].size(), 5u);
      EXPECT_EQ(rows[i + 1][0], "p" + std::to_string(i));
      const double exact = length(p[i]) - kRadius, d = std::stod(rows[i + 1][4]);
      // The faces lie inside the sphere, at most `chord` from it.
      EXPECT_GE(d, exact - 1e-6) << sign << " point " << i;
      EXPECT_LE(d, exact + f.chord + 1e-6) << sign << " point " << i;
      if (std::abs(exact) > f.chord) {
        EXPECT_EQ(d < 0, exact < 0) << sign << " point " << i;
      }
    }
  }
}

TEST(Sdf, HeaderlessPointsWithClosestPointsInFloat) {
  SphereFixture f;
  write_text(f.dir.file("in.csv"), "0,0,0\r\n2,0,0\r\n\r\n0,-0.5,0.25\r\n");
  const CommandResult r =
      run_alfven("sdf " + f.stl + " --points " + f.dir.file("in.csv") + " -o " +
                     f.dir.file("out.csv") + " --closest --precision float --build morton",
                 f.dir);
  ASSERT_EQ(r.status, 0) << r.output;
  const auto rows = read_csv(f.dir.file("out.csv"));
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{"x", "y", "z", "signed_distance", "closest_x",
                                               "closest_y", "closest_z", "triangle"}));
  const double expected[3] = {-1.0, 1.0, std::sqrt(0.3125) - 1.0};
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(rows[std::size_t(i) + 1].size(), 8u);
    EXPECT_NEAR(std::stod(rows[std::size_t(i) + 1][3]), expected[i], f.chord + 1e-6);
    const Vec3<double> c{std::stod(rows[std::size_t(i) + 1][4]),
                         std::stod(rows[std::size_t(i) + 1][5]),
                         std::stod(rows[std::size_t(i) + 1][6])};
    EXPECT_NEAR(length(c), kRadius, f.chord + 1e-6);
    const int t = std::stoi(rows[std::size_t(i) + 1][7]);
    EXPECT_GE(t, 0);
    EXPECT_LT(t, int(f.mesh.triangle_count()));
  }
}

TEST(Sdf, GridIsWrittenAsHdf5AndXdmf) {
  SphereFixture f;
  const std::string h5 = f.dir.file("grid.h5");
  const CommandResult r =
      run_alfven("sdf " + f.stl + " --grid 12 -o " + h5 + " --sign winding", f.dir);
  ASSERT_EQ(r.status, 0) << r.output;
  const io::Snapshot s = io::read_snapshot(h5);
  for (int a = 0; a < 3; ++a) EXPECT_EQ(s.grid.n[a], 12);
  ASSERT_EQ(s.names, std::vector<std::string>{"signed_distance"});
  EXPECT_EQ(s.type, io::DataType::Float64);
  EXPECT_EQ(s.meta.text.at("mesh_file"), f.stl);
  EXPECT_EQ(s.meta.text.at("sign_mode"), "winding");
  // Only attributes that mean something for a grid: no time, step, index, problem or gamma.
  EXPECT_FALSE(s.meta.run_state);
  EXPECT_EQ(s.meta.text.at("written_by"), "alfven sdf");
  const auto [lo, hi] = f.mesh.bounds();
  const std::vector<double> origin = s.meta.vectors.at("origin"),
                            spacing = s.meta.vectors.at("spacing");
  ASSERT_EQ(origin.size(), 3u);
  ASSERT_EQ(spacing.size(), 3u);
  const double l[3] = {lo.x, lo.y, lo.z}, h[3] = {hi.x, hi.y, hi.z};
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(origin[std::size_t(a)], l[a] - 0.1 * (h[a] - l[a]), 1e-12);
    EXPECT_NEAR(spacing[std::size_t(a)], 1.2 * (h[a] - l[a]) / 12, 1e-12);
  }
  const std::vector<double>& d = s.values_as_double.at("signed_distance");
  ASSERT_EQ(d.size(), 12u * 12 * 12);
  const std::size_t centre = 6 + 12 * (6 + 12 * 6);  // the cell at +h/2 from the centre
  EXPECT_LT(d[centre], -0.8);
  EXPECT_GT(d[0], 0.5);             // corner cell (0, 0, 0)
  EXPECT_GT(d[d.size() - 1], 0.5);  // corner cell (11, 11, 11)
  std::ifstream x(f.dir.file("grid.xdmf"));
  ASSERT_TRUE(x.good()) << "no grid.xdmf next to grid.h5";
  std::stringstream ss;
  ss << x.rdbuf();
  EXPECT_NE(ss.str().find("grid.h5:/signed_distance"), std::string::npos);
  EXPECT_NE(ss.str().find("Center=\"Node\""), std::string::npos);
  EXPECT_NE(ss.str().find("Dimensions=\"12 12 12\""), std::string::npos);

  const CommandResult rf = run_alfven(
      "sdf " + f.stl + " --grid 8 -o " + h5 + " --force --precision float --pad 0.5", f.dir);
  ASSERT_EQ(rf.status, 0) << rf.output;
  const io::Snapshot sf = io::read_snapshot(h5);
  EXPECT_EQ(sf.type, io::DataType::Float32);
  EXPECT_NEAR(sf.meta.vectors.at("origin")[0], lo.x - 0.5 * (hi.x - lo.x), 1e-12);
}

TEST(Sdf, OpenMeshWithPseudonormalsWarns) {
  alfven_test::TempDir dir;
  write_text(dir.file("in.csv"), "x,y,z\n0.5,0.5,0.5\n");
  const CommandResult r = run_alfven(std::string("sdf ") + ALFVEN_SOURCE_DIR +
                                         "/tests/data/meshes/open_box.obj --points " +
                                         dir.file("in.csv") + " -o " + dir.file("out.csv"),
                                     dir);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("use --sign winding"), std::string::npos) << r.output;
}

TEST(Sdf, OutputNamesAreCheckedBeforeAnyWork) {
  SphereFixture f;
  write_text(f.dir.file("in.csv"), "x,y,z\n0,0,0\n");
  // The grid output must be HDF5: gx.xdmf would be overwritten by the XDMF written next to it.
  CommandResult r = run_alfven("sdf " + f.stl + " --grid 4 -o " + f.dir.file("gx.xdmf"), f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "alfven: error: sdf: with --grid")) << r.output;
  EXPECT_TRUE(contains(r, "must end in .h5 or .hdf5")) << r.output;
  EXPECT_FALSE(contains(r, "mesh ")) << "stopped before reading the mesh: " << r.output;
  EXPECT_FALSE(std::ifstream(f.dir.file("gx.xdmf")).good());
  r = run_alfven(
      "sdf " + f.stl + " --points " + f.dir.file("in.csv") + " -o " + f.dir.file("o.txt"), f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "-o must end in .csv")) << r.output;
  for (const std::string& bad : {std::string(".csv"), f.dir.file("") + "/"}) {
    r = run_alfven("sdf " + f.stl + " --points " + f.dir.file("in.csv") + " -o " + bad, f.dir);
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_TRUE(contains(r, "names no file: give a file name such as distances.csv")) << r.output;
  }
  // The output may not be an input, however it is spelled.
  const std::string same = f.dir.file(".") + "/in.csv";
  r = run_alfven("sdf " + f.stl + " --points " + f.dir.file("in.csv") + " -o " + same, f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "is the points file")) << r.output;
  std::ifstream in(f.dir.file("in.csv"));
  std::stringstream kept;
  kept << in.rdbuf();
  EXPECT_EQ(kept.str(), "x,y,z\n0,0,0\n");
  // Nor the XDMF derived from it (mesh m.xdmf, output m.h5 -> m.xdmf).
  r = run_alfven("sdf " + f.dir.file("m.xdmf") + " --grid 4 -o " + f.dir.file("m.h5"), f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "the XDMF written next to the HDF5 output")) << r.output;
  EXPECT_TRUE(contains(r, "is the mesh")) << r.output;
  // A folder that does not exist is said before the evaluation, not after it.
  r = run_alfven("sdf " + f.stl + " --grid 4 -o " + f.dir.file("nodir") + "/g.h5", f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "does not exist; create it or choose another -o")) << r.output;
  EXPECT_FALSE(contains(r, "mesh ")) << "stopped before reading the mesh: " << r.output;
}

TEST(Sdf, GridIsRangeAndMemoryChecked) {
  SphereFixture f;
  for (const char* n : {"0", "-5", "4000"}) {
    const CommandResult r =
        run_alfven("sdf " + f.stl + " --grid " + n + " -o " + f.dir.file("g.h5"), f.dir);
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_TRUE(contains(r, std::string("--grid must be in 1..2048, got ") + n)) << r.output;
  }
  const double have = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE));
  const double need = 2048.0 * 2048 * 2048 * 76;  // double: see grid_bytes_needed
  if (have <= 0 || have >= need) GTEST_SKIP() << "this machine could hold a 2048^3 grid";
  const CommandResult r =
      run_alfven("sdf " + f.stl + " --grid 2048 -o " + f.dir.file("g.h5"), f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "needs about")) << r.output;
  EXPECT_TRUE(contains(r, "GiB, this machine has")) << r.output;
}

TEST(Sdf, BadCommandLinesAreErrorsWithReadableValues) {
  SphereFixture f;
  const std::string csv = f.dir.file("in.csv");
  write_text(csv, "x,y,z\n0,0,0\n");
  const std::string base = "sdf " + f.stl + " ";
  struct Case {
    std::string args, message;
  };
  const Case cases[] = {
      {"--grid abc -o " + f.dir.file("g.h5"), "alfven: error: "},
      {"--grid 4", "alfven: error: "},  // no -o
      {"--grid 4 --points " + csv + " -o " + f.dir.file("g.h5"), "alfven: error: "},
      {"--grid 4 -o " + f.dir.file("g.h5") + " --pad -1", "got -1"},
      {"--grid 4 -o " + f.dir.file("g.h5") + " --pad 1e308", "got 1e+308"},
      {"--grid 4 -o " + f.dir.file("g.h5") + " --pad nan", "--pad must be"},
      {"--grid 4 -o " + f.dir.file("g.h5") + " --weld nan", "--weld must be a number in 0..1"},
      {"--grid 4 -o " + f.dir.file("g.h5") + " --weld -1", "got -1"},
  };
  for (const Case& c : cases) {
    const CommandResult r = run_alfven(base + c.args, f.dir);
    EXPECT_EQ(r.status, 1) << c.args << "\n" << r.output;
    EXPECT_TRUE(contains(r, c.message)) << c.args << "\n" << r.output;
    EXPECT_TRUE(r.output.rfind("alfven: error: ", 0) == 0) << c.args << "\n" << r.output;
  }
  const CommandResult m = run_alfven(std::string("mesh check ") + ALFVEN_SOURCE_DIR +
                                         "/tests/data/meshes/dodecahedron.ply --examples -1",
                                     f.dir);
  EXPECT_EQ(m.status, 1) << m.output;
  EXPECT_TRUE(contains(m, "--examples must be 0 or more, got -1")) << m.output;
}

TEST(Sdf, NoTrianglesLeftAfterCleaningIsAClearError) {
  SphereFixture f;
  write_text(f.dir.file("in.csv"), "x,y,z\n0,0,0\n");
  // Every triangle degenerate (collinear corners), and the sphere welded to a point.
  write_text(f.dir.file("flat.obj"), "v 0 0 0\nv 1 0 0\nv 2 0 0\nv 3 0 0\nf 1 2 3\nf 2 3 4\n");
  for (const std::string& args : {f.dir.file("flat.obj"), f.stl + " --weld 0.5"}) {
    const CommandResult c = run_alfven("mesh check " + args, f.dir);
    EXPECT_EQ(c.status, 3) << c.output;
    EXPECT_TRUE(contains(c, "verdict: unfit: no triangles left after cleaning (all")) << c.output;
    EXPECT_FALSE(contains(c, "has no vertices")) << c.output;
    const CommandResult s = run_alfven(
        "sdf " + args + " --points " + f.dir.file("in.csv") + " -o " + f.dir.file("o.csv"), f.dir);
    EXPECT_EQ(s.status, 1) << s.output;
    EXPECT_TRUE(contains(s, "no triangles left after cleaning")) << s.output;
    EXPECT_FALSE(contains(s, "warning")) << s.output;
  }
  const CommandResult raw = run_alfven("sdf " + f.dir.file("flat.obj") + " --no-clean --points " +
                                           f.dir.file("in.csv") + " -o " + f.dir.file("o.csv"),
                                       f.dir);
  EXPECT_EQ(raw.status, 1) << raw.output;
  EXPECT_TRUE(contains(raw, "all 2 triangles are degenerate")) << raw.output;
  // A mesh with nothing in it at all.
  write_text(f.dir.file("empty.stl"), "solid e\nendsolid e\n");
  const CommandResult e = run_alfven("mesh check " + f.dir.file("empty.stl"), f.dir);
  EXPECT_EQ(e.status, 1) << e.output;
  EXPECT_TRUE(contains(e, "holds no triangles")) << e.output;
}

TEST(Sdf, DirectoriesAreSaidToBeDirectories) {
  SphereFixture f;
  write_text(f.dir.file("in.csv"), "x,y,z\n0,0,0\n");
  std::filesystem::create_directories(f.dir.file("d.stl"));
  CommandResult r = run_alfven("sdf " + f.dir.file("d.stl") + " --points " + f.dir.file("in.csv") +
                                   " -o " + f.dir.file("o.csv"),
                               f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "is a directory")) << r.output;
  std::filesystem::create_directories(f.dir.file("p.csv"));
  r = run_alfven("sdf " + f.stl + " --points " + f.dir.file("p.csv") + " -o " + f.dir.file("o.csv"),
                 f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "is a directory")) << r.output;
}

TEST(Sdf, InwardMeshWithNoCleanIsExplained) {
  SphereFixture f;
  TriangleMesh in = f.mesh;
  for (auto& t : in.triangles) std::swap(t[1], t[2]);
  write_stl(in, f.dir.file("inward.stl"));
  write_text(f.dir.file("in.csv"), "x,y,z\n0,0,0\n");
  const CommandResult r =
      run_alfven("sdf " + f.dir.file("inward.stl") + " --no-clean --points " +
                     f.dir.file("in.csv") + " -o " + f.dir.file("o.csv") + " --sign winding",
                 f.dir);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(contains(r, "is oriented inward (negative signed volume")) << r.output;
  EXPECT_TRUE(contains(r, "winding numbers are negative")) << r.output;
  EXPECT_TRUE(contains(r, "drop --no-clean")) << r.output;
}

// A hollow shell whose inner sphere faces outward (tests/data/meshes/hollow_shell.obj as given):
// with --no-clean the centre of the cavity comes out solid in both modes, which the warning says;
// cleaned, the cavity is fluid (+0.5 from the inner sphere, within its chord error) and nothing is
// said.
TEST(Sdf, CavityFacingOutwardWithNoCleanIsExplained) {
  SphereFixture f;
  const std::string shell = std::string(ALFVEN_SOURCE_DIR) + "/tests/data/meshes/hollow_shell.obj";
  write_text(f.dir.file("in.csv"), "x,y,z\n0,0,0\n");
  CommandResult r = run_alfven("sdf " + shell + " --no-clean --points " + f.dir.file("in.csv") +
                                   " -o " + f.dir.file("o.csv") + " --sign winding",
                               f.dir);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(contains(r, "has 1 closed components facing against their nesting")) << r.output;
  EXPECT_TRUE(contains(r, "drop --no-clean to let cleaning orient them")) << r.output;
  r = run_alfven("sdf " + shell + " --points " + f.dir.file("in.csv") + " -o " +
                     f.dir.file("c.csv") + " --force",
                 f.dir);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(contains(r, "warning")) << r.output;
  const auto rows = read_csv(f.dir.file("c.csv"));
  ASSERT_EQ(rows.size(), 2u);
  const double d = std::stod(rows[1].back());
  EXPECT_GT(d, 0.45);  // 0.5 less the chord error of an icosphere split once
  EXPECT_LE(d, 0.5);
}

TEST(Sdf, CudaBackendAsThisBuildAllows) {
  SphereFixture f;
  write_text(f.dir.file("in.csv"), "x,y,z\n0,0,0\n2,0,0\n");
  const CommandResult r = run_alfven("sdf " + f.stl + " --points " + f.dir.file("in.csv") + " -o " +
                                         f.dir.file("out.csv") + " --backend cuda",
                                     f.dir);
  if (!mesh_eval_cuda_compiled()) {
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.output.find("this build has no CUDA backend"), std::string::npos) << r.output;
  } else if (!device_available()) {
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.output.find("no CUDA device is visible"), std::string::npos) << r.output;
  } else {
    ASSERT_EQ(r.status, 0) << r.output;
    const auto rows = read_csv(f.dir.file("out.csv"));
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_NEAR(std::stod(rows[1][3]), -1.0, f.chord + 1e-6);
    EXPECT_NEAR(std::stod(rows[2][3]), 1.0, f.chord + 1e-6);
  }
}

}  // namespace

// The points CSV replaced an earlier output in place (a full disk left it truncated): it is now
// written to a temporary file and renamed over the old one, which a hard link still shows whole.
TEST(Sdf, PointsOutputReplacesAnEarlierFileAtomically) {
  SphereFixture f;
  write_text(f.dir.file("in.csv"), "x,y,z\n0,0,0\n2,0,0\n");
  write_text(f.dir.file("out.csv"), "an earlier output\n");
  ASSERT_EQ(::link(f.dir.file("out.csv").c_str(), f.dir.file("earlier.csv").c_str()), 0);
  const CommandResult r = run_alfven("sdf " + f.stl + " --points " + f.dir.file("in.csv") + " -o " +
                                         f.dir.file("out.csv") + " --force",
                                     f.dir);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(read_csv(f.dir.file("out.csv")).size(), 3u);
  std::ifstream earlier(f.dir.file("earlier.csv"));
  std::string line;
  std::getline(earlier, line);
  EXPECT_EQ(line, "an earlier output");  // replaced by a rename, not rewritten in place
  EXPECT_FALSE(std::filesystem::exists(f.dir.file("out.csv.tmp")));
}

// An output that exists (the grid's .h5 or the .xdmf written next to it, a points CSV) is kept
// unless --force says to replace it.
TEST(Sdf, AnOutputThatExistsIsKeptWithoutForce) {
  SphereFixture f;
  write_text(f.dir.file("in.csv"), "x,y,z\n0,0,0\n");
  for (const char* existing : {"g.h5", "g.xdmf"}) {
    write_text(f.dir.file(existing), "an earlier file\n");
    const CommandResult r =
        run_alfven("sdf " + f.stl + " --grid 4 -o " + f.dir.file("g.h5"), f.dir);
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_TRUE(contains(r, "exists; give --force to replace it")) << r.output;
    std::ifstream in(f.dir.file(existing));
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line, "an earlier file") << existing;
    std::filesystem::remove(f.dir.file(existing));
  }
  write_text(f.dir.file("o.csv"), "an earlier file\n");
  CommandResult r = run_alfven(
      "sdf " + f.stl + " --points " + f.dir.file("in.csv") + " -o " + f.dir.file("o.csv"), f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "'" + f.dir.file("o.csv") + "' exists")) << r.output;
  r = run_alfven("sdf " + f.stl + " --grid 4 -o " + f.dir.file("g.h5"), f.dir);
  ASSERT_EQ(r.status, 0) << r.output;
  r = run_alfven("sdf " + f.stl + " --grid 4 -o " + f.dir.file("g.h5") + " --force", f.dir);
  EXPECT_EQ(r.status, 0) << r.output;
  // A directory at an output's name is refused before any work, --force or not.
  std::filesystem::create_directory(f.dir.file("d.xdmf"));
  r = run_alfven("sdf " + f.stl + " --grid 4 -o " + f.dir.file("d.h5") + " --force", f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "is a directory")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(f.dir.file("d.h5")));
}

// A link at the temporary name (`ln -s mesh.stl out.h5.tmp`) replaced the mesh with HDF5; an
// input named as the temporary file was renamed away. Both are refused; the inputs are intact.
TEST(Sdf, AnInputAtTheTemporaryNameIsNeverWritten) {
  SphereFixture f;
  const std::string mesh_before = alfven_test::read_text(f.stl);
  std::filesystem::create_symlink(f.stl, f.dir.file("g.h5.tmp"));
  CommandResult r = run_alfven("sdf " + f.stl + " --grid 4 -o " + f.dir.file("g.h5"), f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(contains(r, "g.h5.tmp' exists")) << r.output;
  EXPECT_EQ(alfven_test::read_text(f.stl), mesh_before);
  write_text(f.dir.file("o.csv.tmp"), "x,y,z\n2,0,0\n");
  r = run_alfven(
      "sdf " + f.stl + " --points " + f.dir.file("o.csv.tmp") + " -o " + f.dir.file("o.csv"),
      f.dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_EQ(alfven_test::read_text(f.dir.file("o.csv.tmp")), "x,y,z\n2,0,0\n");
}

// `alfven sdf --grid` onto a full disk printed a clean message and then segfaulted at exit inside
// HDF5 (status 139). A file-size limit of 10 MiB (prlimit; the 112^3 double grid is 11 MB)
// stands for the full disk; skipped without prlimit or where MPI cannot start under the limit.
TEST(Sdf, GridOntoAFullDiskIsAMessageNotACrash) {
  alfven_test::TempDir dir;
  const std::string box = dir.file("box.stl");
  write_stl(make_box_mesh(Vec3<double>{0, 0, 0}, Vec3<double>{1, 2, 3}), box);
  const std::string limited =
      "sh -c 'trap \"\" XFSZ && exec prlimit --fsize=10485760 \"$0\" \"$@\"' \"" +
      std::string(ALFVEN_EXE) + "\" ";
  const std::string log = dir.file("log.txt");
  if (std::system((limited + "info > " + log + " 2>&1").c_str()) != 0)
    GTEST_SKIP() << "no prlimit, or alfven does not start under a 10 MiB file-size limit here";
  write_text(dir.file("grid.h5"), "an earlier grid");
  const int rc = std::system((limited + "sdf " + box + " --grid 112 --force -o " +
                              dir.file("grid.h5") + " > " + log + " 2>&1")
                                 .c_str());
  std::ifstream in(log);
  const std::string output((std::istreambuf_iterator<char>(in)), {});
  ASSERT_TRUE(WIFEXITED(rc)) << output;
  EXPECT_EQ(WEXITSTATUS(rc), 1) << output;  // 139 (128 + SIGSEGV) before
  EXPECT_NE(output.find("cannot write snapshot"), std::string::npos) << output;
  std::ifstream grid(dir.file("grid.h5"));
  std::string kept;
  std::getline(grid, kept);
  EXPECT_EQ(kept, "an earlier grid");
  EXPECT_FALSE(std::filesystem::exists(dir.file("grid.h5.tmp")));
}
