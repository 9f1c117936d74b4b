/// @file shell_mesh.hpp
/// @brief Test meshes with cavities, made in code: nested icospheres about one centre (a hollow
/// shell, an island inside a cavity), each wound as asked.
#pragma once

#include <vector>

#include "alfven/geom/triangle_mesh.hpp"

namespace alfven_test {

/// One sphere of nested_spheres: its radius and whether its triangles face inward (towards the
/// centre) rather than outward.
struct NestedSphere {
  double radius;
  bool inward;
};

/// Icospheres (`subdivisions` as make_icosphere) about `centre`, one per entry of `spheres`,
/// as the separate components of one mesh.
inline alfven::geom::TriangleMesh nested_spheres(
    const std::vector<NestedSphere>& spheres, int subdivisions = 3,
    alfven::geom::Vec3<double> centre = alfven::geom::Vec3<double>{0, 0, 0}) {
  alfven::geom::TriangleMesh all;
  all.source = "nested spheres";
  for (const NestedSphere& s : spheres) {
    const alfven::geom::TriangleMesh one =
        alfven::geom::make_icosphere(s.radius, subdivisions, centre);
    const auto first = std::int32_t(all.vertices.size());
    all.vertices.insert(all.vertices.end(), one.vertices.begin(), one.vertices.end());
    for (auto t : one.triangles) {
      if (s.inward) std::swap(t[1], t[2]);
      all.triangles.push_back({t[0] + first, t[1] + first, t[2] + first});
    }
  }
  return all;
}

/// A hollow shell: a sphere of radius `outer` facing outward around one of radius `inner` facing
/// into the cavity (the solid is inner < r < outer).
inline alfven::geom::TriangleMesh hollow_shell(double outer = 1.0, double inner = 0.5,
                                               int subdivisions = 3) {
  return nested_spheres({{outer, false}, {inner, true}}, subdivisions);
}

}  // namespace alfven_test
