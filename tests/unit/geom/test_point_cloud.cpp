// Point clouds: nearest, k-nearest, closest point and all-nearest-neighbours from the BVH and
// the hash grid equal a brute-force scan exactly (indices and squared distances, ties to the
// smaller index), in float and double, on uniform, clustered, duplicated and lattice clouds,
// for queries inside and far outside; the batch helpers through the emulated-device path.
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

template <typename T, PointSearch S>
struct Config {
  using Scalar = T;
  static constexpr PointSearch search = S;
};

template <typename C>
class PointCloudTest : public ::testing::Test {};
using Configs =
    ::testing::Types<Config<float, PointSearch::BVH>, Config<double, PointSearch::BVH>,
                     Config<float, PointSearch::HashGrid>, Config<double, PointSearch::HashGrid>>;
TYPED_TEST_SUITE(PointCloudTest, Configs);

enum class Kind { Uniform, Clustered, Duplicates, Lattice };
const Kind all_kinds[] = {Kind::Uniform, Kind::Clustered, Kind::Duplicates, Kind::Lattice};
const char* name(Kind k) {
  switch (k) {
    case Kind::Uniform:
      return "uniform";
    case Kind::Clustered:
      return "clustered";
    case Kind::Duplicates:
      return "duplicates";
    default:
      return "lattice";
  }
}

/// A cloud of n points in about [-10, 10]^3.
template <typename T>
std::vector<Vec3<T>> make_cloud(Kind kind, std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-10, 10);
  std::vector<Vec3<T>> p;
  p.reserve(n);
  if (kind == Kind::Uniform) {
    while (p.size() < n) p.push_back(Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))});
  } else if (kind == Kind::Clustered) {  // 12 tight Gaussian clusters and a thin background
    std::vector<Vec3<double>> centres(12);
    for (auto& c : centres) c = Vec3<double>{u(rng), u(rng), u(rng)};
    std::normal_distribution<double> g(0.0, 0.08);
    std::uniform_int_distribution<int> pick(0, 11);
    while (p.size() < n) {
      if (p.size() % 20 == 0) {
        p.push_back(Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))});
        continue;
      }
      const auto& c = centres[std::size_t(pick(rng))];
      p.push_back(Vec3<T>{T(c.x + g(rng)), T(c.y + g(rng)), T(c.z + g(rng))});
    }
  } else if (kind == Kind::Duplicates) {  // a third of the points repeated, some three times
    while (p.size() < 2 * n / 3) p.push_back(Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))});
    std::uniform_int_distribution<std::size_t> pick(0, p.size() - 1);
    while (p.size() < n) p.push_back(p[pick(rng)]);
    std::shuffle(p.begin(), p.end(), rng);
  } else {  // integer lattice points, shuffled: many exactly equal distances
    std::uniform_int_distribution<int> c(-6, 6);
    while (p.size() < n) p.push_back(Vec3<T>{T(c(rng)), T(c(rng)), T(c(rng))});
  }
  return p;
}

/// Queries: half inside the cloud's box, a quarter up to 100x its size, a quarter far away
/// (1e4); on the lattice cloud also lattice points and half-integers (exact ties).
template <typename T>
std::vector<Vec3<T>> make_queries(Kind kind, std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> in(-11, 11), out(-1000, 1000), far(-1e4, 1e4);
  std::uniform_int_distribution<int> c(-14, 14);
  std::vector<Vec3<T>> q(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto& d = i % 4 == 3 ? far : (i % 4 == 2 ? out : in);
    q[i] = Vec3<T>{T(d(rng)), T(d(rng)), T(d(rng))};
    if (kind == Kind::Lattice && i % 2 == 0) q[i] = Vec3<T>{T(c(rng)), T(c(rng)), T(c(rng))} / T(2);
  }
  return q;
}

/// All (distance², index) of the cloud from p, sorted, without `exclude`.
template <typename T>
std::vector<std::pair<T, std::int32_t>> brute(const std::vector<Vec3<T>>& pts, const Vec3<T>& p,
                                              std::size_t keep, std::int32_t exclude = -1) {
  std::vector<std::pair<T, std::int32_t>> d;
  d.reserve(pts.size());
  for (std::size_t i = 0; i < pts.size(); ++i)
    if (std::int32_t(i) != exclude) d.emplace_back(distance_squared(p, pts[i]), std::int32_t(i));
  keep = std::min(keep, d.size());
  std::partial_sort(d.begin(), d.begin() + std::ptrdiff_t(keep), d.end());
  d.resize(keep);
  return d;
}

template <typename C>
PointCloud<typename C::Scalar, C::search> build(Pool& pool,
                                                const std::vector<Vec3<typename C::Scalar>>& p) {
  return PointCloud<typename C::Scalar, C::search>::build(pool, p);
}

}  // namespace

static_assert(std::is_trivially_copyable<PointCloud<float, PointSearch::BVH>>::value, "");
static_assert(std::is_trivially_copyable<PointCloud<double, PointSearch::HashGrid>>::value, "");
static_assert(sizeof(CloudPoint<float>) == 16, "a float cloud point is one 16-byte load");

