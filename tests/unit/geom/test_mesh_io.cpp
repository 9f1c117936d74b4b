// Mesh readers and writers: every format and encoding round-trips the same triangles; format
// features (polygons, strips, OBJ corner forms, PLY types, STL solids, VTK 5.1 layout) read
// right; malformed files give an alfven::Error naming the file and the line or byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "alfven/geom/mesh_clean.hpp"
#include "alfven/geom/mesh_io.hpp"

namespace fs = std::filesystem;
using alfven::Error;
using alfven::geom::MeshEncoding;
using alfven::geom::TriangleMesh;
using alfven::geom::Vec3;
namespace g = alfven::geom;

namespace {

fs::path temp_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() /
                 ("alfven_test_mesh_io_" +
                  std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
                  std::to_string(std::hash<std::string>{}(fs::current_path().string())));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}
std::string temp_file(const std::string& name) {
  return (temp_dir() / name).string();
}
void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}
std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A triangle as its three corner positions, rotated so the smallest comes first (the winding is
// kept): equal for the same oriented triangle whatever the vertex numbering.
using Corner = std::tuple<double, double, double>;
using TriangleKey = std::array<Corner, 3>;
std::multiset<TriangleKey> triangle_set(const TriangleMesh& m, bool round_to_float) {
  std::multiset<TriangleKey> set;
  for (std::size_t t = 0; t < m.triangle_count(); ++t) {
    TriangleKey k;
    for (int c = 0; c < 3; ++c) {
      const auto& p = m.corner(t, c);
      k[std::size_t(c)] =
          round_to_float ? Corner{float(p.x), float(p.y), float(p.z)} : Corner{p.x, p.y, p.z};
    }
    std::rotate(k.begin(), std::min_element(k.begin(), k.end()), k.end());
    set.insert(k);
  }
  return set;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

struct Encoded {
  const char* name;
  MeshEncoding encoding;
  bool float_only;  // the format stores 32-bit floats
};
const Encoded kEncodings[] = {
    {"ascii.stl", MeshEncoding::ascii, false},
    {"binary.stl", MeshEncoding::binary_little_endian, true},
    {"ascii.ply", MeshEncoding::ascii, false},
    {"le.ply", MeshEncoding::binary_little_endian, false},
    {"be.ply", MeshEncoding::binary_big_endian, false},
    {"text.obj", MeshEncoding::ascii, false},
    {"ascii.vtk", MeshEncoding::ascii, false},
    {"binary.vtk", MeshEncoding::binary_big_endian, false},
};

std::string data_mesh(const char* name) {
  return std::string(ALFVEN_SOURCE_DIR) + "/tests/data/meshes/" + name;
}

}  // namespace

TEST(MeshIO, EveryFormatAndEncodingReadsBackTheSameTriangles) {
  const TriangleMesh shapes[] = {
      g::make_icosphere(1.0, 2, Vec3<double>{0.25, -0.5, 3.0}),
      g::make_box_mesh(Vec3<double>{-1, -2, -3}, Vec3<double>{0.1, 0.2, 0.3})};
  int s = 0;
  for (const auto& shape : shapes) {
    const auto exact = triangle_set(shape, false), rounded = triangle_set(shape, true);
    for (const auto& e : kEncodings) {
      const std::string path = temp_file("shape" + std::to_string(s) + "_" + e.name);
      g::write_mesh(shape, path, e.encoding);
      const TriangleMesh back = g::read_mesh(path);
      SCOPED_TRACE(path);
      EXPECT_EQ(back.source, path);
      EXPECT_EQ(back.vertex_count(),
                shape.vertex_count());  // STL corners merged back into vertices
      EXPECT_EQ(back.triangle_count(), shape.triangle_count());
      if (e.float_only)
        EXPECT_EQ(triangle_set(back, true), rounded);
      else
        EXPECT_EQ(triangle_set(back, false), exact);  // 17 digits or doubles: exact
    }
    ++s;
  }
}

TEST(MeshIO, ExtensionIsCaseInsensitiveAndUnknownOnesAreListed) {
  const auto box = g::make_box_mesh(Vec3<double>{0, 0, 0}, Vec3<double>{1, 1, 1});
  const std::string upper = temp_file("BOX.PLY");
  g::write_ply(box, upper, MeshEncoding::ascii);
  EXPECT_EQ(g::read_mesh(upper).triangle_count(), box.triangle_count());
  const std::string unknown = temp_file("box.off");
  write_bytes(unknown, "OFF\n");
  const std::string msg = error_of([&] { g::read_mesh(unknown); });
  EXPECT_NE(msg.find(unknown), std::string::npos) << msg;
  for (const auto& ext : g::supported_mesh_extensions())
    EXPECT_NE(msg.find(ext), std::string::npos) << msg;
}

TEST(MeshIO, StlReadsEverySolidAndBinaryBeginningWithSolid) {
  const std::string two = temp_file("two_solids.stl");
  write_bytes(
      two,
      "solid first part\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n"
      "   vertex 0 1 0\n  endloop\n endfacet\nendsolid first part\n"
      "solid second\n facet normal 0 0 -1\n  outer loop\n   vertex 0 0 0\n   vertex 0 1 0\n"
      "   vertex 0 0 1\n  endloop\n endfacet\nendsolid\n");
  const auto m = g::read_stl(two);
  EXPECT_EQ(m.triangle_count(), 2u);
  EXPECT_EQ(m.vertex_count(), 4u);  // (0,0,0) and (0,1,0) are shared, exactly equal positions

  // A binary file whose 80-byte header begins with "solid" (as many CAD exporters write).
  const auto box = g::make_box_mesh(Vec3<double>{0, 0, 0}, Vec3<double>{1, 2, 3});
  const std::string bin = temp_file("solid_header.stl");
  g::write_stl(box, bin, MeshEncoding::binary_little_endian);
  std::string bytes = read_bytes(bin);
  bytes.replace(0, 12, "solid header");
  write_bytes(bin, bytes);
  EXPECT_EQ(triangle_set(g::read_stl(bin), true), triangle_set(box, true));
}

TEST(MeshIO, PlyReadsAnyScalarTypeSkipsExtrasAndFansPolygons) {
  // ASCII: an extra element before the vertices, extra vertex properties, int coordinates,
  // vertex_index with int count, a quad.
  const std::string ascii = temp_file("features.ply");
  write_bytes(ascii,
              "ply\r\nformat ascii 1.0\r\ncomment made by hand\r\nelement material 1\r\n"
              "property uchar red\r\nproperty list uchar float weights\r\n"
              "element vertex 5\r\nproperty short x\r\nproperty uchar quality\r\nproperty int y\r\n"
              "property double z\r\nelement face 2\r\nproperty uchar flags\r\n"
              "property list int uint vertex_index\r\nend_header\r\n"
              "255 2 0.5 0.5\r\n0 7 0 0\r\n1 7 0 0\r\n1 7 1 0\r\n0 7 1 0\r\n0 7 0 5\r\n"
              "0 4 0 1 2 3\r\n0 3 0 1 4\r\n");
  const auto a = g::read_ply(ascii);
  ASSERT_EQ(a.vertex_count(), 5u);
  ASSERT_EQ(a.triangle_count(), 3u);  // quad -> 2 triangles (fan), triangle -> 1
  EXPECT_EQ(a.triangles[0], (std::array<std::int32_t, 3>{0, 1, 2}));
  EXPECT_EQ(a.triangles[1], (std::array<std::int32_t, 3>{0, 2, 3}));
  EXPECT_EQ(a.vertices[4].z, 5.0);

  // Binary big endian: float coordinates, an extra uchar, ushort list counts with short indices.
  std::string b =
      "ply\nformat binary_big_endian 1.0\nelement vertex 3\nproperty float x\n"
      "property float y\nproperty float z\nproperty uchar alpha\nelement face 1\n"
      "property list ushort short vertex_indices\nelement edge 1\nproperty int v1\n"
      "property int v2\nend_header\n";
  auto put_be = [&b](const void* p, std::size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i)
      b.push_back(char(c[n - 1 - i]));  // this host: little endian
  };
  const float xyz[3][3] = {{0, 0, 0}, {2.5f, 0, 0}, {0, -1.25f, 0}};
  for (const auto& p : xyz) {
    for (float c : p) put_be(&c, 4);
    b.push_back(char(9));
  }
  const std::uint16_t count = 3;
  put_be(&count, 2);
  for (std::int16_t i : {0, 1, 2}) put_be(&i, 2);
  for (std::int32_t i : {0, 1}) put_be(&i, 4);
  const std::string be = temp_file("features_be.ply");
  write_bytes(be, b);
  const auto m = g::read_ply(be);
  ASSERT_EQ(m.triangle_count(), 1u);
  EXPECT_EQ(m.vertices[1].x, 2.5);
  EXPECT_EQ(m.vertices[2].y, -1.25);
}

