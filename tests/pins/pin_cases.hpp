/// @file pin_cases.hpp
/// @brief Fixed inputs and bit-exact checksums of what the refactors must not change: MHD fields,
/// mesh signed distances (both sign modes), closest points and triangles, winding numbers,
/// point-cloud neighbours and BVH-union distances.
///
/// Included by tests/regression/test_bitwise_pins.cpp (a host translation unit: every query runs
/// through gpu::transform's host path) and tests/gpu/test_bitwise_pins_device.cu (nvcc: the same
/// queries as CUDA kernels). The checksums are FNV-1a over the bits of every result value, in a
/// fixed order, so any change in any bit of any result changes them. Points come from a 64-bit
/// linear congruential generator (Knuth's MMIX constants), not from <random>, so the inputs do
/// not depend on the standard library.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"
#include "alfven/geom/mesh_sdf.hpp"
#include "alfven/geom/triangle_mesh.hpp"

namespace alfven {
namespace pins {

/// FNV-1a (64 bit) over values added one by one.
struct Checksum {
  std::uint64_t h = 1469598103934665603ull;
  void bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) {
      h ^= b[i];
      h *= 1099511628211ull;
    }
  }
  template <typename T>
  void add(T v) {
    bytes(&v, sizeof v);
  }
  template <typename T>
  void add(const geom::Vec3<T>& v) {
    add(v.x);
    add(v.y);
    add(v.z);
  }
};

/// Uniform doubles in [0, 1) from a 64-bit LCG (x <- a x + c mod 2^64, top 53 bits).
struct Lcg {
  std::uint64_t x;
  explicit Lcg(std::uint64_t seed) : x(seed * 2862933555777941757ull + 3037000493ull) {}
  double next() {
    x = 6364136223846793005ull * x + 1442695040888963407ull;
    return double(x >> 11) * (1.0 / 9007199254740992.0);
  }
};

/// n points uniform in [lo, hi]^3.
template <typename T>
std::vector<geom::Vec3<T>> points(std::size_t n, double lo, double hi, std::uint64_t seed) {
  Lcg g(seed);
  std::vector<geom::Vec3<T>> p(n);
  for (auto& q : p) {
    const double x = lo + (hi - lo) * g.next(), y = lo + (hi - lo) * g.next(),
                 z = lo + (hi - lo) * g.next();
    q = geom::Vec3<T>{T(x), T(y), T(z)};
  }
  return p;
}

/// A closed, star-shaped, bumpy surface: an icosphere (3 subdivisions, 1280 triangles) whose
/// vertices are moved radially by 1 + 0.2 sin(3x) cos(2y) + 0.1 sin(5z), so that no symmetry
/// makes ties between triangles common.
inline geom::TriangleMesh bumpy_sphere() {
  geom::TriangleMesh m = geom::make_icosphere(1.0, 3);
  for (auto& v : m.vertices) {
    const double s = 1.0 + 0.2 * std::sin(3 * v.x) * std::cos(2 * v.y) + 0.1 * std::sin(5 * v.z);
    v = geom::Vec3<double>{s * v.x, s * v.y, s * v.z};
  }
  return m;
}

/// Every mesh query at one point.
template <typename T>
struct MeshResult {
  T sd_pseudonormal, sd_winding, winding, distance2;
  geom::Vec3<T> point;
  std::int32_t triangle;
};

template <typename T>
struct MeshQuery {
  geom::MeshSDF<T> sdf;
  ALFVEN_HOST_DEVICE MeshResult<T> operator()(const geom::Vec3<T>& p) const {
    const geom::MeshClosestPoint<T> c = sdf.closest_point(p);
    return MeshResult<T>{sdf.signed_distance(p, geom::SignMode::Pseudonormal),
                         sdf.signed_distance(p, geom::SignMode::WindingNumber),
                         sdf.winding_number(p),
                         c.distance2,
                         c.point,
                         c.triangle};
  }
};

