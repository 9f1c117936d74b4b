// MeshSDF built on the device (BVHBuild::LBVH, src/geom/mesh_sdf_lbvh.cu) against the host
// builds and brute force (the checks of tests/unit/geom/mesh_sdf_lbvh_checks.hpp, which also
// says what must agree and how closely), and against the same build on the host's threads.
// Skips without a device.
#include <gtest/gtest.h>

#include <vector>

#include "../unit/geom/mesh_sdf_lbvh_checks.hpp"
#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"
#include "gpu_test.hpp"

using namespace alfven;
using namespace alfven::geom;
using namespace lbvh_checks;
using MeshSdfLbvh = alfven::test::GpuTest;

TEST_F(MeshSdfLbvh, MatchesTheHostBuildsAndBruteForceInFloat) {
  unsigned seed = 1;
  for (const auto& m : meshes()) check<float>(m, seed++);
}

TEST_F(MeshSdfLbvh, MatchesTheHostBuildsAndBruteForceInDouble) {
  unsigned seed = 11;
  for (const auto& m : meshes()) check<double>(m, seed++);
}

TEST_F(MeshSdfLbvh, RebuildsAMovingBody) {
  // A body that moves and turns: rebuilt on the device after every step, it answers as the
  // host build of the same step does.
  TriangleMesh m = make_torus_knot(60, 12);
  for (unsigned step = 0; step < 3; ++step) {
    const double c = std::cos(0.3), s = std::sin(0.3);
    for (auto& v : m.vertices) v = D{c * v.x - s * v.y + 0.5, s * v.x + c * v.y, v.z};
    check<float>(m, 100 + step);
  }
}

TEST_F(MeshSdfLbvh, AnswersAsTheSameBuildOnTheHost) {
  // The host's LBVH build (into host memory) queried on the device gives the device build's
  // distances bit for bit, and the same tree depth and triangle count.
  for (const TriangleMesh& mesh : meshes()) {
    MeshSDFOptions o;
    o.build = BVHBuild::LBVH;
    o.host_traversal = false;
    Pool host;
    const MeshSDF<float> on_host = MeshSDF<float>::build(host, mesh, o);
    host.freeze();
    const Pool host_dev = Pool::mirror(host, gpu::memory_resource());
    Pool dev(gpu::memory_resource());
    const MeshSDF<float> on_device = MeshSDF<float>::build(dev, mesh, o);
    dev.freeze();
    ASSERT_EQ(on_host.triangle_count(), on_device.triangle_count());
    const auto pts = pins::points<float>(2000, -3.0, 3.0, 5);
    const auto a = run(on_host.rebased_view(host_dev), pts);
    const auto b = run(on_device.rebased_view(dev), pts);
    for (std::size_t i = 0; i < pts.size(); ++i)
      ASSERT_EQ(a[i].distance2, b[i].distance2) << "point " << i;
  }
}