TEST(MeshIO, ObjReadsEveryCornerFormNegativeIndicesAndPolygons) {
  const std::string path = temp_file("features.obj");
  write_bytes(
      path,
      "# comment\nmtllib none.mtl\no thing\nv 0 0 0\nv 1 0 0\nv 1 1 0 1.0\nv 0 1 0 0.5 0.5 0.5\n"
      "vt 0 0\nvn 0 0 1\ng group\ns off\nusemtl red\n"
      "f 1/1/1 2/1/1 3/1/1 4/1/1\nf 1//1 3//1 4//1\nf -4/1 -3/1 -2/1\nf 1 2 3 # trailing comment\n"
      "l 1 2\n");
  const auto m = g::read_obj(path);
  ASSERT_EQ(m.vertex_count(), 4u);
  ASSERT_EQ(m.triangle_count(), 5u);  // quad (2) + 3 triangles
  EXPECT_EQ(m.triangles[1], (std::array<std::int32_t, 3>{0, 2, 3}));
  EXPECT_EQ(m.triangles[3], (std::array<std::int32_t, 3>{0, 1, 2}));  // -4 -3 -2 after 4 vertices
}

TEST(MeshIO, VtkReadsStripsAndTheVersion51Layout) {
  const auto box = g::make_box_mesh(Vec3<double>{0, 0, 0}, Vec3<double>{1, 1, 1});
  // 5.1 ASCII: OFFSETS / CONNECTIVITY, with a METADATA block and point data afterwards.
  std::string s = "# vtk DataFile Version 5.1\nbox\nASCII\nDATASET POLYDATA\nPOINTS 8 float\n";
  for (const auto& p : box.vertices)
    s += std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z) + "\n";
  s += "METADATA\nINFORMATION 0\n\nPOLYGONS 13 36\nOFFSETS vtktypeint64\n";
  for (int i = 0; i <= 12; ++i) s += std::to_string(3 * i) + " ";
  s += "\nCONNECTIVITY vtktypeint64\n";
  for (const auto& t : box.triangles)
    s += std::to_string(t[0]) + " " + std::to_string(t[1]) + " " + std::to_string(t[2]) + "\n";
  s += "POINT_DATA 8\nSCALARS f float 1\nLOOKUP_TABLE default\n0 1 2 3 4 5 6 7\n";
  const std::string ascii = temp_file("box51.vtk");
  write_bytes(ascii, s);
  EXPECT_EQ(triangle_set(g::read_vtk(ascii), false), triangle_set(box, false));

  // 5.1 BINARY (big endian), int32 offsets and connectivity.
  std::string b = "# vtk DataFile Version 5.1\nbox\nBINARY\nDATASET POLYDATA\nPOINTS 8 double\n";
  auto put_be = [&b](const void* p, std::size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) b.push_back(char(c[n - 1 - i]));
  };
  for (const auto& p : box.vertices)
    for (double c : {p.x, p.y, p.z}) put_be(&c, 8);
  b += "\nPOLYGONS 13 36\nOFFSETS vtktypeint32\n";
  for (std::int32_t i = 0; i <= 12; ++i) {
    const std::int32_t o = 3 * i;
    put_be(&o, 4);
  }
  b += "\nCONNECTIVITY vtktypeint32\n";
  for (const auto& t : box.triangles)
    for (std::int32_t i : t) put_be(&i, 4);
  b += "\n";
  const std::string binary = temp_file("box51_binary.vtk");
  write_bytes(binary, b);
  EXPECT_EQ(triangle_set(g::read_vtk(binary), false), triangle_set(box, false));

  // A triangle strip of 5 points: 3 triangles, every other one reversed to keep the winding.
  const std::string strip = temp_file("strip.vtk");
  write_bytes(
      strip,
      "# vtk DataFile Version 3.0\nstrip\nASCII\nDATASET POLYDATA\nPOINTS 5 float\n"
      "0 0 0 0 1 0 1 0 0 1 1 0 2 0 0\nLINES 1 3\n2 0 1\nTRIANGLE_STRIPS 1 6\n5 0 1 2 3 4\n");
  const auto m = g::read_vtk(strip);
  ASSERT_EQ(m.triangle_count(), 3u);
  for (std::size_t t = 0; t < 3; ++t)  // all wound alike: clockwise seen from +z, like the first
    EXPECT_LT(cross(m.corner(t, 1) - m.corner(t, 0), m.corner(t, 2) - m.corner(t, 0)).z, 0.0) << t;
}

