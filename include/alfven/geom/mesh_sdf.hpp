/// @file mesh_sdf.hpp
/// @brief MeshSDF<T>: signed distance, closest point, closest triangle, normal and generalized
/// winding number of a triangle mesh, accelerated by a BVH, built into a Pool and evaluated on
/// the host or inside a device kernel through rebased_view (the pattern of BVHUnion).
///
/// Layout (all PODVectors in one pool):
///  - nodes: MeshBVHNode<T>, the inner nodes in depth-first order (root first, a node's first
///    child right after it). Each node holds the boxes of its two children (structure of
///    arrays: lo[axis][child], hi[axis][child]) and their codes: a code >= 0 is an inner node's
///    index, a code < 0 a leaf, ~code = first << 3 | (count - 1) with the leaf's triangles at
///    [first, first + count), count <= LeafSize = 4. A node is 64 bytes in float.
///  - triangles: MeshTriangle<T> in leaf order (corner a, edges ab, ac, the products |ab|²,
///    |ac|², ab·ac and the input index), normals: MeshTriangleNormals<T> in the same order (the
///    face normal, the three edge pseudonormals, the corners' vertex indices), vertex_normals:
///    one per input vertex; winding: MeshWindingNode<T> per inner node (far-field expansion).
///
/// Queries (host and device; lengths in the mesh's unit):
///  - closest_point(p): nearest-first depth-first traversal with a stack of (code, box
///    distance²) pairs in thread-local memory; both child boxes are tested when a node is
///    visited, the nearer child is entered next and the farther one is pushed only if its box
///    is nearer than the best squared distance so far; popped entries are skipped when the best
///    has since become nearer. Triangles: Ericson's closest point (triangle_distance.hpp).
///  - Host queries (ALFVEN_MESH_SDF_WIDE_HOST: GCC or Clang, not device code): the same search
///    over a 4-wide BVH, nodes4 (MeshBVHNode4: the binary tree collapsed, each node taking the
///    children of its largest-area inner children until it has four) with leaves as packets
///    (MeshTrianglePacket: a leaf's triangles in structure-of-arrays form). The four child
///    boxes of a node and the four triangles of a packet are evaluated at once with vector
///    extensions (16-byte vectors, 32 for double with AVX); children nearer than best are
///    entered nearest first. The packet kernel is Ericson's closest point with the same
///    operations in the same order as closest_point_on_triangle, its branches replaced by
///    selects, so the distances are bit-identical without FMA contraction (measured: 0 of
///    9.3e7 triangle-point pairs differ at -O3) and within an ulp with it (-march=native:
///    1e-6 to 2e-4 of pairs differ by 1 ulp); the nearest triangle is therefore the same up
///    to ties within an ulp. Measured on porsche.stl (10,316 triangles), one thread, random
///    points in 3x the box, -O3 -march=native, AMD EPYC (Zen 4): 1.42 -> 0.83 us/query in
///    double, 1.36 -> 0.77 in float (SAH); plain -O3 (SSE2): float 1.37 -> 0.79, double
///    unchanged (2-lane vectors). The device keeps the binary traversal (one thread per
///    query; no SIMD within a thread). The packets and 4-wide nodes take 1.6-1.8x the
///    triangle array (porsche.stl, double, SAH: the pool grows from 2.8 to 4.5 MB).
///  - unsigned_distance(p) = |p - closest|, signed_distance(p) = ± that, negative inside.
///  - Sign, SignMode::Pseudonormal: the sign of (p - c)·n with n the angle-weighted
///    pseudonormal of the feature that holds the closest point c (face normal, edge: sum of the
///    two face normals, vertex: Σ α_i n_i with α_i the incident angles) — J. A. Bærentzen and
///    H. Aanæs, "Signed distance computation using the angle weighted pseudonormal", IEEE TVCG
///    11(3), 2005, Theorem 1 / eq. (2). Exact on closed, consistently oriented (CCW outward),
///    manifold meshes; wrong near holes and on overlapping or inconsistently oriented parts.
///  - Sign, SignMode::WindingNumber: inside where the generalized winding number w(p) > 1/2,
///    w(p) = (1/4π) Σ_t Ω_t(p) (A. Jacobson, L. Kavan and O. Sorkine-Hornung, "Robust
///    inside-outside segmentation using generalized winding numbers", ACM TOG 32(4), 2013,
///    eq. 5), Ω_t the signed solid angle of triangle t (Van Oosterom and Strackee 1983). Fast
///    evaluation after G. Barill, N. Dickson, R. Schmidt, D. I. W. Levin and A. Jacobson,
///    "Fast winding numbers for soups and clouds", ACM TOG 37(4), 2018, §3-4: a node whose
///    area-weighted centroid c is farther than beta * r from p (r: the largest distance from c
///    to the node's vertices) contributes its dipole (first-order) far field
///        Ω ≈ N·(c - p) / |c - p|³,   N = Σ_t a_t n_t (the sum of the area vectors),
///    (Barill et al. eq. 9 truncated after the first term); other nodes are opened and their
///    leaves summed exactly. The next (matrix) term was tried and left out: on closed curved
///    meshes it made the largest error worse for beta in [2, 4] (0.077 against 0.036 at
///    beta = 2 on an icosphere), because the series converges slowly at |c - p| ~ 2r.
///    Measured largest |w - w_exact| at beta = 2: 0.036 (1280-triangle icosphere), 0.05
///    (20480 triangles); at beta = 4: 0.006 and 0.011 — far below the 1/2 that decides the
///    sign. Robust on meshes with holes, overlaps and duplicated parts; a winding-number
///    signed distance costs about 2x a pseudonormal one.
///  - normal(p): the unit gradient direction of the signed distance, sign(p) (p - c) / |p - c|,
///    or the unit pseudonormal of the closest feature when p is on the surface (|p - c| below
///    64 epsilon of the box diagonal).
///
/// Precision: the BVH is built in double from the input mesh; vertices are rounded once to T
/// and the boxes computed from the rounded vertices (so they contain them exactly); edges and
/// normals are computed in double and rounded to T. Triangles of zero area in double are left
/// out (they hold no surface the neighbouring triangles do not); their indices never appear.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/pool.hpp"
#include "bvh.hpp"
#include "mesh_bvh_build.hpp"
#include "shapes.hpp"
#include "triangle_distance.hpp"
#include "triangle_mesh.hpp"

