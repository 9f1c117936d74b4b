// Self-overlaps of a triangle mesh: the triangle-pair test (triangles_overlap, declared in
// mesh_clean.hpp) and the search for candidate pairs through the one BVH (bvh/build.hpp,
// bvh/traverse.hpp). See mesh_overlap.hpp.
#include "mesh_overlap.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/geom/bvh/build.hpp"
#include "alfven/geom/bvh/traverse.hpp"

namespace alfven {
namespace geom {

namespace {

using V = Vec3<double>;

// Levels the traversal stack holds (a median build over 2^28 boxes, the most a BVH indexes, has
// about 27).
constexpr int StackSize = 64;

// Sign of the volume of (p, q, a, b): which side of line pq the edge ab passes.
double orient3(const V& p, const V& q, const V& a, const V& b) {
  return dot(cross(a - p, b - p), q - p);
}

// Segment pq meets triangle abc (inclusive), for a segment not lying in the triangle's plane.
bool segment_meets_triangle(const V& p, const V& q, const V& a, const V& b, const V& c) {
  const V n = cross(b - a, c - a);
  const double dp = dot(n, p - a), dq = dot(n, q - a);
  if ((dp > 0 && dq > 0) || (dp < 0 && dq < 0) || (dp == 0 && dq == 0)) return false;
  const double s1 = orient3(p, q, a, b), s2 = orient3(p, q, b, c), s3 = orient3(p, q, c, a);
  return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}

struct P2 {
  double x, y;
};
double orient2(const P2& a, const P2& b, const P2& c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}
bool on_segment(const P2& a, const P2& b, const P2& p) {
  return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
         p.y <= std::max(a.y, b.y);
}
bool segments_meet(const P2& p1, const P2& p2, const P2& q1, const P2& q2) {
  const double d1 = orient2(q1, q2, p1), d2 = orient2(q1, q2, p2), d3 = orient2(p1, p2, q1),
               d4 = orient2(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
    return true;
  return (d1 == 0 && on_segment(q1, q2, p1)) || (d2 == 0 && on_segment(q1, q2, p2)) ||
         (d3 == 0 && on_segment(p1, p2, q1)) || (d4 == 0 && on_segment(p1, p2, q2));
}
bool point_in_triangle(const P2& p, const P2& a, const P2& b, const P2& c) {
  const double s1 = orient2(a, b, p), s2 = orient2(b, c, p), s3 = orient2(c, a, p);
  return !((s1 < 0 || s2 < 0 || s3 < 0) && (s1 > 0 || s2 > 0 || s3 > 0));
}

// Triangles A and B intersect (touching counts). `eps`: distance below which a point counts as
// lying in the other triangle's plane.
bool triangles_intersect(const std::array<V, 3>& A, const std::array<V, 3>& B, double eps) {
  const V na = normalize(cross(A[1] - A[0], A[2] - A[0])),
          nb = normalize(cross(B[1] - B[0], B[2] - B[0]));
  if (dot(na, na) == 0.0 || dot(nb, nb) == 0.0) return false;  // degenerate: reported as such
  double db[3], da[3];
  for (int i = 0; i < 3; ++i)
    db[i] = dot(na, B[std::size_t(i)] - A[0]), da[i] = dot(nb, A[std::size_t(i)] - B[0]);
  auto separated = [eps](const double* d) {
    return (d[0] > eps && d[1] > eps && d[2] > eps) || (d[0] < -eps && d[1] < -eps && d[2] < -eps);
  };
  if (separated(db) || separated(da)) return false;
  if (std::fabs(db[0]) <= eps && std::fabs(db[1]) <= eps && std::fabs(db[2]) <= eps) {
    // coplanar: in 2D, dropping the normal's largest component
    const int drop = std::fabs(na.x) > std::fabs(na.y)
                         ? (std::fabs(na.x) > std::fabs(na.z) ? 0 : 2)
                         : (std::fabs(na.y) > std::fabs(na.z) ? 1 : 2);
    auto to2 = [drop](const V& p) {
      return drop == 0 ? P2{p.y, p.z} : (drop == 1 ? P2{p.z, p.x} : P2{p.x, p.y});
    };
    P2 a[3], b[3];
    for (int i = 0; i < 3; ++i) a[i] = to2(A[std::size_t(i)]), b[i] = to2(B[std::size_t(i)]);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (segments_meet(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3])) return true;
    return point_in_triangle(a[0], b[0], b[1], b[2]) || point_in_triangle(b[0], a[0], a[1], a[2]);
  }
  for (int i = 0; i < 3; ++i) {
    if (segment_meets_triangle(A[std::size_t(i)], A[std::size_t((i + 1) % 3)], B[0], B[1], B[2]))
      return true;
    if (segment_meets_triangle(B[std::size_t(i)], B[std::size_t((i + 1) % 3)], A[0], A[1], A[2]))
      return true;
  }
  return false;
}

// True when the closed boxes a and b share a point.
bool boxes_meet(const AABB<double>& a, const AABB<double>& b) {
  return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y &&
         a.lo.z <= b.hi.z && b.lo.z <= a.hi.z;
}

// Depth-first visitor (bvh/traverse.hpp) collecting the input indices t > after of the
// primitives whose boxes meet `box`.
struct BoxesMeeting {
  const AABB<double>* boxes;          // input order
  const BVHBuildItem<double>* items;  // leaf order: items[slot].index
  AABB<double> box;
  std::size_t after;
  std::vector<std::size_t>* found;
  bool open(std::int32_t) const { return true; }
  bool enter(const BVHNode<double>& n, int k) const {
    return boxes_meet(bvh::child_box(n, k), box);
  }
  void leaf(std::int32_t code) const {
    const std::int32_t first = bvh::leaf_first(code), last = first + bvh::leaf_count(code);
    for (std::int32_t slot = first; slot < last; ++slot) {
      const std::size_t t = std::size_t(items[slot].index);
      if (t > after && boxes_meet(boxes[t], box)) found->push_back(t);
    }
  }
};

// The pair test seen from s: t's free corner against s's plane (a shared edge), the
// intersection test with s's plane first. Not symmetric when one triangle is a sliver within eps
// of the other's plane; triangles_overlap asks both ways.
bool overlap_seen_from(const TriangleMesh& m, std::size_t s, std::size_t t, double eps) {
  const auto& S = m.triangles[s];
  const auto& T = m.triangles[t];
  int shared = 0;
  int s_only = -1, t_only = -1;  // the corner of each not shared (when two are shared)
  for (int i = 0; i < 3; ++i) {
    bool found = false;
    for (int j = 0; j < 3; ++j) found = found || S[std::size_t(i)] == T[std::size_t(j)];
    if (found)
      ++shared;
    else
      s_only = i;
  }
  if (shared == 3) return true;  // the same triangle twice
  std::array<V, 3> A{m.corner(s, 0), m.corner(s, 1), m.corner(s, 2)},
      B{m.corner(t, 0), m.corner(t, 1), m.corner(t, 2)};
  if (shared == 2) {
    // Meeting along the shared edge is allowed; they overlap only if coplanar and folded onto
    // the same side of that edge.
    for (int j = 0; j < 3; ++j)
      if (T[std::size_t(j)] != S[0] && T[std::size_t(j)] != S[1] && T[std::size_t(j)] != S[2])
        t_only = j;
    const V& p = A[std::size_t((s_only + 1) % 3)];
    const V& q = A[std::size_t((s_only + 2) % 3)];
    const V& a = A[std::size_t(s_only)];
    const V& b = B[std::size_t(t_only)];
    const V na = cross(q - p, a - p);
    const double len = length(na);
    if (len == 0.0) return false;
    if (std::fabs(dot(na, b - p)) / len > eps) return false;  // not coplanar
    return dot(cross(q - p, b - p), na) > 0;                  // same side: folded over
  }
  if (shared == 1) {  // shrink both so that touching at the shared corner alone does not count
    for (auto* tri : {&A, &B}) {
      const V c = (1.0 / 3.0) * ((*tri)[0] + (*tri)[1] + (*tri)[2]);
      for (auto& p : *tri) p = p + 1e-6 * (c - p);
    }
  }
  return triangles_intersect(A, B, eps);
}

}  // namespace

bool triangles_overlap(const TriangleMesh& m, std::size_t s, std::size_t t, double eps) {
  ALFVEN_REQUIRE(s < m.triangle_count() && t < m.triangle_count() && s != t,
                 "triangles_overlap: need two different triangles of the mesh");
  // Both ways, so that the answer (and validate's count) does not depend on the order of the
  // triangles in the mesh.
  return overlap_seen_from(m, s, t, eps) || overlap_seen_from(m, t, s, eps);
}

void for_each_self_overlap(const TriangleMesh& mesh, double tolerance,
                           const std::function<void(std::size_t, std::size_t)>& f) {
  const std::size_t n = mesh.triangle_count();
  if (n < 2) return;
  std::vector<AABB<double>> boxes(n);
  for (std::size_t t = 0; t < n; ++t) {
    const V a = mesh.corner(t, 0), b = mesh.corner(t, 1), c = mesh.corner(t, 2);
    boxes[t] = {vmin(vmin(a, b), c) - V::all(tolerance), vmax(vmax(a, b), c) + V::all(tolerance)};
  }
  const BVHTopology<double> topo = build_bvh_topology(boxes, BVHBuild::Median);
  std::vector<BVHNode<double>> nodes;
  const std::int32_t root = flatten_bvh<double>(topo, nodes, [](std::int32_t, const auto&) {});
  // depth_first holds at most one entry per level plus one.
  ALFVEN_REQUIRE(topo.depth < StackSize, "for_each_self_overlap: the BVH is too deep");
  std::vector<std::size_t> found;
  for (std::size_t s = 0; s < n; ++s) {
    found.clear();
    BoxesMeeting v{boxes.data(), topo.items.data(), boxes[s], s, &found};
    if (bvh::is_leaf(root))
      v.leaf(root);
    else
      bvh::depth_first<StackSize>(nodes.data(), root, v);
    std::sort(found.begin(), found.end());
    for (const std::size_t t : found)
      if (triangles_overlap(mesh, s, t, tolerance)) f(s, t);
  }
}

}  // namespace geom
}  // namespace alfven
