/// @file mesh_sdf.hpp
/// @brief MeshSDF<T>: signed distance, closest point, closest triangle, normal and generalized
/// winding number of a triangle mesh, accelerated by a BVH (bvh/), built into a Pool and
/// evaluated on the host or inside a device kernel through rebased_view (the pattern of
/// BVHUnion). docs/geometry.md ("Mesh signed distance") explains the layout, the algorithms,
/// their sources and their measured cost.
///
/// Layout (PODVectors in one pool): `nodes`, the BVH in the flat layout of bvh/node.hpp (leaves
/// of at most LeafSize = 4 triangles); `triangles` (MeshTriangle, leaf order) and `normals`
/// (MeshTriangleNormals, the same order), `vertex_normals` (one per input vertex), `winding`
/// (MeshWindingNode, one per inner node); for host queries also `nodes4` (the tree collapsed
/// 4-wide, bvh/wide.hpp), `packets` (MeshTrianglePacket, its leaves) and `packet_first` (the
/// first slot of each packet).
///
/// Queries (host and device; lengths in the mesh's unit):
///  - closest_point(p): nearest-first traversal (bvh/traverse.hpp) pruned by squared box
///    distance, triangles by Ericson's closest point (triangle_distance.hpp); on the host
///    (ALFVEN_BVH_WIDE_HOST) over the 4-wide tree with packets (triangle_packet.hpp), the same
///    pruning, so the same nearest triangle up to ties at exactly equal distances.
///  - unsigned_distance(p) = |p - closest|, signed_distance(p) = ± that, negative inside, the
///    sign from SignMode::Pseudonormal (Bærentzen and Aanæs 2005) or SignMode::WindingNumber
///    (w(p) > 1/2; winding_number.hpp); of a closed mesh (every edge shared by two triangles,
///    closed()), a point outside the box of the vertices is outside in both modes.
///  - normal(p): sign(p) (p - c) / |p - c|, or the unit pseudonormal of the closest feature
///    when p is on the surface (|p - c| below 64 epsilon of the box diagonal).
///  - Far points (docs/geometry.md, "Far queries"): beyond about size / epsilon the triangles'
///    squared distances tie and the first met is kept; beyond about sqrt of T's largest value
///    (1.8e19 float, 1.3e154 double) the distance is +inf.
///
/// Builds: MeshSDF<T>::build (compiled once, in the library alfven_geom_build:
/// src/geom/mesh_sdf_build.cpp for the host builds, src/geom/mesh_sdf_lbvh.cu for the device
/// one). Precision: the BVH is built in double from the input mesh; vertices are rounded once
/// to T and the boxes computed from the rounded vertices (so they contain them exactly); edges
/// and normals are computed in double and rounded to T. Triangles of zero area in double are
/// left out; their indices never appear in results.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "alfven/core/error.hpp"
#include "alfven/core/pool.hpp"
#include "bvh/node.hpp"
#include "bvh/traverse.hpp"
#include "bvh/wide.hpp"
#include "mesh_sdf_data.hpp"
#include "shapes.hpp"
#include "triangle_distance.hpp"
#include "triangle_mesh.hpp"
#include "triangle_packet.hpp"
#include "winding_number.hpp"

