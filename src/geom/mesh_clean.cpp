// Mesh cleaning (welding, degenerate and duplicate triangles, orientation) and validation
// (edge topology, components, self-overlaps). See mesh_clean.hpp for the definitions.
#include "alfven/geom/mesh_clean.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace alfven {
namespace geom {

namespace {

using V = Vec3<double>;

double diagonal_of(const TriangleMesh& mesh) {
  if (mesh.vertices.empty()) return 0.0;
  const auto b = mesh.bounds();
  return length(b.second - b.first);
}

// One use of an edge by a triangle: the edge {a < b}, the triangle, and whether the triangle
// traverses it a -> b.
struct EdgeUse {
  std::int32_t a, b;
  std::uint32_t tri;
  bool forward;
};
// All edge uses sorted by edge, so that each edge's uses are adjacent.
std::vector<EdgeUse> edge_uses(const TriangleMesh& mesh) {
  std::vector<EdgeUse> uses;
  uses.reserve(3 * mesh.triangle_count());
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t)
    for (int k = 0; k < 3; ++k) {
      const std::int32_t u = mesh.triangles[t][std::size_t(k)],
                         v = mesh.triangles[t][std::size_t((k + 1) % 3)];
      if (u == v) continue;  // a repeated index has no edge there
      uses.push_back({std::min(u, v), std::max(u, v), std::uint32_t(t), u < v});
    }
  std::sort(uses.begin(), uses.end(), [](const EdgeUse& x, const EdgeUse& y) {
    return x.a != y.a ? x.a < y.a : (x.b != y.b ? x.b < y.b : x.tri < y.tri);
  });
  return uses;
}
// Calls f(first, last) for each edge's run of uses [first, last).
template <typename F>
void for_each_edge(const std::vector<EdgeUse>& uses, F&& f) {
  for (std::size_t i = 0; i < uses.size();) {
    std::size_t j = i + 1;
    while (j < uses.size() && uses[j].a == uses[i].a && uses[j].b == uses[i].b) ++j;
    f(i, j);
    i = j;
  }
}

struct UnionFind {
  std::vector<std::size_t> parent;
  explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  std::size_t find(std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(std::size_t x, std::size_t y) { parent[find(x)] = find(y); }
};

bool degenerate_triangle(const V& a, const V& b, const V& c, double tolerance) {
  const double longest = std::max({length(b - a), length(c - b), length(a - c)});
  if (longest == 0.0) return true;
  const double height = length(cross(b - a, c - a)) / longest;  // smallest height: 2 area / longest
  return height <= tolerance;
}

double triple(const V& a, const V& b, const V& c) {
  return dot(a, cross(b, c));
}

// A sum with Neumaier's compensation (A. Neumaier, "Rundungsfehleranalyse einiger Verfahren zur
// Summation endlicher Summen", ZAMM 54, 1974): the rounding error of each addition is carried
// along, so many terms of mixed signs sum to nearly the exactly rounded result.
struct CompensatedSum {
  double sum = 0, carry = 0;
  void add(double x) {
    const double t = sum + x;
    carry += std::fabs(sum) >= std::fabs(x) ? (sum - t) + x : (x - t) + sum;
    sum = t;
  }
  double value() const { return sum + carry; }
};

// Six times the signed volume enclosed by triangles `tris` (flipped where flip_of says so), by
// the divergence theorem: the sum of det(a - o, b - o, c - o) over the triangles. For a closed
// surface the result does not depend on `o`; taking `o` near the surface (the centre of its
// bounding box) instead of the origin keeps the differences exact and the products small, so
// the sign is right however far the mesh lies from the origin.
template <typename Tris, typename Flip>
double six_volume_about(const TriangleMesh& mesh, const Tris& tris, const V& o, Flip&& flipped) {
  CompensatedSum volume;
  for (const auto t : tris) {
    const double v = triple(mesh.corner(t, 0) - o, mesh.corner(t, 1) - o, mesh.corner(t, 2) - o);
    volume.add(flipped(t) ? -v : v);
  }
  return volume.value();
}

// Centre of the bounding box of the corners of triangles `tris`.
template <typename Tris>
V centre_of(const TriangleMesh& mesh, const Tris& tris) {
  V lo = V::all(std::numeric_limits<double>::infinity()), hi = -lo;
  for (const auto t : tris)
    for (int k = 0; k < 3; ++k) {
      lo = vmin(lo, mesh.corner(t, k));
      hi = vmax(hi, mesh.corner(t, k));
    }
  return 0.5 * (lo + hi);
}

void flip(std::array<std::int32_t, 3>& t) {
  std::swap(t[1], t[2]);
}

// ---- triangle-triangle overlap -----------------------------------------------------------------

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

// A bounding-volume hierarchy over triangle boxes (median split on the longest axis).
struct BoxTree {
  struct Node {
    AABB<double> box;
    std::uint32_t first, count;  // leaf: range in `order`; inner: count 0, children first, first+1
  };
  std::vector<Node> nodes;
  std::vector<std::uint32_t> order;
  std::vector<AABB<double>> boxes;

