// Mesh file dispatch by extension, the shared reader checks, and the writers (STL, PLY, OBJ, VTK).
#include "alfven/geom/mesh_io.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "alfven/core/text.hpp"
#include "mesh_io_detail.hpp"

namespace alfven {
namespace geom {

namespace detail {

std::string read_file_bytes(const std::string& path) {
  std::error_code ec;
  ALFVEN_REQUIRE(!std::filesystem::is_directory(path, ec),
                 path << ": is a directory; expected a triangle mesh file");
  // A device, pipe or socket (or a link to one, such as /dev/zero) could be read forever.
  const auto kind = std::filesystem::status(path, ec).type();
  // (Missing or unreadable files are left to the open below, which says so.)
  using std::filesystem::file_type;
  ALFVEN_REQUIRE(
      kind == file_type::regular || kind == file_type::not_found || kind == file_type::none,
      path << ": is not a regular file (a device, pipe or socket); expected a triangle "
              "mesh file");
  std::ifstream in(path, std::ios::binary);
  ALFVEN_REQUIRE(in, path << ": cannot open the file (missing, or not readable)");
  std::ostringstream os;
  os << in.rdbuf();
  ALFVEN_REQUIRE(!in.bad(), path << ": reading the file failed");
  std::string bytes = os.str();
  ALFVEN_REQUIRE(!bytes.empty(), path << ": the file is empty; expected a triangle mesh");
  return bytes;
}

std::string lower_extension(const std::string& path) {
  const std::size_t slash = path.find_last_of("/\\");
  const std::size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  return text::to_lower(path.substr(dot));
}

void finish_mesh(TriangleMesh& mesh, const std::string& path) {
  mesh.source = path;
  ALFVEN_REQUIRE(!mesh.triangles.empty(), path << ": the file holds no triangles");
  mesh.check_indices();
}

}  // namespace detail

std::vector<std::string> supported_mesh_extensions() {
  return {".stl", ".ply", ".obj", ".vtk"};
}

namespace {
std::string extension_list() {
  std::string s;
  for (const auto& e : supported_mesh_extensions()) s += (s.empty() ? "" : ", ") + e;
  return s;
}
}  // namespace

TriangleMesh read_mesh(const std::string& path) {
  const std::string ext = detail::lower_extension(path);
  if (ext == ".stl") return read_stl(path);
  if (ext == ".ply") return read_ply(path);
  if (ext == ".obj") return read_obj(path);
  if (ext == ".vtk") return read_vtk(path);
  ALFVEN_REQUIRE(false, path << ": unknown mesh file extension '" << ext
                             << "'; supported (any case): " << extension_list());
  return {};
}

// ---- writers ----------------------------------------------------------------------------------

namespace {

std::ofstream open_for_writing(const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  ALFVEN_REQUIRE(out, path << ": cannot open the file for writing");
  return out;
}
void check_written(std::ofstream& out, const std::string& path) {
  out.flush();
  ALFVEN_REQUIRE(out, path << ": writing the file failed (disk full?)");
}
// Appends the bytes of v in the requested order.
template <typename T>
void put(std::string& buf, T v, bool big_endian) {
  unsigned char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  if (big_endian != detail::ByteCursor::host_big_endian()) std::reverse(b, b + sizeof(T));
  buf.append(reinterpret_cast<const char*>(b), sizeof(T));
}
std::string g17(double v) {
  char s[32];
  std::snprintf(s, sizeof s, "%.17g", v);
  return s;
}
Vec3<double> unit_normal(const TriangleMesh& m, std::size_t t) {
  return normalize(cross(m.corner(t, 1) - m.corner(t, 0), m.corner(t, 2) - m.corner(t, 0)));
}

}  // namespace

void write_stl(const TriangleMesh& mesh, const std::string& path, MeshEncoding encoding) {
  ALFVEN_REQUIRE(encoding != MeshEncoding::binary_big_endian,
                 path << ": binary STL is little endian by definition");
  std::string buf;
  if (encoding == MeshEncoding::ascii) {
    std::ostringstream os;
    os << "solid alfven\n";
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
      const auto n = unit_normal(mesh, t);
      os << "  facet normal " << g17(n.x) << ' ' << g17(n.y) << ' ' << g17(n.z)
         << "\n    outer loop\n";
      for (int k = 0; k < 3; ++k) {
        const auto& p = mesh.corner(t, k);
        os << "      vertex " << g17(p.x) << ' ' << g17(p.y) << ' ' << g17(p.z) << "\n";
      }
      os << "    endloop\n  endfacet\n";
    }
    os << "endsolid alfven\n";
    buf = os.str();
  } else {
    buf.assign(80, ' ');
    const std::string header = "binary STL written by alfven";  // must not begin with "solid"
    buf.replace(0, header.size(), header);
    put<std::uint32_t>(buf, std::uint32_t(mesh.triangle_count()), false);
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
      const auto n = unit_normal(mesh, t);
      for (double c : {n.x, n.y, n.z}) put<float>(buf, float(c), false);
      for (int k = 0; k < 3; ++k) {
        const auto& p = mesh.corner(t, k);
        for (double c : {p.x, p.y, p.z}) put<float>(buf, float(c), false);
      }
      put<std::uint16_t>(buf, 0, false);
    }
  }
  auto out = open_for_writing(path);
  out.write(buf.data(), std::streamsize(buf.size()));
  check_written(out, path);
}