// MeshSDF's 4-wide host traversal (nearest_host) evaluates four boxes or four triangles at
// once with GCC/Clang vector extensions (vector_size), so that it is vectorised whatever the
// target flags (plain loops are not: GCC if-converts their selects under the default
// -ftrapping-math only with AVX-512 masks). Elsewhere (other compilers, device code) queries
// take the binary traversal.
#if !defined(__CUDA_ARCH__) && (defined(__GNUC__) || defined(__clang__))
#define ALFVEN_MESH_SDF_WIDE_HOST 1
#else
#define ALFVEN_MESH_SDF_WIDE_HOST 0
#endif

namespace alfven {
namespace geom {

#if ALFVEN_MESH_SDF_WIDE_HOST
namespace detail {
/// A vector of lanes of T and a mask of the same width (GCC/Clang vector extensions; host
/// only): 16 bytes, or 32 for double where AVX is enabled (so that no vector is wider than
/// the target's registers).
template <typename T>
struct MeshLanes;
template <>
struct MeshLanes<float> {
  static constexpr int N = 4;
  typedef float Lanes __attribute__((vector_size(16)));
  typedef std::int32_t Mask __attribute__((vector_size(16)));
  static inline Lanes splat(float x) { return Lanes{x, x, x, x}; }
};
template <>
struct MeshLanes<double> {
#ifdef __AVX__
  static constexpr int N = 4;
  typedef double Lanes __attribute__((vector_size(32)));
  typedef std::int64_t Mask __attribute__((vector_size(32)));
  static inline Lanes splat(double x) {
    return Lanes{x, x, x, x};
  }
#else
  static constexpr int N = 2;
  typedef double Lanes __attribute__((vector_size(16)));
  typedef std::int64_t Mask __attribute__((vector_size(16)));
  static inline Lanes splat(double x) {
    return Lanes{x, x};
  }
#endif
};
}  // namespace detail
#endif

/// How a MeshSDF decides inside and outside (see mesh_sdf.hpp).
enum class SignMode : std::int32_t {
  Pseudonormal,  ///< angle-weighted pseudonormals: fast, exact on clean closed meshes
  WindingNumber  ///< generalized winding number > 1/2: robust on holes and overlaps
};

/// Build settings of a MeshSDF.
struct MeshSDFOptions {
  BVHBuild build = BVHBuild::SAH;          ///< BVH construction
  SignMode sign = SignMode::Pseudonormal;  ///< default sign mode of signed_distance(p)
  double winding_beta = 2.0;               ///< far-field accuracy (Barill et al.), > 1
  int sah_bins = 16;                       ///< SAH bins per axis, >= 2
  /// Also build the 4-wide arrays of the vectorised host traversal (about 1.7x the triangle
  /// array). Turn off for a pool that is only mirrored to a device, which never reads them; host
  /// queries then use the binary traversal.
  bool host_traversal = true;
};

/// An inner BVH node: both children's boxes (lo[axis][child], hi[axis][child]) and codes
/// (>= 0 inner node index, < 0 leaf, see mesh_sdf.hpp). 64 bytes in float, 112 in double.
template <typename T>
struct alignas(sizeof(T) == 4 ? 64 : 16) MeshBVHNode {
  T lo[3][2];
  T hi[3][2];
  std::int32_t child[2];
};

/// A host-only 4-wide BVH node (see mesh_sdf.hpp, "Host queries"): the boxes of up to four
/// children (lo[axis][child], hi[axis][child]; an unused slot has an empty box lo = +largest,
/// hi = -largest) and their codes (>= 0 a MeshBVHNode4 index, < 0 ~ the index of a
/// MeshTrianglePacket).
template <typename T>
struct alignas(32) MeshBVHNode4 {
  T lo[3][4];
  T hi[3][4];
  std::int32_t child[4];
};

/// A host-only leaf of the 4-wide BVH: its (up to 4) triangles in structure-of-arrays form
/// (corner a, edges u = ab, v = ac, the products |u|², |v|², u·v, exactly as in MeshTriangle),
/// for a vectorised distance filter; lanes past `count` repeat the last triangle. The
/// triangles are the slots [first, first + count) of the leaf-ordered triangle array.
template <typename T>
struct alignas(32) MeshTrianglePacket {
  T ax[4], ay[4], az[4];
  T ux[4], uy[4], uz[4];
  T vx[4], vy[4], vz[4];
  T uu[4], vv[4], uv[4];
  std::int32_t first, count;
};

/// Far-field data of an inner node for the winding number: area-weighted centroid, radius
/// (largest distance from the centroid to the node's vertices) and the sum N of the area
/// vectors ½ (b - a) x (c - a) of its triangles; see mesh_sdf.hpp.
template <typename T>
struct MeshWindingNode {
  Vec3<T> centre;
  T radius;
  Vec3<T> normal_sum;
};

/// Unit normals for the pseudonormal sign of one triangle: face normal, edge pseudonormals
/// (0: ab, 1: bc, 2: ca) and the indices of its corners' vertex pseudonormals.
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

/// Signed distance to a triangle mesh (see mesh_sdf.hpp for the layout, the algorithms and
/// their sources). Trivially copyable; build with MeshSDF<T>::build(pool, mesh), then take
/// rebased_view(pool) of the build pool or of a mirror (device memory) before querying.
template <typename T>
class MeshSDF {
 public:
  using value_type = T;
  using Node = MeshBVHNode<T>;
  static constexpr DistanceKind kind = DistanceKind::Exact;
  static constexpr int LeafSize = 4;
  static constexpr int StackSize = 64;