  BoxTree(const TriangleMesh& m, double pad) {
    const std::size_t n = m.triangle_count();
    boxes.resize(n);
    for (std::size_t t = 0; t < n; ++t) {
      const V a = m.corner(t, 0), b = m.corner(t, 1), c = m.corner(t, 2);
      boxes[t] = {vmin(vmin(a, b), c) - V::all(pad), vmax(vmax(a, b), c) + V::all(pad)};
    }
    order.resize(n);
    std::iota(order.begin(), order.end(), 0u);
    nodes.reserve(2 * n + 1);
    nodes.push_back({});
    if (n > 0) build(0, 0, std::uint32_t(n));
  }
  void build(std::size_t node, std::uint32_t first, std::uint32_t last) {
    AABB<double> box = boxes[order[first]];
    for (std::uint32_t i = first; i < last; ++i) box = box.merged(boxes[order[i]]);
    nodes[node].box = box;
    if (last - first <= 4) {
      nodes[node].first = first;
      nodes[node].count = last - first;
      return;
    }
    const V size = box.hi - box.lo;
    const int axis = size.x >= size.y && size.x >= size.z ? 0 : (size.y >= size.z ? 1 : 2);
    const std::uint32_t mid = first + (last - first) / 2;
    std::nth_element(order.begin() + first, order.begin() + mid, order.begin() + last,
                     [&](std::uint32_t x, std::uint32_t y) {
                       return boxes[x].centre()[axis] < boxes[y].centre()[axis];
                     });
    const std::size_t left = nodes.size();
    nodes.push_back({});
    nodes.push_back({});
    nodes[node].first = std::uint32_t(left);
    nodes[node].count = 0;
    build(left, first, mid);
    build(left + 1, mid, last);
  }
  static bool overlap(const AABB<double>& a, const AABB<double>& b) {
    return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y &&
           a.lo.z <= b.hi.z && b.lo.z <= a.hi.z;
  }
  // Calls f(j) for every triangle j whose box overlaps `box`.
  template <typename F>
  void query(const AABB<double>& box, F&& f) const {
    if (order.empty()) return;
    std::vector<std::uint32_t> stack{0};
    while (!stack.empty()) {
      const Node& nd = nodes[stack.back()];
      stack.pop_back();
      if (!overlap(nd.box, box)) continue;
      if (nd.count > 0) {
        for (std::uint32_t i = nd.first; i < nd.first + nd.count; ++i)
          if (overlap(boxes[order[i]], box)) f(order[i]);
      } else {
        stack.push_back(nd.first);
        stack.push_back(nd.first + 1);
      }
    }
  }
};

}  // namespace

// Triangles s and t of the mesh overlap other than at the vertices and edge they share.
bool triangles_overlap(const TriangleMesh& m, std::size_t s, std::size_t t, double eps) {
  ALFVEN_REQUIRE(s < m.triangle_count() && t < m.triangle_count() && s != t,
                 "triangles_overlap: need two different triangles of the mesh");
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

// ---- cleaning -----------------------------------------------------------------------------------

std::size_t weld_vertices(TriangleMesh& mesh, double relative_tolerance) {
  ALFVEN_REQUIRE(
      std::isfinite(relative_tolerance) && relative_tolerance >= 0,
      "weld_vertices: the relative tolerance must be finite and >= 0, got " << relative_tolerance);
  mesh.check_indices();
  const std::size_t n = mesh.vertex_count();
  if (n == 0) return 0;
  const auto bounds = mesh.bounds();
  const V lo = bounds.first, hi = bounds.second;  // plain variables: lambdas below capture lo
  const double tol = relative_tolerance * length(hi - lo);
  const double cell = tol > 0 ? tol : 1.0;
  struct Key {
    std::int64_t i, j, k;
    bool operator==(const Key& o) const { return i == o.i && j == o.j && k == o.k; }
  };
  struct Hash {
    std::size_t operator()(const Key& k) const {
      const auto u = [](std::int64_t v) { return static_cast<std::uint64_t>(v); };
      return std::size_t(u(k.i) * 73856093ULL ^ u(k.j) * 19349663ULL ^ u(k.k) * 83492791ULL);
    }
  };
  auto key_of = [&](const V& p) {
    if (tol == 0) {  // exact: the bits of the position are the key
      Key k;
      const double x = p.x + 0.0, y = p.y + 0.0, z = p.z + 0.0;
      std::memcpy(&k.i, &x, 8), std::memcpy(&k.j, &y, 8), std::memcpy(&k.k, &z, 8);
      return k;
    }
    return Key{std::int64_t(std::floor((p.x - lo.x) / cell)),
               std::int64_t(std::floor((p.y - lo.y) / cell)),
               std::int64_t(std::floor((p.z - lo.z) / cell))};
  };
  std::unordered_map<Key, std::vector<std::int32_t>, Hash> grid;  // cell -> kept vertices (new ids)
  std::vector<std::int32_t> remap(n);
  std::vector<V> kept;
  for (std::size_t v = 0; v < n; ++v) {
    const V& p = mesh.vertices[v];
    const Key c = key_of(p);
    std::int32_t found = -1;
    const int reach = tol > 0 ? 1 : 0;
    for (int di = -reach; di <= reach && found < 0; ++di)
      for (int dj = -reach; dj <= reach && found < 0; ++dj)
        for (int dk = -reach; dk <= reach && found < 0; ++dk) {
          const auto it = grid.find(Key{c.i + di, c.j + dj, c.k + dk});
          if (it == grid.end()) continue;
          for (std::int32_t w : it->second) {
            const V d = kept[std::size_t(w)] - p;
            if (tol > 0 ? dot(d, d) <= tol * tol : (d.x == 0 && d.y == 0 && d.z == 0)) {
              found = w;
              break;
            }
          }
        }
    if (found < 0) {
      found = std::int32_t(kept.size());
      kept.push_back(p);
      grid[c].push_back(found);
    }
    remap[v] = found;
  }
  for (auto& t : mesh.triangles)
    for (auto& i : t) i = remap[std::size_t(i)];
  mesh.vertices = std::move(kept);
  return n - mesh.vertices.size();
}

bool is_degenerate(const TriangleMesh& mesh, std::size_t t, double relative_tolerance) {
  const auto& tri = mesh.triangles[t];
  if (tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2]) return true;
  return degenerate_triangle(mesh.corner(t, 0), mesh.corner(t, 1), mesh.corner(t, 2),
                             relative_tolerance * diagonal_of(mesh));
}

std::size_t remove_degenerate_triangles(TriangleMesh& mesh, double relative_tolerance) {
  mesh.check_indices();
  const double tol = relative_tolerance * diagonal_of(mesh);
  std::vector<std::array<std::int32_t, 3>> keep;
  keep.reserve(mesh.triangle_count());
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    const auto& tri = mesh.triangles[t];
    const bool repeated = tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2];
    if (!repeated &&
        !degenerate_triangle(mesh.corner(t, 0), mesh.corner(t, 1), mesh.corner(t, 2), tol))
      keep.push_back(tri);
  }
  const std::size_t removed = mesh.triangle_count() - keep.size();
  mesh.triangles = std::move(keep);
  return removed;
}

