/// @file mesh_sdf_data.hpp
/// @brief What a MeshSDF (mesh_sdf.hpp) is built with and what it stores and returns besides
/// the BVH: SignMode, MeshSDFOptions, the per-triangle pseudonormals (MeshTriangleNormals) and
/// the result of a closest-point query (MeshClosestPoint). Host and device.
#pragma once

#include <cstdint>

#include "bvh/build_method.hpp"
#include "triangle_distance.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// How a MeshSDF decides inside and outside (docs/geometry.md, "Sign modes").
enum class SignMode : std::int32_t {
  Pseudonormal,  ///< angle-weighted pseudonormals: fast, exact on clean closed meshes
  WindingNumber  ///< generalized winding number > 1/2: robust on holes and overlaps
};

/// Build settings of a MeshSDF.
struct MeshSDFOptions {
  /// BVH construction: SAH (default), Morton or Median on the host, or LBVH, in parallel, on
  /// the current CUDA device into a pool of device memory or on the host's threads into any
  /// other (see MeshSDF::build).
  BVHBuild build = BVHBuild::SAH;
  SignMode sign = SignMode::Pseudonormal;  ///< default sign mode of signed_distance(p)
  double winding_beta = 2.0;               ///< far-field accuracy (Barill et al.), > 1
  int sah_bins = 16;                       ///< SAH bins per axis, >= 2
  /// Also build the 4-wide arrays of the vectorised host traversal (about 1.7x the triangle
  /// array). Turn off for a pool that is only mirrored to a device, which never reads them; host
  /// queries then use the binary traversal. Ignored by LBVH into device memory (no host
  /// queries).
  bool host_traversal = true;
};

/// Unit normals for the pseudonormal sign of one triangle: face normal, edge pseudonormals
/// (0: ab, 1: bc, 2: ca) and the indices of its corners' vertex pseudonormals (Bærentzen and
/// Aanæs 2005; docs/geometry.md).
template <typename T>
struct MeshTriangleNormals {
  Vec3<T> face;
  Vec3<T> edge[3];
  std::int32_t vertex[3];
};

/// Result of MeshSDF::closest_point: the closest point on the mesh, the index of its triangle
/// in the input TriangleMesh, the squared distance to the query and the feature of that
/// triangle the point lies on.
template <typename T>
struct MeshClosestPoint {
  Vec3<T> point;
  std::int32_t triangle;
  T distance2;
  TriangleFeature feature;
};

}  // namespace geom
}  // namespace alfven
