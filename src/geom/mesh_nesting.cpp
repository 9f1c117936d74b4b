// Nesting depth of the closed components of a mesh through their generalized winding number.
// See mesh_nesting.hpp.
#include "mesh_nesting.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "alfven/core/pool.hpp"
#include "alfven/geom/mesh_clean.hpp"
#include "alfven/geom/mesh_sdf.hpp"

namespace alfven {
namespace geom {

namespace {
using V = Vec3<double>;
// Points of a component at which its depth is read.
constexpr std::size_t samples_per_component = 64;
}  // namespace

std::vector<int> nesting_depths(const TriangleMesh& mesh,
                                const std::vector<std::vector<std::uint32_t>>& components,
                                const std::vector<char>& flipped) {
  std::vector<int> depth(components.size(), 0);
  if (components.size() < 2) return depth;
  // The components alone, each facing outward.
  TriangleMesh all;
  all.source = mesh.source;
  all.vertices = mesh.vertices;
  for (const auto& component : components)
    for (const std::uint32_t t : component) {
      auto tri = mesh.triangles[t];
      if (flipped[t]) std::swap(tri[1], tri[2]);
      all.triangles.push_back(tri);
    }
  remove_unreferenced_vertices(all);
  Pool pool;
  MeshSDFOptions options;
  options.build = BVHBuild::Morton;
  options.host_traversal = false;  // winding numbers traverse the binary tree
  const MeshSDF<double> sdf = MeshSDF<double>::build(pool, all, options).rebased_view(pool);
  for (std::size_t c = 0; c < components.size(); ++c) {
    const auto& component = components[c];
    const std::size_t n = component.size(), count = std::min(n, samples_per_component);
    int best = std::numeric_limits<int>::max();
    for (std::size_t s = 0; s < count; ++s) {
      const std::uint32_t t = component[s * n / count];
      const V a = mesh.corner(t, 0);
      V b = mesh.corner(t, 1), d = mesh.corner(t, 2);
      if (flipped[t]) std::swap(b, d);
      const V normal = cross(b - a, d - a);  // outward, |normal| = 2 area
      const double longest = std::max({length(b - a), length(d - b), length(a - d)});
      const double area2 = length(normal);
      if (!(area2 > 0) || !(longest > 0)) continue;
      const double height = area2 / longest;  // the smallest height
      const V p = (1.0 / 3.0) * (a + b + d) + (1e-3 * height / area2) * normal;
      const double w = sdf.winding_number(p);
      const double k = std::round(w);
      if (!(std::fabs(w - k) <= 0.25) || k < 0) continue;  // on another component
      best = std::min(best, int(k));
    }
    depth[c] = best == std::numeric_limits<int>::max() ? 0 : best;
  }
  return depth;
}

}  // namespace geom
}  // namespace alfven
