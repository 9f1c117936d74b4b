/// @file winding_number.hpp
/// @brief The generalized winding number of a triangle mesh over its BVH (host and device):
/// MeshWindingNode, the far-field data of an inner node, and WindingNumberSum, the depth-first
/// visitor (bvh/traverse.hpp) that sums it.
///
/// w(p) = (1/4π) Σ_t Ω_t(p) (Jacobson, Kavan and Sorkine-Hornung 2013, eq. 5), Ω_t the signed
/// solid angle of triangle t (Van Oosterom and Strackee 1983; triangle_distance.hpp). Fast
/// evaluation after Barill, Dickson, Schmidt, Levin and Jacobson 2018, §3-4: a node whose
/// area-weighted centroid c is farther than beta r from p (r: an upper bound of the distance
/// from c to the node's vertices) contributes its dipole far field
///     Ω ≈ N·(c - p) / |c - p|³,   N = Σ_t a_t n_t (the sum of the area vectors),
/// (Barill et al. eq. 9, first term); other nodes are opened and their leaves summed exactly.
/// Accuracy and the choice of beta: docs/geometry.md ("Sign modes").
#pragma once

#include <cstdint>

#include "bvh/node.hpp"
#include "triangle_distance.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// Far-field data of an inner node: area-weighted centroid, radius (an upper bound of the
/// distance from the centroid to the node's vertices) and the sum N of the area vectors
/// ½ (b - a) x (c - a) of its triangles.
template <typename T>
struct MeshWindingNode {
  Vec3<T> centre;
  T radius;
  Vec3<T> normal_sum;
};

/// Depth-first visitor summing the solid angles at p (bvh/traverse.hpp): exact over the
/// leaves it reaches, the dipole far field for a node farther than beta r. Read `omega` (the
/// sum of solid angles, steradians) after the traversal.
template <typename T>
struct WindingNumberSum {
  const MeshTriangle<T>* tris;   ///< leaf-ordered triangles
  const MeshWindingNode<T>* wn;  ///< one per inner node
  Vec3<T> p;                     ///< the query point
  T beta2;                       ///< beta²
  T omega;                       ///< running sum (start at 0)

  ALFVEN_HOST_DEVICE ALFVEN_INLINE void leaf(std::int32_t code) {
    const std::int32_t first = bvh::leaf_first(code), end = first + bvh::leaf_count(code);
    for (std::int32_t i = first; i < end; ++i) omega += triangle_solid_angle(tris[i], p);
  }
  /// The far field of node `index` if it is far enough (then false: not opened).
  ALFVEN_HOST_DEVICE ALFVEN_INLINE bool open(std::int32_t index) {
    const MeshWindingNode<T>& w = wn[index];
    const Vec3<T> r = w.centre - p;
    const T r2 = dot(r, r);
    if (r2 > beta2 * w.radius * w.radius) {
      // Dipole far field (Barill et al. 2018, eq. 9, first term): N·r / |r|³, r = c - p.
      omega += dot(w.normal_sum, r) / (r2 * sqrt_(r2));
      return false;
    }
    return true;
  }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE bool enter(const BVHNode<T>&, int) const { return true; }
};

}  // namespace geom
}  // namespace alfven