  MeshSDF() = default;

  /// Builds the BVH, triangle data, pseudonormals and winding-number expansion of `mesh` into
  /// `pool` (not frozen), on the host. Throws alfven::Error if the mesh has a bad index or a
  /// non-finite coordinate, no triangle of non-zero area, or options out of range. The result
  /// is bound to the pool's current base: take rebased_view() after the pool grows, is frozen
  /// or is mirrored.
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
  ALFVEN_HOST_DEVICE std::size_t node_count() const { return nodes_.size(); }
  ALFVEN_HOST_DEVICE SignMode sign_mode() const { return sign_; }
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
    const MeshTriangle<T>& t = tris_.data(base)[h.slot];
    const TrianglePoint<T> c = closest_point_on_triangle(t, p);
    const T d = sqrt_(c.distance2);
    return is_inside(base, p, c, h.slot, mode) ? -d : d;
  }

  ALFVEN_HOST_DEVICE MeshClosestPoint<T> closest_point_in(const std::byte* base,
                                                          const Vec3<T>& p) const {
    const Hit h = nearest(base, p);
    const MeshTriangle<T>& t = tris_.data(base)[h.slot];
    const TrianglePoint<T> c = closest_point_on_triangle(t, p);
    return MeshClosestPoint<T>{c.point, t.index, c.distance2, c.feature};
  }

  ALFVEN_HOST_DEVICE Vec3<T> normal_in(const std::byte* base, const Vec3<T>& p,
                                       SignMode mode) const {
    const Hit h = nearest(base, p);
    const TrianglePoint<T> c = closest_point_on_triangle(tris_.data(base)[h.slot], p);
    const T d = sqrt_(c.distance2);
    if (d <= surface_band_) return pseudonormal(base, h.slot, c.feature);
    const T s = is_inside(base, p, c, h.slot, mode) ? T(-1) : T(1);
    return (s / d) * (p - c.point);
  }

  /// Generalized winding number (Barill et al. 2018 hierarchical evaluation, dipole far field).
  ALFVEN_HOST_DEVICE T winding_number_in(const std::byte* base, const Vec3<T>& p) const {
    const Node* nodes = nodes_.data(base);
    const MeshTriangle<T>* tris = tris_.data(base);
    const MeshWindingNode<T>* wn = winding_.data(base);
    T omega = T(0);
    std::int32_t stack[StackSize];
    int sp = 0;
    stack[sp++] = root_;
    while (sp > 0) {
      const std::int32_t code = stack[--sp];
      if (code < 0) {
        const std::int32_t x = ~code, first = x >> 3, end = first + (x & 7) + 1;
        for (std::int32_t i = first; i < end; ++i) omega += triangle_solid_angle(tris[i], p);
        continue;
      }
      const MeshWindingNode<T>& w = wn[code];
      const Vec3<T> r = w.centre - p;
      const T r2 = dot(r, r);
      if (r2 > beta2_ * w.radius * w.radius) {
        // Dipole far field (Barill et al. 2018, eq. 9, first term): N·r / |r|³, r = c - p.
        omega += dot(w.normal_sum, r) / (r2 * sqrt_(r2));
        continue;
      }
      const Node& n = nodes[code];
      stack[sp++] = n.child[0];
      stack[sp++] = n.child[1];
    }
    return omega * T(0.079577471545947667884);  // 1 / (4π)
  }

 private:
  struct Hit {
    T distance2;
    std::int32_t slot;  // position in the leaf-ordered triangle array
  };

  ALFVEN_HOST_DEVICE ALFVEN_INLINE static T box_distance2(const Node& n, int k, const Vec3<T>& p) {
    const T dx = max_(max_(n.lo[0][k] - p.x, p.x - n.hi[0][k]), T(0));
    const T dy = max_(max_(n.lo[1][k] - p.y, p.y - n.hi[1][k]), T(0));
    const T dz = max_(max_(n.lo[2][k] - p.z, p.z - n.hi[2][k]), T(0));
    return dx * dx + dy * dy + dz * dz;
  }

