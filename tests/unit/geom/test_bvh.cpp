// BVH unions equal plain unions (sharp, smooth, nested), on the host and through the
// emulated-device pool path.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"

using namespace alfven;
using namespace alfven::geom;

namespace {
template <typename T>
std::vector<Sphere<T>> random_spheres(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-10, 10), r(0.2, 1.0);
  std::vector<Sphere<T>> s(n);
  for (auto& x : s) x = Sphere<T>{Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))}, T(r(rng))};
  return s;
}
template <typename T>
std::vector<Vec3<T>> random_points(int n, double L, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-L, L);
  std::vector<Vec3<T>> p(n);
  for (auto& x : p) x = Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))};
  return p;
}
template <typename S, typename T>
T plain_min(const std::vector<S>& s, const Vec3<T>& p) {
  T d = std::numeric_limits<T>::max();
  for (const auto& x : s) d = std::min(d, x.signed_distance(p));
  return d;
}
template <typename S, typename T>
T plain_exp(const std::vector<S>& s, const Vec3<T>& p, T k) {
  const T m = plain_min(s, p);
  T sum = 0;
  for (const auto& x : s) sum += std::exp(-(x.signed_distance(p) - m) / k);
  return m - k * std::log(sum);
}
template <typename T>
struct Query {
  BVHUnion<Sphere<T>> u;
  ALFVEN_HOST_DEVICE T operator()(const Vec3<T>& p) const { return u.signed_distance(p); }
};
}  // namespace

TEST(BVH, SharpUnionEqualsPlainUnion) {
  const auto s = random_spheres<double>(700, 1);
  Pool pool;
  const auto u = make_bvh_union(pool, s).rebased_view(pool);
  static_assert(std::is_trivially_copyable<BVHUnion<Sphere<double>>>::value, "");
  EXPECT_EQ(u.size(), 700u);
  for (const auto& p : random_points<double>(3000, 33, 2))
    ASSERT_EQ(u.signed_distance(p), plain_min(s, p));
}

TEST(BVH, SharpUnionOfBoxesEqualsPlainUnion) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-10, 10), h(0.1, 1.0);
  std::vector<Translate<Box<double>>> boxes;
  for (int i = 0; i < 400; ++i)
    boxes.push_back(translate(make_box(Vec3<double>{h(rng), h(rng), h(rng)}),
                              Vec3<double>{u(rng), u(rng), u(rng)}));
  Pool pool;
  const auto un = make_bvh_union(pool, boxes).rebased_view(pool);
  for (const auto& p : random_points<double>(2000, 30, 3))
    ASSERT_EQ(un.signed_distance(p), plain_min(boxes, p));
}

TEST(BVH, SmoothUnionEqualsPlainLogSumExp) {
  const auto s = random_spheres<double>(300, 4);
  Pool pool;
  const auto u = make_smooth_bvh_union(pool, s, 0.25).rebased_view(pool);
  for (const auto& p : random_points<double>(2000, 15, 5))
    ASSERT_NEAR(u.signed_distance(p), plain_exp(s, p, 0.25), 1e-10);
  EXPECT_THROW(make_smooth_bvh_union(pool, s, 0.0), Error);
}

TEST(BVH, NestedUnionsEqualPlainUnion) {
  Pool pool;
  std::vector<BVHUnion<Sphere<double>>> groups;
  std::vector<AABB<double>> boxes;
  std::vector<Sphere<double>> all;
  for (unsigned g = 0; g < 5; ++g) {
    auto s = random_spheres<double>(100, 10 + g);
    for (auto& x : s) x.center = x.center + Vec3<double>{30.0 * g, 0, 0};
    all.insert(all.end(), s.begin(), s.end());
    groups.push_back(make_bvh_union(pool, s));
    boxes.push_back(bounding_box(groups.back()));
  }
  const auto outer =
      BVHUnion<BVHUnion<Sphere<double>>>::build(pool, groups, boxes).rebased_view(pool);
  for (const auto& p : random_points<double>(2000, 60, 6)) {
    const Vec3<double> q = p + Vec3<double>{60, 0, 0};
    ASSERT_EQ(outer.signed_distance(q), plain_min(all, q));
  }
}

TEST(BVH, RunsThroughTheDevicePathOnAMirror) {
  const auto s = random_spheres<float>(1000, 7);
  const auto pts = random_points<float>(4000, 30, 8);
  Pool pool;
  const auto u = make_bvh_union(pool, s);
  EXPECT_THROW(u.rebased_view(Pool(gpu::memory_resource())), Error);  // arrays end past that pool
  pool.freeze();
  const Pool dev = Pool::mirror(pool, gpu::memory_resource());
  std::vector<float> d(pts.size());
  gpu::transform(Query<float>{u.rebased_view(dev)}, pts, d);
  for (std::size_t i = 0; i < pts.size(); ++i) ASSERT_EQ(d[i], plain_min(s, pts[i]));
  Pool unfrozen(gpu::memory_resource());
  unfrozen.allocate(dev.size());
  EXPECT_THROW(u.rebased_view(unfrozen), Error);  // device-accessible pools must be frozen
}