namespace {
// Indices t of triangles with the same vertex set as an earlier triangle first[t].
std::vector<TrianglePair> duplicate_pairs(const TriangleMesh& mesh) {
  std::vector<std::pair<std::array<std::int32_t, 3>, std::size_t>> keyed(mesh.triangle_count());
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    auto k = mesh.triangles[t];
    std::sort(k.begin(), k.end());
    keyed[t] = {k, t};
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<TrianglePair> pairs;
  for (std::size_t i = 1, first = 0; i < keyed.size(); ++i) {
    if (keyed[i].first == keyed[first].first)
      pairs.push_back({keyed[first].second, keyed[i].second});
    else
      first = i;
  }
  return pairs;
}
}  // namespace

std::size_t remove_duplicate_triangles(TriangleMesh& mesh) {
  mesh.check_indices();
  const auto pairs = duplicate_pairs(mesh);
  if (pairs.empty()) return 0;
  std::vector<char> drop(mesh.triangle_count(), 0);
  for (const auto& p : pairs) drop[p[1]] = 1;
  std::vector<std::array<std::int32_t, 3>> keep;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t)
    if (!drop[t]) keep.push_back(mesh.triangles[t]);
  mesh.triangles = std::move(keep);
  return pairs.size();
}

std::size_t remove_unreferenced_vertices(TriangleMesh& mesh) {
  mesh.check_indices();
  std::vector<std::int32_t> remap(mesh.vertex_count(), -1);
  for (const auto& t : mesh.triangles)
    for (auto i : t) remap[std::size_t(i)] = 0;
  std::vector<V> kept;
  for (std::size_t v = 0; v < remap.size(); ++v)
    if (remap[v] == 0) {
      remap[v] = std::int32_t(kept.size());
      kept.push_back(mesh.vertices[v]);
    }
  for (auto& t : mesh.triangles)
    for (auto& i : t) i = remap[std::size_t(i)];
  const std::size_t removed = mesh.vertex_count() - kept.size();
  mesh.vertices = std::move(kept);
  return removed;
}

