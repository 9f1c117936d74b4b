/// @file point_cloud_batch.hpp
/// @brief Batch queries of a PointCloud (point_cloud.hpp) through gpu::parallel_for and
/// gpu::transform: all_nearest_neighbours, nearest_neighbours, k_nearest_neighbours. Each runs
/// one query per point on the host (OpenMP) or, in a translation unit compiled by nvcc, as a
/// CUDA kernel.
#pragma once

#include <cstdint>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/gpu.hpp"
#include "alfven/core/pool.hpp"
#include "point_cloud.hpp"

namespace alfven {
namespace geom {

/// The query gpu::transform runs for nearest neighbours: point -> Neighbour. Trivially copyable.
template <typename Cloud>
struct NearestQuery {
  Cloud cloud;  ///< a rebased_view onto a pool the launch can read
  ALFVEN_HOST_DEVICE Neighbour<typename Cloud::value_type> operator()(
      const Vec3<typename Cloud::value_type>& p) const {
    return cloud.nearest(p);
  }
};

namespace detail {
/// slot s -> out[index of s] = its nearest other point.
template <typename Cloud>
struct AllNearestFunctor {
  Cloud cloud;
  std::int32_t* out;
  ALFVEN_HOST_DEVICE void operator()(std::size_t s) const {
    const auto c = cloud.slot(s);
    out[c.index] = cloud.nearest(c.position, c.index).index;
  }
};
/// query q -> its k nearest at out_index[q k ...], out_dist2[q k ...].
template <int MaxK, typename Cloud>
struct KNearestFunctor {
  Cloud cloud;
  const Vec3<typename Cloud::value_type>* queries;
  std::int32_t* out_index;
  typename Cloud::value_type* out_dist2;
  int k;
  ALFVEN_HOST_DEVICE void operator()(std::size_t q) const {
    cloud.template k_nearest<MaxK>(queries[q], k, out_index + q * std::size_t(k),
                                   out_dist2 + q * std::size_t(k));
  }
};
}  // namespace detail

// The batch helpers launch through gpu::parallel_for, whose backend depends on the compiler of
// the translation unit: they live in its namespace (as gpu:: does), so that host and CUDA
// translation units of one program never share a definition.
inline namespace ALFVEN_GPU_TU_NAMESPACE {

namespace batch_detail {
/// `cloud` rebased onto a pool that gpu::parallel_for can read: `pool` itself when it is
/// device-accessible (or host memory in a host build), else a mirror of it into
/// gpu::memory_resource() kept in `scratch` (needs `pool` frozen; alfven::Error otherwise).
template <typename Cloud>
Cloud launchable_view(const Cloud& cloud, const Pool& pool, Pool& scratch) {
  if (pool.device_accessible() || (!gpu::enabled && pool.host_accessible()))
    return cloud.rebased_view(pool);
  ALFVEN_REQUIRE(pool.frozen(),
                 "point cloud batch query: the cloud's pool is not device-accessible and not "
                 "frozen; freeze() it (it is then mirrored into gpu::memory_resource())");
  scratch = Pool::mirror(pool, gpu::memory_resource());
  return cloud.rebased_view(scratch);
}
}  // namespace batch_detail

/// For every point of the cloud, the original index of its nearest *other* point (ties to the
/// smaller index; duplicates are each other's neighbours at distance 0; -1 for a cloud of one
/// point). Result indexed by original index. `pool` is the pool the cloud was built in or a
/// mirror of it; if the launch cannot read it (host memory in a CUDA translation unit) it is
/// mirrored into gpu::memory_resource() for the call (it must then be frozen). One query per
/// point through gpu::parallel_for (OpenMP threads on the host, a kernel under nvcc).
/// Synchronous; allocates n int32 in gpu::memory_resource(). Throws alfven::Error for a pool
/// the cloud does not fit in.
template <typename T, PointSearch S>
std::vector<std::int32_t> all_nearest_neighbours(const PointCloud<T, S>& cloud, const Pool& pool) {
  Pool scratch;
  const PointCloud<T, S> view = batch_detail::launchable_view(cloud, pool, scratch);
  const std::size_t n = view.size();
  Pool out_pool(gpu::memory_resource(), n * sizeof(std::int32_t) + 256);
  PODVector<std::int32_t> out;
  out.reserve_from(out_pool, n);
  out_pool.freeze();
  gpu::parallel_for(n,
                    detail::AllNearestFunctor<PointCloud<T, S>>{view, out.data(out_pool.base())});
  return out.to_vector(out_pool);
}

/// The nearest cloud point of every query (see PointCloud::nearest), through gpu::transform
/// (the vector overload: queries copied in, results copied out). `pool` as for
/// all_nearest_neighbours. Synchronous.
template <typename T, PointSearch S>
std::vector<Neighbour<T>> nearest_neighbours(const PointCloud<T, S>& cloud, const Pool& pool,
                                             const std::vector<Vec3<T>>& queries) {
  Pool scratch;
  const NearestQuery<PointCloud<T, S>> q{batch_detail::launchable_view(cloud, pool, scratch)};
  std::vector<Neighbour<T>> out(queries.size());
  gpu::transform(q, queries, out);
  return out;
}

/// The k nearest cloud points of every query (see PointCloud::k_nearest): indices[q k + j] and
/// dist2[q k + j] for j < k, row q sorted by (distance², index), rows padded with -1 / +inf
/// when the cloud has fewer than k points. Resizes both outputs to queries.size() * k.
/// Throws alfven::Error unless 1 <= k <= MaxK (checked before launching). `pool` as for
/// all_nearest_neighbours. Synchronous; allocates the queries and results in
/// gpu::memory_resource() for the call.
template <int MaxK = 32, typename T, PointSearch S>
void k_nearest_neighbours(const PointCloud<T, S>& cloud, const Pool& pool,
                          const std::vector<Vec3<T>>& queries, int k,
                          std::vector<std::int32_t>& indices, std::vector<T>& dist2) {
  detail::check_k(k, MaxK);
  Pool scratch;
  const PointCloud<T, S> view = batch_detail::launchable_view(cloud, pool, scratch);
  const std::size_t n = queries.size(), m = n * std::size_t(k);
  indices.assign(m, -1);
  dist2.assign(m, T(0));
  if (n == 0) return;
  Pool io(gpu::memory_resource(),
          n * sizeof(Vec3<T>) + m * (sizeof(std::int32_t) + sizeof(T)) + 512);
  PODVector<Vec3<T>> in;
  PODVector<std::int32_t> oi;
  PODVector<T> od;
  in.reserve_from(io, n);
  oi.reserve_from(io, m);
  od.reserve_from(io, m);
  in.assign(io, queries);
  io.freeze();
  std::byte* base = io.base();
  gpu::parallel_for(n, detail::KNearestFunctor<MaxK, PointCloud<T, S>>{
                           view, in.data(base), oi.data(base), od.data(base), k});
  io.copy_out(oi.offset, indices.data(), m * sizeof(std::int32_t));
  io.copy_out(od.offset, dist2.data(), m * sizeof(T));
}

}  // namespace ALFVEN_GPU_TU_NAMESPACE

}  // namespace geom
}  // namespace alfven