TEST(MeshIO, Vtk51BadPointIdIsReportedAtItsOwnLineOrByte) {
  // Two triangles over 4 points; the second triangle's first id (connectivity entry 3) is 99.
  const std::string head =
      "# vtk DataFile Version 5.1\nquad\nASCII\nDATASET POLYDATA\nPOINTS 4 float\n"
      "0 0 0 1 0 0 1 1 0 0 1 0\nPOLYGONS 3 6\nOFFSETS vtktypeint64\n0 3 6\n"
      "CONNECTIVITY vtktypeint64\n";
  const std::string ascii = temp_file("bad_id51.vtk");
  write_bytes(ascii, head + "0\n1\n2\n99\n2\n3\n");  // one id a line: 99 on line 14
  std::string msg = error_of([&] { g::read_vtk(ascii); });
  EXPECT_NE(msg.find("line 14"), std::string::npos) << msg;  // not the last id's line, 16
  EXPECT_NE(msg.find("cell 1 uses point 99 but POINTS has 4"), std::string::npos) << msg;

  std::string b = "# vtk DataFile Version 5.1\nquad\nBINARY\nDATASET POLYDATA\nPOINTS 4 float\n";
  auto put_be = [&b](std::int32_t v) {
    for (int k = 3; k >= 0; --k) b.push_back(char((std::uint32_t(v) >> (8 * k)) & 0xff));
  };
  const float xyz[12] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
  for (float c : xyz) {
    std::int32_t bits;
    std::memcpy(&bits, &c, 4);
    put_be(bits);
  }
  b += "\nPOLYGONS 3 6\nOFFSETS vtktypeint32\n";
  for (std::int32_t o : {0, 3, 6}) put_be(o);
  b += "\nCONNECTIVITY vtktypeint32\n";
  const std::size_t entry3 = b.size() + 3 * 4;
  for (std::int32_t i : {0, 1, 2, 99, 2, 3}) put_be(i);
  b += "\n";
  const std::string binary = temp_file("bad_id51_binary.vtk");
  write_bytes(binary, b);
  msg = error_of([&] { g::read_vtk(binary); });
  EXPECT_NE(msg.find("byte " + std::to_string(entry3) + ": "), std::string::npos) << msg;
  EXPECT_NE(msg.find("cell 1 uses point 99 but POINTS has 4"), std::string::npos) << msg;
}

