// Checks of MeshSDF's LBVH build shared by the device test (tests/gpu/test_mesh_sdf_lbvh.cu)
// and the host test (tests/unit/geom/test_mesh_sdf_lbvh.cpp): the build into
// gpu::memory_resource() runs on the device under nvcc and on the host's threads elsewhere.
//
// What must agree, and how closely:
//  - Unsigned distances, LBVH against SAH: exactly. A distance is the minimum over all
//    triangles of the same function of the same data (the LBVH build forms the triangles'
//    corners, edges and products with the host's roundings), so no tree can change it.
//  - Against the host's brute force (double): within 16 eps(T) S (S the coordinates' size),
//    the FMA contraction nvcc applies to the device's dot products and nothing else
//    (tests/unit/geom/test_mesh_sdf_device.cu argues the same bound).
//  - Signs: the same away from the surface (a tie between triangles may pick another feature
//    within a rounding band of it).
//  - Winding numbers: the far-field terms depend on the tree; the LBVH's stay within Barill et
//    al.'s error of the exact sum of solid angles (at beta = 2: below 0.05 on spheres of up to
//    20480 triangles, up to 0.07 near the axis of a thin tube such as the torus knot's with the
//    host SAH tree; 0.1 allowed, far from the 1/2 that decides inside).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "../../pins/pin_cases.hpp"
#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"

namespace lbvh_checks {

using namespace alfven;
using namespace alfven::geom;
using D = Vec3<double>;

template <typename T>
struct Result {
  T distance2, signed_distance, winding;
};

template <typename T>
struct Query {
  MeshSDF<T> sdf;
  ALFVEN_HOST_DEVICE Result<T> operator()(const Vec3<T>& p) const {
    return Result<T>{sdf.closest_point(p).distance2, sdf.signed_distance(p), sdf.winding_number(p)};
  }
};

/// Results of `query` at `pts` on gpu::transform's backend (the device under nvcc, else the
/// host).
template <typename T>
std::vector<Result<T>> run(const MeshSDF<T>& view, const std::vector<Vec3<T>>& pts) {
  std::vector<Result<T>> out(pts.size());
  gpu::transform(Query<T>{view}, pts, out);
  return out;
}

/// The test meshes: closed and bumpy, a torus knot, one with duplicated and zero-area
/// triangles (equal Morton codes, left-out triangles), and one that is a single leaf.
std::vector<TriangleMesh> meshes() {
  std::vector<TriangleMesh> m{pins::bumpy_sphere(), make_torus_knot(90, 16)};
  TriangleMesh dup = make_icosphere(1.0, 2);
  const std::size_t n = dup.triangle_count();
  for (std::size_t t = 0; t < n; t += 3) dup.triangles.push_back(dup.triangles[t]);
  dup.triangles.push_back({0, 0, 1});  // zero area
  m.push_back(dup);
  TriangleMesh two = make_box_mesh(D{0, 0, 0}, D{1, 2, 3});
  two.triangles.resize(3);
  m.push_back(two);
  return m;
}

/// The exact generalized winding number at p: Σ solid angles / 4π over the non-degenerate
/// triangles (Jacobson et al. 2013, eq. 5), in double.
double exact_winding(const TriangleMesh& mesh, const D& p) {
  double omega = 0;
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    const D a0 = mesh.corner(t, 0), ab = mesh.corner(t, 1) - a0, ac = mesh.corner(t, 2) - a0;
    if (!(dot(cross(ab, ac), cross(ab, ac)) > 0)) continue;
    omega += triangle_solid_angle(MeshTriangle<double>{a0, ab, ac, 0, 0, 0, 0}, p);
  }
  return omega / (4 * 3.14159265358979323846);
}

/// The LBVH build of `mesh` into gpu::memory_resource() (the device's memory under nvcc: the
/// device build; the emulated device's, host memory, elsewhere: the host build, with the 4-wide
/// host arrays when `host_traversal`) against the host SAH build and brute force, at 3000
/// points of the 3x box (`seed`) and at the centroid of every triangle.
template <typename T>
void check(const TriangleMesh& mesh, unsigned seed, bool host_traversal = false) {
  SCOPED_TRACE(testing::Message() << mesh.triangle_count() << " triangles, seed " << seed
                                  << (host_traversal ? ", 4-wide host arrays" : ""));
  MeshSDFOptions o;
  o.host_traversal = host_traversal;
  Pool host;
  const MeshSDF<T> sah = MeshSDF<T>::build(host, mesh, o);
  host.freeze();
  const Pool sah_dev = Pool::mirror(host, gpu::memory_resource());
  o.build = BVHBuild::LBVH;
  Pool dev(gpu::memory_resource());
  const MeshSDF<T> lbvh = MeshSDF<T>::build(dev, mesh, o);
  dev.freeze();
  ASSERT_EQ(lbvh.triangle_count(), sah.triangle_count());
  ASSERT_EQ(lbvh.closed(), sah.closed());
  ASSERT_EQ(lbvh.box().lo.x, sah.box().lo.x);
  ASSERT_EQ(lbvh.box().hi.z, sah.box().hi.z);
  ASSERT_LT(lbvh.depth(), MeshSDF<T>::StackSize);

  const auto b = mesh.bounds();
  const double size = length(b.second - b.first) + length(b.first) + length(b.second);
  const double c = 0.5 * (b.first.x + b.second.x), h = 1.5 * (b.second.x - b.first.x) + 1;
  auto pts = pins::points<T>(3000, c - h, c + h, seed);
  // And every triangle's centroid (distance 0 to it): a triangle missing from the tree's leaves,
  // or placed twice instead of another, shows there.
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t)
    pts.push_back(
        ((mesh.corner(t, 0) + mesh.corner(t, 1) + mesh.corner(t, 2)) / 3.0).template as<T>());
  const auto a = run(lbvh.rebased_view(dev), pts);
  const auto r = run(sah.rebased_view(sah_dev), pts);

  const double eps = double(std::numeric_limits<T>::epsilon());
  for (std::size_t i = 0; i < pts.size(); ++i) {
    ASSERT_EQ(a[i].distance2, r[i].distance2) << "point " << i;
    const D p = pts[i].template as<double>();
    double best = 1e300;
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
      const D a0 = mesh.corner(t, 0), ab = mesh.corner(t, 1) - a0, ac = mesh.corner(t, 2) - a0;
      if (!(dot(cross(ab, ac), cross(ab, ac)) > 0)) continue;
      const MeshTriangle<double> tri{a0, ab, ac, dot(ab, ab), dot(ac, ac), dot(ab, ac), 0};
      best = std::min(best, closest_point_on_triangle(tri, p).distance2);
    }
    const double d = std::sqrt(double(a[i].distance2));
    EXPECT_NEAR(d, std::sqrt(best), 16 * eps * size + 4 * eps * std::sqrt(best)) << "point " << i;
    if (d > 1e3 * eps * size) {
      EXPECT_EQ(a[i].signed_distance < 0, r[i].signed_distance < 0) << "point " << i;
      EXPECT_NEAR(double(a[i].winding), exact_winding(mesh, p), 0.1) << "point " << i;
    }
  }
}

}  // namespace lbvh_checks
