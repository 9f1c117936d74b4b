// The evaluation behind mesh_sdf_eval.hpp, written once and compiled twice: by g++ in
// mesh_sdf_eval.cpp (gpu::parallel_for runs an OpenMP loop over host memory) and by nvcc in
// mesh_sdf_eval_cuda.cu (it launches a CUDA kernel over device memory). Everything here has
// internal linkage (anonymous namespace), so the two copies never meet at link time.
#pragma once

#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/core/gpu.hpp"
#include "alfven/geom/mesh_sdf.hpp"
#include "alfven/geom/mesh_sdf_eval.hpp"
#include "alfven/geom/query_order.hpp"

namespace alfven {
namespace geom {
namespace mesh_eval_detail {

namespace {

/// Where one query's results go, and the MeshSDF view it reads (all in the backend's memory).
template <typename T>
struct QueryOutput {
  MeshSDF<T> sdf;
  SignMode mode;
  T* distance;
  Vec3<T>* closest;        ///< null unless closest points were asked for
  std::int32_t* triangle;  ///< null unless closest points were asked for

  ALFVEN_HOST_DEVICE void store(std::size_t i, const Vec3<T>& p) const {
    distance[i] = sdf.signed_distance(p, mode);
    if (closest != nullptr) {
      const MeshClosestPoint<T> c = sdf.closest_point(p);
      closest[i] = c.point;
      triangle[i] = c.triangle;
    }
  }
};

/// Query i is points[i].
template <typename T>
struct PointFunctor {
  QueryOutput<T> out;
  const Vec3<T>* points;
  ALFVEN_HOST_DEVICE void operator()(std::size_t i) const { out.store(i, points[i]); }
};

/// Query t is a cell of the grid, walked in 4 x 4 x 4 bricks (the bricks x fastest, then the
/// cells inside a brick x fastest), so a warp of 32 threads covers half a brick; the result is
/// stored at the cell's x-fastest index. Centres are computed in double and rounded to T.
template <typename T>
struct GridFunctor {
  QueryOutput<T> out;
  double lo[3], h[3];
  int n[3], bricks[2];  ///< cells per axis; bricks along x and y
  ALFVEN_HOST_DEVICE void operator()(std::size_t t) const {
    const std::size_t b = t >> 6;
    const int w = int(t & 63);
    const int bx = int(b % std::size_t(bricks[0]));
    const std::size_t byz = b / std::size_t(bricks[0]);
    const int by = int(byz % std::size_t(bricks[1])), bz = int(byz / std::size_t(bricks[1]));
    const int i = 4 * bx + (w & 3), j = 4 * by + ((w >> 2) & 3), k = 4 * bz + (w >> 4);
    if (i >= n[0] || j >= n[1] || k >= n[2]) return;
    const Vec3<T> p{T(lo[0] + (i + 0.5) * h[0]), T(lo[1] + (j + 0.5) * h[1]),
                    T(lo[2] + (k + 0.5) * h[2])};
    out.store(std::size_t(i) + std::size_t(n[0]) * (std::size_t(j) + std::size_t(n[1]) * k), p);
  }
};

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Builds the MeshSDF on the host, mirrors it into gpu::memory_resource(), evaluates the points
/// (or the grid's centres) there and copies the results back.
template <typename T>
MeshEvalResult evaluate(const TriangleMesh& mesh, const std::vector<Vec3<double>>* points,
                        const MeshEvalGrid* grid, const MeshEvalOptions& o) {
  const auto t_start = std::chrono::steady_clock::now();
  std::size_t n = 0;
  if (points != nullptr) {
    n = points->size();
    for (std::size_t i = 0; i < n; ++i) {
      const Vec3<double>& p = (*points)[i];
      ALFVEN_REQUIRE(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z),
                     "evaluate_mesh_sdf: point " << i << " is not finite (" << p.x << ", " << p.y
                                                 << ", " << p.z << ")");
      ALFVEN_REQUIRE(std::isfinite(T(p.x)) && std::isfinite(T(p.y)) && std::isfinite(T(p.z)),
                     "evaluate_mesh_sdf: point " << i << " (" << p.x << ", " << p.y << ", " << p.z
                                                 << ") does not fit the evaluation precision "
                                                 << "(float: |x| < 3.4e38): evaluate in double");
    }
  } else {
    for (int a = 0; a < 3; ++a)
      ALFVEN_REQUIRE(grid->n[a] >= 1,
                     "evaluate_mesh_sdf_grid: n[" << a << "] = " << grid->n[a] << " must be >= 1");
    const Vec3<double>& h = grid->spacing;
    ALFVEN_REQUIRE(h.x > 0 && h.y > 0 && h.z > 0 && std::isfinite(h.x) && std::isfinite(h.y) &&
                       std::isfinite(h.z),
                   "evaluate_mesh_sdf_grid: spacing must be positive and finite");
    n = grid->size();
  }