namespace alfven {
namespace geom {

namespace detail {
/// Nearest-first visitor of the binary tree (host and device): the nearest triangle of p and
/// its squared distance; of equal distances the first met is kept.
template <typename T>
struct NearestTriangle {
  static constexpr bvh::StackLayout stack_layout = bvh::StackLayout::Pairs;
  const MeshTriangle<T>* tris;
  Vec3<T> p;
  T best;
  std::int32_t slot;
  ALFVEN_HOST_DEVICE ALFVEN_INLINE T bound(const BVHNode<T>& n, int k) const {
    return bvh::box_distance2<false>(n, k, p);
  }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE bool keep(T d) const { return d < best; }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE void leaf(std::int32_t code) {
    const std::int32_t first = bvh::leaf_first(code), end = first + bvh::leaf_count(code);
    for (std::int32_t i = first; i < end; ++i) {
      const T d2 = closest_point_on_triangle(tris[i], p).distance2;
      if (d2 < best) {
        best = d2;
        slot = i;
      }
    }
  }
};

#if ALFVEN_BVH_WIDE_HOST
/// Nearest-first visitor of the 4-wide host tree: the same result as NearestTriangle up to
/// ties at exactly equal distances, four boxes and four triangles at a time. It keeps the
/// packet and lane of the nearest triangle (its slot is looked up once, at the end).
template <typename T>
struct NearestPacket {
  static constexpr bvh::StackLayout stack_layout = bvh::StackLayout::Pairs;
  const MeshTrianglePacket<T>* packets;
  Vec3<T> p;
  T best;
  std::int32_t packet;  ///< index of the packet holding the nearest triangle so far
  std::int32_t lane;    ///< its lane there
  ALFVEN_INLINE void bound4(const BVHNode4<T>& n, T* d) const {
    bvh::box_distance2_wide(n, p.x, p.y, p.z, d);
  }
  ALFVEN_INLINE bool keep(T d) const { return d < best; }
  ALFVEN_INLINE void prefetch(std::int32_t code) const {
    const char* q = reinterpret_cast<const char*>(packets + ~code);
    for (std::size_t b = 0; b < sizeof(MeshTrianglePacket<T>); b += 64) __builtin_prefetch(q + b);
  }
  ALFVEN_INLINE void leaf(std::int32_t code) {
    const MeshTrianglePacket<T>& t = packets[~code];
    T d2[4];
    packet_distance2(t, p.x, p.y, p.z, d2);
    if ((d2[0] < T(0)) | (d2[1] < T(0)) | (d2[2] < T(0)) | (d2[3] < T(0))) {
      for (int k = 0; k < 4; ++k)  // degenerate triangles: the scalar code's edge case
        if (d2[k] < T(0)) d2[k] = closest_point_on_triangle(t.triangle(k), p).distance2;
    }
    // In leaf order, the first of equal distances kept; lanes past the leaf's count repeat
    // its last triangle and so never win.
    for (int k = 0; k < 4; ++k) {
      const bool nearer = d2[k] < best;
      best = nearer ? d2[k] : best;
      packet = nearer ? ~code : packet;
      lane = nearer ? k : lane;
    }
  }
};
#endif
}  // namespace detail

/// Signed distance to a triangle mesh (see mesh_sdf.hpp and docs/geometry.md). Trivially
/// copyable; build with MeshSDF<T>::build(pool, mesh), then take rebased_view(pool) of the
/// build pool or of a mirror (device memory) before querying.
template <typename T>
class MeshSDF {
 public:
  using value_type = T;
  using Node = BVHNode<T>;
  static constexpr DistanceKind kind = DistanceKind::Exact;
  static constexpr int LeafSize = 4;
  static constexpr int StackSize = 64;

  MeshSDF() = default;

  /// Builds the BVH, triangle data, pseudonormals and winding-number expansion of `mesh` into
  /// `pool` (not frozen). options.build SAH, Morton or Median build on the host, into a
  /// host-accessible pool. LBVH (Karras 2012, with treelet restructuring; Morton order, built in
  /// parallel) builds on the current CUDA device into a pool of device or managed memory
  /// (device_memory_resource(), or gpu::memory_resource() in a .cu file; the library must be
  /// built with the CUDA backend), whose arrays the host cannot read: no 4-wide host arrays; or,
  /// into any other pool, the same tree on the host's threads (with the 4-wide host arrays when
  /// options.host_traversal). Throws alfven::Error if the mesh has a bad index or a non-finite
  /// coordinate, a size outside MeshExtentRange<T> (triangle_mesh.hpp: a diagonal above 2e9 in
  /// float), no triangle of non-zero area, options out of range, or for LBVH into device
  /// memory without the CUDA backend or without a device. The
  /// result is bound to the pool's current base: take rebased_view() after the pool grows, is
  /// frozen or is mirrored. Defined in src/geom (float and double).
  static MeshSDF build(Pool& pool, const TriangleMesh& mesh, const MeshSDFOptions& options = {});

  /// A copy reading its arrays from `pool` (the build pool or a mirror). Throws alfven::Error
  /// if the arrays end past the pool or a device-accessible pool is not frozen.
  MeshSDF rebased_view(const Pool& pool) const {
    alfven::detail::check_rebase(pool, end_byte_, "MeshSDF");
    MeshSDF m = *this;
    m.base_ = pool.base();
    return m;
  }

  /// Box of the (rounded) vertices.
  ALFVEN_HOST_DEVICE const AABB<T>& box() const { return box_; }
  /// Triangles kept (input triangles minus those of zero area).
  ALFVEN_HOST_DEVICE std::size_t triangle_count() const { return tris_.size(); }
  /// Nodes of the binary BVH, inner nodes and leaves.
  ALFVEN_HOST_DEVICE std::size_t node_count() const { return std::size_t(node_count_); }
  ALFVEN_HOST_DEVICE SignMode sign_mode() const { return sign_; }
  /// True when every edge of the kept triangles is shared by exactly two of them.
  ALFVEN_HOST_DEVICE bool closed() const { return closed_; }
  /// Levels of the BVH (root = 1).
  int depth() const { return depth_; }

