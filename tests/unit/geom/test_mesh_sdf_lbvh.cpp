// BVHBuild::LBVH on the host: built on the host's threads into host memory (a host pool, the
// emulated device's pool of a host translation unit, the host backend of evaluate_mesh_sdf), the
// tree answers as the host SAH build and brute force do (tests/unit/geom/mesh_sdf_lbvh_checks.hpp,
// the checks the device build passes in tests/gpu/test_mesh_sdf_lbvh.cu), with and without the
// 4-wide host arrays. Into device memory without a CUDA build it is a clear error.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"
#include "alfven/geom/mesh_sdf_eval.hpp"
#include "mesh_sdf_lbvh_checks.hpp"

using namespace alfven;
using namespace alfven::geom;

namespace {
std::string error_of(void (*f)()) {
  try {
    f();
  } catch (const alfven::Error& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST(MeshSdfLbvh, HostBuildMatchesTheSahBuildAndBruteForceInFloat) {
  unsigned seed = 1;
  for (const auto& m : lbvh_checks::meshes()) {
    lbvh_checks::check<float>(m, seed, false);
    lbvh_checks::check<float>(m, seed++, true);
  }
}

TEST(MeshSdfLbvh, HostBuildMatchesTheSahBuildAndBruteForceInDouble) {
  unsigned seed = 11;
  for (const auto& m : lbvh_checks::meshes()) {
    lbvh_checks::check<double>(m, seed, false);
    lbvh_checks::check<double>(m, seed++, true);
  }
}

TEST(MeshSdfLbvh, HostBuildOfAMovingBodyIsRebuiltEveryStep) {
  TriangleMesh m = make_torus_knot(60, 12);
  for (unsigned step = 0; step < 3; ++step) {
    const double c = std::cos(0.3), s = std::sin(0.3);
    for (auto& v : m.vertices) v = Vec3<double>{c * v.x - s * v.y + 0.5, s * v.x + c * v.y, v.z};
    lbvh_checks::check<float>(m, 100 + step, true);
  }
}

TEST(MeshSdfLbvh, HostBuildIsTheSameTreeEveryTime) {
  // The build runs on several threads (an atomic counter decides which finishes a node): the
  // tree must not depend on their timing.
  const TriangleMesh mesh = make_torus_knot(120, 16);
  MeshSDFOptions o;
  o.build = BVHBuild::LBVH;
  Pool first;
  const MeshSDF<float> a = MeshSDF<float>::build(first, mesh, o);
  for (int again = 0; again < 3; ++again) {
    Pool pool;
    const MeshSDF<float> b = MeshSDF<float>::build(pool, mesh, o);
    ASSERT_EQ(pool.size(), first.size());
    EXPECT_EQ(std::memcmp(pool.base(), first.base(), pool.size()), 0) << "build " << again;
    EXPECT_EQ(b.depth(), a.depth());
  }
}

TEST(MeshSdfLbvh, WithTheHostBackendEvaluatesAsTheSahBuild) {
  const TriangleMesh mesh = make_icosphere(1.0, 3);
  std::vector<Vec3<double>> pts;
  for (int i = 0; i < 200; ++i)
    pts.push_back(Vec3<double>{std::sin(0.37 * i) * 2, std::cos(0.21 * i) * 2, 0.01 * i - 1});
  MeshEvalOptions o;
  o.backend = MeshEvalBackend::Host;
  const MeshEvalResult sah = evaluate_mesh_sdf(mesh, pts, o);
  o.sdf.build = BVHBuild::LBVH;
  const MeshEvalResult lbvh = evaluate_mesh_sdf(mesh, pts, o);
  ASSERT_EQ(lbvh.signed_distance.size(), pts.size());
  for (std::size_t i = 0; i < pts.size(); ++i)
    EXPECT_EQ(lbvh.signed_distance[i], sah.signed_distance[i]) << "point " << i;
}

TEST(MeshSdfLbvh, IntoDeviceMemoryWithoutADeviceIsAClearError) {
  if (device_available()) GTEST_SKIP() << "a CUDA device is visible: tests/gpu builds on it";
  const std::string msg = error_of([] {
    Pool pool(device_memory_resource());
    MeshSDFOptions o;
    o.build = BVHBuild::LBVH;
    (void)MeshSDF<float>::build(pool, make_icosphere(1.0, 2), o);
  });
  EXPECT_NE(msg.find("CUDA"), std::string::npos) << msg;
}

TEST(MeshSdfLbvh, BuildNamesRoundTrip) {
  for (BVHBuild b : {BVHBuild::SAH, BVHBuild::Morton, BVHBuild::Median, BVHBuild::LBVH}) {
    BVHBuild back = BVHBuild::SAH;
    ASSERT_TRUE(parse_bvh_build(bvh_build_name(b), back));
    EXPECT_EQ(back, b);
  }
  BVHBuild unused;
  EXPECT_FALSE(parse_bvh_build("octree", unused));
}