TYPED_TEST(PointCloudTest, NearestAndClosestPointEqualBruteForce) {
  using T = typename TypeParam::Scalar;
  for (Kind kind : all_kinds) {
    const auto pts = make_cloud<T>(kind, 3000, 1);
    Pool pool;
    const auto cloud = build<TypeParam>(pool, pts).rebased_view(pool);
    EXPECT_EQ(cloud.size(), pts.size());
    for (const auto& q : make_queries<T>(kind, 800, 2)) {
      const auto b = brute(pts, q, 1);
      const Neighbour<T> n = cloud.nearest(q);
      ASSERT_EQ(n.index, b[0].second) << name(kind) << " at " << q.x << " " << q.y << " " << q.z;
      ASSERT_EQ(n.distance2, b[0].first) << name(kind);
      const Vec3<T> c = cloud.closest_point(q);
      ASSERT_EQ(c.x, pts[std::size_t(b[0].second)].x);
      ASSERT_EQ(c.y, pts[std::size_t(b[0].second)].y);
      ASSERT_EQ(c.z, pts[std::size_t(b[0].second)].z);
    }
  }
}

TYPED_TEST(PointCloudTest, KNearestEqualsBruteForce) {
  using T = typename TypeParam::Scalar;
  for (Kind kind : all_kinds) {
    const auto pts = make_cloud<T>(kind, 2000, 3);
    Pool pool;
    const auto cloud = build<TypeParam>(pool, pts).rebased_view(pool);
    for (int k : {1, 5, 16}) {
      std::int32_t idx[32];
      T d2[32];
      for (const auto& q : make_queries<T>(kind, 300, 4 + unsigned(k))) {
        const auto b = brute(pts, q, std::size_t(k));
        ASSERT_EQ(cloud.k_nearest(q, k, idx, d2), k);
        for (int j = 0; j < k; ++j) {
          ASSERT_EQ(idx[j], b[std::size_t(j)].second) << name(kind) << " k " << k << " j " << j;
          ASSERT_EQ(d2[j], b[std::size_t(j)].first) << name(kind) << " k " << k << " j " << j;
        }
      }
    }
    // The largest k the default bound allows.
    std::int32_t idx[32];
    T d2[32];
    const Vec3<T> q{T(0.5), T(-0.25), T(3)};
    const auto b = brute(pts, q, 32);
    ASSERT_EQ(cloud.k_nearest(q, 32, idx, d2), 32);
    for (int j = 0; j < 32; ++j) ASSERT_EQ(idx[j], b[std::size_t(j)].second);
  }
}

TYPED_TEST(PointCloudTest, AllNearestNeighboursEqualBruteForce) {
  using T = typename TypeParam::Scalar;
  for (Kind kind : all_kinds) {
    const auto pts = make_cloud<T>(kind, 1500, 5);
    Pool pool;
    const auto cloud = build<TypeParam>(pool, pts);
    const std::vector<std::int32_t> nn = all_nearest_neighbours(cloud, pool);
    ASSERT_EQ(nn.size(), pts.size());
    for (std::size_t i = 0; i < pts.size(); ++i) {
      const auto b = brute(pts, pts[i], 1, std::int32_t(i));
      ASSERT_EQ(nn[i], b[0].second) << name(kind) << " point " << i;
    }
  }
}

TYPED_TEST(PointCloudTest, DegenerateClouds) {
  using T = typename TypeParam::Scalar;
  using V = Vec3<T>;
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-3, 3);
  std::vector<std::vector<V>> clouds;
  clouds.push_back({V{1, 2, 3}});                    // one point
  clouds.push_back(std::vector<V>(50, V{1, 1, 1}));  // all the same point
  std::vector<V> plane, line;
  for (int i = 0; i < 600; ++i) {
    plane.push_back(V{T(u(rng)), T(u(rng)), T(0.5)});
    line.push_back(V{T(-1), T(u(rng)), T(2)});
  }
  clouds.push_back(plane);
  clouds.push_back(line);
  for (const auto& pts : clouds) {
    Pool pool;
    const auto cloud = build<TypeParam>(pool, pts).rebased_view(pool);
    for (const auto& q : make_queries<T>(Kind::Uniform, 200, 10)) {
      const auto b = brute(pts, q, 5);
      ASSERT_EQ(cloud.nearest(q).index, b[0].second);
      ASSERT_EQ(cloud.nearest(q).distance2, b[0].first);
      std::int32_t idx[8];
      T d2[8];
      const int found = cloud.template k_nearest<8>(q, 5, idx, d2);
      ASSERT_EQ(found, int(b.size()));
      for (int j = 0; j < 5; ++j) {
        if (j < found) {
          ASSERT_EQ(idx[j], b[std::size_t(j)].second);
          ASSERT_EQ(d2[j], b[std::size_t(j)].first);
        } else {  // fewer points than k: padded
          ASSERT_EQ(idx[j], -1);
          ASSERT_TRUE(std::isinf(d2[j]));
        }
      }
    }
    const auto nn = all_nearest_neighbours(cloud, pool);
    for (std::size_t i = 0; i < pts.size(); ++i) {
      const auto b = brute(pts, pts[i], 1, std::int32_t(i));
      ASSERT_EQ(nn[i], b.empty() ? -1 : b[0].second);
    }
  }
}

