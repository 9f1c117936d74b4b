/// @file bench_common.hpp
/// @brief What the benchmark programs share: OpenMP thread control, best-of-N timing and the
/// random query points of docs/geometry.md's "Benchmarks" (uniform in a box 3x the object's
/// bounding box).
/// Header-only; included by bench_*.cpp (and through them by the bench_*_cuda.cu builds).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <random>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "alfven/geom/vec3.hpp"

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

/// Best of `repeats` wall-clock timings of f() after one warm-up call, in seconds.
template <typename F>
double best_time(int repeats, const F& f) {
  f();  // warm-up
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
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

}  // namespace bench
}  // namespace alfven
