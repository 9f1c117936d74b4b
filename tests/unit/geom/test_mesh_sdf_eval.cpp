// alfven_mesh_eval on the host: evaluate_mesh_sdf gives exactly what MeshSDF gives for the same
// mesh and options (same build, same formula), the grid path gives exactly the points path at
// the cell centres (x fastest, any n including n not a multiple of the 4-cell bricks), float is
// close to double, padded_grid pads the bounding box, and bad input is an alfven::Error. And
// morton_order (query_order.hpp): a permutation of the points, sorted by their Morton codes with
// ties in input order (the eight corners of a cube come out in the order 4x + 2y + z, x the
// highest bit); non-finite coordinates are ordered, not trusted; a far point does not squeeze
// the others; evaluate_mesh_sdf gives the same bits in Morton order as in input order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/mesh_sdf.hpp"
#include "alfven/geom/mesh_sdf_eval.hpp"
#include "alfven/geom/query_order.hpp"

using namespace alfven;
using namespace alfven::geom;

namespace {

std::vector<Vec3<double>> random_points(std::size_t n, double half_width, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-half_width, half_width);
  std::vector<Vec3<double>> p(n);
  for (auto& x : p) x = Vec3<double>{u(rng), u(rng), u(rng)};
  return p;
}

TEST(MeshSdfEval, HostPointsEqualMeshSdfInBothSignModes) {
  const TriangleMesh mesh = make_icosphere(1.0, 3);
  const auto points = random_points(2000, 1.6, 1);
  for (SignMode mode : {SignMode::Pseudonormal, SignMode::WindingNumber}) {
    MeshEvalOptions o;
    o.sdf.sign = mode;
    o.closest = true;
    const MeshEvalResult r = evaluate_mesh_sdf(mesh, points, o);
    Pool pool(host_memory_resource());
    const MeshSDF<double> sdf = MeshSDF<double>::build(pool, mesh, o.sdf);
    ASSERT_EQ(r.signed_distance.size(), points.size());
    ASSERT_EQ(r.closest.size(), points.size());
    EXPECT_EQ(r.triangles_kept, mesh.triangle_count());
    for (std::size_t i = 0; i < points.size(); ++i) {
      EXPECT_EQ(r.signed_distance[i], sdf.signed_distance(points[i], mode)) << "point " << i;
      const MeshClosestPoint<double> c = sdf.closest_point(points[i]);
      EXPECT_EQ(r.triangle[i], c.triangle);
      EXPECT_EQ(r.closest[i].x, c.point.x);
      EXPECT_EQ(r.closest[i].y, c.point.y);
      EXPECT_EQ(r.closest[i].z, c.point.z);
    }
  }
}

TEST(MeshSdfEval, FloatIsCloseToDouble) {
  const TriangleMesh mesh = make_icosphere(1.0, 2);
  const auto points = random_points(1000, 1.6, 2);
  MeshEvalOptions o;
  const MeshEvalResult d = evaluate_mesh_sdf(mesh, points, o);
  o.precision = MeshEvalPrecision::Float;
  o.sdf.build = BVHBuild::Morton;
  const MeshEvalResult f = evaluate_mesh_sdf(mesh, points, o);
  for (std::size_t i = 0; i < points.size(); ++i)
    EXPECT_NEAR(f.signed_distance[i], d.signed_distance[i], 1e-5) << "point " << i;
}

TEST(MeshSdfEval, GridEqualsPointsAtTheCellCentresXFastest) {
  const TriangleMesh mesh = make_icosphere(1.0, 2);
  MeshEvalGrid g = padded_grid(mesh, 4, 0.1);
  g.n = {7, 5, 6};  // not multiples of the 4-cell bricks, not cubic
  std::vector<Vec3<double>> centres;
  for (int k = 0; k < g.n[2]; ++k)
    for (int j = 0; j < g.n[1]; ++j)
      for (int i = 0; i < g.n[0]; ++i) centres.push_back(g.centre(i, j, k));
  for (SignMode mode : {SignMode::Pseudonormal, SignMode::WindingNumber}) {
    MeshEvalOptions o;
    o.sdf.sign = mode;
    const MeshEvalResult rg = evaluate_mesh_sdf_grid(mesh, g, o);
    const MeshEvalResult rp = evaluate_mesh_sdf(mesh, centres, o);
    ASSERT_EQ(rg.signed_distance.size(), g.size());
    for (std::size_t c = 0; c < centres.size(); ++c)
      EXPECT_EQ(rg.signed_distance[c], rp.signed_distance[c]) << "cell " << c;
  }
}

