// Device half of the mesh SDF tests (CUDA builds): MeshSDF queries through gpu::transform and
// gpu::parallel_for on a pool mirrored to the device equal the host's. Skips cleanly without a
// visible device. Run on a GPU machine through the CUDA preset (scripts/gpu-check).
//
// Tolerance: the device runs the same algorithm on the same rounded data, but nvcc contracts
// a * b + c into FMAs where the host compiler does not, which changes the last bits of each
// dot product. A distance is ~10 dependent operations on coordinates of size S, so the values
// differ by at most a few ulps of S: we allow 16 eps(T) * S. Ties between triangles at equal
// distance can resolve differently, which changes the triangle index and the closest point
// (measured on the H200: one float point of 20000, 1.7e-4 apart) but not the distance, and the
// sign only within that band of the surface (points there are skipped for the sign).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"
#include "alfven/geom/mesh_sdf.hpp"

using namespace alfven;
using namespace alfven::geom;
using D = Vec3<double>;

namespace {
#define SKIP_WITHOUT_DEVICE() \
  if (!gpu::device_available()) GTEST_SKIP() << "no CUDA device visible"

TriangleMesh perturbed_icosphere(unsigned seed) {
  TriangleMesh m = make_icosphere(1.0, 3);  // the irregular mesh of test_mesh_sdf.cpp
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  for (auto& v : m.vertices) v = (1.0 + 0.15 * u(rng)) * v + 0.02 * D{u(rng), u(rng), u(rng)};
  return m;
}

template <typename T>
std::vector<Vec3<T>> points(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-2, 2);
  std::vector<Vec3<T>> p(n);
  for (auto& x : p) x = Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))};
  return p;
}

template <typename T>
struct Signed {
  MeshSDF<T> sdf;
  SignMode mode;
  ALFVEN_HOST_DEVICE T operator()(const Vec3<T>& p) const { return sdf.signed_distance(p, mode); }
};

/// Closest point and triangle of every point, written by parallel_for through spans.
template <typename T>
struct Closest {
  MeshSDF<T> sdf;
  PODSpan<const Vec3<T>> in;
  PODSpan<MeshClosestPoint<T>> out;
  ALFVEN_HOST_DEVICE void operator()(std::size_t i) const { out[i] = sdf.closest_point(in[i]); }
};

template <typename T>
void device_matches_host() {
  const TriangleMesh m = perturbed_icosphere(3);
  const T tol = T(16) * std::numeric_limits<T>::epsilon() * T(4);  // S ~ |p| + box ~ 4
  for (BVHBuild build : {BVHBuild::SAH, BVHBuild::Morton}) {
    Pool host;
    MeshSDFOptions o;
    o.build = build;
    const MeshSDF<T> sdf = MeshSDF<T>::build(host, m, o);
    host.freeze();
    const Pool dev = Pool::mirror(host, gpu::memory_resource());
    const MeshSDF<T> h = sdf.rebased_view(host), d = sdf.rebased_view(dev);
    const auto pts = points<T>(20000, 5);
    for (SignMode mode : {SignMode::Pseudonormal, SignMode::WindingNumber}) {
      std::vector<T> out(pts.size());
      gpu::transform(Signed<T>{d, mode}, pts, out);  // vector overload (copies inside)
      int bad = 0;
      for (std::size_t i = 0; i < pts.size(); ++i) {
        const T ref = h.signed_distance(pts[i], mode);
        const bool ok = std::fabs(std::fabs(out[i]) - std::fabs(ref)) <= tol &&
                        (std::fabs(ref) <= T(1e-3) || (out[i] < 0) == (ref < 0));
        if (!ok && ++bad <= 5)
          ADD_FAILURE() << "mode " << int(mode) << " build " << int(build) << " point " << i << " ("
                        << pts[i].x << ", " << pts[i].y << ", " << pts[i].z << "): device "
                        << out[i] << " host " << ref;
      }
      EXPECT_EQ(bad, 0);
    }
    // parallel_for with spans into a device pool (the pool overload's memory).
    Pool io;
    PODVector<Vec3<T>> in;
    PODVector<MeshClosestPoint<T>> res;
    in.reserve_from(io, pts.size());
    res.reserve_from(io, pts.size());
    in.assign(io, pts);
    io.freeze();
    Pool dio = Pool::mirror(io, gpu::memory_resource());
    gpu::parallel_for(pts.size(), Closest<T>{d, in.bind(dio.base()), res.bind(dio.base())});
    const auto got = res.to_vector(dio);
    for (std::size_t i = 0; i < pts.size(); ++i) {
      const auto ref = h.closest_point(pts[i]);
      ASSERT_NEAR(std::sqrt(got[i].distance2), std::sqrt(ref.distance2), tol);
      // The same triangle gives the same point; a different one is a tie (two features of
      // this non-convex mesh at equal distance, up to rounding), where the points may differ.
      if (got[i].triangle == ref.triangle) {
        ASSERT_NEAR(got[i].point.x, ref.point.x, tol);
        ASSERT_NEAR(got[i].point.y, ref.point.y, tol);
        ASSERT_NEAR(got[i].point.z, ref.point.z, tol);
      }
    }
  }
}
}  // namespace

template <typename T>
struct TapeQuery {
  Tape<T> tape;
  ALFVEN_HOST_DEVICE T operator()(const Vec3<T>& p) const { return tape.signed_distance(p); }
};

TEST(MeshSDFDevice, TapeWithAMeshMatchesHost) {
  SKIP_WITHOUT_DEVICE();
  auto mesh = std::make_shared<const TriangleMesh>(perturbed_icosphere(4));
  const Expr e = Expr::make_union(Expr::mesh(mesh), Expr::sphere(D{1, 0, 0}, 0.5));
  Pool host;
  const Tape<float> tape = Tape<float>::build(host, e);
  host.freeze();
  const Pool dev = Pool::mirror(host, gpu::memory_resource());
  const auto pts = points<float>(20000, 6);
  std::vector<float> out(pts.size());
  gpu::transform(TapeQuery<float>{tape.rebased_view(dev)}, pts, out);
  const auto h = tape.rebased_view(host);
  const float tol = 16 * std::numeric_limits<float>::epsilon() * 4;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const float ref = h.signed_distance(pts[i]);
    ASSERT_NEAR(std::fabs(out[i]), std::fabs(ref), tol) << "point " << i;
    if (std::fabs(ref) > 1e-3f) ASSERT_EQ(out[i] < 0, ref < 0) << "point " << i;
  }
}

TEST(MeshSDFDevice, FloatMatchesHost) {
  SKIP_WITHOUT_DEVICE();
  device_matches_host<float>();
}

TEST(MeshSDFDevice, DoubleMatchesHost) {
  SKIP_WITHOUT_DEVICE();
  device_matches_host<double>();
}
