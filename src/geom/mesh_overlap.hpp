/// @file mesh_overlap.hpp
/// @brief Private to src/geom: the search for self-overlapping triangle pairs that validate()
/// (mesh_clean.cpp) runs (mesh_overlap.cpp).
#pragma once

#include <cstddef>
#include <functional>

#include "alfven/geom/mesh_clean.hpp"

namespace alfven {
namespace geom {

/// Calls f(s, t) for every pair s < t of triangles of `mesh` that overlap (triangles_overlap
/// with `tolerance`, mesh unit), in increasing (s, t) order. Candidates are the pairs whose
/// corner boxes, padded by `tolerance` on every side, meet: found through a median BVH
/// (bvh/build.hpp) over the boxes. O(n log n) for meshes without dense clusters.
void for_each_self_overlap(const TriangleMesh& mesh, double tolerance,
                           const std::function<void(std::size_t, std::size_t)>& f);

}  // namespace geom
}  // namespace alfven
