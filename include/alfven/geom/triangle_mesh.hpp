/// @file triangle_mesh.hpp
/// @brief TriangleMesh: an indexed triangle surface on the host (what the readers return, what
/// the cleaner repairs, what MeshSDF builds its BVH from), and two generators of closed meshes
/// with known geometry (an icosphere and a box) used by tests, examples and benchmarks.
///
/// Layout: `vertices` holds positions (x, y, z) in the file's unit; `triangles` holds three
/// 0-based vertex indices each, counter-clockwise seen from outside (right-hand rule: the normal
/// (b - a) x (c - a) points out of a closed, consistently oriented mesh).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "alfven/core/error.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// An indexed triangle mesh held on the host (positions in double whatever the query precision:
/// the files store up to double, and cleaning compares positions at a relative tolerance).
struct TriangleMesh {
  std::vector<Vec3<double>> vertices;                  ///< positions, any unit
  std::vector<std::array<std::int32_t, 3>> triangles;  ///< 0-based vertex indices, CCW from outside
  std::string source;  ///< file the mesh came from ("" for generated meshes), for messages

  std::size_t vertex_count() const { return vertices.size(); }
  std::size_t triangle_count() const { return triangles.size(); }

  /// Corner k (0, 1, 2) of triangle t.
  const Vec3<double>& corner(std::size_t t, int k) const {
    return vertices[std::size_t(triangles[t][std::size_t(k)])];
  }

  /// Axis-aligned bounding box of the vertices (lo, hi). Throws alfven::Error if empty.
  std::pair<Vec3<double>, Vec3<double>> bounds() const {
    ALFVEN_REQUIRE(!vertices.empty(),
                   "TriangleMesh::bounds: mesh '" << source << "' has no vertices");
    Vec3<double> lo = vertices[0], hi = vertices[0];
    for (const auto& v : vertices) {
      lo = Vec3<double>{std::fmin(lo.x, v.x), std::fmin(lo.y, v.y), std::fmin(lo.z, v.z)};
      hi = Vec3<double>{std::fmax(hi.x, v.x), std::fmax(hi.y, v.y), std::fmax(hi.z, v.z)};
    }
    return {lo, hi};
  }

  /// Throws alfven::Error naming `source` if an index is out of range or a coordinate is not
  /// finite (what every reader checks before returning a mesh).
  void check_indices() const {
    for (std::size_t t = 0; t < triangles.size(); ++t)
      for (int k = 0; k < 3; ++k) {
        const std::int32_t i = triangles[t][std::size_t(k)];
        ALFVEN_REQUIRE(i >= 0 && std::size_t(i) < vertices.size(),
                       source << ": triangle " << t << " uses vertex " << i << " but the mesh has "
                              << vertices.size() << " vertices");
      }
    for (std::size_t i = 0; i < vertices.size(); ++i) {
      const auto& v = vertices[i];
      ALFVEN_REQUIRE(std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z),
                     source << ": vertex " << i << " has a non-finite coordinate (" << v.x << ", "
                            << v.y << ", " << v.z << ")");
    }
  }
};

/// The bounding-box diagonals D of a mesh that computations in T handle: the closest-point test
/// (Ericson) and the areas multiply four lengths, so 4 D^4 must stay below T's largest value
/// and D^4 far above its smallest normal one. Float: about 6e-9 to 2e9; double: about 1.2e-76
/// to 5e76.
template <typename T>
struct MeshExtentRange {
  static double lowest() {  // ten times the fourth root of the smallest normal T
    return 10.0 * std::sqrt(std::sqrt(double(std::numeric_limits<T>::min())));
  }
  static double highest() {  // two thirds of the fourth root of max / 4 (float: 2.0e9)
    return 0.66 * std::sqrt(std::sqrt(double(std::numeric_limits<T>::max()) / 4.0));
  }
};

