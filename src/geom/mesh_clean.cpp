// Mesh cleaning (welding, degenerate and duplicate triangles, orientation) and validation
// (edge topology, components, self-overlaps through mesh_overlap.cpp). See mesh_clean.hpp for the
// definitions.
#include "alfven/geom/mesh_clean.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <unordered_map>

#include "mesh_nesting.hpp"
#include "mesh_overlap.hpp"

namespace alfven {
namespace geom {

namespace {

using V = Vec3<double>;

double diagonal_of(const TriangleMesh& mesh) {
  if (mesh.vertices.empty()) return 0.0;
  const auto b = mesh.bounds();
  return length(b.second - b.first);
}

// Refuses a mesh whose bounding box one far vertex (or a few) makes so large that the cleaning's
// tolerances, `relative_tolerance` times its diagonal, would weld or drop every other triangle: a
// vertex at 1e38 in a mesh of size 1 left "no triangle after cleaning". Far means more than
// 1 / (100 relative_tolerance) times the median distance r of the vertices from their median
// point (1e5 r for 1e-7: there the tolerance exceeds r / 100), and at least 1e3 r, so that a
// large tolerance chosen on purpose (`alfven mesh check --weld 0.5`) finds no outlier in an
// ordinary mesh. The message names the farthest.
void require_no_outlier(const TriangleMesh& mesh, double relative_tolerance) {
  const std::size_t n = mesh.vertices.size();
  if (n < 3 || !(relative_tolerance > 0)) return;
  auto median = [](std::vector<double>& v) {
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  std::vector<double> values(n);
  double middle[3];
  for (int a = 0; a < 3; ++a) {
    for (std::size_t i = 0; i < n; ++i) values[i] = mesh.vertices[i][a];
    middle[a] = median(values);
  }
  const V m{middle[0], middle[1], middle[2]};
  for (std::size_t i = 0; i < n; ++i) values[i] = length(mesh.vertices[i] - m);
  std::vector<double> distances = values;
  const double typical = median(values);
  if (!(typical > 0)) return;  // most vertices at one point: the degenerate triangles say so
  const double far = typical * std::max(1e3, 1 / (100 * relative_tolerance));
  std::size_t farthest = 0, count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (distances[i] > far) ++count;
    if (distances[i] > distances[farthest]) farthest = i;
  }
  if (count == 0) return;
  std::size_t triangle = 0;
  while (triangle < mesh.triangles.size() &&
         mesh.triangles[triangle][0] != std::int32_t(farthest) &&
         mesh.triangles[triangle][1] != std::int32_t(farthest) &&
         mesh.triangles[triangle][2] != std::int32_t(farthest))
    ++triangle;
  const V& v = mesh.vertices[farthest];
  ALFVEN_REQUIRE(
      false,
      "mesh '" << mesh.source << "': vertex " << farthest
               << (triangle < mesh.triangles.size()
                       ? " (a corner of triangle " + std::to_string(triangle) + ")"
                       : std::string())
               << " at (" << v.x << ", " << v.y << ", " << v.z << ") lies " << distances[farthest]
               << " from the middle of the mesh, where its "
               << "vertices lie " << typical << " away (the median)"
               << (count > 1 ? "; " + std::to_string(count - 1) + " more vertices lie that far"
                             : std::string())
               << ": the cleaning, whose tolerances are " << relative_tolerance
               << " of the bounding box, would weld or drop every other triangle; "
                  "correct or remove the vertex in the file");
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

}  // namespace

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
  // Closed components enclosing a volume, and whether turning them outward reversed them.
  std::vector<std::vector<std::uint32_t>> solids;
  std::vector<char> reversed;
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
      if (volume < 0)
        for (std::uint32_t t : component) flip_of[t] ^= 1;
      if (volume != 0) {  // a flat closed component (a doubled sheet) encloses nothing
        solids.push_back(component);
        reversed.push_back(char(volume < 0));
      }
    }
  }
  // Cavities: a component inside an odd number of others faces inward.
  std::vector<char> flipped(n);
  for (std::size_t t = 0; t < n; ++t) flipped[t] = char(flip_of[t] == 1);
  const std::vector<int> depth = nesting_depths(mesh, solids, flipped);
  for (std::size_t c = 0; c < solids.size(); ++c) {
    const bool cavity = depth[c] % 2 == 1;
    if (cavity) {
      for (std::uint32_t t : solids[c]) flip_of[t] ^= 1;
      ++change.cavities;
    }
    if (cavity != bool(reversed[c])) ++change.components_reversed;
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
  require_extent_in_range<double>(mesh, "clean");
  if (options.weld_tolerance >= 0 || options.remove_degenerate)
    require_no_outlier(mesh, options.weld_tolerance);
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
  require_extent_in_range<double>(mesh, "validate");
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
      open_tri[uses[i].tri] |= 2;
    }
    if (j - i != 2)
      for (std::size_t k = i; k < j; ++k) open_tri[uses[k].tri] |= 1;
  });
  std::vector<char> root_open(n, 0), is_root(n, 0);  // root_open: 1 open, 2 inconsistent
  std::vector<std::vector<std::uint32_t>> members(n);
  for (std::size_t t = 0; t < n; ++t) {
    const std::size_t root = uf.find(t);
    is_root[root] = 1;
    root_open[root] = char(root_open[root] | open_tri[t]);
    members[root].push_back(std::uint32_t(t));
  }
  // Closed, consistent components enclosing a volume: which way they face, and how deep they lie.
  std::vector<std::vector<std::uint32_t>> solids;
  std::vector<char> flipped(n, 0), inward;
  for (std::size_t t = 0; t < n; ++t)
    if (is_root[t]) {
      ++r.components;
      if (root_open[t] & 1) continue;
      ++r.closed_components;
      if (root_open[t]) continue;
      const double volume = six_volume_about(mesh, members[t], centre_of(mesh, members[t]),
                                             [](std::uint32_t) { return false; });
      if (volume == 0) continue;
      for (const std::uint32_t u : members[t]) flipped[u] = char(volume < 0);
      inward.push_back(char(volume < 0));
      solids.push_back(std::move(members[t]));
    }
  const std::vector<int> depth = nesting_depths(mesh, solids, flipped);
  for (std::size_t c = 0; c < solids.size(); ++c) {
    const bool cavity = depth[c] % 2 == 1;
    if (cavity) ++r.cavities;
    if (cavity != bool(inward[c])) ++r.misoriented_components;
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
    for_each_self_overlap(mesh, tol, [&](std::size_t s, std::size_t t) {
      if (r.self_overlaps++ < cap) r.self_overlap_examples.push_back({s, t});
    });
  }
  return r;
}

}  // namespace geom
}  // namespace alfven