TEST(MeshSdfEval, PaddedGridCoversTheBoxPlusTenPercent) {
  const TriangleMesh mesh = make_box_mesh(Vec3<double>{0, 0, 0}, Vec3<double>{1, 2, 4});
  const MeshEvalGrid g = padded_grid(mesh, 10);
  EXPECT_NEAR(g.lo.x, -0.1, 1e-15);
  EXPECT_NEAR(g.lo.y, -0.2, 1e-15);
  EXPECT_NEAR(g.lo.z, -0.4, 1e-15);
  EXPECT_NEAR(g.spacing.x, 0.12, 1e-15);
  EXPECT_NEAR(g.spacing.y, 0.24, 1e-15);
  EXPECT_NEAR(g.spacing.z, 0.48, 1e-15);
  EXPECT_EQ(g.size(), 1000u);
  EXPECT_THROW(padded_grid(mesh, 0), Error);
  EXPECT_THROW(padded_grid(mesh, 4, -0.1), Error);
}

TEST(MeshSdfEval, BadInputIsAnError) {
  const TriangleMesh mesh = make_icosphere(1.0, 1);
  std::vector<Vec3<double>> p{{0, 0, 0}, {std::numeric_limits<double>::quiet_NaN(), 0, 0}};
  EXPECT_THROW(evaluate_mesh_sdf(mesh, p), Error);
  // Finite in double but not in float: refused in float (it would be inf), fine in double.
  const std::vector<Vec3<double>> big{{0, 0, 0}, {1e39, 0, 0}};
  MeshEvalOptions in_float;
  in_float.precision = MeshEvalPrecision::Float;
  try {
    evaluate_mesh_sdf(mesh, big, in_float);
    ADD_FAILURE() << "no error for a point beyond float's range";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("point 1"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("evaluate in double"), std::string::npos) << e.what();
  }
  EXPECT_EQ(evaluate_mesh_sdf(mesh, big).signed_distance[1], 1e39);
  MeshEvalGrid g = padded_grid(mesh, 4);
  g.spacing.y = 0;
  EXPECT_THROW(evaluate_mesh_sdf_grid(mesh, g), Error);
  if (!mesh_eval_cuda_compiled()) {
    MeshEvalOptions o;
    o.backend = MeshEvalBackend::Cuda;
    try {
      evaluate_mesh_sdf(mesh, {{0, 0, 0}}, o);
      ADD_FAILURE() << "no error for the CUDA backend in a host build";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("no CUDA backend"), std::string::npos) << e.what();
    }
  }
}

TEST(QueryOrder, CubeCornersComeOutInMortonOrder) {
  // Corner c = 4x + 2y + z listed scrambled; each twice, to see ties keep input order.
  const int listed[] = {5, 2, 7, 0, 3, 6, 1, 4, 2, 5};
  std::vector<Vec3<float>> p;
  for (int c : listed) p.push_back(Vec3<float>{float(c >> 2), float((c >> 1) & 1), float(c & 1)});
  const std::vector<std::uint32_t> order = morton_order(p);
  const std::vector<std::uint32_t> expected{3, 6, 1, 8, 4, 7, 0, 9, 5, 2};
  EXPECT_EQ(order, expected);
}

TEST(QueryOrder, IsAPermutationSortedByCode) {
  const auto p = random_points(50000, 3.0, 7);
  const std::vector<std::uint32_t> order = morton_order(p);
  ASSERT_EQ(order.size(), p.size());
  std::vector<std::uint32_t> seen(order);
  std::sort(seen.begin(), seen.end());
  for (std::size_t i = 0; i < seen.size(); ++i) ASSERT_EQ(seen[i], i);
  // The codes (the cells of a 1024^3 grid over the 1st-99th percentiles of a sample of 4096
  // points at an even stride, bits interleaved x highest, computed here bit by bit) never
  // decrease, and equal codes keep input order.
  double lo[3], hi[3];
  for (int a = 0; a < 3; ++a) {
    std::vector<double> sample;
    for (std::size_t s = 0; s < 4096; ++s) sample.push_back(p[s * p.size() / 4096][a]);
    std::sort(sample.begin(), sample.end());
    lo[a] = sample[std::size_t(0.01 * 4095)];
    hi[a] = sample[4095 - std::size_t(0.01 * 4095)];
  }
  auto code = [&](std::uint32_t i) {
    std::uint32_t cell[3];
    for (int a = 0; a < 3; ++a) {
      const double u = (p[i][a] - lo[a]) * (1023.0 / (hi[a] - lo[a]));
      cell[a] = u <= 0 ? 0u : std::min(1023u, std::uint32_t(u));
    }
    std::uint32_t c = 0;
    for (int b = 9; b >= 0; --b)
      for (int a = 0; a < 3; ++a) c = c << 1 | ((cell[a] >> b) & 1u);
    return c;
  };
  for (std::size_t k = 1; k < order.size(); ++k) {
    ASSERT_LE(code(order[k - 1]), code(order[k])) << "at " << k;
    if (code(order[k - 1]) == code(order[k])) {
      ASSERT_LT(order[k - 1], order[k]);
    }
  }
}