OrientationChange orient_consistently(TriangleMesh& mesh) {
  mesh.check_indices();
  OrientationChange change;
  const std::size_t n = mesh.triangle_count();
  const auto uses = edge_uses(mesh);
  // Neighbours across manifold edges, with whether both use the edge in the same direction.
  std::vector<std::vector<std::pair<std::uint32_t, bool>>> next(n);
  std::vector<char> closed_tri(n, 1);  // all of its edges have exactly two triangles
  for_each_edge(uses, [&](std::size_t i, std::size_t j) {
    if (j - i == 2) {
      const bool same = uses[i].forward == uses[i + 1].forward;
      next[uses[i].tri].push_back({uses[i + 1].tri, same});
      next[uses[i + 1].tri].push_back({uses[i].tri, same});
    } else {
      for (std::size_t k = i; k < j; ++k) closed_tri[uses[k].tri] = 0;
    }
  });
  for (std::size_t t = 0; t < n; ++t) {
    const auto& tri = mesh.triangles[t];
    if (tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2]) closed_tri[t] = 0;
  }
  std::vector<int> flip_of(n, -1);  // -1 unvisited, 0 keep, 1 flip
  std::vector<std::uint32_t> component;
  for (std::size_t seed = 0; seed < n; ++seed) {
    if (flip_of[seed] >= 0) continue;
    component.clear();
    flip_of[seed] = 0;
    component.push_back(std::uint32_t(seed));
    std::size_t conflicts = 0;
    bool closed = true;
    for (std::size_t head = 0; head < component.size(); ++head) {
      const std::uint32_t t = component[head];
      closed = closed && closed_tri[t];
      for (const auto& [u, same] : next[t]) {
        const int want = flip_of[t] ^ int(same);
        if (flip_of[u] < 0) {
          flip_of[u] = want;
          component.push_back(u);
        } else if (flip_of[u] != want && t < u) {
          ++conflicts;
        }
      }
    }
    change.conflicts += conflicts;
    if (closed && conflicts == 0) {  // turn outward: positive signed volume
      const V o = centre_of(mesh, component);
      const double volume =
          six_volume_about(mesh, component, o, [&](std::uint32_t t) { return flip_of[t] == 1; });
      if (volume < 0) {
        for (std::uint32_t t : component) flip_of[t] ^= 1;
        ++change.components_reversed;
      }
    }
  }
  for (std::size_t t = 0; t < n; ++t)
    if (flip_of[t] == 1) {
      flip(mesh.triangles[t]);
      ++change.triangles_flipped;
    }
  return change;
}

