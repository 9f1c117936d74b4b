// many_objects: a BVH union of 80^3 = 512,000 spheres (radius 1, spacing 3), queried through
// the pool overload of gpu::transform (no copies; the figure a kernel achieves), and checked
// against a brute-force union on a few points.
//
// Usage: many_objects [queries] [spheres_per_axis]    (defaults 4096 and 80)
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"

using namespace alfven;
using namespace alfven::geom;
using T = float;

struct Distance {
  BVHUnion<Sphere<T>> spheres;
  ALFVEN_HOST_DEVICE T operator()(const Vec3<T>& p) const { return spheres.signed_distance(p); }
};

int main(int argc, char** argv) {
  const std::size_t queries = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 4096;
  const int m = argc > 2 ? std::atoi(argv[2]) : 80;
  const T spacing = 3, radius = 1;

  std::vector<Sphere<T>> spheres;
  spheres.reserve(std::size_t(m) * m * m);
  for (int k = 0; k < m; ++k)
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < m; ++i)
        spheres.push_back(Sphere<T>{Vec3<T>{spacing * i, spacing * j, spacing * k}, radius});

  const auto t0 = std::chrono::steady_clock::now();
  Pool host(host_memory_resource());
  const BVHUnion<Sphere<T>> bvh = make_bvh_union(host, spheres);
  // Points in a box 3x the bounding box, and room for the results, in the same pool.
  const T L = spacing * T(m - 1);
  std::mt19937 rng(1);
  std::uniform_real_distribution<T> u(-L, 2 * L);
  std::vector<Vec3<T>> points(queries);
  for (auto& p : points) p = Vec3<T>{u(rng), u(rng), u(rng)};
  PODVector<Vec3<T>> in;
  PODVector<T> out;
  in.reserve_from(host, queries);
  out.reserve_from(host, queries);
  in.assign(host, points);
  host.freeze();
  const double build = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  if (gpu::enabled && !gpu::device_available()) {
    std::printf("many_objects: a CUDA build without a visible device; nothing to do\n");
    return 0;
  }
  const Pool device = Pool::mirror(host, gpu::memory_resource());
  const Distance query{bvh.rebased_view(device)};
  const auto t1 = std::chrono::steady_clock::now();
  gpu::transform(query, device, in, out);
  const double run = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  const std::vector<T> d = out.to_vector(Pool::mirror(device, host_memory_resource()));

  // Check a few points against the brute-force union.
  for (std::size_t q = 0; q < queries && q < 16; ++q) {
    T best = 1e30f;
    for (const auto& s : spheres) best = std::min(best, s.signed_distance(points[q]));
    if (best != d[q]) {
      std::printf("many_objects: mismatch at point %zu: BVH %g, brute force %g\n", q, double(d[q]),
                  double(best));
      return 1;
    }
  }
  std::printf(
      "many_objects: %zu spheres, %zu BVH nodes, build+setup %.2f s; %zu queries on %s in %.4f s "
      "(%.3g queries/s)\n",
      spheres.size(), bvh.node_count(), build, queries, gpu::backend_name(), run,
      double(queries) / run);
  return 0;
}
