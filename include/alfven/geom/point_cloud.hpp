/// @file point_cloud.hpp
/// @brief PointCloud<T, S>: nearest-neighbour, k-nearest-neighbour and closest-point queries
/// on a cloud of points, accelerated by a BVH (S = PointSearch::BVH; bvh/) or a uniform hash
/// grid (S = PointSearch::HashGrid; point_hash_grid.hpp), built into a Pool and queried on host
/// or device through rebased_view. The batch helpers all_nearest_neighbours,
/// nearest_neighbours and k_nearest_neighbours (point_cloud_batch.hpp) come with it.
///
/// Layout (both searches): the points reordered into search order as `CloudPoint`s (position
/// and original 0-based input index, 16 bytes in float), plus
///  - BVH: the flat layout of bvh/node.hpp, object-median splits along the longest axis of the
///    node's points (balanced: depth about log2(n / 8)), leaves of at most LeafSize = 8 points;
///    a nearest-first traversal (bvh/traverse.hpp) skips nodes whose box is farther than the
///    current k-th best;
///  - HashGrid: a counting-sorted uniform grid (point_hash_grid.hpp).
///
/// Exactness: every distance is distance_squared() (point_neighbours.hpp), results are ordered
/// by (distance², original index), and pruning only skips a node or cell whose lower bound is
/// strictly larger than the k-th best, so the results equal a brute-force scan exactly (indices
/// and distances). On the host a compiler that contracts to FMA (-mfma with
/// -ffp-contract=fast) contracts bounds and distances alike (one formula; fma is monotone
/// too), so bounds stay below distances; reference scans must then use distance_squared().
///
/// Precision: T is float or double; inputs of the other precision are converted once at build
/// (float results are exact for the converted points). Units are the caller's length unit;
/// every distance returned is squared (unit²).
///
/// References: J. H. Friedman, J. L. Bentley, R. A. Finkel, "An algorithm for finding best
/// matches in logarithmic expected time", ACM TOMS 3 (1977) (branch-and-bound k-NN over a
/// hierarchy, nearer child first).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/pool.hpp"
#include "bvh/build.hpp"
#include "bvh/node.hpp"
#include "bvh/traverse.hpp"
#include "point_hash_grid.hpp"
#include "point_neighbours.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// Which acceleration structure a PointCloud uses.
enum class PointSearch : std::int32_t {
  BVH,      ///< bounding volume hierarchy over the points (adapts to any distribution)
  HashGrid  ///< uniform grid of cubic cells, counting-sorted (best for even density)
};

/// A cloud of points with nearest-neighbour search, built into a Pool (see point_cloud.hpp).
/// Trivially copyable; take rebased_view(pool) onto the pool it is queried against (the build pool,
/// or a frozen mirror of it in gpu::memory_resource() for a kernel). All queries are const, host
/// and device, allocate nothing and are safe from many threads.
template <typename T, PointSearch S = PointSearch::BVH>
class PointCloud {
 public:
  static_assert(std::is_same<T, float>::value || std::is_same<T, double>::value,
                "PointCloud<T>: T must be float or double");
  using value_type = T;
  using Node = BVHNode<T>;
  static constexpr PointSearch search = S;
  /// Largest number of points in a BVH leaf.
  static constexpr int LeafSize = 8;
  /// Depth of the BVH traversal stack (the build checks the hierarchy fits).
  static constexpr int StackSize = 64;
  /// Default compile-time bound on k for k_nearest (its template argument).
  static constexpr int DefaultMaxK = 32;
  /// Most points a cloud may hold: indices are int32 (-1 means none), and a BVH indexes at most
  /// 2^28 - 1 primitives (bvh/node.hpp).
  static constexpr std::size_t MaxPoints =
      S == PointSearch::BVH ? std::size_t(bvh::MaxPrimitives - 1) : 2147483646u;

  PointCloud() = default;