CleanSummary clean(TriangleMesh& mesh, const CleanOptions& options) {
  mesh.check_indices();
  CleanSummary s;
  if (options.weld_tolerance >= 0) s.vertices_welded = weld_vertices(mesh, options.weld_tolerance);
  const double tol = std::max(options.weld_tolerance, 0.0);
  if (options.remove_degenerate) s.degenerate_removed = remove_degenerate_triangles(mesh, tol);
  if (options.remove_duplicates) s.duplicates_removed = remove_duplicate_triangles(mesh);
  if (options.remove_unreferenced) s.unreferenced_removed = remove_unreferenced_vertices(mesh);
  if (options.orient) s.orientation = orient_consistently(mesh);
  return s;
}

// ---- validation ---------------------------------------------------------------------------------

MeshReport validate(const TriangleMesh& mesh, const ValidateOptions& options) {
  mesh.check_indices();
  MeshReport r;
  r.source = mesh.source;
  r.vertex_count = mesh.vertex_count();
  r.triangle_count = mesh.triangle_count();
  r.diagonal = diagonal_of(mesh);
  const double tol = options.relative_tolerance * r.diagonal;
  const std::size_t cap = options.max_examples;
  const std::size_t n = mesh.triangle_count();

  std::vector<char> used(mesh.vertex_count(), 0);
  for (const auto& t : mesh.triangles)
    for (auto i : t) used[std::size_t(i)] = 1;
  r.unreferenced_vertices = std::size_t(std::count(used.begin(), used.end(), 0));

  // Edges: open, non-manifold, inconsistent; components through any shared edge.
  const auto uses = edge_uses(mesh);
  UnionFind uf(n);
  std::vector<char> open_tri(n, 0);
  for_each_edge(uses, [&](std::size_t i, std::size_t j) {
    ++r.edges;
    const MeshEdge e{uses[i].a, uses[i].b};
    for (std::size_t k = i + 1; k < j; ++k) uf.unite(uses[i].tri, uses[k].tri);
    if (j - i == 1) {
      if (r.open_edges++ < cap) r.open_edge_examples.push_back(e);
    } else if (j - i > 2) {
      if (r.non_manifold_edges++ < cap) r.non_manifold_edge_examples.push_back(e);
    } else if (uses[i].forward == uses[i + 1].forward) {
      if (r.inconsistent_edges++ < cap) r.inconsistent_edge_examples.push_back(e);
    }
    if (j - i != 2)
      for (std::size_t k = i; k < j; ++k) open_tri[uses[k].tri] = 1;
  });
  std::vector<char> root_open(n, 0), is_root(n, 0);
  for (std::size_t t = 0; t < n; ++t) {
    const std::size_t root = uf.find(t);
    is_root[root] = 1;
    if (open_tri[t]) root_open[root] = 1;
  }
  for (std::size_t t = 0; t < n; ++t)
    if (is_root[t]) {
      ++r.components;
      if (!root_open[t]) ++r.closed_components;
    }

  for (std::size_t t = 0; t < n; ++t) {
    const auto& tri = mesh.triangles[t];
    const bool repeated = tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2];
    if (repeated ||
        degenerate_triangle(mesh.corner(t, 0), mesh.corner(t, 1), mesh.corner(t, 2), tol))
      if (r.degenerate_triangles++ < cap) r.degenerate_examples.push_back(t);
  }
  if (n > 0) {
    std::vector<std::size_t> all(n);
    std::iota(all.begin(), all.end(), std::size_t(0));
    r.signed_volume =
        six_volume_about(mesh, all, centre_of(mesh, all), [](std::size_t) { return false; }) / 6.0;
  }

  const auto dups = duplicate_pairs(mesh);
  r.duplicate_triangles = dups.size();
  for (std::size_t i = 0; i < dups.size() && i < cap; ++i) r.duplicate_examples.push_back(dups[i]);

  r.self_overlaps_checked = options.check_self_overlaps;
  if (options.check_self_overlaps && n > 1) {
    const BoxTree tree(mesh, tol);
    for (std::size_t s = 0; s < n; ++s)
      tree.query(tree.boxes[s], [&](std::uint32_t t) {
        if (t <= s) return;
        if (triangles_overlap(mesh, s, t, tol))
          if (r.self_overlaps++ < cap) r.self_overlap_examples.push_back({s, std::size_t(t)});
      });
  }
  return r;
}

}  // namespace geom
}  // namespace alfven
