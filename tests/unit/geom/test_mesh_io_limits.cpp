// Mesh readers against headers that claim more than the file holds (issue 10, item 11): a PLY
// claiming 2^40 faces or 2^31 - 1 vertices, a VTK with POINTS 2147483647, are refused before
// anything is allocated, with the claim and what the file can hold; and OBJ indices beyond the
// range of int are printed as written (item 12).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "alfven/geom/mesh_io.hpp"

namespace fs = std::filesystem;
namespace g = alfven::geom;

namespace {

std::string temp_file(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("alfven_test_mesh_io_limits_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return (dir / name).string();
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// The message of the alfven::Error `f` throws; any other exception (std::bad_alloc,
// std::length_error) fails the test.
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const alfven::Error& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an alfven::Error: " << e.what();
    return e.what();
  }
  return "(no error)";
}

const char* kTriangle = "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n";

std::string ply_header(const char* format, const std::string& vertices, const std::string& faces) {
  return std::string("ply\nformat ") + format + " 1.0\nelement vertex " + vertices +
         "\nproperty float x\nproperty float y\nproperty float z\nelement face " + faces +
         "\nproperty list uchar int vertex_indices\nend_header\n";
}

}  // namespace

TEST(MeshIOLimits, PlyClaimingTwoToTheFortyFacesIsRefusedBeforeAllocating) {
  for (const char* format : {"ascii", "binary_little_endian", "binary_big_endian"}) {
    const std::string path = temp_file(std::string("faces_") + format + ".ply");
    write_bytes(path, ply_header(format, "3", "1099511627776") + kTriangle);
    const std::string msg = error_of([&] { g::read_ply(path); });
    EXPECT_NE(msg.find(path), std::string::npos) << msg;
    EXPECT_NE(msg.find("the header claims 1099511627776 face elements"), std::string::npos) << msg;
    EXPECT_NE(msg.find("but the file holds at most"), std::string::npos) << msg;
  }
}

TEST(MeshIOLimits, PlyClaimingTwoToTheThirtyOneMinusOneVerticesIsRefused) {
  for (const char* format : {"ascii", "binary_little_endian"}) {
    const std::string path = temp_file(std::string("vertices_") + format + ".ply");
    write_bytes(path, ply_header(format, "2147483647", "1") + kTriangle);
    const std::string msg = error_of([&] { g::read_ply(path); });
    EXPECT_NE(msg.find("the header claims 2147483647 vertex elements"), std::string::npos) << msg;
    EXPECT_NE(msg.find("but the file holds at most"), std::string::npos) << msg;
  }
}

TEST(MeshIOLimits, PlyElementsWithoutPropertiesCostNoTime) {
  // A binary element with no properties holds no bytes: 2^40 of them are read at once.
  const std::string path = temp_file("empty_elements.ply");
  std::string text =
      "ply\nformat binary_little_endian 1.0\nelement nothing 1099511627776\n"
      "element vertex 3\nproperty double x\nproperty double y\nproperty double z\n"
      "element face 1\nproperty list uchar int vertex_indices\nend_header\n";
  const double xyz[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  text.append(reinterpret_cast<const char*>(xyz), sizeof xyz);
  const unsigned char n = 3;
  const int idx[3] = {0, 1, 2};
  text.append(reinterpret_cast<const char*>(&n), 1);
  text.append(reinterpret_cast<const char*>(idx), sizeof idx);
  write_bytes(path, text);
  EXPECT_EQ(g::read_ply(path).triangle_count(), 1u);
}

TEST(MeshIOLimits, AsciiPlyElementsWithoutPropertiesHoldNoLines) {
  // In ASCII an element without properties has no tokens: the lines after the header are the
  // vertices' and the face's, whatever the count of the empty element (here 3, then 2^40).
  for (const char* count : {"3", "1099511627776"}) {
    const std::string path = temp_file(std::string("ascii_empty_elements_") + count + ".ply");
    write_bytes(path, std::string("ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\n"
                                  "property float y\nproperty float z\nelement nothing ") +
                          count +
                          "\nelement face 1\nproperty list uchar int vertex_indices\n"
                          "end_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n");
    const g::TriangleMesh m = g::read_ply(path);
    ASSERT_EQ(m.triangle_count(), 1u) << count;
    EXPECT_EQ(m.vertices[1].x, 1.0);
    EXPECT_EQ(m.vertices[2].y, 1.0);
  }
}

TEST(MeshIOLimits, VtkClaimingPoints2147483647IsRefusedBeforeAllocating) {
  for (const char* encoding : {"ASCII", "BINARY"}) {
    const std::string path = temp_file(std::string("points_") + encoding + ".vtk");
    write_bytes(path, std::string("# vtk DataFile Version 3.0\nbig\n") + encoding +
                          "\nDATASET POLYDATA\nPOINTS 2147483647 float\n0 0 0 1 0 0 0 1 0\n"
                          "POLYGONS 1 4\n3 0 1 2\n");
    const std::string msg = error_of([&] { g::read_vtk(path); });
    EXPECT_NE(msg.find("the header claims 2147483647 points"), std::string::npos) << msg;
    EXPECT_NE(msg.find("but the file holds at most"), std::string::npos) << msg;
  }
}

TEST(MeshIOLimits, VtkClaimingHugeCellCountsIsRefused) {
  const std::string path = temp_file("cells.vtk");
  write_bytes(path,
              "# vtk DataFile Version 3.0\nbig\nASCII\nDATASET POLYDATA\nPOINTS 3 float\n"
              "0 0 0 1 0 0 0 1 0\nPOLYGONS 1099511627776 4398046511104\n3 0 1 2\n");
  const std::string msg = error_of([&] { g::read_vtk(path); });
  EXPECT_NE(msg.find("the header claims 1099511627776 POLYGONS cells"), std::string::npos) << msg;
}

TEST(MeshIOLimits, ObjIndexBeyondIntIsPrintedAsWritten) {
  const std::string path = temp_file("beyond_int.obj");
  write_bytes(path, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 2147483648\n");
  const std::string msg = error_of([&] { g::read_obj(path); });
  EXPECT_NE(msg.find("2147483648"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("-2147483"), std::string::npos) << msg;
}
