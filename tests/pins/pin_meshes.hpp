/// @file pin_meshes.hpp
/// @brief The meshes of the mesh pins (pin_cases.hpp): dodecahedron.ply and open_box.obj from
/// tests/data/meshes (read in pin_meshes.cpp, so CUDA translation units need not include the
/// readers) and the generated bumpy sphere.
#pragma once

#include <vector>

#include "alfven/geom/triangle_mesh.hpp"

namespace alfven {
namespace pins {

/// {dodecahedron (closed), open box (three open edges), bumpy sphere (closed, 1280 triangles)}.
/// Throws alfven::Error if a file cannot be read.
std::vector<geom::TriangleMesh> pin_meshes(const char* source_dir);

}  // namespace pins
}  // namespace alfven