  // ---- queries on the pool this view is based on -------------------------------------------
  /// Signed distance (negative inside) with the sign mode chosen at build.
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return signed_distance_in(base_, p, sign_);
  }
  /// Signed distance with an explicit sign mode.
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p, SignMode mode) const {
    return signed_distance_in(base_, p, mode);
  }
  /// Distance to the nearest point of the mesh (the same in both sign modes).
  ALFVEN_HOST_DEVICE T unsigned_distance(const Vec3<T>& p) const {
    return sqrt_(closest_point_in(base_, p).distance2);
  }
  /// The nearest point of the mesh, its input triangle index, squared distance and feature.
  /// Ties between triangles go to the one met first in the traversal.
  ALFVEN_HOST_DEVICE MeshClosestPoint<T> closest_point(const Vec3<T>& p) const {
    return closest_point_in(base_, p);
  }
  /// Unit outward direction of the signed distance's gradient at p (see mesh_sdf.hpp).
  ALFVEN_HOST_DEVICE Vec3<T> normal(const Vec3<T>& p) const { return normal_in(base_, p, sign_); }
  ALFVEN_HOST_DEVICE Vec3<T> normal(const Vec3<T>& p, SignMode mode) const {
    return normal_in(base_, p, mode);
  }
  /// Generalized winding number at p: about 1 inside, 0 outside a closed outward mesh.
  ALFVEN_HOST_DEVICE T winding_number(const Vec3<T>& p) const {
    return winding_number_in(base_, p);
  }

  // ---- the same with arrays read relative to `base` (nesting in BVHUnion, tapes) -------------
  ALFVEN_HOST_DEVICE T signed_distance_in(const std::byte* base, const Vec3<T>& p) const {
    return signed_distance_in(base, p, sign_);
  }
  ALFVEN_HOST_DEVICE T signed_distance_in(const std::byte* base, const Vec3<T>& p,
                                          SignMode mode) const {
    const Hit h = nearest(base, p);
    const TrianglePoint<T> c = closest_point_on_triangle(h.triangle, p);
    const T d = sqrt_(c.distance2);
    return is_inside(base, p, c, h.slot, mode) ? -d : d;
  }

  ALFVEN_HOST_DEVICE MeshClosestPoint<T> closest_point_in(const std::byte* base,
                                                          const Vec3<T>& p) const {
    const Hit h = nearest(base, p);
    const TrianglePoint<T> c = closest_point_on_triangle(h.triangle, p);
    return MeshClosestPoint<T>{c.point, tris_.data(base)[h.slot].index, c.distance2, c.feature};
  }

  ALFVEN_HOST_DEVICE Vec3<T> normal_in(const std::byte* base, const Vec3<T>& p,
                                       SignMode mode) const {
    const Hit h = nearest(base, p);
    const TrianglePoint<T> c = closest_point_on_triangle(h.triangle, p);
    const T d = sqrt_(c.distance2);
    if (d <= surface_band_) return pseudonormal(base, h.slot, c.feature);
    const T s = is_inside(base, p, c, h.slot, mode) ? T(-1) : T(1);
    return (s / d) * (p - c.point);
  }

  /// Generalized winding number (winding_number.hpp: Barill et al. 2018, dipole far field).
  ALFVEN_HOST_DEVICE T winding_number_in(const std::byte* base, const Vec3<T>& p) const {
    WindingNumberSum<T> v{tris_.data(base), winding_.data(base), p, beta2_, T(0)};
    bvh::depth_first<StackSize>(nodes_.data(base), root_, v);
    return v.omega * T(0.079577471545947667884);  // 1 / (4π)
  }

 private:
  struct Hit {
    T distance2;
    std::int32_t slot;         // position in the leaf-ordered triangle array
    MeshTriangle<T> triangle;  // its triangle data (index: read tris_[slot] for it)
  };

  /// Nearest triangle: the 4-wide host traversal where it vectorises (ALFVEN_BVH_WIDE_HOST)
  /// and the pool holds its arrays, the binary one elsewhere and on a device.
  ALFVEN_HOST_DEVICE ALFVEN_INLINE Hit nearest(const std::byte* base, const Vec3<T>& p) const {
#if ALFVEN_BVH_WIDE_HOST
    if (nodes4_.size() != 0) {
      detail::NearestPacket<T> v{packets_.data(base), p, detail::largest<T>(), 0, 0};
      bvh::nearest_first<3 * StackSize + 4>(bvh::WideTree<T>{nodes4_.data(base), root4_}, v);
      return Hit{v.best, packet_first_.data(base)[v.packet] + v.lane,
                 packets_.data(base)[v.packet].triangle(v.lane)};
    }
#endif
    detail::NearestTriangle<T> v{tris_.data(base), p, detail::largest<T>(), 0};
    bvh::nearest_first<StackSize>(bvh::BinaryTree<T>{nodes_.data(base), root_}, v);
    return Hit{v.best, v.slot, tris_.data(base)[v.slot]};
  }