TYPED_TEST(PointCloudTest, ErrorsAreClear) {
  using T = typename TypeParam::Scalar;
  using Cloud = PointCloud<T, TypeParam::search>;
  Pool pool;
  try {
    Cloud::build(pool, std::vector<Vec3<T>>{});
    FAIL() << "an empty cloud must throw";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("empty"), std::string::npos) << e.what();
  }
  const std::vector<Vec3<double>> bad{{0, 0, 0}, {1, std::nan(""), 0}};
  EXPECT_THROW(Cloud::build(pool, bad), Error);
  EXPECT_THROW(Cloud::build(pool, make_cloud<T>(Kind::Uniform, 10, 1), 0.0), Error);
  const auto pts = make_cloud<T>(Kind::Uniform, 100, 1);
  const auto cloud = Cloud::build(pool, pts).rebased_view(pool);
  std::int32_t idx[40];
  T d2[40];
  for (int k : {0, -1, 33}) {
    try {
      cloud.k_nearest(Vec3<T>{0, 0, 0}, k, idx, d2);
      FAIL() << "k = " << k << " must throw";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("outside [1, 32]"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(cloud.template k_nearest<4>(Vec3<T>{0, 0, 0}, 5, idx, d2), Error);
  std::vector<std::int32_t> bi;
  std::vector<T> bd;
  EXPECT_THROW(k_nearest_neighbours(cloud, pool, pts, 33, bi, bd), Error);
  EXPECT_THROW(cloud.rebased_view(Pool()), Error);  // arrays end past an empty pool
}

TYPED_TEST(PointCloudTest, DoubleInputIsConverted) {
  using T = typename TypeParam::Scalar;
  const auto pd = make_cloud<double>(Kind::Uniform, 500, 11);
  std::vector<Vec3<T>> pt(pd.size());
  for (std::size_t i = 0; i < pd.size(); ++i) pt[i] = pd[i].template as<T>();
  Pool pool;
  const auto cloud = PointCloud<T, TypeParam::search>::build(pool, pd).rebased_view(pool);
  for (const auto& q : make_queries<T>(Kind::Uniform, 100, 12)) {
    const auto b = brute(pt, q, 1);
    ASSERT_EQ(cloud.nearest(q).index, b[0].second);
    ASSERT_EQ(cloud.nearest(q).distance2, b[0].first);
  }
}

TYPED_TEST(PointCloudTest, BatchQueriesThroughTheDevicePathOnAMirror) {
  using T = typename TypeParam::Scalar;
  const auto pts = make_cloud<T>(Kind::Clustered, 2000, 13);
  const auto qs = make_queries<T>(Kind::Clustered, 500, 14);
  Pool pool;
  const auto cloud = build<TypeParam>(pool, pts);
  pool.freeze();
  const Pool dev = Pool::mirror(pool, gpu::memory_resource());
  // nearest_neighbours and gpu::transform with NearestQuery on the mirror.
  const auto near = nearest_neighbours(cloud, dev, qs);
  std::vector<Neighbour<T>> near2(qs.size());
  gpu::transform(NearestQuery<PointCloud<T, TypeParam::search>>{cloud.rebased_view(dev)}, qs,
                 near2);
  std::vector<std::int32_t> idx;
  std::vector<T> d2;
  k_nearest_neighbours<8>(cloud, dev, qs, 7, idx, d2);
  ASSERT_EQ(idx.size(), qs.size() * 7);
  for (std::size_t i = 0; i < qs.size(); ++i) {
    const auto b = brute(pts, qs[i], 7);
    ASSERT_EQ(near[i].index, b[0].second);
    ASSERT_EQ(near[i].distance2, b[0].first);
    ASSERT_EQ(near2[i].index, b[0].second);
    for (std::size_t j = 0; j < 7; ++j) {
      ASSERT_EQ(idx[i * 7 + j], b[j].second);
      ASSERT_EQ(d2[i * 7 + j], b[j].first);
    }
  }
  const auto nn = all_nearest_neighbours(cloud, dev);
  const auto nn_host = all_nearest_neighbours(cloud, pool);
  EXPECT_EQ(nn, nn_host);
}

TEST(PointCloud, GridAdaptsItsCellsToTheDensity) {
  const auto pts = make_cloud<double>(Kind::Uniform, 8000, 15);
  Pool pool;
  const auto g = PointCloudHashGrid<double>::build(pool, pts, 4.0);
  EXPECT_GT(g.cell_count(), 1000u);  // about 8000 / 4 cells
  EXPECT_LT(g.cell_count(), 4000u);
  EXPECT_EQ(g.node_count(), 0u);
  const auto b = PointCloudBVH<double>::build(pool, pts);
  EXPECT_EQ(b.cell_count(), 0u);
  EXPECT_GE(b.node_count(), 2 * 8000u / 8 - 1);
}
