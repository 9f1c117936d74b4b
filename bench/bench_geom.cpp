// bench_geom: queries per second of analytic BVH unions (docs/geometry.md, "Benchmarks").
// Plain harness; prints one JSON object per case and asserts nothing.
//
// Cases: the 512,000-sphere union (80^3 lattice, radius 1, spacing 3) and a 55,225-box city
// (235 x 235 lots of random boxes), each on an N^3 grid filling the bounding box padded by 10 %
// and on random points in a box 3x the bounding box; one thread and all threads; the pool
// overload (query alone, data already in gpu::memory_resource()) and, with all threads, the
// vector overload (whole call with copies). BVH build times are reported as their own cases.
//
// bench_geom_cuda (bench/bench_geom_cuda.cu) is this file compiled by nvcc: gpu::transform then
// launches CUDA kernels, the pool overload times the kernel alone (data already in device
// memory) and the vector overload the whole call with its copies; the grid defaults to 512^3
// there (128^3 on the CPU) and the one-thread host case is skipped.
//
// Usage: bench_geom [--grid N] [--random M] [--precision float|double|both] [--repeats R]
//        [--cases spheres,city]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"
#include "bench_common.hpp"

using namespace alfven;
using namespace alfven::geom;
using alfven::bench::best_time;
using alfven::bench::max_threads;
using alfven::bench::PointsOnBackend;
using alfven::bench::print_case;
using alfven::bench::set_threads;
using alfven::bench::thread_counts;

namespace {

struct Options : alfven::bench::CommonOptions {
  std::string cases = "spheres,city";
};

template <typename S>
struct Distance {
  S shape;
  ALFVEN_HOST_DEVICE typename S::value_type operator()(
      const Vec3<typename S::value_type>& p) const {
    return shape.signed_distance(p);
  }
};

template <typename T>
std::vector<Vec3<T>> grid_points(const AABB<T>& box, int n) {
  const Vec3<T> pad = T(0.1) * (box.hi - box.lo);
  const Vec3<T> lo = box.lo - pad, ext = box.hi + pad - lo;
  std::vector<Vec3<T>> p;
  p.reserve(std::size_t(n) * n * n);
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        p.push_back(lo + mul(ext, Vec3<T>{(T(i) + T(0.5)) / T(n), (T(j) + T(0.5)) / T(n),
                                          (T(k) + T(0.5)) / T(n)}));
  return p;
}

/// Times `shape` on `points`: the pool overload with 1 and all threads, the vector overload
/// with all threads; best of `repeats` after one warm-up.
template <typename P, typename T>
void run_points(const std::string& name, const char* precision, const BVHUnion<P>& bvh,
                const std::vector<Vec3<T>>& points, const std::string& label, const Options& o) {
  const std::size_t n = points.size();
  PointsOnBackend<T> buffers(points);
  const Distance<BVHUnion<P>> query{bvh};
  const int all = max_threads();
  for (int threads : thread_counts()) {
    set_threads(threads);
    const double t = best_time(
        o.repeats, [&] { gpu::transform(query, buffers.device, buffers.in, buffers.out); });
    print_case(name, precision, label, n, threads, "pool", double(n) / t, "queries_per_second",
               "queries/s");
  }
  set_threads(all);
  std::vector<T> d(n);
  const double tv = best_time(o.repeats, [&] { gpu::transform(query, points, d); });
  print_case(name, precision, label, n, all, "vector", double(n) / tv, "queries_per_second",
             "queries/s");
}

/// Builds the union, mirrors it into gpu::memory_resource() and runs both point sets.
template <typename P, typename T = typename P::value_type>
void run_case(const std::string& name, const char* precision, const std::vector<P>& prims,
              const Options& o) {
  const auto t0 = std::chrono::steady_clock::now();
  Pool pool(host_memory_resource());
  const BVHUnion<P> bvh = make_bvh_union(pool, prims);
  pool.freeze();
  const double build = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  print_case(name + "/bvh_build", precision, "none", prims.size(), 1, "host", build, "seconds",
             "s");
  const Pool device = Pool::mirror(pool, gpu::memory_resource());
  const BVHUnion<P> view = bvh.rebased_view(device);
  run_points(name, precision, view, grid_points(bvh.box(), o.grid), "grid", o);
  run_points(name, precision, view, alfven::bench::random_points_3x(bvh.box(), o.random),
             "random_3x_box", o);
}

template <typename T>
void run_precision(const char* precision, const Options& o) {
  // 512,000 spheres: 80^3 lattice, radius 1, spacing 3.
  std::vector<Sphere<T>> spheres;
  for (int k = 0; k < 80; ++k)
    for (int j = 0; j < 80; ++j)
      for (int i = 0; i < 80; ++i)
        spheres.push_back(Sphere<T>{Vec3<T>{T(3 * i), T(3 * j), T(3 * k)}, T(1)});
  if (o.cases.find("spheres") != std::string::npos)
    run_case("sphere_union_512000", precision, spheres, o);
  if (o.cases.find("city") == std::string::npos) return;

  // A city of 55,225 boxes: 235 x 235 lots of 10 m, footprints 3-8 m, heights 5-60 m.
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> foot(1.5, 4.0), height(2.5, 30.0), jitter(-0.5, 0.5);
  std::vector<Translate<Box<T>>> city;
  for (int j = 0; j < 235; ++j)
    for (int i = 0; i < 235; ++i) {
      const double hz = height(rng);
      city.push_back(
          translate(Box<T>{Vec3<T>{T(foot(rng)), T(foot(rng)), T(hz)}},
                    Vec3<T>{T(10.0 * i + jitter(rng)), T(10.0 * j + jitter(rng)), T(hz)}));
    }
  run_case("box_city_55225", precision, city, o);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int a = 1; a < argc; ++a) {
    const std::string s = argv[a];
    const bool has = a + 1 < argc;
    if (has && o.parse(s, argv[a + 1])) {
      ++a;
    } else if (s == "--cases" && has) {
      o.cases = argv[++a];
    } else {
      std::fprintf(stderr,
                   "usage: bench_geom [--grid N] [--random M] [--precision float|double|both] "
                   "[--repeats R] [--cases spheres,city]\n");
      return 2;
    }
  }
  if (o.grid <= 0) o.grid = gpu::enabled ? 512 : 128;
  if (gpu::enabled && !gpu::device_available()) {
    std::fprintf(stderr, "bench_geom: a CUDA build without a visible device\n");
    return 1;
  }
  if (o.wants("float")) run_precision<float>("float", o);
  if (o.wants("double")) run_precision<double>("double", o);
  return 0;
}