  /// Builds the search structure of `points` (any unit; Vec3<float> or Vec3<double>, converted
  /// to T) into `pool` (not frozen). `points_per_cell` (HashGrid only, > 0) is the mean
  /// number of points per grid cell the cell size aims at. Throws alfven::Error for an empty
  /// cloud, more than MaxPoints points, a non-finite coordinate, or a bad points_per_cell.
  /// The result is bound to the pool's current base: take rebased_view() after the pool
  /// grows, is frozen or mirrored. Allocates host scratch of O(n); single-threaded.
  template <typename U>
  static PointCloud build(Pool& pool, const std::vector<Vec3<U>>& points,
                          double points_per_cell = 2.0) {
    ALFVEN_REQUIRE(!points.empty(), "PointCloud::build: the cloud is empty (no points)");
    ALFVEN_REQUIRE(points.size() <= MaxPoints,
                   "PointCloud::build: " << points.size() << " points, at most " << MaxPoints);
    ALFVEN_REQUIRE(
        points_per_cell > 0.0 && std::isfinite(points_per_cell),
        "PointCloud::build: points_per_cell must be > 0 (got " << points_per_cell << ")");
    std::vector<CloudPoint<T>> cps(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
      const Vec3<T> p = points[i].template as<T>();
      ALFVEN_REQUIRE(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z),
                     "PointCloud::build: point "
                         << i << " (" << double(points[i].x) << ", " << double(points[i].y) << ", "
                         << double(points[i].z) << ") is not finite in this precision");
      cps[i] = CloudPoint<T>{p, std::int32_t(i)};
    }
    PointCloud c;
    c.box_ = AABB<T>{cps[0].position, cps[0].position};
    for (const auto& p : cps) c.box_ = c.box_.merged(AABB<T>{p.position, p.position});
    if constexpr (S == PointSearch::BVH)
      c.build_bvh(pool, cps);
    else
      c.grid_.build(pool, cps, c.box_, points_per_cell);
    c.points_.reserve_from(pool, cps.size());
    c.points_.assign(pool, cps);
    c.base_ = pool.base();
    return c;
  }

  /// A copy whose arrays are read from `pool` (the build pool or a mirror of it). Throws
  /// alfven::Error if the arrays end past the pool or a device-accessible pool is not frozen.
  PointCloud rebased_view(const Pool& pool) const {
    std::size_t end = points_.end_byte();
    end = std::max(end, nodes_.end_byte());
    end = std::max(end, grid_.end_byte());
    alfven::detail::check_rebase(pool, end, "PointCloud");
    PointCloud c = *this;
    c.base_ = pool.base();
    return c;
  }

  /// Number of points.
  ALFVEN_HOST_DEVICE std::size_t size() const { return points_.size(); }
  /// Bounding box of the points (exact, in T).
  ALFVEN_HOST_DEVICE const AABB<T>& box() const { return box_; }
  /// BVH nodes, inner nodes and leaves (0 for a HashGrid).
  ALFVEN_HOST_DEVICE std::size_t node_count() const { return std::size_t(node_count_); }
  /// Grid cells (0 for a BVH).
  ALFVEN_HOST_DEVICE std::size_t cell_count() const { return grid_.cell_count(); }
  /// Grid cell edge length (unit; 0 for a BVH) and cells per axis.
  ALFVEN_HOST_DEVICE T cell_size() const { return grid_.cell_size(); }
  ALFVEN_HOST_DEVICE int cells_along(int axis) const { return grid_.cells_along(axis); }
  /// The s-th point in search order (s < size()), with its original index.
  ALFVEN_HOST_DEVICE const CloudPoint<T>& slot(std::size_t s) const {
    return points_.data(base_)[s];
  }

  /// The cloud point nearest to p: its original index and squared distance; ties go to the
  /// smaller index. The point whose original index is `exclude` is skipped (-1: none), which
  /// gives a point's nearest *other* point; {-1, +inf} if nothing is left.
  ALFVEN_HOST_DEVICE Neighbour<T> nearest(const Vec3<T>& p, std::int32_t exclude = -1) const {
    detail::BestOne<T> best;
    run(p, exclude, best);
    return Neighbour<T>{best.index, best.d2};
  }

  /// The position of the cloud point nearest to p (the point nearest() names).
  ALFVEN_HOST_DEVICE Vec3<T> closest_point(const Vec3<T>& p) const {
    detail::BestOne<T> best;
    run(p, -1, best);
    return slot(std::size_t(best.slot)).position;
  }

  /// The k cloud points nearest to p, sorted by (squared distance, index): writes their
  /// original indices to out_indices[0..k) and squared distances to out_dist2[0..k) and
  /// returns how many exist (min(k, size()), one fewer when `exclude` names a point); the
  /// slots past that get index -1 and distance² +inf. Requires 1 <= k <= MaxK (a compile-time
  /// bound: the candidates live in local arrays of MaxK); otherwise throws alfven::Error on
  /// the host, prints and traps on a device.
  template <int MaxK = DefaultMaxK>
  ALFVEN_HOST_DEVICE int k_nearest(const Vec3<T>& p, int k, std::int32_t* out_indices, T* out_dist2,
                                   std::int32_t exclude = -1) const {
    static_assert(MaxK >= 1 && MaxK <= 256, "k_nearest: MaxK must be in [1, 256]");
    detail::check_k(k, MaxK);
    detail::BestK<T, MaxK> best;
    best.k = min_(k, MaxK);  // == k after the check (keeps the bound visible to the compiler)
    run(p, exclude, best);
    for (int i = 0; i < k; ++i) {
      out_indices[i] = i < best.n ? best.index[i] : -1;
      out_dist2[i] = i < best.n ? best.d2[i] : detail::infinity<T>();
    }
    return best.n;
  }

 private:
  /// Nearest-first visitor of the BVH (bvh/traverse.hpp): offers the points of each leaf it
  /// reaches to `acc`; nodes whose box is strictly farther than acc's k-th best are skipped.
  template <typename Acc>
  struct BVHVisitor {
    static constexpr bvh::StackLayout stack_layout = bvh::StackLayout::Split;
    const CloudPoint<T>* pts;
    Vec3<T> p;
    std::int32_t exclude;
    Acc& acc;
    ALFVEN_HOST_DEVICE ALFVEN_INLINE T bound(const Node& n, int k) const {
      return bvh::box_distance2<true>(n, k, p);
    }
    ALFVEN_HOST_DEVICE ALFVEN_INLINE bool keep(T d) const { return !(d > acc.worst()); }
    ALFVEN_HOST_DEVICE ALFVEN_INLINE void leaf(std::int32_t code) {
      const std::int32_t first = bvh::leaf_first(code), end = first + bvh::leaf_count(code);
      for (std::int32_t s = first; s < end; ++s) {
        const CloudPoint<T> c = pts[s];
        if (c.index != exclude) acc.insert(distance_squared(p, c.position), c.index, s);
      }
    }
  };

  template <typename Acc>
  ALFVEN_HOST_DEVICE void run(const Vec3<T>& p, std::int32_t exclude, Acc& acc) const {
    const CloudPoint<T>* pts = points_.data(base_);
    if constexpr (S == PointSearch::BVH) {
      BVHVisitor<Acc> v{pts, p, exclude, acc};
      bvh::nearest_first<StackSize>(bvh::BinaryTree<T>{nodes_.data(base_), root_}, v);
    } else {
      grid_.search(base_, pts, box_, p, exclude, acc);
    }
  }

  /// The median-split BVH of `cps` into `pool`; cps sorted into leaf order.
  void build_bvh(Pool& pool, std::vector<CloudPoint<T>>& cps) {
    std::vector<BVHBuildItem<T>> items(cps.size());
    for (std::size_t i = 0; i < cps.size(); ++i) items[i] = {cps[i].position, cps[i].index};
    const BVHTopology<T> topo = build_bvh_topology(std::move(items), BVHBuild::Median, LeafSize);
    ALFVEN_REQUIRE(topo.depth < StackSize,
                   "PointCloud::build: hierarchy too deep (" << topo.depth << ")");
    for (std::size_t i = 0; i < cps.size(); ++i)  // leaf order
      cps[i] = CloudPoint<T>{topo.items[i].c, topo.items[i].index};
    std::vector<Node> nodes;
    root_ = flatten_bvh(topo, nodes, [](std::int32_t, const BVHBuildNode<T>&) {});
    node_count_ = std::int32_t(topo.nodes.size());
    nodes_.reserve_from(pool, nodes.size());
    nodes_.assign(pool, nodes);
  }

  PODVector<CloudPoint<T>> points_{};  ///< points in search order
  PODVector<Node> nodes_{};            ///< BVH only
  PointHashGrid<T> grid_{};            ///< HashGrid only
  AABB<T> box_{};
  const std::byte* base_ = nullptr;
  std::int32_t root_ = 0;        ///< BVH: root code
  std::int32_t node_count_ = 0;  ///< BVH: inner nodes and leaves
};

/// Shorthands for the two searches.
template <typename T>
using PointCloudBVH = PointCloud<T, PointSearch::BVH>;
template <typename T>
using PointCloudHashGrid = PointCloud<T, PointSearch::HashGrid>;

}  // namespace geom
}  // namespace alfven

// The batch helpers (all_nearest_neighbours, nearest_neighbours, k_nearest_neighbours).
#include "point_cloud_batch.hpp"
