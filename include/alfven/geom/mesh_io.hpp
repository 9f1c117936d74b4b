/// @file mesh_io.hpp
/// @brief Reading and writing triangle meshes: STL (ASCII and binary), PLY (ASCII, binary little
/// and big endian), Wavefront OBJ and legacy VTK polydata (ASCII and binary). Host only; the
/// implementation lives in the static library alfven_mesh_io (src/geom/mesh_io*.cpp) so that CUDA
/// translation units never see it.
///
/// What every reader guarantees:
///  - The result is a TriangleMesh with 0-based indices, finite coordinates (converted to double),
///    at least one triangle, and `source` set to the path. Polygons are fan-triangulated
///    (v0, v_i, v_i+1), keeping the file's winding.
///  - A file that cannot be read whole gives an alfven::Error whose message names the file, the
///    place (`line N` in text, `byte N` in binary data) and what was expected there. A reader never
///    returns part of a file: a truncated file, a count that does not match the data, an index out
///    of range, a NaN or infinite coordinate, or trailing data after the last element is an error.
///
/// Why our own parsers and not a library: the guide prefers a well-kept library, and Debian offers
/// libtinyobjloader-dev (OBJ only), libassimp-dev and libvtk9-dev, but the Ubuntu 24.04 GPU
/// machines that build Alfven without internet access have none of them (only yaml-cpp, fmt,
/// CLI11, GoogleTest, libpng and HDF5). A vendored copy would still need wrapping to give the
/// file/line/byte errors required here. The four formats are small; these parsers are short and
/// strict (about 1200 lines with the writers).
///
/// Format references: STL — 3D Systems "StereoLithography Interface Specification" (1989);
/// PLY — G. Turk, "The PLY polygon file format" (1994); OBJ — Wavefront "Object Files (.obj)",
/// Appendix B1 of the Advanced Visualizer manual; VTK — "The VTK User's Guide", 11th ed., ch. 19
/// "VTK File Formats" (legacy format, binary data big endian), and the VTK 5.1 legacy layout
/// (OFFSETS / CONNECTIVITY arrays).
#pragma once

#include <string>
#include <vector>

#include "triangle_mesh.hpp"

namespace alfven {
namespace geom {

/// How a writer encodes the data. STL binary is little endian by definition; legacy VTK binary is
/// big endian by definition; PLY takes either.
enum class MeshEncoding { ascii, binary_little_endian, binary_big_endian };

/// The extensions read_mesh() understands, lower case with the dot: {".stl", ".ply", ".obj",
/// ".vtk"}.
std::vector<std::string> supported_mesh_extensions();

/// Reads the triangle mesh in `path`, choosing the reader by the extension (case-insensitive):
/// .stl read_stl, .ply read_ply, .obj read_obj, .vtk read_vtk.
/// Throws alfven::Error for an unknown extension (the message lists the supported ones), a file
/// that cannot be opened, or anything the chosen reader rejects.
TriangleMesh read_mesh(const std::string& path);

/// STL, ASCII or binary. Binary is recognised by its size, 84 + 50 n bytes for the n triangles
/// its header announces (a binary file may begin with "solid"); otherwise a file beginning with
/// "solid" is ASCII, and every `solid ... endsolid` block in it is read. STL stores each triangle
/// with its own three corners: corners at exactly equal positions (bitwise, with -0 = +0) become
/// one vertex; nearby ones are left for weld_vertices(). The stored facet normals are ignored: the
/// corner order (right-hand rule) defines the orientation.
TriangleMesh read_stl(const std::string& path);

/// PLY, any of the three encodings. Needs an element `vertex` with properties x, y, z (any scalar
/// type: char, uchar, short, ushort, int, uint, float, double and their int8..float64 names) and an
/// element `face` with a list property `vertex_indices` or `vertex_index` (any count and index
/// type). Other properties and elements are read past and ignored.
TriangleMesh read_ply(const std::string& path);

/// Wavefront OBJ: `v x y z [w]` and `f` with corners `i`, `i/j`, `i/j/k` or `i//k` (1-based;
/// negative indices count back from the last vertex defined so far). Other statements (vt, vn, g,
/// o, s, usemtl, mtllib, l, ...) and comments are ignored.
TriangleMesh read_obj(const std::string& path);

/// Legacy VTK (`# vtk DataFile Version x.y`), DATASET POLYDATA, ASCII or BINARY (big endian).
/// POINTS of any scalar type; POLYGONS (fan-triangulated) and TRIANGLE_STRIPS (alternating
/// winding), in the classic `n size` layout or the 5.1 OFFSETS/CONNECTIVITY layout; VERTICES and
/// LINES are read past; reading stops at POINT_DATA or CELL_DATA (attributes are not needed).
TriangleMesh read_vtk(const std::string& path);

/// Writes `mesh` as STL: `encoding` ascii or binary_little_endian (binary_big_endian is an error).
/// Binary stores coordinates as 32-bit floats. Facet normals are written from the corner order.
/// Throws alfven::Error if the file cannot be written.
void write_stl(const TriangleMesh& mesh, const std::string& path,
               MeshEncoding encoding = MeshEncoding::binary_little_endian);
/// Writes `mesh` as PLY with double coordinates and int32 indices (uchar counts).
void write_ply(const TriangleMesh& mesh, const std::string& path,
               MeshEncoding encoding = MeshEncoding::binary_little_endian);
/// Writes `mesh` as OBJ (`v` with 17 significant digits, `f` with 1-based indices).
void write_obj(const TriangleMesh& mesh, const std::string& path);
/// Writes `mesh` as legacy VTK 3.0 POLYDATA with double POINTS and classic POLYGONS:
/// `encoding` ascii or binary_big_endian (the only binary legacy VTK knows).
void write_vtk(const TriangleMesh& mesh, const std::string& path,
               MeshEncoding encoding = MeshEncoding::ascii);
/// Writes `mesh` in the format its extension names (as read_mesh), with `encoding` where the
/// format has a choice (OBJ ignores it; STL and VTK take their binary byte order when binary).
void write_mesh(const TriangleMesh& mesh, const std::string& path,
                MeshEncoding encoding = MeshEncoding::ascii);

}  // namespace geom
}  // namespace alfven