TEST(QueryOrder, AFarPointDoesNotSqueezeTheOthers) {
  // 20000 points in a unit cube and one at 1e12. Were the grid the points' whole box, the cube
  // would fall into one cell and keep input order; over the sample's percentiles, consecutive
  // cube points in the order are near neighbours: their mean distance is a small fraction of
  // that of consecutive points in input order (about 0.66 for uniform random points). The far
  // point lands in the last cell.
  auto p = random_points(20000, 0.5, 11);
  p.push_back(Vec3<double>{1e12, 1e12, 1e12});
  const std::vector<std::uint32_t> order = morton_order(p);
  ASSERT_EQ(order.back(), 20000u);
  auto mean_step = [&](auto index) {
    double sum = 0;
    for (std::size_t k = 1; k < 20000; ++k) sum += length(p[index(k)] - p[index(k - 1)]);
    return sum / 19999;
  };
  const double ordered = mean_step([&](std::size_t k) { return order[k]; });
  const double input = mean_step([](std::size_t k) { return k; });
  EXPECT_LT(ordered, 0.1 * input) << "ordered " << ordered << ", input order " << input;
}

TEST(QueryOrder, EmptyOneAndNonFinitePoints) {
  EXPECT_TRUE(morton_order(std::vector<Vec3<double>>{}).empty());
  EXPECT_EQ(morton_order(std::vector<Vec3<double>>{{1, 2, 3}}), (std::vector<std::uint32_t>{0}));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  // NaN and -inf count as the lowest cell, +inf as the highest (the box is that of the finite
  // coordinates; with four points the sample's percentiles are its extremes): (nan, 1, 1)
  // sorts as (0, 1, 1) and (inf, -inf, nan) as (1, 0, 0).
  const std::vector<Vec3<double>> p{{1, 1, 1}, {nan, 1, 1}, {0, 0, 0}, {inf, -inf, nan}};
  EXPECT_EQ(morton_order(p), (std::vector<std::uint32_t>{2, 1, 3, 0}));
  const std::vector<Vec3<double>> all_nan{{nan, nan, nan}, {nan, nan, nan}};
  EXPECT_EQ(morton_order(all_nan), (std::vector<std::uint32_t>{0, 1}));
  // Along an axis of zero extent every coordinate is cell 0, +inf included.
  EXPECT_EQ(morton_order(std::vector<Vec3<double>>{{inf, 0, 0}, {0, 0, 0}}),
            (std::vector<std::uint32_t>{0, 1}));
}

TEST(QueryOrder, EvaluateGivesTheSameBitsInEitherOrder) {
  const TriangleMesh mesh = make_torus_knot(120, 12);
  const auto points = random_points(20000, 4.0, 3);
  for (MeshEvalPrecision precision : {MeshEvalPrecision::Float, MeshEvalPrecision::Double}) {
    MeshEvalOptions o;
    o.precision = precision;
    o.closest = true;
    o.order = QueryOrder::Input;
    const MeshEvalResult in_order = evaluate_mesh_sdf(mesh, points, o);
    o.order = QueryOrder::Morton;
    const MeshEvalResult morton = evaluate_mesh_sdf(mesh, points, o);
    ASSERT_EQ(morton.signed_distance.size(), points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
      ASSERT_EQ(
          std::memcmp(&morton.signed_distance[i], &in_order.signed_distance[i], sizeof(double)), 0)
          << "point " << i;
      ASSERT_EQ(morton.triangle[i], in_order.triangle[i]) << "point " << i;
      ASSERT_EQ(std::memcmp(&morton.closest[i], &in_order.closest[i], sizeof(Vec3<double>)), 0);
    }
  }
}

}  // namespace