/// Throws alfven::Error, naming `who` and the mesh's source, when the mesh's bounding-box
/// diagonal (D > 0) is outside MeshExtentRange<T>: the computations would overflow or underflow
/// and give wrong answers silently. A mesh of one point (D = 0) passes (it is degenerate, which
/// the callers report).
template <typename T>
void require_extent_in_range(const TriangleMesh& mesh, const char* who) {
  if (mesh.vertices.empty()) return;
  const auto b = mesh.bounds();
  const double extent = length(b.second - b.first);
  const char* precision = sizeof(T) == 4 ? "single" : "double";
  const std::string name = mesh.source.empty() ? "the mesh" : "mesh '" + mesh.source + "'";
  ALFVEN_REQUIRE(extent <= MeshExtentRange<T>::highest(),
                 who << ": " << name << " spans " << extent << " (more than "
                     << MeshExtentRange<T>::highest() << "), too large for " << precision
                     << " precision: products of four lengths overflow"
                     << (sizeof(T) == 4 ? "; use double precision, or" : ";")
                     << " express the mesh in larger units");
  ALFVEN_REQUIRE(extent == 0 || extent >= MeshExtentRange<T>::lowest(),
                 who << ": " << name << " spans " << extent << " (less than "
                     << MeshExtentRange<T>::lowest() << "), too small for " << precision
                     << " precision: products of four lengths underflow; express the mesh in "
                        "smaller units");
}