/// Checksum of MeshQuery at 4000 points in the mesh's box enlarged 3 times, for a build with
/// `build` and `host_traversal` (the 4-wide host arrays; a device ignores them). The pool is
/// frozen and mirrored into gpu::memory_resource(), as a user of the device path does.
template <typename T>
std::uint64_t mesh_checksum(const geom::TriangleMesh& mesh, geom::BVHBuild build,
                            bool host_traversal) {
  Pool pool;
  geom::MeshSDFOptions o;
  o.build = build;
  o.host_traversal = host_traversal;
  const geom::MeshSDF<T> sdf = geom::MeshSDF<T>::build(pool, mesh, o);
  pool.freeze();
  const Pool mirror = Pool::mirror(pool, gpu::memory_resource());
  const auto b = mesh.bounds();
  const double c = 0.5 * (b.first.x + b.second.x), h = 1.5 * (b.second.x - b.first.x);
  const auto in = points<T>(4000, c - h, c + h, 17);
  std::vector<MeshResult<T>> out(in.size());
  gpu::transform(MeshQuery<T>{sdf.rebased_view(mirror)}, in, out);
  Checksum s;
  for (const auto& r : out) {
    s.add(r.sd_pseudonormal);
    s.add(r.sd_winding);
    s.add(r.winding);
    s.add(r.distance2);
    s.add(r.point);
    s.add(r.triangle);
  }
  return s.h;
}

/// Every point-cloud query at one point: nearest, closest point and the 8 nearest.
template <typename T>
struct CloudResult {
  geom::Neighbour<T> nearest;
  geom::Vec3<T> closest;
  std::int32_t k_index[8];
  T k_dist2[8];
};

template <typename Cloud>
struct CloudQuery {
  Cloud cloud;
  using T = typename Cloud::value_type;
  ALFVEN_HOST_DEVICE CloudResult<T> operator()(const geom::Vec3<T>& p) const {
    CloudResult<T> r;
    r.nearest = cloud.nearest(p);
    r.closest = cloud.closest_point(p);
    cloud.template k_nearest<8>(p, 8, r.k_index, r.k_dist2);
    return r;
  }
};

/// Checksum of CloudQuery at 3000 points for a cloud of 5000 points (lattice-free, plus 100
/// exact duplicates so that ties occur).
template <typename T, geom::PointSearch S>
std::uint64_t cloud_checksum() {
  auto cloud_points = points<T>(5000, -10, 10, 5);
  for (int i = 0; i < 100; ++i) cloud_points.push_back(cloud_points[std::size_t(37 * i)]);
  Pool pool;
  const auto cloud = geom::PointCloud<T, S>::build(pool, cloud_points);
  pool.freeze();
  const Pool mirror = Pool::mirror(pool, gpu::memory_resource());
  const auto in = points<T>(3000, -13, 13, 9);
  std::vector<CloudResult<T>> out(in.size());
  gpu::transform(CloudQuery<geom::PointCloud<T, S>>{cloud.rebased_view(mirror)}, in, out);
  Checksum s;
  for (const auto& r : out) {
    s.add(r.nearest.index);
    s.add(r.nearest.distance2);
    s.add(r.closest);
    for (int j = 0; j < 8; ++j) {
      s.add(r.k_index[j]);
      s.add(r.k_dist2[j]);
    }
  }
  return s.h;
}

template <typename U>
struct UnionQuery {
  U u;
  using T = typename U::value_type;
  ALFVEN_HOST_DEVICE T operator()(const geom::Vec3<T>& p) const { return u.signed_distance(p); }
};

/// Checksum of the sharp and the smooth (exponential, width 0.3) union of 2000 spheres at 3000
/// points.
template <typename T>
std::uint64_t union_checksum() {
  const auto centres = points<double>(2000, -10, 10, 3);
  Lcg g(4);
  std::vector<geom::Sphere<T>> spheres;
  for (const auto& c : centres)
    spheres.push_back(geom::Sphere<T>{c.template as<T>(), T(0.2 + 0.8 * g.next())});
  Pool pool;
  const auto sharp = geom::make_bvh_union(pool, spheres);
  const auto smooth = geom::make_smooth_bvh_union(pool, spheres, T(0.3));
  pool.freeze();
  const Pool mirror = Pool::mirror(pool, gpu::memory_resource());
  const auto in = points<T>(3000, -12, 12, 8);
  std::vector<T> a(in.size()), b(in.size());
  gpu::transform(UnionQuery<geom::BVHUnion<geom::Sphere<T>>>{sharp.rebased_view(mirror)}, in, a);
  gpu::transform(UnionQuery<geom::BVHUnion<geom::Sphere<T>>>{smooth.rebased_view(mirror)}, in, b);
  Checksum s;
  for (std::size_t i = 0; i < in.size(); ++i) {
    s.add(a[i]);
    s.add(b[i]);
  }
  return s.h;
}

}  // namespace pins
}  // namespace alfven
