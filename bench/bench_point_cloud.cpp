// bench_point_cloud: point-cloud search throughput, BVH against hash grid (docs/geometry.md,
// "Point clouds"). Plain harness; prints one JSON object per case and asserts nothing.
//
// Cases, for each precision and each search (bvh, hash_grid): the build time (host, one
// thread, seconds); nearest neighbour and k = 8 nearest neighbours of M random queries,
// queries per second with one thread and with all threads (query alone: the cloud, queries and
// results already in gpu::memory_resource(), best of R after one warm-up); and
// all_nearest_neighbours over the whole cloud with all threads (points per second).
// Cloud: N points uniform in the unit cube (--cloud uniform) or in 64 Gaussian clusters of
// width 0.01 (--cloud clustered); queries uniform in the unit cube.
//
// Usage: bench_point_cloud [--points N] [--queries M] [--precision float|double|both]
//        [--repeats R] [--cloud uniform|clustered]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"
#include "alfven/geom/point_cloud_batch.hpp"
#include "bench_common.hpp"

#ifndef ALFVEN_BENCH_FLAGS
#define ALFVEN_BENCH_FLAGS "unknown"
#endif

using namespace alfven;
using namespace alfven::geom;
using alfven::bench::best_time;
using alfven::bench::max_threads;
using alfven::bench::set_threads;
using alfven::bench::thread_counts;

namespace {

struct Options {
  std::size_t points = 1000000;
  std::size_t queries = 1000000;
  std::string precision = "both";
  std::string cloud = "uniform";
  int repeats = 3;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void print_case(const std::string& name, const char* precision, const char* search,
                const Options& o, int threads, double value, const char* figure, const char* unit) {
  std::printf(
      "{\"name\": \"%s\", \"backend\": \"%s\", \"precision\": \"%s\", \"search\": \"%s\", "
      "\"cloud\": \"%s\", \"points\": %zu, \"queries\": %zu, \"threads\": %d, \"%s\": %.6g, "
      "\"unit\": \"%s\", \"compiler_flags\": \"%s\", \"device\": \"%s\"}\n",
      name.c_str(), gpu::backend_name(), precision, search, o.cloud.c_str(), o.points, o.queries,
      threads, figure, value, unit, ALFVEN_BENCH_FLAGS, gpu::device_name().c_str());
  std::fflush(stdout);
}

template <typename T>
std::vector<Vec3<T>> make_cloud(const Options& o) {
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<Vec3<T>> p(o.points);
  if (o.cloud == "clustered") {
    std::vector<Vec3<double>> centres(64);
    for (auto& c : centres) c = Vec3<double>{u(rng), u(rng), u(rng)};
    std::normal_distribution<double> g(0.0, 0.01);
    for (std::size_t i = 0; i < p.size(); ++i) {
      const auto& c = centres[i % centres.size()];
      p[i] = Vec3<T>{T(c.x + g(rng)), T(c.y + g(rng)), T(c.z + g(rng))};
    }
  } else {
    for (auto& x : p) x = Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))};
  }
  return p;
}

template <typename T, PointSearch S>
void run_search(const char* precision, const char* search, const std::vector<Vec3<T>>& points,
                const std::vector<Vec3<T>>& queries, const Options& o) {
  using Cloud = PointCloud<T, S>;
  constexpr int K = 8;
  auto t0 = std::chrono::steady_clock::now();
  Pool pool(host_memory_resource());
  const Cloud cloud = Cloud::build(pool, points);
  pool.freeze();
  print_case("build", precision, search, o, 1, seconds_since(t0), "seconds", "s");

  const Pool device = Pool::mirror(pool, gpu::memory_resource());
  const Cloud view = cloud.rebased_view(device);
  const std::size_t m = queries.size();
  Pool io(gpu::memory_resource());
  PODVector<Vec3<T>> in;
  PODVector<Neighbour<T>> near;
  PODVector<std::int32_t> kidx;
  PODVector<T> kd2;
  in.reserve_from(io, m);
  near.reserve_from(io, m);
  kidx.reserve_from(io, m * K);
  kd2.reserve_from(io, m * K);
  in.assign(io, queries);
  io.freeze();
  std::byte* base = io.base();
  const NearestQuery<Cloud> nq{view};
  // The library's k-nearest functor on buffers staged once (k_nearest_neighbours would time
  // the copies too).
  const alfven::geom::detail::KNearestFunctor<K, Cloud> kq{view, in.data(base), kidx.data(base),
                                                           kd2.data(base), K};

  const int all = max_threads();
  for (int threads : thread_counts()) {
    set_threads(threads);
    const double tn = best_time(o.repeats, [&] { gpu::transform(nq, io, in, near); });
    print_case("nearest", precision, search, o, threads, double(m) / tn, "queries_per_second",
               "queries/s");
    const double tk = best_time(o.repeats, [&] { gpu::parallel_for(m, kq); });
    print_case("k_nearest_8", precision, search, o, threads, double(m) / tk, "queries_per_second",
               "queries/s");
  }
  set_threads(all);
  const double ta = best_time(1, [&] { all_nearest_neighbours(cloud, device); });
  print_case("all_nearest_neighbours", precision, search, o, all, double(points.size()) / ta,
             "points_per_second", "points/s");
}

template <typename T>
void run_precision(const char* precision, const Options& o) {
  const auto points = make_cloud<T>(o);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<Vec3<T>> queries(o.queries);
  for (auto& q : queries) q = Vec3<T>{T(u(rng)), T(u(rng)), T(u(rng))};
  run_search<T, PointSearch::BVH>(precision, "bvh", points, queries, o);
  run_search<T, PointSearch::HashGrid>(precision, "hash_grid", points, queries, o);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int a = 1; a < argc; ++a) {
    const std::string s = argv[a];
    const bool has = a + 1 < argc;
    if (s == "--points" && has)
      o.points = std::strtoul(argv[++a], nullptr, 10);
    else if (s == "--queries" && has)
      o.queries = std::strtoul(argv[++a], nullptr, 10);
    else if (s == "--precision" && has)
      o.precision = argv[++a];
    else if (s == "--repeats" && has)
      o.repeats = std::atoi(argv[++a]);
    else if (s == "--cloud" && has)
      o.cloud = argv[++a];
    else {
      std::fprintf(stderr,
                   "usage: bench_point_cloud [--points N] [--queries M] "
                   "[--precision float|double|both] [--repeats R] [--cloud uniform|clustered]\n");
      return 2;
    }
  }
  if (o.points == 0 || (o.cloud != "uniform" && o.cloud != "clustered")) {
    std::fprintf(stderr, "bench_point_cloud: --points must be > 0, --cloud uniform|clustered\n");
    return 2;
  }
  if (gpu::enabled && !gpu::device_available()) {
    std::fprintf(stderr, "bench_point_cloud: a CUDA build without a visible device\n");
    return 1;
  }
  if (o.precision == "float" || o.precision == "both") run_precision<float>("float", o);
  if (o.precision == "double" || o.precision == "both") run_precision<double>("double", o);
  return 0;
}
