/// @file mesh_nesting.hpp
/// @brief Private to src/geom: how deep each closed component of a mesh lies inside the others
/// (mesh_nesting.cpp), which orient_consistently and validate (mesh_clean.cpp) use to tell a
/// cavity (a component inside an odd number of others, facing inward) from a solid part.
#pragma once

#include <cstdint>
#include <vector>

#include "alfven/geom/triangle_mesh.hpp"

namespace alfven {
namespace geom {

/// The nesting depth of each of `components` (lists of triangle indices of `mesh`; closed,
/// consistently oriented, enclosing a non-zero volume): how many of the others contain it.
/// `flipped[t]` says that triangle t must be read reversed so that its component faces outward
/// (positive signed volume). The depth is read from the generalized winding number of all the
/// components (a MeshSDF of them, Morton build; winding_number.hpp) at up to 8 points of each:
/// triangle centroids spread over the component, moved off it outward by 1e-3 of the triangle's
/// smallest height, where the component itself counts 0 and each component containing the point
/// 1. A point whose winding number is not within 0.25 of an integer (it lies on another
/// component) is skipped; of the others the smallest depth is taken, so a component that crosses
/// another (an overlap validate() reports) counts as outside it. Fewer than two components:
/// all 0.
std::vector<int> nesting_depths(const TriangleMesh& mesh,
                                const std::vector<std::vector<std::uint32_t>>& components,
                                const std::vector<char>& flipped);

}  // namespace geom
}  // namespace alfven