  /// Nearest triangle: the 4-wide host traversal where it vectorises (see
  /// ALFVEN_MESH_SDF_WIDE_HOST), the binary one elsewhere and on a device.
  ALFVEN_HOST_DEVICE ALFVEN_INLINE Hit nearest(const std::byte* base, const Vec3<T>& p) const {
#if ALFVEN_MESH_SDF_WIDE_HOST
    if (nodes4_.size() != 0) return nearest_host(base, p);
#endif
    return nearest_binary(base, p);
  }

#if ALFVEN_MESH_SDF_WIDE_HOST
  /// Four lanes of T and their masks (GCC/Clang vector extensions, host only).
  using Lanes = typename detail::MeshLanes<T>::Lanes;
  using LaneMask = typename detail::MeshLanes<T>::Mask;
  static ALFVEN_INLINE Lanes load_lanes(const T* a) {
    Lanes v;
    std::memcpy(&v, a, sizeof(v));
    return v;
  }
  static constexpr int LaneCount = detail::MeshLanes<T>::N;
  static ALFVEN_INLINE Lanes splat(T x) {
    return detail::MeshLanes<T>::splat(x);
  }
  /// m ? a : b lane by lane (m all ones or all zeros per lane).
  static ALFVEN_INLINE Lanes select(LaneMask m, Lanes a, Lanes b) {
    return (Lanes)(((LaneMask)a & m) | ((LaneMask)b & ~m));
  }
  /// max_(a, b) = a < b ? b : a, lane by lane.
  static ALFVEN_INLINE Lanes max_lanes(Lanes a, Lanes b) {
    return select((LaneMask)(a < b), b, a);
  }

  /// Squared distances from p to the four triangles of packet t, the same values as
  /// closest_point_on_triangle(t_k, p).distance2 computed without branches so that the loop
  /// vectorises: the same operations in the same order (Ericson's if-chain applied last to
  /// first, so that the first region that holds wins), with every region's quotient computed
  /// (those not taken may be inf or NaN and are discarded by the selects) and the closest
  /// point written (a + s ab) + w e with e = ac, or ac - ab on edge bc, exactly as the scalar
  /// code forms it in each region (s, w in {0, 1} add exact zeros). A degenerate triangle
  /// (face region with va + vb + vc <= 0, treated as its edges there) gives -1.
  static ALFVEN_INLINE void packet_distance2(const MeshTrianglePacket<T>& t, T px, T py, T pz,
                                             T* out) {
    for (int h = 0; h < 4; h += LaneCount) {
      const Lanes zero = splat(T(0)), one = splat(T(1));
      const Lanes ax = load_lanes(t.ax + h), ay = load_lanes(t.ay + h), az = load_lanes(t.az + h);
      const Lanes ux = load_lanes(t.ux + h), uy = load_lanes(t.uy + h), uz = load_lanes(t.uz + h);
      const Lanes vx = load_lanes(t.vx + h), vy = load_lanes(t.vy + h), vz = load_lanes(t.vz + h);
      const Lanes apx = splat(px) - ax, apy = splat(py) - ay, apz = splat(pz) - az;
      const Lanes d1 = ux * apx + uy * apy + uz * apz;
      const Lanes d2 = vx * apx + vy * apy + vz * apz;
      const Lanes d3 = d1 - load_lanes(t.uu + h), d4 = d2 - load_lanes(t.uv + h);
      const Lanes d5 = d1 - load_lanes(t.uv + h), d6 = d2 - load_lanes(t.vv + h);
      const Lanes vc = d1 * d4 - d3 * d2;
      const Lanes vb = d5 * d2 - d1 * d6;
      const Lanes va = d3 * d6 - d5 * d4;
      const Lanes sum = va + vb + vc;
      const Lanes inv = one / sum;
      const Lanes w_bc = (d4 - d3) / ((d4 - d3) + (d5 - d6));
      const Lanes w_ac = d2 / (d2 - d6), s_ab = d1 / (d1 - d3);
      const LaneMask in_bc =
          (LaneMask)(va <= zero) & (LaneMask)(d4 - d3 >= zero) & (LaneMask)(d5 - d6 >= zero);
      const LaneMask in_ac =
          (LaneMask)(vb <= zero) & (LaneMask)(d2 >= zero) & (LaneMask)(d6 <= zero);
      const LaneMask in_c = (LaneMask)(d6 >= zero) & (LaneMask)(d5 <= d6);
      const LaneMask in_ab =
          (LaneMask)(vc <= zero) & (LaneMask)(d1 >= zero) & (LaneMask)(d3 <= zero);
      const LaneMask in_b = (LaneMask)(d3 >= zero) & (LaneMask)(d4 <= d3);
      const LaneMask in_a = (LaneMask)(d1 <= zero) & (LaneMask)(d2 <= zero);
      // The if-chain applied last to first: the first region that holds wins.
      Lanes s = vb * inv, w = vc * inv;  // face
      s = select(in_bc, one, s);
      w = select(in_bc, w_bc, w);
      s = select(in_ac, zero, s);
      w = select(in_ac, w_ac, w);
      s = select(in_c, zero, s);
      w = select(in_c, one, w);
      s = select(in_ab, s_ab, s);
      w = select(in_ab, zero, w);
      s = select(in_b, one, s);
      w = select(in_b, zero, w);
      s = select(in_a, zero, s);
      w = select(in_a, zero, w);
      const LaneMask vertex_or_edge = in_ac | in_c | in_ab | in_b | in_a;
      const LaneMask bc = in_bc & ~vertex_or_edge;
      const LaneMask face = ~(vertex_or_edge | in_bc);
      const Lanes ex = select(bc, vx - ux, vx), ey = select(bc, vy - uy, vy),
                  ez = select(bc, vz - uz, vz);
      const Lanes dx = splat(px) - ((ax + s * ux) + w * ex);
      const Lanes dy = splat(py) - ((ay + s * uy) + w * ey);
      const Lanes dz = splat(pz) - ((az + s * uz) + w * ez);
      const Lanes r = dx * dx + dy * dy + dz * dz;
      const Lanes d = select(face & ~(LaneMask)(sum > zero), splat(T(-1)), r);
      std::memcpy(out + h, &d, sizeof(d));
    }
  }

