/// @file bench_common.hpp
/// @brief What the benchmark programs share: OpenMP thread control, best-of-N timing, the
/// random query points (uniform in a box 3x the object's bounding box), the options every
/// geometry benchmark takes and the JSON line each case prints (docs/geometry.md, "Benchmarks").
/// Header-only; included by bench_*.cpp (and through them by the bench_*_cuda.cu builds).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "alfven/core/gpu.hpp"
#include "alfven/core/pool.hpp"
#include "alfven/geom/vec3.hpp"

#ifndef ALFVEN_BENCH_FLAGS
#define ALFVEN_BENCH_FLAGS "unknown"
#endif

namespace alfven {
namespace bench {

/// Threads an OpenMP loop would use now (1 without OpenMP).
inline int max_threads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

/// Sets the OpenMP thread count (no effect without OpenMP).
inline void set_threads(int n) {
#ifdef _OPENMP
  omp_set_num_threads(n);
#else
  (void)n;
#endif
}

/// The OpenMP thread counts a benchmark reports: 1 and all when `one_thread` and there are
/// several, else all alone; on a device (gpu::enabled) always all alone, since the host's thread
/// count does not matter there.
inline std::vector<int> thread_counts(bool one_thread = true) {
  const int all = max_threads();
  if (!gpu::enabled && one_thread && all > 1) return {1, all};
  return {all};
}

/// Query points in a frozen host pool mirrored to gpu::memory_resource(), with an output array
/// of one T per point: what gpu::transform's pool overload reads (`in`) and writes (`out`).
template <typename T>
struct PointsOnBackend {
  Pool host{host_memory_resource()};
  PODVector<geom::Vec3<T>> in;
  PODVector<T> out;
  Pool device;
  explicit PointsOnBackend(const std::vector<geom::Vec3<T>>& points) : device(mirrored(points)) {}

 private:
  Pool mirrored(const std::vector<geom::Vec3<T>>& points) {
    in.reserve_from(host, points.size());
    out.reserve_from(host, points.size());
    in.assign(host, points);
    host.freeze();
    return Pool::mirror(host, gpu::memory_resource());
  }
};

/// Best of `repeats` wall-clock timings of f() after one warm-up call, in seconds.
template <typename F>
double best_time(int repeats, const F& f) {
  f();  // warm-up
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

/// `m` points uniform in the box with the centre of `box` and three times its extent (fixed
/// seed, so every run and every benchmark queries the same points).
template <typename T>
std::vector<geom::Vec3<T>> random_points_3x(const geom::AABB<T>& box, std::size_t m) {
  const geom::Vec3<T> c = box.centre(), h = T(1.5) * (box.hi - box.lo);
  std::mt19937 rng(12345);
  std::uniform_real_distribution<T> u(T(-1), T(1));
  std::vector<geom::Vec3<T>> p(m);
  for (auto& x : p) x = c + geom::mul(h, geom::Vec3<T>{u(rng), u(rng), u(rng)});
  return p;
}

/// The options of every geometry benchmark: grid points per axis (0: the benchmark's default),
/// random points, precision ("float", "double" or "both") and timed repeats.
struct CommonOptions {
  int grid = 0;
  std::size_t random = 1000000;
  std::string precision = "both";
  int repeats = 3;
  /// Reads `flag` with its `value` if it is one of --grid, --random, --precision, --repeats;
  /// false otherwise (the benchmark's own flags).
  bool parse(const std::string& flag, const char* value) {
    if (flag == "--grid")
      grid = std::atoi(value);
    else if (flag == "--random")
      random = std::strtoul(value, nullptr, 10);
    else if (flag == "--precision")
      precision = value;
    else if (flag == "--repeats")
      repeats = std::atoi(value);
    else
      return false;
    return true;
  }
  bool wants(const char* p) const { return precision == p || precision == "both"; }
};

/// The comma-separated items of s (empty items dropped).
inline std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

/// Prints one case as a JSON line: its name, the backend (gpu::backend_name()), precision, point
/// set and size, host threads, mode ("pool", "vector", "host", "device"), the figure's name,
/// value and unit, the compiler flags and the device.
inline void print_case(const std::string& name, const char* precision, const std::string& points,
                       std::size_t size, int threads, const char* mode, double value,
                       const char* figure, const char* unit) {
  std::printf(
      "{\"name\": \"%s\", \"backend\": \"%s\", \"precision\": \"%s\", \"points\": \"%s\", "
      "\"size\": %zu, \"threads\": %d, \"mode\": \"%s\", \"%s\": %.6g, \"unit\": \"%s\", "
      "\"compiler_flags\": \"%s\", \"device\": \"%s\"}\n",
      name.c_str(), gpu::backend_name(), precision, points.c_str(), size, threads, mode, figure,
      value, unit, ALFVEN_BENCH_FLAGS, gpu::device_name().c_str());
  std::fflush(stdout);
}

}  // namespace bench
}  // namespace alfven
