// Device half of the geometry tests (CUDA builds): shapes, transforms, CSG, BVH unions and the
// tape give the same values on the GPU as on the host. Skips cleanly without a visible device.
// Run on a GPU machine through the CUDA preset (scripts/gpu-check).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"

using namespace alfven;
using namespace alfven::geom;
using T = float;
using V = Vec3<T>;

namespace {
template <typename S>
struct Query {
  S shape;
  ALFVEN_HOST_DEVICE T operator()(const V& p) const { return shape.signed_distance(p); }
};

std::vector<V> random_points(std::size_t n, T L) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<T> u(-L, L);
  std::vector<V> p(n);
  for (auto& x : p) x = V{u(rng), u(rng), u(rng)};
  return p;
}

/// Device values (vector overload) against the same functor run on the host. FMA contraction
/// on the device changes the last bits of O(1) values: 1e-5 absolute is ~100 float ulps.
template <typename HostQ, typename DevQ>
void expect_device_matches_host(const HostQ& host_query, const DevQ& device_query, T L = 4) {
  const auto pts = random_points(20000, L);
  std::vector<T> d(pts.size());
  gpu::transform(device_query, pts, d);
  for (std::size_t i = 0; i < pts.size(); ++i)
    ASSERT_NEAR(d[i], host_query(pts[i]), 1e-5f) << "point " << i;
}

#define SKIP_WITHOUT_DEVICE() \
  if (!gpu::device_available()) GTEST_SKIP() << "no CUDA device visible"

}  // namespace

TEST(GeomDevice, ReportsCuda) {
  EXPECT_TRUE(gpu::enabled);
  EXPECT_STREQ(gpu::backend_name(), "CUDA");
  EXPECT_EQ(gpu::memory_resource().kind, MemoryKind::Device);
}

TEST(GeomDevice, ShapesTransformsAndCsg) {
  SKIP_WITHOUT_DEVICE();
  const auto s = make_difference(
      smooth_union(rotate(make_rounded_box(V{1, 0.5f, 0.5f}, 0.1f), V{0, 1, 0}, 0.5f),
                   translate(make_torus(1.0f, 0.25f), V{0, 0, 1}), 0.2f),
      make_union(exp_union(make_cone(0.5f, 1.0f), make_capsule(1.0f, 0.2f), 0.1f),
                 repeat(make_sphere(V{0, 0, 0}, 0.2f), V{1, 1, 1}, V{2, 2, 2})));
  expect_device_matches_host(Query<decltype(s)>{s}, Query<decltype(s)>{s});
  const auto t = mollify(blur(elongate(make_cylinder(0.5f, 0.5f), V{0.2f, 0, 0}), 0.05f), 0.05f);
  expect_device_matches_host(Query<decltype(t)>{t}, Query<decltype(t)>{t});
  const auto u =
      make_intersection(make_infinite_cone(0.4f), complement(make_plane(V{0, 0, 2}, V{0, 0, 1})));
  expect_device_matches_host(Query<decltype(u)>{u}, Query<decltype(u)>{u});
}

TEST(GeomDevice, BvhUnionOnADeviceMirror) {
  SKIP_WITHOUT_DEVICE();
  std::vector<Sphere<T>> spheres;
  for (int k = 0; k < 20; ++k)
    for (int j = 0; j < 20; ++j)
      for (int i = 0; i < 20; ++i)
        spheres.push_back(Sphere<T>{V{T(3 * i), T(3 * j), T(3 * k)}, T(1)});
  Pool host;
  const auto bvh = make_bvh_union(host, spheres);
  host.freeze();
  const Pool dev = Pool::mirror(host, gpu::memory_resource());
  using Q = Query<BVHUnion<Sphere<T>>>;
  expect_device_matches_host(Q{bvh.rebased_view(host)}, Q{bvh.rebased_view(dev)}, 70);
}

TEST(GeomDevice, TapeOnADeviceMirror) {
  SKIP_WITHOUT_DEVICE();
  using D = Vec3<double>;
  const Expr e =
      Expr::csg(Op::SmoothDifference,
                {Expr::rotate(Expr::rounded_box(D{1, 1, 0.3}, 0.05), D{1, 0, 0}, 0.3),
                 Expr::repeat(Expr::infinite_cylinder(0.15), D{0.5, 0.5, 1}, D{2, 2, 0})},
                0.05);
  Pool host;
  const Tape<T> tape = Tape<T>::build(host, e);
  host.freeze();
  const Pool dev = Pool::mirror(host, gpu::memory_resource());
  expect_device_matches_host(Query<Tape<T>>{tape.rebased_view(host)},
                             Query<Tape<T>>{tape.rebased_view(dev)});
  // The pool overload and the tuner on the device.
  const auto pts = random_points(4096, 2);
  Pool io;
  PODVector<V> in;
  PODVector<T> out;
  in.reserve_from(io, pts.size());
  out.reserve_from(io, pts.size());
  in.assign(io, pts);
  io.freeze();
  const Pool dio = Pool::mirror(io, gpu::memory_resource());
  const Query<Tape<T>> q{tape.rebased_view(dev)};
  const gpu::LaunchSetting best = gpu::tune_transform(q, dio, in, out);
  gpu::transform(best, q, dio, in, out);
  const std::vector<T> d = out.to_vector(dio);
  for (std::size_t i = 0; i < pts.size(); ++i)
    ASSERT_NEAR(d[i], tape.rebased_view(host).signed_distance(pts[i]), 1e-5f);
}