void write_ply(const TriangleMesh& mesh, const std::string& path, MeshEncoding encoding) {
  std::ostringstream os;
  os << "ply\nformat "
     << (encoding == MeshEncoding::ascii                  ? "ascii"
         : encoding == MeshEncoding::binary_little_endian ? "binary_little_endian"
                                                          : "binary_big_endian")
     << " 1.0\ncomment written by alfven\nelement vertex " << mesh.vertex_count()
     << "\nproperty double x\nproperty double y\nproperty double z\nelement face "
     << mesh.triangle_count() << "\nproperty list uchar int vertex_indices\nend_header\n";
  std::string buf = os.str();
  if (encoding == MeshEncoding::ascii) {
    for (const auto& p : mesh.vertices) buf += g17(p.x) + ' ' + g17(p.y) + ' ' + g17(p.z) + '\n';
    for (const auto& t : mesh.triangles)
      buf += "3 " + std::to_string(t[0]) + ' ' + std::to_string(t[1]) + ' ' + std::to_string(t[2]) +
             '\n';
  } else {
    const bool big = encoding == MeshEncoding::binary_big_endian;
    for (const auto& p : mesh.vertices)
      for (double c : {p.x, p.y, p.z}) put<double>(buf, c, big);
    for (const auto& t : mesh.triangles) {
      put<std::uint8_t>(buf, 3, big);
      for (int k = 0; k < 3; ++k) put<std::int32_t>(buf, t[std::size_t(k)], big);
    }
  }
  auto out = open_for_writing(path);
  out.write(buf.data(), std::streamsize(buf.size()));
  check_written(out, path);
}

void write_obj(const TriangleMesh& mesh, const std::string& path) {
  std::string buf = "# written by alfven\n";
  for (const auto& p : mesh.vertices)
    buf += "v " + g17(p.x) + ' ' + g17(p.y) + ' ' + g17(p.z) + '\n';
  for (const auto& t : mesh.triangles)
    buf += "f " + std::to_string(t[0] + 1) + ' ' + std::to_string(t[1] + 1) + ' ' +
           std::to_string(t[2] + 1) + '\n';
  auto out = open_for_writing(path);
  out.write(buf.data(), std::streamsize(buf.size()));
  check_written(out, path);
}

void write_vtk(const TriangleMesh& mesh, const std::string& path, MeshEncoding encoding) {
  ALFVEN_REQUIRE(encoding != MeshEncoding::binary_little_endian,
                 path << ": legacy VTK binary is big endian by definition");
  const bool ascii = encoding == MeshEncoding::ascii;
  std::string buf = std::string("# vtk DataFile Version 3.0\nwritten by alfven\n") +
                    (ascii ? "ASCII" : "BINARY") + "\nDATASET POLYDATA\nPOINTS " +
                    std::to_string(mesh.vertex_count()) + " double\n";
  for (const auto& p : mesh.vertices) {
    if (ascii)
      buf += g17(p.x) + ' ' + g17(p.y) + ' ' + g17(p.z) + '\n';
    else
      for (double c : {p.x, p.y, p.z}) put<double>(buf, c, true);
  }
  if (!ascii) buf += '\n';
  buf += "POLYGONS " + std::to_string(mesh.triangle_count()) + ' ' +
         std::to_string(4 * mesh.triangle_count()) + '\n';
  for (const auto& t : mesh.triangles) {
    if (ascii) {
      buf += "3 " + std::to_string(t[0]) + ' ' + std::to_string(t[1]) + ' ' + std::to_string(t[2]) +
             '\n';
    } else {
      put<std::int32_t>(buf, 3, true);
      for (int k = 0; k < 3; ++k) put<std::int32_t>(buf, t[std::size_t(k)], true);
    }
  }
  if (!ascii) buf += '\n';
  auto out = open_for_writing(path);
  out.write(buf.data(), std::streamsize(buf.size()));
  check_written(out, path);
}

void write_mesh(const TriangleMesh& mesh, const std::string& path, MeshEncoding encoding) {
  const std::string ext = detail::lower_extension(path);
  const bool binary = encoding != MeshEncoding::ascii;
  if (ext == ".stl")
    return write_stl(mesh, path, binary ? MeshEncoding::binary_little_endian : MeshEncoding::ascii);
  if (ext == ".ply") return write_ply(mesh, path, encoding);
  if (ext == ".obj") return write_obj(mesh, path);
  if (ext == ".vtk")
    return write_vtk(mesh, path, binary ? MeshEncoding::binary_big_endian : MeshEncoding::ascii);
  ALFVEN_REQUIRE(false, path << ": unknown mesh file extension '" << ext
                             << "'; supported (any case): " << extension_list());
}

}  // namespace geom
}  // namespace alfven