  MeshEvalResult r;
  const auto t_build = std::chrono::steady_clock::now();
  MeshSDFOptions sdf_options = o.sdf;
#if defined(__CUDACC__)
  sdf_options.host_traversal = false;  // the pool is read by the device only
#endif
  // SAH and Morton build on the host and are mirrored; LBVH builds in place, into the device's
  // memory on the device (the host's, which the host backend's pool is, on the host's threads).
  Pool mirror;
  MeshSDF<T> built;
  if (sdf_options.build == BVHBuild::LBVH) {
    Pool device(gpu::memory_resource());
    built = MeshSDF<T>::build(device, mesh, sdf_options);
    r.build_seconds = seconds_since(t_build);
    device.freeze();
    mirror = std::move(device);
  } else {
    Pool host(host_memory_resource());
    built = MeshSDF<T>::build(host, mesh, sdf_options);
    r.build_seconds = seconds_since(t_build);
    host.freeze();
    mirror = Pool::mirror(host, gpu::memory_resource());
  }
  r.triangles_kept = built.triangle_count();
  r.device = gpu::device_name();

  Pool io(gpu::memory_resource(), 256 + n * (sizeof(Vec3<T>) * 2 + sizeof(T) + 4) + 1024);
  PODVector<Vec3<T>> in, closest;
  PODVector<T> distance;
  PODVector<std::int32_t> triangle;
  if (points != nullptr) in.reserve_from(io, n);
  distance.reserve_from(io, n);
  if (o.closest) {
    closest.reserve_from(io, n);
    triangle.reserve_from(io, n);
  }
  // Query k is point order[k]; its results are written back at order[k] below. On the host
  // only: ordering on the host costs a device more than it saves (about 30 ns a point).
  std::vector<std::uint32_t> order;
  if (!gpu::enabled && points != nullptr && n > 1 && o.order == QueryOrder::Morton)
    order = morton_order(*points);
  auto at = [&order](std::size_t k) { return order.empty() ? k : std::size_t(order[k]); };
  if (points != nullptr && n > 0) {
    std::vector<Vec3<T>> pt(n);
    for (std::size_t k = 0; k < n; ++k) pt[k] = (*points)[at(k)].template as<T>();
    in.assign(io, pt);
  }
  io.freeze();
  std::byte* base = io.base();
  const QueryOutput<T> out{built.rebased_view(mirror), o.sdf.sign, distance.data(base),
                           o.closest ? closest.data(base) : nullptr,
                           o.closest ? triangle.data(base) : nullptr};

  const auto t_query = std::chrono::steady_clock::now();
  if (points != nullptr) {
    gpu::parallel_for(n, PointFunctor<T>{out, in.data(base)});
  } else {
    GridFunctor<T> f{out,
                     {grid->lo.x, grid->lo.y, grid->lo.z},
                     {grid->spacing.x, grid->spacing.y, grid->spacing.z},
                     {grid->n[0], grid->n[1], grid->n[2]},
                     {(grid->n[0] + 3) / 4, (grid->n[1] + 3) / 4}};
    const std::size_t bricks =
        std::size_t(f.bricks[0]) * std::size_t(f.bricks[1]) * std::size_t((grid->n[2] + 3) / 4);
    gpu::parallel_for(bricks * 64, f);
  }
  r.query_seconds = seconds_since(t_query);

  std::vector<T> d(n);
  if (n > 0) io.copy_out(distance.offset, d.data(), n * sizeof(T));
  r.signed_distance.resize(n);
  for (std::size_t k = 0; k < n; ++k) r.signed_distance[at(k)] = d[k];
  if (o.closest) {
    std::vector<Vec3<T>> c(n);
    std::vector<std::int32_t> t(n);
    if (n > 0) {
      io.copy_out(closest.offset, c.data(), n * sizeof(Vec3<T>));
      io.copy_out(triangle.offset, t.data(), n * sizeof(std::int32_t));
    }
    r.closest.resize(n);
    r.triangle.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
      r.closest[at(k)] = c[k].template as<double>();
      r.triangle[at(k)] = t[k];
    }
  }
  r.total_seconds = seconds_since(t_start);
  return r;
}

/// evaluate<float> or evaluate<double> as options.precision says.
inline MeshEvalResult evaluate_any(const TriangleMesh& mesh,
                                   const std::vector<Vec3<double>>* points,
                                   const MeshEvalGrid* grid, const MeshEvalOptions& options) {
  return options.precision == MeshEvalPrecision::Float
             ? evaluate<float>(mesh, points, grid, options)
             : evaluate<double>(mesh, points, grid, options);
}

}  // namespace
}  // namespace mesh_eval_detail
}  // namespace geom
}  // namespace alfven
