// BVHBuild::LBVH where it cannot run: a host translation unit's pools are host memory, a build
// may have no CUDA backend, the host evaluation backend has no device. Each is a clear error
// that names the fix, never a crash (runs in CI without a GPU; the device build itself is
// tested by tests/gpu/test_mesh_sdf_lbvh.cu).
#include <gtest/gtest.h>

#include <string>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"
#include "alfven/geom/mesh_sdf_eval.hpp"

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

TEST(MeshSdfLbvh, IntoAHostPoolIsAClearError) {
  const std::string msg = error_of([] {
    Pool pool;  // host memory
    MeshSDFOptions o;
    o.build = BVHBuild::LBVH;
    (void)MeshSDF<float>::build(pool, make_icosphere(1.0, 2), o);
  });
  EXPECT_NE(msg.find("LBVH"), std::string::npos) << msg;
  EXPECT_NE(msg.find("sah or morton"), std::string::npos) << msg;
}

TEST(MeshSdfLbvh, IntoTheEmulatedDevicePoolIsAClearError) {
  // gpu::memory_resource() in a host translation unit is host memory that acts as a device's.
  const std::string msg = error_of([] {
    Pool pool(gpu::memory_resource());
    MeshSDFOptions o;
    o.build = BVHBuild::LBVH;
    (void)MeshSDF<double>::build(pool, make_icosphere(1.0, 2), o);
  });
  EXPECT_NE(msg.find("LBVH"), std::string::npos) << msg;
}

TEST(MeshSdfLbvh, WithTheHostBackendIsAClearError) {
  const std::string msg = error_of([] {
    MeshEvalOptions o;
    o.sdf.build = BVHBuild::LBVH;
    o.backend = MeshEvalBackend::Host;
    (void)evaluate_mesh_sdf(make_icosphere(1.0, 1), {Vec3<double>{2, 0, 0}}, o);
  });
  EXPECT_NE(msg.find("LBVH"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Cuda"), std::string::npos) << msg;
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