TEST(MeshIO, SharedTestMeshesAreClosedSurfaces) {
  // Copies of /work/shared/meshes kept with the tests: the dodecahedron (12 pentagons, fanned)
  // and the airfoil, a binary STL.
  const auto dodeca = g::read_mesh(data_mesh("dodecahedron.ply"));
  EXPECT_EQ(dodeca.vertex_count(), 20u);
  EXPECT_EQ(dodeca.triangle_count(), 12u * 3u);
  for (const auto& p : dodeca.vertices) EXPECT_NEAR(length(p), 1.0, 1e-5);  // circumradius 1
  for (const char* name : {"dodecahedron.ply", "airfoil.stl"}) {
    const auto m = g::read_mesh(data_mesh(name));
    const auto r = g::validate(m);
    SCOPED_TRACE(name);
    EXPECT_TRUE(r.watertight());
    // Euler characteristic of a sphere: V - E + F = 2.
    EXPECT_EQ(std::int64_t(r.vertex_count) - std::int64_t(r.edges) + std::int64_t(r.triangle_count),
              2);
  }
}

// ---- malformed files ----------------------------------------------------------------------------

TEST(MeshIOErrors, TruncatedBinaryStlNamesTheByte) {
  const auto box = g::make_box_mesh(Vec3<double>{0, 0, 0}, Vec3<double>{1, 1, 1});
  const std::string path = temp_file("truncated.stl");
  g::write_stl(box, path, MeshEncoding::binary_little_endian);
  std::string bytes = read_bytes(path);
  bytes.resize(bytes.size() - 20);  // the last record cut short
  write_bytes(path, bytes);
  const std::string msg = error_of([&] { g::read_mesh(path); });
  EXPECT_NE(msg.find(path + ": byte " + std::to_string(84 + 50 * 11)), std::string::npos) << msg;
  EXPECT_NE(msg.find("triangle 11"), std::string::npos) << msg;
}

