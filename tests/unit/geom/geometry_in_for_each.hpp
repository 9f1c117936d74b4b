/// @file geometry_in_for_each.hpp
/// @brief Shared by test_geometry_in_for_each.cpp (host backend) and
/// test_geometry_in_for_each_device.cu (CUDA backend): every kind of geometry object (a CSG
/// tree of shapes, a tape, a mesh SDF, a point cloud, a BVH union) evaluated inside MISO's
/// for_each and reduce on a backend, which is how the MHD solver's kernels read a body's signed
/// distance. The result is compared with the same objects evaluated directly on the host.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"
#include "alfven/geom/mesh_sdf.hpp"

namespace alfven {
namespace test {

using V = geom::Vec3<float>;

/// Every geometry at the centre of cell (i, j, k) of an n^3 grid on [-2, 2]^3, written to
/// out(i, j, k, g) for g = 0..4.
template <typename Csg>
struct EvaluateGeometry {
  Csg csg;
  geom::Tape<float> tape;
  geom::MeshSDF<float> mesh;
  geom::PointCloud<float> cloud;
  geom::BVHUnion<geom::Sphere<float>> spheres;
  View<float, 4> out;
  int n;
  ALFVEN_HOST_DEVICE V centre(int i, int j, int k) const {
    const float h = 4.0f / float(n);
    return V{-2 + (i + 0.5f) * h, -2 + (j + 0.5f) * h, -2 + (k + 0.5f) * h};
  }
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const V p = centre(i, j, k);
    out(i, j, k, 0) = csg.signed_distance(p);
    out(i, j, k, 1) = tape.signed_distance(p);
    out(i, j, k, 2) = mesh.signed_distance(p);
    out(i, j, k, 3) = sqrtf(cloud.nearest(p).distance2);
    out(i, j, k, 4) = spheres.signed_distance(p);
  }
};

/// 1 for a cell whose centre is inside the mesh (signed distance < 0), else 0: reduced with a
/// sum, it counts the solid cells of a body.
struct InsideMesh {
  geom::MeshSDF<float> mesh;
  int n;
  ALFVEN_HOST_DEVICE long operator()(int i, int j, int k) const {
    const float h = 4.0f / float(n);
    const V p{-2 + (i + 0.5f) * h, -2 + (j + 0.5f) * h, -2 + (k + 0.5f) * h};
    return mesh.signed_distance(p) < 0 ? 1 : 0;
  }
};

/// Runs EvaluateGeometry and InsideMesh through for_each/reduce on Backend, with the pools
/// mirrored into `resource` (the backend's memory), and compares with host evaluation within
/// `tolerance` (absolute, distances of order 1).
template <typename Backend>
void check_geometry_in_for_each(const MemoryResource& resource, float tolerance) {
  const int n = 24;
  const auto csg = geom::make_difference(geom::make_box(V{1.2f, 0.8f, 0.8f}),
                                         geom::make_sphere(V{0.5f, 0, 0}, 0.6f));
  using D = geom::Vec3<double>;
  const geom::Expr e = geom::Expr::csg(
      geom::Op::SmoothUnion,
      {geom::Expr::sphere(D{-0.5, 0, 0}, 0.7), geom::Expr::box(D{0.3, 0.9, 0.4})}, 0.1);
  std::vector<V> cloud_points;
  for (int t = 0; t < 500; ++t)
    cloud_points.push_back(V{1.5f * std::sin(0.37f * t), 1.5f * std::cos(0.71f * t),
                             1.5f * std::sin(1.3f * t + 0.2f)});
  std::vector<geom::Sphere<float>> balls;
  for (int t = 0; t < 64; ++t)
    balls.push_back(geom::Sphere<float>{
        V{1.6f * std::cos(0.9f * t), 1.6f * std::sin(0.4f * t), 1.6f * std::cos(1.7f * t)}, 0.25f});

  Pool host_pool;
  const auto tape = geom::Tape<float>::build(host_pool, e);
  const auto mesh = geom::MeshSDF<float>::build(host_pool, geom::make_icosphere(1.1, 3));
  const auto cloud = geom::PointCloud<float>::build(host_pool, cloud_points);
  const auto spheres = geom::make_bvh_union(host_pool, balls);
  host_pool.freeze();
  const Pool pool = Pool::mirror(host_pool, resource);

  using F = EvaluateGeometry<decltype(csg)>;
  const F on_host{csg,
                  tape.rebased_view(host_pool),
                  mesh.rebased_view(host_pool),
                  cloud.rebased_view(host_pool),
                  spheres.rebased_view(host_pool),
                  {},
                  n};
  Array<float, 4, Backend> values(n, n, n, 5);
  F on_backend{csg,
               tape.rebased_view(pool),
               mesh.rebased_view(pool),
               cloud.rebased_view(pool),
               spheres.rebased_view(pool),
               values.view(),
               n};
  for_each(Backend{}, make_range(0, n, 0, n, 0, n), on_backend);
  Array<float, 4> back(n, n, n, 5);
  back.copy_from(values);

  Array<float, 4> expected(n, n, n, 5);
  F reference = on_host;
  reference.out = expected.view();
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) reference(i, j, k);
  long inside = 0;
  for (int g = 0; g < 5; ++g)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
          ASSERT_NEAR(back(i, j, k, g), expected(i, j, k, g), tolerance)
              << "geometry " << g << " at cell " << i << " " << j << " " << k;
          if (g == 2 && expected(i, j, k, g) < -tolerance) ++inside;
        }

  // The number of solid cells, by reduce on the backend: between the count of cells clearly
  // inside (above) and that count plus the cells within the tolerance of the surface.
  long near_surface = 0;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) near_surface += std::fabs(expected(i, j, k, 2)) <= tolerance;
  const long solid = reduce(Backend{}, make_range(0, n, 0, n, 0, n), 0L,
                            InsideMesh{mesh.rebased_view(pool), n}, reduce_op::Sum{});
  EXPECT_GE(solid, inside);
  EXPECT_LE(solid, inside + near_surface);
  EXPECT_GT(inside, 1000);  // a ball of radius 1.1 in a 24^3 grid of spacing 1/6: ~1300 cells
}

}  // namespace test
}  // namespace alfven
