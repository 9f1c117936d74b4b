// alfven_mesh_eval on the host: evaluate_mesh_sdf gives exactly what MeshSDF gives for the same
// mesh and options (same build, same formula), the grid path gives exactly the points path at
// the cell centres (x fastest, any n including n not a multiple of the 4-cell bricks), float is
// close to double, padded_grid pads the bounding box, and bad input is an alfven::Error.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/mesh_sdf.hpp"
#include "alfven/geom/mesh_sdf_eval.hpp"

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

}  // namespace
