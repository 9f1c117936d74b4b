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
  std::vector<Vec3<double>> vertices;                ///< positions, any unit
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
    ALFVEN_REQUIRE(!vertices.empty(), "TriangleMesh::bounds: mesh '" << source << "' has no vertices");
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

/// A closed icosphere of radius `radius` centred at `centre`: the icosahedron with each face
/// split into four `subdivisions` times and the new vertices pushed onto the sphere.
/// 20 * 4^subdivisions triangles, outward CCW, every vertex on the sphere. The largest distance
/// between the flat faces and the sphere is icosphere_chord_error(). Throws alfven::Error for radius <= 0 or subdivisions outside [0, 8].
inline TriangleMesh make_icosphere(double radius, int subdivisions,
                                   Vec3<double> centre = Vec3<double>{0, 0, 0}) {
  ALFVEN_REQUIRE(radius > 0, "make_icosphere: radius must be positive, got " << radius);
  ALFVEN_REQUIRE(subdivisions >= 0 && subdivisions <= 8,
                 "make_icosphere: subdivisions must be in [0, 8], got " << subdivisions);
  const double g = (1.0 + std::sqrt(5.0)) / 2.0;
  std::vector<Vec3<double>> v = {{-1, g, 0}, {1, g, 0},  {-1, -g, 0}, {1, -g, 0},
                                 {0, -1, g}, {0, 1, g},  {0, -1, -g}, {0, 1, -g},
                                 {g, 0, -1}, {g, 0, 1},  {-g, 0, -1}, {-g, 0, 1}};
  std::vector<std::array<std::int32_t, 3>> f = {
      {0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
      {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
      {3, 8, 9},  {4, 9, 5},  {2, 4, 11},  {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
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