  /// The unit pseudonormal of `feature` of the triangle at `slot`.
  ALFVEN_HOST_DEVICE Vec3<T> pseudonormal(const std::byte* base, std::int32_t slot,
                                          TriangleFeature feature) const {
    const MeshTriangleNormals<T>& n = normals_.data(base)[slot];
    switch (feature) {
      case TriangleFeature::Face:
        return n.face;
      case TriangleFeature::VertexA:
        return vertex_normals_.data(base)[n.vertex[0]];
      case TriangleFeature::VertexB:
        return vertex_normals_.data(base)[n.vertex[1]];
      case TriangleFeature::VertexC:
        return vertex_normals_.data(base)[n.vertex[2]];
      case TriangleFeature::EdgeAB:
        return n.edge[0];
      case TriangleFeature::EdgeBC:
        return n.edge[1];
      default:
        return n.edge[2];
    }
  }

  /// Inside or outside, in either mode. Of a closed mesh, a point outside the box of the
  /// vertices is outside (no surface encloses it): far away the squared distances to the
  /// triangles round alike, and the pseudonormal of whichever the traversal met first would
  /// decide the sign. An open mesh keeps the half-space sign of its pseudonormals everywhere.
  ALFVEN_HOST_DEVICE bool is_inside(const std::byte* base, const Vec3<T>& p,
                                    const TrianglePoint<T>& c, std::int32_t slot,
                                    SignMode mode) const {
    if (closed_ && !box_.contains(p)) return false;
    if (mode == SignMode::WindingNumber) return winding_number_in(base, p) > T(0.5);
    return dot(p - c.point, pseudonormal(base, slot, c.feature)) < T(0);
  }

  /// The LBVH build (src/geom/mesh_sdf_lbvh_host.cpp): on the device into device or managed
  /// memory (build_lbvh_device), on the host's threads into any other pool.
  static MeshSDF build_lbvh(Pool& pool, const TriangleMesh& mesh, const MeshSDFOptions& options);
  /// The LBVH build on the current CUDA device (src/geom/mesh_sdf_lbvh.cu; a clear error in
  /// builds without CUDA).
  static MeshSDF build_lbvh_device(Pool& pool, const TriangleMesh& mesh,
                                   const MeshSDFOptions& options);
  /// The LBVH build with Ops' memory, sorts and loops (src/geom/mesh_sdf_lbvh_build.hpp).
  template <typename Ops>
  static MeshSDF build_lbvh_with(Pool& pool, const TriangleMesh& mesh,
                                 const MeshSDFOptions& options, const Ops& ops);

  PODVector<Node> nodes_{};
  PODVector<MeshTriangle<T>> tris_{};
  PODVector<MeshTriangleNormals<T>> normals_{};
  PODVector<Vec3<T>> vertex_normals_{};
  PODVector<MeshWindingNode<T>> winding_{};
  PODVector<BVHNode4<T>> nodes4_{};             // host queries only
  PODVector<MeshTrianglePacket<T>> packets_{};  // host queries only
  PODVector<std::int32_t> packet_first_{};      // host queries only: first slot of each packet
  AABB<T> box_{};
  const std::byte* base_ = nullptr;
  std::size_t end_byte_ = 0;
  T beta2_ = T(4);
  T surface_band_ = T(0);
  std::int32_t root_ = 0;
  std::int32_t root4_ = 0;
  std::int32_t node_count_ = 0;
  SignMode sign_ = SignMode::Pseudonormal;
  bool closed_ = false;
  int depth_ = 0;
};

/// Box containing the mesh (for nesting a MeshSDF in a BVHUnion).
template <typename T>
AABB<T> bounding_box(const MeshSDF<T>& m) {
  return m.box();
}

/// Builds a MeshSDF of `mesh` into `pool` (see MeshSDF::build).
template <typename T>
MeshSDF<T> make_mesh_sdf(Pool& pool, const TriangleMesh& mesh, const MeshSDFOptions& options = {}) {
  return MeshSDF<T>::build(pool, mesh, options);
}

}  // namespace geom
}  // namespace alfven
