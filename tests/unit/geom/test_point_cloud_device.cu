// Device half of the point-cloud tests (CUDA builds): nearest, k-nearest, closest point and
// all-nearest-neighbours from the BVH and the hash grid, run in kernels on a device mirror,
// equal a host brute-force scan exactly (distance_squared has no FMA contraction on the
// device, so the bits agree). Skips cleanly without a visible device.
// Run on a GPU machine through the CUDA preset (scripts/gpu-check).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"

using namespace alfven;
using namespace alfven::geom;

namespace {

#define SKIP_WITHOUT_DEVICE() \
  if (!gpu::device_available()) GTEST_SKIP() << "no CUDA device visible"

template <typename T>
std::vector<Vec3<T>> clustered_cloud(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-10, 10);
  std::normal_distribution<double> g(0.0, 0.1);
  std::vector<Vec3<double>> centres(10);
  for (auto& c : centres) c = Vec3<double>{u(rng), u(rng), u(rng)};
  std::vector<Vec3<T>> p;
  while (p.size() < n) {
    if (p.size() % 10 == 0) {  // uniform background
      p.push_back(Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))});
    } else if (p.size() % 10 == 1) {  // an exact duplicate of an earlier point
      p.push_back(p[p.size() / 2]);
    } else {
      const auto& c = centres[p.size() % centres.size()];
      p.push_back(Vec3<T>{T(c.x + g(rng)), T(c.y + g(rng)), T(c.z + g(rng))});
    }
  }
  return p;
}

template <typename T>
std::vector<Vec3<T>> queries(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> in(-11, 11), far(-1000, 1000);
  std::vector<Vec3<T>> q(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto& d = i % 4 == 3 ? far : in;
    q[i] = Vec3<T>{T(d(rng)), T(d(rng)), T(d(rng))};
  }
  return q;
}

template <typename T>
std::vector<std::pair<T, std::int32_t>> brute(const std::vector<Vec3<T>>& pts, const Vec3<T>& p,
                                              std::size_t keep, std::int32_t exclude = -1) {
  std::vector<std::pair<T, std::int32_t>> d;
  for (std::size_t i = 0; i < pts.size(); ++i)
    if (std::int32_t(i) != exclude) d.emplace_back(distance_squared(p, pts[i]), std::int32_t(i));
  keep = std::min(keep, d.size());
  std::partial_sort(d.begin(), d.begin() + std::ptrdiff_t(keep), d.end());
  d.resize(keep);
  return d;
}

/// The closest point of each query, in a kernel.
template <typename Cloud>
struct ClosestQuery {
  Cloud cloud;
  ALFVEN_HOST_DEVICE Vec3<typename Cloud::value_type> operator()(
      const Vec3<typename Cloud::value_type>& p) const {
    return cloud.closest_point(p);
  }
};

template <typename T, PointSearch S>
void check_on_device() {
  const auto pts = clustered_cloud<T>(4000, 1);
  const auto qs = queries<T>(2000, 2);
  Pool host;
  const auto cloud = PointCloud<T, S>::build(host, pts);
  host.freeze();
  const Pool dev = Pool::mirror(host, gpu::memory_resource());

  const auto near = nearest_neighbours(cloud, dev, qs);
  std::vector<Vec3<T>> closest(qs.size());
  gpu::transform(ClosestQuery<PointCloud<T, S>>{cloud.rebased_view(dev)}, qs, closest);
  for (int k : {1, 5, 16}) {
    std::vector<std::int32_t> idx;
    std::vector<T> d2;
    k_nearest_neighbours<16>(cloud, dev, qs, k, idx, d2);
    for (std::size_t i = 0; i < qs.size(); ++i) {
      const auto b = brute(pts, qs[i], std::size_t(k));
      for (std::size_t j = 0; j < std::size_t(k); ++j) {
        ASSERT_EQ(idx[i * std::size_t(k) + j], b[j].second) << "query " << i << " k " << k;
        ASSERT_EQ(d2[i * std::size_t(k) + j], b[j].first) << "query " << i << " k " << k;
      }
      if (k == 1) {
        ASSERT_EQ(near[i].index, b[0].second);
        ASSERT_EQ(near[i].distance2, b[0].first);
        ASSERT_EQ(closest[i].x, pts[std::size_t(b[0].second)].x);
        ASSERT_EQ(closest[i].y, pts[std::size_t(b[0].second)].y);
        ASSERT_EQ(closest[i].z, pts[std::size_t(b[0].second)].z);
      }
    }
  }
  // Host pool handed to the batch helper: mirrored inside the call.
  const auto nn = all_nearest_neighbours(cloud, host);
  EXPECT_EQ(nn, all_nearest_neighbours(cloud, dev));
  for (std::size_t i = 0; i < pts.size(); ++i)
    ASSERT_EQ(nn[i], brute(pts, pts[i], 1, std::int32_t(i))[0].second) << "point " << i;
}

}  // namespace

TEST(PointCloudDevice, BvhFloat) {
  SKIP_WITHOUT_DEVICE();
  check_on_device<float, PointSearch::BVH>();
}
TEST(PointCloudDevice, BvhDouble) {
  SKIP_WITHOUT_DEVICE();
  check_on_device<double, PointSearch::BVH>();
}
TEST(PointCloudDevice, HashGridFloat) {
  SKIP_WITHOUT_DEVICE();
  check_on_device<float, PointSearch::HashGrid>();
}
TEST(PointCloudDevice, HashGridDouble) {
  SKIP_WITHOUT_DEVICE();
  check_on_device<double, PointSearch::HashGrid>();
}