  /// Squared distances from p to the four boxes of node n (box_distance2, lane by lane).
  static ALFVEN_INLINE void node_distance2(const MeshBVHNode4<T>& n, T px, T py, T pz, T* out) {
    for (int h = 0; h < 4; h += LaneCount) {
      const Lanes zero = splat(T(0));
      const Lanes dx = max_lanes(
          max_lanes(load_lanes(n.lo[0] + h) - splat(px), splat(px) - load_lanes(n.hi[0] + h)),
          zero);
      const Lanes dy = max_lanes(
          max_lanes(load_lanes(n.lo[1] + h) - splat(py), splat(py) - load_lanes(n.hi[1] + h)),
          zero);
      const Lanes dz = max_lanes(
          max_lanes(load_lanes(n.lo[2] + h) - splat(pz), splat(pz) - load_lanes(n.hi[2] + h)),
          zero);
      const Lanes d = dx * dx + dy * dy + dz * dz;
      std::memcpy(out + h, &d, sizeof(d));
    }
  }

  /// Host traversal of the 4-wide BVH with vectorised box and triangle tests (see
  /// mesh_sdf.hpp, "Host queries"): the same pruning as nearest_binary, so the same nearest
  /// triangle up to ties at exactly equal distances.
  Hit nearest_host(const std::byte* base, const Vec3<T>& p) const {
    const MeshBVHNode4<T>* nodes = nodes4_.data(base);
    const MeshTrianglePacket<T>* packets = packets_.data(base);
    struct Entry {
      std::int32_t code;
      T distance2;
    };
    Entry stack[3 * StackSize];
    int sp = 0;
    std::int32_t code = root4_;
    T best = detail::largest<T>();
    std::int32_t slot = 0;
    const T px = p.x, py = p.y, pz = p.z;
    for (;;) {
      if (code >= 0) {
        const MeshBVHNode4<T>& n = nodes[code];
        T d[4];
        node_distance2(n, px, py, pz, d);
        // Children nearer than best, sorted by box distance (insertion sort of <= 4); the
        // nearest is entered next, the others pushed farthest first.
        Entry h[4];
        int nh = 0;
        for (int k = 0; k < 4; ++k) {
          if (d[k] < best) {
            int j = nh++;
            while (j > 0 && h[j - 1].distance2 > d[k]) {
              h[j] = h[j - 1];
              --j;
            }
            h[j] = Entry{n.child[k], d[k]};
          }
        }
        if (nh > 0) {
          for (int j = nh - 1; j > 0; --j) stack[sp++] = h[j];
          code = h[0].code;
          continue;
        }
      } else {
        const MeshTrianglePacket<T>& t = packets[~code];
        T d2[4];
        packet_distance2(t, px, py, pz, d2);
        if ((d2[0] < T(0)) | (d2[1] < T(0)) | (d2[2] < T(0)) | (d2[3] < T(0))) {
          for (int k = 0; k < 4; ++k)  // degenerate triangles: the scalar code's edge case
            if (d2[k] < T(0))
              d2[k] = closest_point_on_triangle(tris_.data(base)[t.first + min_(k, t.count - 1)], p)
                          .distance2;
        }
        // In leaf order, the first of equal distances kept; lanes past the leaf's count
        // repeat its last triangle and so never win.
        for (int k = 0; k < 4; ++k) {
          const bool nearer = d2[k] < best;
          best = nearer ? d2[k] : best;
          slot = nearer ? t.first + k : slot;
        }
      }
      bool more = false;
      while (sp > 0) {
        const Entry e = stack[--sp];
        if (e.distance2 < best) {
          code = e.code;
          more = true;
          break;
        }
      }
      if (!more) break;
    }
    return Hit{best, slot};
  }

#endif  // ALFVEN_MESH_SDF_WIDE_HOST