TEST(MeshIOErrors, PlyCountsThatDoNotMatchTheData) {
  const auto box = g::make_box_mesh(Vec3<double>{0, 0, 0}, Vec3<double>{1, 1, 1});
  // ASCII, one vertex too many declared: the first face line is read as a vertex and has 4 values.
  const std::string ascii = temp_file("bad_count.ply");
  g::write_ply(box, ascii, MeshEncoding::ascii);
  std::string text = read_bytes(ascii);
  text.replace(text.find("element vertex 8"), 16, "element vertex 9");
  write_bytes(ascii, text);
  const std::size_t header_lines =
      std::size_t(std::count(text.begin(), text.begin() + long(text.find("end_header")), '\n')) + 1;
  std::string msg = error_of([&] { g::read_ply(ascii); });
  EXPECT_NE(msg.find(ascii + ": line " + std::to_string(header_lines + 9)), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("vertex 8"), std::string::npos) << msg;

  // Binary, one face fewer declared: bytes are left after the last element.
  const std::string fewer = temp_file("fewer_faces.ply");
  g::write_ply(box, fewer, MeshEncoding::binary_little_endian);
  std::string bytes = read_bytes(fewer);
  bytes.replace(bytes.find("element face 12"), 15, "element face 11");
  write_bytes(fewer, bytes);
  msg = error_of([&] { g::read_ply(fewer); });
  EXPECT_NE(msg.find(fewer + ": byte " + std::to_string(bytes.size() - 13)), std::string::npos)
      << msg;

  // Binary, one face more declared: the data ends early.
  bytes.replace(bytes.find("element face 11"), 15, "element face 13");
  write_bytes(fewer, bytes);
  msg = error_of([&] { g::read_ply(fewer); });
  EXPECT_NE(msg.find("byte " + std::to_string(bytes.size())), std::string::npos) << msg;
  EXPECT_NE(msg.find("file ends"), std::string::npos) << msg;
}