/// A closed icosphere of radius `radius` centred at `centre`: the icosahedron with each face
/// split into four `subdivisions` times and the new vertices pushed onto the sphere.
/// 20 * 4^subdivisions triangles, outward CCW, every vertex on the sphere. The largest distance
/// between the flat faces and the sphere is icosphere_chord_error(). Throws alfven::Error for
/// radius <= 0 or subdivisions outside [0, 8].
inline TriangleMesh make_icosphere(double radius, int subdivisions,
                                   Vec3<double> centre = Vec3<double>{0, 0, 0}) {
  ALFVEN_REQUIRE(radius > 0, "make_icosphere: radius must be positive, got " << radius);
  ALFVEN_REQUIRE(subdivisions >= 0 && subdivisions <= 8,
                 "make_icosphere: subdivisions must be in [0, 8], got " << subdivisions);
  const double g = (1.0 + std::sqrt(5.0)) / 2.0;
  std::vector<Vec3<double>> v = {{-1, g, 0}, {1, g, 0}, {-1, -g, 0}, {1, -g, 0},
                                 {0, -1, g}, {0, 1, g}, {0, -1, -g}, {0, 1, -g},
                                 {g, 0, -1}, {g, 0, 1}, {-g, 0, -1}, {-g, 0, 1}};
  std::vector<std::array<std::int32_t, 3>> f = {
      {0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
      {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
      {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  auto unit = [](Vec3<double> p) {
    const double n = std::sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
    return Vec3<double>{p.x / n, p.y / n, p.z / n};
  };
  for (auto& p : v) p = unit(p);
  for (int s = 0; s < subdivisions; ++s) {
    std::map<std::pair<std::int32_t, std::int32_t>, std::int32_t> midpoint;
    auto mid = [&](std::int32_t a, std::int32_t b) {
      const auto key = a < b ? std::make_pair(a, b) : std::make_pair(b, a);
      const auto it = midpoint.find(key);
      if (it != midpoint.end()) return it->second;
      const auto& pa = v[std::size_t(a)];
      const auto& pb = v[std::size_t(b)];
      v.push_back(unit(Vec3<double>{pa.x + pb.x, pa.y + pb.y, pa.z + pb.z}));
      const std::int32_t i = std::int32_t(v.size() - 1);
      midpoint.emplace(key, i);
      return i;
    };
    std::vector<std::array<std::int32_t, 3>> next;
    next.reserve(f.size() * 4);
    for (const auto& t : f) {
      const std::int32_t ab = mid(t[0], t[1]), bc = mid(t[1], t[2]), ca = mid(t[2], t[0]);
      next.push_back({t[0], ab, ca});
      next.push_back({t[1], bc, ab});
      next.push_back({t[2], ca, bc});
      next.push_back({ab, bc, ca});
    }
    f.swap(next);
  }
  TriangleMesh m;
  m.vertices.reserve(v.size());
  for (const auto& p : v)
    m.vertices.push_back(
        Vec3<double>{centre.x + radius * p.x, centre.y + radius * p.y, centre.z + radius * p.z});
  m.triangles = std::move(f);
  return m;
}

/// A closed, bumpy tube around the (p, q) torus knot C(φ) = ((2 + cos qφ) cos pφ,
/// (2 + cos qφ) sin pφ, -sin qφ), φ in [0, 2π): `segments` rings of `sides` vertices each, at
/// distance tube (1 + bumps sin(5θ + 3φ) cos(7φ)) from the curve (θ the angle around it), so
/// no symmetry makes ties common. 2 segments sides triangles, outward CCW, genus 1; vertices of
/// a ring lie in the curve's normal plane, oriented by a rotation-minimizing frame (W. Wang,
/// B. Jüttler, D. Zheng and Y. Liu, "Computation of rotation minimizing frames", ACM TOG 27(1),
/// 2008: double reflection) whose twist after one turn is spread evenly over the rings. The
/// default trefoil (2, 3) with tube 0.4 and bumps 0.1 stays well clear of itself (its strands
/// are 1.66 apart). Deterministic: what the benchmarks and tests call a generated large mesh
/// (480 x 50: 48,000 triangles; 3100 x 125: 775,000). Throws alfven::Error for segments < 3,
/// sides < 3, tube <= 0 or |bumps| >= 1.
inline TriangleMesh make_torus_knot(int segments, int sides, double tube = 0.4, double bumps = 0.1,
                                    int p = 2, int q = 3) {
  ALFVEN_REQUIRE(
      segments >= 3 && sides >= 3,
      "make_torus_knot: need segments >= 3 and sides >= 3, got " << segments << ", " << sides);
  ALFVEN_REQUIRE(tube > 0 && std::fabs(bumps) < 1,
                 "make_torus_knot: need tube > 0 and |bumps| < 1");
  using D = Vec3<double>;
  const double pi = 3.14159265358979323846;
  auto dot3 = [](D a, D b) { return a.x * b.x + a.y * b.y + a.z * b.z; };
  auto cross3 = [](D a, D b) {
    return D{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
  };
  auto axpy = [](double s, D a, D b) { return D{s * a.x + b.x, s * a.y + b.y, s * a.z + b.z}; };
  auto unit = [&](D a) {
    const double l = std::sqrt(dot3(a, a));
    return D{a.x / l, a.y / l, a.z / l};
  };
  const int n = segments;
  std::vector<D> x(std::size_t(n) + 1), t(std::size_t(n) + 1), r(std::size_t(n) + 1);
  for (int i = 0; i <= n; ++i) {
    const double f = 2 * pi * (i % n) / n, rr = 2 + std::cos(q * f), dr = -q * std::sin(q * f);
    x[std::size_t(i)] = D{rr * std::cos(p * f), rr * std::sin(p * f), -std::sin(q * f)};
    t[std::size_t(i)] =
        unit(D{dr * std::cos(p * f) - p * rr * std::sin(p * f),
               dr * std::sin(p * f) + p * rr * std::cos(p * f), -q * std::cos(q * f)});
  }
  const D z{0, 0, 1};
  r[0] = unit(std::fabs(t[0].z) < 0.9 ? cross3(t[0], z) : cross3(t[0], D{1, 0, 0}));
  for (int i = 0; i < n; ++i) {  // double reflection (Wang et al. 2008, Algorithm 1)
    const std::size_t k = std::size_t(i);
    const D v1 = axpy(-1.0, x[k], x[k + 1]);
    const double c1 = dot3(v1, v1);
    const D rl = axpy(-2.0 / c1 * dot3(v1, r[k]), v1, r[k]);
    const D tl = axpy(-2.0 / c1 * dot3(v1, t[k]), v1, t[k]);
    const D v2 = axpy(-1.0, tl, t[k + 1]);
    const double c2 = dot3(v2, v2);
    r[k + 1] = c2 > 0 ? axpy(-2.0 / c2 * dot3(v2, rl), v2, rl) : rl;
  }
  // Twist of the frame after one turn, undone a fraction per ring.
  const double twist =
      std::atan2(dot3(cross3(r[0], r[std::size_t(n)]), t[0]), dot3(r[0], r[std::size_t(n)]));
  TriangleMesh m;
  m.vertices.reserve(std::size_t(n) * std::size_t(sides));
  for (int i = 0; i < n; ++i) {
    const std::size_t k = std::size_t(i);
    const double beta = -twist * i / n, f = 2 * pi * i / n;
    const D ri = axpy(std::sin(beta), cross3(t[k], r[k]),
                      D{std::cos(beta) * r[k].x, std::cos(beta) * r[k].y, std::cos(beta) * r[k].z});
    const D bi = cross3(t[k], ri);
    for (int j = 0; j < sides; ++j) {
      const double th = 2 * pi * j / sides;
      const double a = tube * (1 + bumps * std::sin(5 * th + 3 * f) * std::cos(7 * f));
      m.vertices.push_back(axpy(a * std::cos(th), ri, axpy(a * std::sin(th), bi, x[k])));
    }
  }
  m.triangles.reserve(2 * std::size_t(n) * std::size_t(sides));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < sides; ++j) {
      const std::int32_t a = i * sides + j, b = ((i + 1) % n) * sides + j,
                         c = ((i + 1) % n) * sides + (j + 1) % sides,
                         d = i * sides + (j + 1) % sides;
      m.triangles.push_back({a, c, b});
      m.triangles.push_back({a, d, c});
    }
  return m;
}

/// Largest distance from the sphere of `radius` to the faces of `mesh` (an icosphere built with
/// that radius): radius minus the smallest distance from the centre to a face plane. The
/// analytic sphere's distance and the mesh's differ by at most this much.
inline double icosphere_chord_error(const TriangleMesh& mesh, double radius,
                                    Vec3<double> centre = Vec3<double>{0, 0, 0}) {
  double worst = 0.0;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    const auto a = mesh.corner(t, 0), b = mesh.corner(t, 1), c = mesh.corner(t, 2);
    const Vec3<double> u{b.x - a.x, b.y - a.y, b.z - a.z}, w{c.x - a.x, c.y - a.y, c.z - a.z};
    const Vec3<double> n{u.y * w.z - u.z * w.y, u.z * w.x - u.x * w.z, u.x * w.y - u.y * w.x};
    const double len = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
    const double h =
        std::fabs(n.x * (a.x - centre.x) + n.y * (a.y - centre.y) + n.z * (a.z - centre.z)) / len;
    worst = std::fmax(worst, radius - h);
  }
  return worst;
}

/// A closed axis-aligned box mesh from `lo` to `hi` (8 vertices, 12 triangles, outward CCW).
/// Throws alfven::Error unless lo < hi on every axis.
inline TriangleMesh make_box_mesh(Vec3<double> lo, Vec3<double> hi) {
  ALFVEN_REQUIRE(lo.x < hi.x && lo.y < hi.y && lo.z < hi.z,
                 "make_box_mesh: need lo < hi on every axis");
  TriangleMesh m;
  for (int i = 0; i < 8; ++i)
    m.vertices.push_back(
        Vec3<double>{(i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z});
  // Two triangles per face, each listed CCW seen from outside.
  m.triangles = {{0, 2, 1}, {1, 2, 3},   // z = lo
                 {4, 5, 6}, {5, 7, 6},   // z = hi
                 {0, 1, 4}, {1, 5, 4},   // y = lo
                 {2, 6, 3}, {3, 6, 7},   // y = hi
                 {0, 4, 2}, {2, 4, 6},   // x = lo
                 {1, 3, 5}, {3, 7, 5}};  // x = hi
  return m;
}

}  // namespace geom
}  // namespace alfven
