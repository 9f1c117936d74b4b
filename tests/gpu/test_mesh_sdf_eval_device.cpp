// alfven_mesh_eval's CUDA path gives the host path's answer (plain C++: the library holds the
// kernels): points and grid, float and double, both sign modes, closest points. Skips without
// a visible device. Tolerances: the same formula in the same precision, differing only by FMA
// contraction on the device: 1e-12 (double) and 1e-5 (float) on a unit sphere; signs compared
// outside a band of 1e-4 around the surface. Closest points: where two triangles are equally
// near within rounding (eps), host and device may pick different ones, whose closest points lie
// up to ~sqrt(eps * d) apart (seen on the H200: up to 3.1e-4 in float, 16 of 20,000 points);
// so each device closest point must be at the device's distance from the query (within tol)
// and within 100 sqrt(tol) of the host's.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "alfven/core/device.hpp"
#include "alfven/geom/mesh_sdf_eval.hpp"

using namespace alfven;
using namespace alfven::geom;

namespace {

void expect_same(const MeshEvalResult& host, const MeshEvalResult& dev, double tol,
                 const std::vector<Vec3<double>>& points = {}) {
  ASSERT_EQ(host.signed_distance.size(), dev.signed_distance.size());
  for (std::size_t i = 0; i < host.signed_distance.size(); ++i) {
    const double h = host.signed_distance[i], d = dev.signed_distance[i];
    EXPECT_NEAR(h, d, tol) << "query " << i;
    if (std::abs(h) > 1e-4) {
      EXPECT_EQ(h < 0, d < 0) << "query " << i;
    }
  }
  ASSERT_EQ(host.closest.size(), dev.closest.size());
  for (std::size_t i = 0; i < host.closest.size(); ++i) {
    EXPECT_NEAR(length(points[i] - dev.closest[i]), std::abs(dev.signed_distance[i]), 10 * tol)
        << "query " << i;
    EXPECT_LE(length(host.closest[i] - dev.closest[i]), 100 * std::sqrt(tol)) << "query " << i;
  }
}

TEST(MeshSdfEvalDevice, CudaMatchesHostOnPointsAndGrid) {
  if (!device_available()) GTEST_SKIP() << "no CUDA device visible";
  ASSERT_TRUE(mesh_eval_cuda_compiled());
  const TriangleMesh mesh = make_icosphere(1.0, 4);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.5, 1.5);
  std::vector<Vec3<double>> p(20000);
  for (auto& x : p) x = Vec3<double>{u(rng), u(rng), u(rng)};
  const MeshEvalGrid g = padded_grid(mesh, 37);
  for (MeshEvalPrecision precision : {MeshEvalPrecision::Double, MeshEvalPrecision::Float})
    for (SignMode mode : {SignMode::Pseudonormal, SignMode::WindingNumber}) {
      SCOPED_TRACE(std::string(precision == MeshEvalPrecision::Float ? "float " : "double ") +
                   sign_mode_name(mode));
      const double tol = precision == MeshEvalPrecision::Float ? 1e-5 : 1e-12;
      MeshEvalOptions o;
      o.precision = precision;
      o.sdf.sign = mode;
      o.closest = true;
      const MeshEvalResult hp = evaluate_mesh_sdf(mesh, p, o);
      o.backend = MeshEvalBackend::Cuda;
      const MeshEvalResult dp = evaluate_mesh_sdf(mesh, p, o);
      expect_same(hp, dp, tol, p);
      o.closest = false;
      const MeshEvalResult dg = evaluate_mesh_sdf_grid(mesh, g, o);
      o.backend = MeshEvalBackend::Host;
      const MeshEvalResult hg = evaluate_mesh_sdf_grid(mesh, g, o);
      expect_same(hg, dg, tol);
    }
}

}  // namespace