TEST(MeshIOErrors, PlyListCountsBeyondTheDataAreRefused) {
  // One triangle with a second list per face; little-endian binary assembled by hand.
  const auto ply = [](const std::string& count_type, const std::string& index_type,
                      std::uint64_t extra_count, std::uint64_t first_index) {
    std::string b =
        "ply\nformat binary_little_endian 1.0\nelement vertex 3\n"
        "property float x\nproperty float y\nproperty float z\nelement face 1\n"
        "property list uchar " +
        index_type + " vertex_indices\nproperty list " + count_type +
        " double texcoord\nend_header\n";
    const float v[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    b.append(reinterpret_cast<const char*>(v), sizeof(v));
    b.push_back(char(3));
    const std::uint64_t idx[3] = {first_index, 1, 2};
    for (const std::uint64_t i : idx) {
      if (index_type == "int") {
        const std::int32_t k = std::int32_t(i);
        b.append(reinterpret_cast<const char*>(&k), 4);
      } else {
        b.append(reinterpret_cast<const char*>(&i), 8);
      }
    }
    b.append(reinterpret_cast<const char*>(&extra_count), 8);
    return b;
  };
  const std::string path = temp_file("list_counts.ply");
  // A skipped list whose count times its item size wrapped around to 0 bytes was read as empty.
  write_bytes(path, ply("uint64", "int", std::uint64_t(1) << 61, 0));
  std::string msg = error_of([&] { g::read_ply(path); });
  EXPECT_NE(msg.find("list count 2305843009213693952 of texcoord needs more bytes"),
            std::string::npos)
      << msg;
  // A uint64 above 2^63 - 1 was -1: "negative list count", "face uses vertex -1".
  write_bytes(path, ply("uint64", "int", ~std::uint64_t(0), 0));
  msg = error_of([&] { g::read_ply(path); });
  EXPECT_NE(msg.find("a list count 18446744073709551615 is above 2^63 - 1"), std::string::npos)
      << msg;
  write_bytes(path, ply("uint64", "uint64", 0, std::uint64_t(1) << 63));
  msg = error_of([&] { g::read_ply(path); });
  EXPECT_NE(msg.find("a vertex index 9223372036854775808 is above 2^63 - 1"), std::string::npos)
      << msg;
  // The same file with sensible values reads.
  write_bytes(path, ply("uint64", "uint64", 0, 0));
  EXPECT_EQ(g::read_ply(path).triangle_count(), 1u);
}

TEST(MeshIOErrors, ObjIndexOutOfRangeNamesTheLine) {
  const std::string path = temp_file("bad_index.obj");
  write_bytes(path, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf 1 2 4\n");
  std::string msg = error_of([&] { g::read_obj(path); });
  EXPECT_NE(msg.find(path + ": line 5"), std::string::npos) << msg;
  EXPECT_NE(msg.find("vertex 4"), std::string::npos) << msg;
  write_bytes(path, "v 0 0 0\nf 1 -2 1\n");
  msg = error_of([&] { g::read_obj(path); });
  EXPECT_NE(msg.find(path + ": line 2"), std::string::npos) << msg;
}

TEST(MeshIOErrors, NonFiniteCoordinatesAreRejected) {
  const std::string obj = temp_file("nan.obj");
  write_bytes(obj, "v 0 0 0\nv 1 nan 0\nv 0 1 0\nf 1 2 3\n");
  std::string msg = error_of([&] { g::read_mesh(obj); });
  EXPECT_NE(msg.find(obj + ": line 2"), std::string::npos) << msg;
  EXPECT_NE(msg.find("not finite"), std::string::npos) << msg;

  const auto box = g::make_box_mesh(Vec3<double>{0, 0, 0}, Vec3<double>{1, 1, 1});
  const std::string stl = temp_file("nan.stl");
  g::write_stl(box, stl, MeshEncoding::binary_little_endian);
  std::string bytes = read_bytes(stl);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::memcpy(&bytes[84 + 50 * 2 + 12 + 12 + 4], &nan, 4);  // triangle 2, corner 1, y
  write_bytes(stl, bytes);
  msg = error_of([&] { g::read_mesh(stl); });
  EXPECT_NE(msg.find(stl + ": byte " + std::to_string(84 + 50 * 2 + 12 + 12)), std::string::npos)
      << msg;

  const std::string ply = temp_file("inf.ply");
  g::write_ply(box, ply, MeshEncoding::ascii);
  std::string text = read_bytes(ply);
  const std::size_t first_vertex = text.find("end_header\n") + 11;
  text.replace(first_vertex, 1, "inf");
  write_bytes(ply, text);
  msg = error_of([&] { g::read_mesh(ply); });
  EXPECT_NE(msg.find("not finite"), std::string::npos) << msg;
}

TEST(MeshIOErrors, EmptyMissingAndGarbledFiles) {
  for (const char* name : {"empty.stl", "empty.ply", "empty.obj", "empty.vtk"}) {
    const std::string path = temp_file(name);
    write_bytes(path, "");
    const std::string msg = error_of([&] { g::read_mesh(path); });
    EXPECT_NE(msg.find(path + ": the file is empty"), std::string::npos) << msg;
  }
  const std::string missing = temp_file("no_such_mesh.stl");
  EXPECT_NE(error_of([&] { g::read_mesh(missing); }).find(missing + ": cannot open"),
            std::string::npos);

  const std::string stl = temp_file("garbled.stl");
  write_bytes(stl,
              "solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0\nvertex 0 1 0\n");
  std::string msg = error_of([&] { g::read_mesh(stl); });
  // The line that ran short (5), not the next one where 'vertex' is found instead of z.
  EXPECT_NE(msg.find(stl + ": line 5: expected a vertex z"), std::string::npos) << msg;

  const std::string obj = temp_file("points_only.obj");
  write_bytes(obj, "v 0 0 0\nv 1 0 0\n");
  msg = error_of([&] { g::read_mesh(obj); });
  EXPECT_NE(msg.find("no triangles"), std::string::npos) << msg;

  const std::string vtk = temp_file("bad_cell.vtk");
  write_bytes(vtk,
              "# vtk DataFile Version 3.0\nx\nASCII\nDATASET POLYDATA\nPOINTS 3 float\n"
              "0 0 0 1 0 0 0 1 0\nPOLYGONS 1 4\n3 0 1 3\n");
  msg = error_of([&] { g::read_mesh(vtk); });
  EXPECT_NE(msg.find(vtk + ": line 8"), std::string::npos) << msg;
  EXPECT_NE(msg.find("point 3"), std::string::npos) << msg;

  const std::string vtk_short = temp_file("short_points.vtk");
  g::write_vtk(g::make_box_mesh(Vec3<double>{0, 0, 0}, Vec3<double>{1, 1, 1}), vtk_short,
               MeshEncoding::binary_big_endian);
  std::string bytes = read_bytes(vtk_short);
  bytes.resize(bytes.find("POINTS 8 double\n") + 16 + 100);  // inside the 13th coordinate
  write_bytes(vtk_short, bytes);
  msg = error_of([&] { g::read_mesh(vtk_short); });
  EXPECT_NE(msg.find(vtk_short + ": byte "), std::string::npos) << msg;
  EXPECT_NE(msg.find("file ends"), std::string::npos) << msg;
}

TEST(MeshIOErrors, DirectoryIsSaidToBeADirectory) {
  const std::string dir = temp_file("a_directory.stl");
  fs::create_directories(dir);
  const std::string msg = error_of([&] { g::read_mesh(dir); });
  EXPECT_NE(msg.find(dir + ": is a directory"), std::string::npos) << msg;
}

// A link to an endless device was read until the process ran out of memory (24 GB).
TEST(MeshIOErrors, DeviceIsRefusedBeforeReading) {
  if (!fs::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
  const std::string link = temp_file("zero.stl");
  fs::remove(link);
  fs::create_symlink("/dev/zero", link);
  const std::string msg = error_of([&] { g::read_mesh(link); });
  EXPECT_NE(msg.find(link + ": is not a regular file"), std::string::npos) << msg;
}

TEST(MeshIO, UppercaseAsciiStlIsReadAsAscii) {
  const std::string path = temp_file("upper.stl");
  write_bytes(path,
              "SOLID PART\nFACET NORMAL 0 0 1\nOUTER LOOP\nVERTEX 0 0 0\nVERTEX 1 0 0\n"
              "VERTEX 0 1 0\nENDLOOP\nENDFACET\nENDSOLID PART\n");
  const TriangleMesh m = g::read_mesh(path);
  EXPECT_EQ(m.triangle_count(), 1u);
  EXPECT_EQ(m.vertex_count(), 3u);
  // A vertex split over two lines is still accepted (STL is a stream of tokens).
  write_bytes(path,
              "solid s\nfacet normal 0 0 1\nouter loop\nvertex 0 0\n0\nvertex 1 0 0\n"
              "vertex 0 1 0\nendloop\nendfacet\nendsolid s\n");
  EXPECT_EQ(g::read_mesh(path).triangle_count(), 1u);
}

TEST(MeshIOErrors, ObjVertexWithTrailingJunkNamesTheLine) {
  const std::string path = temp_file("junk.obj");
  write_bytes(path, "v 0 0 0\nv 1 0 0 junk\nv 0 1 0\nf 1 2 3\n");
  std::string msg = error_of([&] { g::read_obj(path); });
  EXPECT_NE(msg.find(path + ": line 2: unexpected 'junk'"), std::string::npos) << msg;
  // w, colours and comments stay accepted.
  write_bytes(path, "v 0 0 0 1\nv 1 0 0 0.5 0.5 0.5\nv 0 1 0 # corner\nf 1 2 3\n");
  EXPECT_EQ(g::read_obj(path).triangle_count(), 1u);
}

TEST(MeshIOErrors, ObjIndexOverflowIsOutOfRangeAsWritten) {
  const std::string path = temp_file("overflow.obj");
  write_bytes(path, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 99999999999999999999\n");
  std::string msg = error_of([&] { g::read_obj(path); });
  EXPECT_NE(msg.find(path + ": line 4"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'99999999999999999999' is out of range"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("9223372036854775807"), std::string::npos) << msg;
  write_bytes(path, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3000000000\n");
  msg = error_of([&] { g::read_obj(path); });
  EXPECT_NE(msg.find("'3000000000' is out of range"), std::string::npos) << msg;
}

TEST(MeshIOErrors, PlyWithFewerVerticesThanDeclaredHintsAtTheCount) {
  // Vertices with normals (6 values) and one vertex too many declared: the face line
  // ("3 0 1 2", 4 values) is read as vertex 3 and runs short.
  const std::string path = temp_file("fewer_vertices.ply");
  std::string text =
      "ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\nproperty float y\n"
      "property float z\nproperty float nx\nproperty float ny\nproperty float nz\n"
      "element face 1\nproperty list uchar int vertex_indices\nend_header\n"
      "0 0 0 0 0 1\n1 0 0 0 0 1\n0 1 0 0 0 1\n3 0 1 2\n";
  write_bytes(path, text);
  const std::string msg = error_of([&] { g::read_ply(path); });
  EXPECT_NE(msg.find(path + ": line 16"), std::string::npos) << msg;
  EXPECT_NE(msg.find("declares 4 vertex elements: does the count match the data?"),
            std::string::npos)
      << msg;
}

TEST(MeshIOErrors, EveryTruncationIsAnErrorOrTheWholeMesh) {
  // Cut a file short: the reader either throws alfven::Error or returns every
  // triangle (a cut inside the trailing solid name or newline loses nothing). OBJ has no counts,
  // so a cut at a line end cannot be noticed there; it is left out.
  const auto box = g::make_box_mesh(Vec3<double>{-1, -1, -1}, Vec3<double>{1, 1, 1});
  const auto whole = triangle_set(box, true);
  for (const auto& e : kEncodings) {
    if (std::string(e.name) == "text.obj") continue;
    const std::string path = temp_file(std::string("cut_") + e.name);
    g::write_mesh(box, path, e.encoding);
    const std::string bytes = read_bytes(path);
    // The first and last 16 bytes, and 16 cuts spread over the rest (files are slow to write).
    std::set<std::size_t> cuts;
    for (std::size_t i = 0; i < 16; ++i) {
      cuts.insert(i);
      cuts.insert(bytes.size() - 1 - i);
      cuts.insert(16 + i * (bytes.size() - 32) / 16);
    }
    std::size_t errors = 0;
    for (const std::size_t n : cuts) {
      write_bytes(path, bytes.substr(0, n));
      try {
        const auto m = g::read_mesh(path);
        EXPECT_EQ(triangle_set(m, true), whole) << e.name << " cut at byte " << n;
      } catch (const Error& err) {
        ++errors;
        EXPECT_NE(std::string(err.what()).find(path), std::string::npos) << err.what();
      }
    }
    EXPECT_GE(errors, cuts.size() - 16) << e.name;  // only cuts in the last 16 bytes may succeed
  }
}