  /// Nearest triangle: nearest-first traversal pruned by box distance² (see mesh_sdf.hpp).
  ALFVEN_HOST_DEVICE Hit nearest_binary(const std::byte* base, const Vec3<T>& p) const {
    const Node* nodes = nodes_.data(base);
    const MeshTriangle<T>* tris = tris_.data(base);
    struct Entry {
      std::int32_t code;
      T distance2;
    };
    Entry stack[StackSize];
    int sp = 0;
    std::int32_t code = root_;
    T best = detail::largest<T>();
    std::int32_t slot = 0;
    for (;;) {
      if (code >= 0) {
        const Node& n = nodes[code];
        T d0 = box_distance2(n, 0, p), d1 = box_distance2(n, 1, p);
        std::int32_t c0 = n.child[0], c1 = n.child[1];
        if (d1 < d0) {
          const T td = d0;
          d0 = d1;
          d1 = td;
          const std::int32_t tc = c0;
          c0 = c1;
          c1 = tc;
        }
        if (d0 < best) {
          if (d1 < best) stack[sp++] = Entry{c1, d1};
          code = c0;
          continue;
        }
      } else {
        const std::int32_t x = ~code, first = x >> 3, end = first + (x & 7) + 1;
        for (std::int32_t i = first; i < end; ++i) {
          const T d2 = closest_point_on_triangle(tris[i], p).distance2;
          if (d2 < best) {
            best = d2;
            slot = i;
          }
        }
      }
      bool more = false;
      while (sp > 0) {
        const Entry e = stack[--sp];
        if (e.distance2 < best) {
          code = e.code;
          more = true;
          break;
        }
      }
      if (!more) break;
    }
    return Hit{best, slot};
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

  ALFVEN_HOST_DEVICE bool is_inside(const std::byte* base, const Vec3<T>& p,
                                    const TrianglePoint<T>& c, std::int32_t slot,
                                    SignMode mode) const {
    if (mode == SignMode::WindingNumber) return winding_number_in(base, p) > T(0.5);
    return dot(p - c.point, pseudonormal(base, slot, c.feature)) < T(0);
  }

  PODVector<Node> nodes_{};
  PODVector<MeshTriangle<T>> tris_{};
  PODVector<MeshTriangleNormals<T>> normals_{};
  PODVector<Vec3<T>> vertex_normals_{};
  PODVector<MeshWindingNode<T>> winding_{};
  PODVector<MeshBVHNode4<T>> nodes4_{};         // host queries only
  PODVector<MeshTrianglePacket<T>> packets_{};  // host queries only
  AABB<T> box_{};
  const std::byte* base_ = nullptr;
  std::size_t end_byte_ = 0;
  T beta2_ = T(4);
  T surface_band_ = T(0);
  std::int32_t root_ = 0;
  std::int32_t root4_ = 0;
  SignMode sign_ = SignMode::Pseudonormal;
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

// ---- build (host) -----------------------------------------------------------------------------

template <typename T>
MeshSDF<T> MeshSDF<T>::build(Pool& pool, const TriangleMesh& mesh, const MeshSDFOptions& options) {
  static_assert(std::is_trivially_copyable<MeshSDF<T>>::value,
                "MeshSDF must be trivially copyable");
  using D = Vec3<double>;
  mesh.check_indices();
  ALFVEN_REQUIRE(options.winding_beta > 1.0,
                 "MeshSDF::build: winding_beta must be > 1, got " << options.winding_beta);
  ALFVEN_REQUIRE(options.sah_bins >= 2, "MeshSDF::build: sah_bins must be >= 2");
  const std::size_t nv = mesh.vertex_count();
  std::vector<Vec3<T>> vt(nv);  // vertices rounded once to T
  for (std::size_t i = 0; i < nv; ++i) vt[i] = mesh.vertices[i].template as<T>();

  // Triangles of non-zero area (in double), their area vectors and rounded boxes.
  std::vector<std::int32_t> kept;
  std::vector<D> area;  // area vector ½ (b - a) x (c - a), per kept triangle
  std::vector<AABB<double>> boxes;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    const D a = mesh.corner(t, 0), b = mesh.corner(t, 1), c = mesh.corner(t, 2);
    const D n = 0.5 * cross(b - a, c - a);
    if (!(dot(n, n) > 0)) continue;
    kept.push_back(std::int32_t(t));
    area.push_back(n);
    AABB<T> box{vt[std::size_t(mesh.triangles[t][0])], vt[std::size_t(mesh.triangles[t][0])]};
    for (int k = 1; k < 3; ++k) {
      const Vec3<T>& v = vt[std::size_t(mesh.triangles[t][std::size_t(k)])];
      box = box.merged(AABB<T>{v, v});
    }
    boxes.push_back(AABB<double>{box.lo.template as<double>(), box.hi.template as<double>()});
  }
  ALFVEN_REQUIRE(!kept.empty(),
                 "MeshSDF::build: mesh '" << mesh.source << "' has no triangle of non-zero area");
  const BVHTopology topo = build_bvh_topology(boxes, options.build, LeafSize, options.sah_bins);
  ALFVEN_REQUIRE(topo.depth < StackSize,
                 "MeshSDF::build: BVH too deep (" << topo.depth << " levels)");
  const std::size_t nt = kept.size();

  // Pseudonormals (Bærentzen and Aanæs 2005): vertex Σ α n, edge Σ n over the edge's faces.
  std::vector<D> vnormal(nv, D{0, 0, 0});
  std::vector<std::pair<std::uint64_t, std::int32_t>> edges;  // (edge key, 3 kept + k)
  edges.reserve(3 * nt);
  for (std::size_t j = 0; j < nt; ++j) {
    const auto& tri = mesh.triangles[std::size_t(kept[j])];
    const D n = normalize(area[j]);
    for (int k = 0; k < 3; ++k) {
      const std::int32_t i0 = tri[std::size_t(k)], i1 = tri[std::size_t((k + 1) % 3)],
                         i2 = tri[std::size_t((k + 2) % 3)];
      const D e1 = normalize(mesh.vertices[std::size_t(i1)] - mesh.vertices[std::size_t(i0)]);
      const D e2 = normalize(mesh.vertices[std::size_t(i2)] - mesh.vertices[std::size_t(i0)]);
      const double angle = std::acos(std::clamp(dot(e1, e2), -1.0, 1.0));
      vnormal[std::size_t(i0)] += angle * n;
      const std::uint64_t lo = std::uint64_t(std::min(i0, i1)),
                          hi = std::uint64_t(std::max(i0, i1));
      edges.emplace_back(lo << 32 | hi, std::int32_t(3 * j + std::size_t(k)));
    }
  }
  std::sort(edges.begin(), edges.end());
  std::vector<D> enormal(3 * nt);  // per (kept triangle, edge k = corner k to corner k + 1)
  for (std::size_t s = 0; s < edges.size();) {
    std::size_t e = s;
    D sum{0, 0, 0};
    while (e < edges.size() && edges[e].first == edges[s].first)
      sum += normalize(area[std::size_t(edges[e++].second / 3)]);
    for (std::size_t k = s; k < e; ++k) enormal[std::size_t(edges[k].second)] = normalize(sum);
    s = e;
  }

  // Leaf-ordered triangle data.
  std::vector<MeshTriangle<T>> tris(nt);
  std::vector<MeshTriangleNormals<T>> normals(nt);
  for (std::size_t i = 0; i < nt; ++i) {
    const std::size_t j = std::size_t(topo.order[i]);
    const std::size_t t = std::size_t(kept[j]);
    const D a = mesh.corner(t, 0), ab = mesh.corner(t, 1) - a, ac = mesh.corner(t, 2) - a;
    tris[i] = MeshTriangle<T>{vt[std::size_t(mesh.triangles[t][0])],
                              ab.template as<T>(),
                              ac.template as<T>(),
                              T(dot(ab, ab)),
                              T(dot(ac, ac)),
                              T(dot(ab, ac)),
                              std::int32_t(t)};
    MeshTriangleNormals<T>& n = normals[i];
    n.face = normalize(area[j]).template as<T>();
    for (int k = 0; k < 3; ++k) {
      n.edge[k] = enormal[3 * j + std::size_t(k)].template as<T>();
      n.vertex[k] = mesh.triangles[t][std::size_t(k)];
    }
  }
  std::vector<Vec3<T>> vnormal_t(nv);
  for (std::size_t i = 0; i < nv; ++i) vnormal_t[i] = normalize(vnormal[i]).template as<T>();

  // Flatten: inner nodes depth-first, children's boxes in the parent; winding data per node.
  std::vector<Node> flat;
  std::vector<MeshWindingNode<T>> wn;
  flat.reserve(topo.nodes.size() / 2 + 1);
  wn.reserve(topo.nodes.size() / 2 + 1);
  auto winding_data = [&](const BVHBuildNode& b) {
    D nsum{0, 0, 0}, c{0, 0, 0};
    double atot = 0;
    for (std::int32_t i = b.first; i < b.first + b.count; ++i) {
      const std::size_t j = std::size_t(topo.order[std::size_t(i)]);
      const std::size_t t = std::size_t(kept[j]);
      const double a = length(area[j]);
      nsum += area[j];
      c += (a / 3.0) * (mesh.corner(t, 0) + mesh.corner(t, 1) + mesh.corner(t, 2));
      atot += a;
    }
    c = c / atot;
    double r2 = 0;
    for (std::int32_t i = b.first; i < b.first + b.count; ++i) {
      const std::size_t t = std::size_t(kept[std::size_t(topo.order[std::size_t(i)])]);
      for (int k = 0; k < 3; ++k) {
        const D v = mesh.corner(t, k) - c;
        r2 = std::max(r2, dot(v, v));
      }
    }
    MeshWindingNode<T> w{};
    w.centre = c.template as<T>();
    w.radius = T(std::sqrt(r2) * (1 + 1e-6));
    w.normal_sum = nsum.template as<T>();
    return w;
  };
  auto emit = [&](auto&& self, std::int32_t b) -> std::int32_t {
    const BVHBuildNode& bn = topo.nodes[std::size_t(b)];
    if (bn.leaf()) return ~((bn.first << 3) | (bn.count - 1));
    const std::int32_t idx = std::int32_t(flat.size());
    flat.push_back(Node{});
    wn.push_back(winding_data(bn));
    const std::int32_t c0 = self(self, bn.left);
    const std::int32_t c1 = self(self, bn.right);
    Node& n = flat[std::size_t(idx)];
    const AABB<double>& b0 = topo.nodes[std::size_t(bn.left)].box;
    const AABB<double>& b1 = topo.nodes[std::size_t(bn.right)].box;
    for (int d = 0; d < 3; ++d) {  // exact: the boxes were computed from T values
      n.lo[d][0] = T(b0.lo[d]);
      n.lo[d][1] = T(b1.lo[d]);
      n.hi[d][0] = T(b0.hi[d]);
      n.hi[d][1] = T(b1.hi[d]);
    }
    n.child[0] = c0;
    n.child[1] = c1;
    return idx;
  };
  const std::int32_t root = emit(emit, 0);
  if (flat.empty()) {  // a single leaf: keep one dummy node so that every array is non-empty
    flat.push_back(Node{});
    wn.push_back(MeshWindingNode<T>{});
  }

  // Host queries: the binary tree collapsed into 4-wide nodes (each node takes the children
  // of its largest-area inner children until it has four), leaves as triangle packets.
  std::vector<MeshBVHNode4<T>> flat4;
  std::vector<MeshTrianglePacket<T>> packets;
  auto emit_packet = [&](const BVHBuildNode& bn) -> std::int32_t {
    MeshTrianglePacket<T> q{};
    q.first = bn.first;
    q.count = bn.count;
    for (int k = 0; k < 4; ++k) {
      const MeshTriangle<T>& t = tris[std::size_t(bn.first + std::min(k, bn.count - 1))];
      q.ax[k] = t.a.x, q.ay[k] = t.a.y, q.az[k] = t.a.z;
      q.ux[k] = t.ab.x, q.uy[k] = t.ab.y, q.uz[k] = t.ab.z;
      q.vx[k] = t.ac.x, q.vy[k] = t.ac.y, q.vz[k] = t.ac.z;
      q.uu[k] = t.ab2, q.vv[k] = t.ac2, q.uv[k] = t.abac;
    }
    packets.push_back(q);
    return ~std::int32_t(packets.size() - 1);
  };
  auto emit4 = [&](auto&& self, std::int32_t b) -> std::int32_t {
    const BVHBuildNode& bn = topo.nodes[std::size_t(b)];
    if (bn.leaf()) return emit_packet(bn);
    std::vector<std::int32_t> kids{bn.left, bn.right};
    while (kids.size() < 4) {
      int open = -1;
      double area = -1;
      for (std::size_t k = 0; k < kids.size(); ++k) {
        const BVHBuildNode& c = topo.nodes[std::size_t(kids[k])];
        if (!c.leaf() && detail::half_area(c.box) > area) {
          area = detail::half_area(c.box);
          open = int(k);
        }
      }
      if (open < 0) break;
      const BVHBuildNode& c = topo.nodes[std::size_t(kids[std::size_t(open)])];
      kids[std::size_t(open)] = c.left;
      kids.insert(kids.begin() + open + 1, c.right);
    }
    const std::int32_t idx = std::int32_t(flat4.size());
    flat4.push_back(MeshBVHNode4<T>{});
    std::int32_t codes[4] = {-1, -1, -1, -1};
    for (std::size_t k = 0; k < kids.size(); ++k) codes[k] = self(self, kids[k]);
    MeshBVHNode4<T>& n = flat4[std::size_t(idx)];
    for (int k = 0; k < 4; ++k) {
      n.child[k] = codes[k];
      for (int d = 0; d < 3; ++d) {
        if (std::size_t(k) < kids.size()) {  // exact: the boxes were computed from T values
          const AABB<double>& cb = topo.nodes[std::size_t(kids[std::size_t(k)])].box;
          n.lo[d][k] = T(cb.lo[d]);
          n.hi[d][k] = T(cb.hi[d]);
        } else {
          n.lo[d][k] = detail::largest<T>();
          n.hi[d][k] = -detail::largest<T>();
        }
      }
    }
    return idx;
  };
  std::int32_t root4 = 0;
  if (options.host_traversal) {
    root4 = emit4(emit4, 0);
    if (flat4.empty()) flat4.push_back(MeshBVHNode4<T>{});
  }

  MeshSDF m;
  m.nodes_.reserve_from(pool, flat.size());
  m.tris_.reserve_from(pool, tris.size());
  m.normals_.reserve_from(pool, normals.size());
  m.vertex_normals_.reserve_from(pool, vnormal_t.size());
  m.winding_.reserve_from(pool, wn.size());
  m.nodes_.assign(pool, flat);
  m.tris_.assign(pool, tris);
  m.normals_.assign(pool, normals);
  m.vertex_normals_.assign(pool, vnormal_t);
  m.winding_.assign(pool, wn);
  if (options.host_traversal) {
    m.nodes4_.reserve_from(pool, flat4.size());
    m.packets_.reserve_from(pool, packets.size());
    m.nodes4_.assign(pool, flat4);
    m.packets_.assign(pool, packets);
  }
  m.end_byte_ = std::max({m.nodes_.end_byte(), m.tris_.end_byte(), m.normals_.end_byte(),
                          m.vertex_normals_.end_byte(), m.winding_.end_byte(), m.nodes4_.end_byte(),
                          m.packets_.end_byte()});
  const AABB<double>& rb = topo.nodes[0].box;
  m.box_ = AABB<T>{rb.lo.template as<T>(), rb.hi.template as<T>()};
  m.root_ = root;
  m.root4_ = root4;
  m.sign_ = options.sign;
  m.beta2_ = T(options.winding_beta * options.winding_beta);
  m.surface_band_ = T(64.0 * double(std::numeric_limits<T>::epsilon()) * length(rb.hi - rb.lo));
  m.depth_ = topo.depth;
  m.base_ = pool.base();
  return m;
}

}  // namespace geom
}  // namespace alfven
