/// @file point_cloud.hpp
/// @brief PointCloud<T, S>: nearest-neighbour, k-nearest-neighbour and closest-point queries
/// on a cloud of points, accelerated by a BVH (S = PointSearch::BVH) or a uniform hash grid
/// (S = PointSearch::HashGrid), built into a Pool and queried on host or device through
/// rebased_view; and the batch helpers all_nearest_neighbours, nearest_neighbours and
/// k_nearest_neighbours that run through gpu::parallel_for.
///
/// Layout (both searches): the points reordered into search order as `CloudPoint`s (position
/// and original 0-based input index, 16 bytes in float), plus
///  - BVH: a flat array of BVHNode<T> (box of the node's points; children `first`, `first + 1`
///    when count == 0, else points [first, first + count), at most LeafSize = 8). Top-down
///    median split along the longest axis of the node's points (balanced: depth about
///    log2(n / 8)). Traversal keeps a stack of (node, box distance²) in registers, visits the
///    nearer child first and skips nodes whose box is farther than the current k-th best.
///  - HashGrid: a dense uniform grid of cubic cells over the points' bounding box (the cell
///    size h is chosen so that a cell holds `points_per_cell` points on average, from the
///    volume of the non-degenerate axes), a cell's linear index (i + nx (j + ny k)) hashing it
///    into `cell_start` (nx ny nz + 1 offsets of a counting sort). A query visits shells of
///    cells at Chebyshev distance r = 0, 1, 2, ... around its (clamped) cell, skips cells whose
///    box is farther than the k-th best, and stops once the box distance to every cell not yet
///    visited exceeds the k-th best. Good for even density; on strongly clustered clouds the
///    cells in the clusters hold many points and queries in the gaps walk many empty cells
///    (bench_point_cloud --cloud clustered: the BVH is then about 10x faster).
///
/// Exactness: distances are squared Euclidean distances computed by distance_squared() (the
/// same formula everywhere, with no FMA contraction in device code), results are ordered by
/// (distance², original index), so ties go to the smaller index, and pruning only skips a
/// node or cell whose lower bound is strictly larger than the k-th best: the results equal a
/// brute-force scan exactly (indices and distances). Grid cell boxes are widened by a margin
/// (measured at build, at least 32 ulps of the coordinates) that covers the rounding of the
/// cell assignment. On the host a compiler that contracts to FMA (-mfma with
/// -ffp-contract=fast) contracts bounds and distances alike (one formula; fma is monotone
/// too), so bounds stay below distances; reference scans must then use distance_squared().
///
/// Precision: T is float or double; inputs of the other precision are converted once at build
/// (float results are exact for the converted points). Units are the caller's length unit;
/// every distance returned is squared (unit²).
///
/// References: J. H. Friedman, J. L. Bentley, R. A. Finkel, "An algorithm for finding best
/// matches in logarithmic expected time", ACM TOMS 3 (1977) (branch-and-bound k-NN over a
/// hierarchy, nearer child first); S. Green, "Particle simulation using CUDA", NVIDIA (2010)
/// (uniform grid by counting sort: cell start offsets and sorted indices).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <type_traits>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/gpu.hpp"
#include "alfven/core/pool.hpp"
#include "bvh.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// Which acceleration structure a PointCloud uses.
enum class PointSearch : std::int32_t {
  BVH,      ///< bounding volume hierarchy over the points (adapts to any distribution)
  HashGrid  ///< uniform grid of cubic cells, counting-sorted (best for even density)
};

/// The result of a nearest-neighbour query: original 0-based index of the cloud point (-1
/// when there is none: the only point was excluded) and its squared distance (unit²; +inf
/// when index is -1).
template <typename T>
struct Neighbour {
  std::int32_t index;
  T distance2;
};

/// One cloud point in search order: its position and its original 0-based input index.
/// 16 bytes in float (one vector load on a device), 32 in double.
template <typename T>
struct alignas(16) CloudPoint {
  Vec3<T> position;
  std::int32_t index;
};

/// Squared Euclidean distance |a - b|², summed as dx² + dy² + dz² in that order. In device
/// code it is computed with round-to-nearest intrinsics (no FMA contraction), so host and
/// device give the same bits. Every point-cloud query uses this formula; use it for reference
/// computations that must compare equal.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T distance_squared(const Vec3<T>& a, const Vec3<T>& b) {
  const T dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same<T, float>::value)
    return __fadd_rn(__fadd_rn(__fmul_rn(dx, dx), __fmul_rn(dy, dy)), __fmul_rn(dz, dz));
  else
    return __dadd_rn(__dadd_rn(__dmul_rn(dx, dx), __dmul_rn(dy, dy)), __dmul_rn(dz, dz));
#else
  return dx * dx + dy * dy + dz * dz;
#endif
}

namespace detail {

/// gx² + gy² + gz² with the rounding of distance_squared (a lower bound computed this way from
/// per-axis gaps no larger than a point's |dx|, |dy|, |dz| never exceeds its distance²).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T sum_squares(T gx, T gy, T gz) {
  return distance_squared(Vec3<T>{gx, gy, gz}, Vec3<T>{T(0), T(0), T(0)});
}

/// Gap from coordinate p to the interval [lo, hi] (0 inside), as max(lo - p, p - hi, 0).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T gap(T p, T lo, T hi) {
  return max_(max_(lo - p, p - hi), T(0));
}

/// Squared distance from p to a box, a lower bound of distance_squared(p, x) for every x
/// inside it (rounding is monotone, and the sum has distance_squared's order).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T box_distance_squared(const AABB<T>& b, const Vec3<T>& p) {
  return sum_squares(gap(p.x, b.lo.x, b.hi.x), gap(p.y, b.lo.y, b.hi.y), gap(p.z, b.lo.z, b.hi.z));
}

template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T infinity() {
  return T(INFINITY);
}

/// (da, ia) before (db, ib): smaller distance, then smaller index.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE bool before(T da, std::int32_t ia, T db, std::int32_t ib) {
  return da < db || (da == db && ia < ib);
}

/// The best candidate so far (k = 1).
template <typename T>
struct BestOne {
  T d2 = infinity<T>();
  std::int32_t index = -1;
  std::int32_t slot = -1;
  /// Nodes and cells with a lower bound strictly above this are skipped.
  ALFVEN_HOST_DEVICE ALFVEN_INLINE T worst() const { return d2; }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE void insert(T d, std::int32_t i, std::int32_t s) {
    if (index < 0 ? !(d > d2) : before(d, i, d2, index)) {  // accepts +inf when empty
      d2 = d;
      index = i;
      slot = s;
    }
  }
};

/// The k best candidates so far, sorted by (distance², index), in local arrays of MaxK.
template <typename T, int MaxK>
struct BestK {
  T d2[MaxK];
  std::int32_t index[MaxK];
  int k = 1;  ///< wanted, 1 <= k <= MaxK
  int n = 0;  ///< held, n <= k
  ALFVEN_HOST_DEVICE ALFVEN_INLINE T worst() const { return n < k ? infinity<T>() : d2[k - 1]; }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE void insert(T d, std::int32_t i, std::int32_t /*slot*/) {
    int pos;
    if (n < k) {
      pos = n++;
    } else {
      if (!before(d, i, d2[k - 1], index[k - 1])) return;
      pos = k - 1;
    }
    while (pos > 0 && before(d, i, d2[pos - 1], index[pos - 1])) {
      d2[pos] = d2[pos - 1];
      index[pos] = index[pos - 1];
      --pos;
    }
    d2[pos] = d;
    index[pos] = i;
  }
};

/// Host: throws alfven::Error; device: prints and traps (k is a caller's argument).
ALFVEN_HOST_DEVICE inline void check_k(int k, int max_k) {
#if defined(__CUDA_ARCH__)
  if (k < 1 || k > max_k) {
    printf("alfven: PointCloud::k_nearest: k = %d is outside [1, %d]\n", k, max_k);
    __trap();
  }
#else
  ALFVEN_REQUIRE(k >= 1 && k <= max_k,
                 "PointCloud::k_nearest: k = " << k << " is outside [1, " << max_k
                                               << "] (MaxK is the template argument of k_nearest)");
#endif
}

}  // namespace detail

/// A cloud of points with nearest-neighbour search, built into a Pool (see the file comment
/// for the layout). Trivially copyable; take rebased_view(pool) onto the pool it is queried
/// against (the build pool, or a frozen mirror of it in gpu::memory_resource() for a kernel).
/// All queries are const, host and device, allocate nothing and are safe from many threads.
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
  /// Most points a cloud may hold (indices are int32, -1 means none).
  static constexpr std::size_t MaxPoints = 2147483646u;

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
      c.build_grid(pool, cps, points_per_cell);
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
    end = std::max(end, cell_start_.end_byte());
    alfven::detail::check_rebase(pool, end, "PointCloud");
    PointCloud c = *this;
    c.base_ = pool.base();
    return c;
  }

  /// Number of points.
  ALFVEN_HOST_DEVICE std::size_t size() const { return points_.size(); }
  /// Bounding box of the points (exact, in T).
  ALFVEN_HOST_DEVICE const AABB<T>& box() const { return box_; }
  /// BVH nodes (0 for a HashGrid).
  ALFVEN_HOST_DEVICE std::size_t node_count() const { return nodes_.size(); }
  /// Grid cells (0 for a BVH).
  ALFVEN_HOST_DEVICE std::size_t cell_count() const {
    return cell_start_.size() ? cell_start_.size() - 1 : 0;
  }
  /// Grid cell edge length (unit; 0 for a BVH) and cells per axis.
  ALFVEN_HOST_DEVICE T cell_size() const { return h_; }
  ALFVEN_HOST_DEVICE int cells_along(int axis) const { return dims_[axis]; }
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
  template <typename Acc>
  ALFVEN_HOST_DEVICE void run(const Vec3<T>& p, std::int32_t exclude, Acc& acc) const {
    if constexpr (S == PointSearch::BVH)
      search_bvh(p, exclude, acc);
    else
      search_grid(p, exclude, acc);
  }

  // ---- BVH -------------------------------------------------------------------------------------
  template <typename Acc>
  ALFVEN_HOST_DEVICE void search_bvh(const Vec3<T>& p, std::int32_t exclude, Acc& acc) const {
    const Node* nodes = nodes_.data(base_);
    const CloudPoint<T>* pts = points_.data(base_);
    std::int32_t stack[StackSize];
    T bound[StackSize];
    int sp = 0;
    stack[sp] = 0;
    bound[sp++] = detail::box_distance_squared(nodes[0].box, p);
    while (sp > 0) {
      --sp;
      if (bound[sp] > acc.worst()) continue;  // the k-th best shrank since this was pushed
      const Node n = nodes[stack[sp]];
      if (n.count > 0) {
        for (std::int32_t s = n.first; s < n.first + n.count; ++s) {
          const CloudPoint<T> c = pts[s];
          if (c.index != exclude) acc.insert(distance_squared(p, c.position), c.index, s);
        }
        continue;
      }
      const T dl = detail::box_distance_squared(nodes[n.first].box, p);
      const T dr = detail::box_distance_squared(nodes[n.first + 1].box, p);
      const T w = acc.worst();
      // Push the farther child first so that the nearer one is visited next.
      const bool left_first = !(dr < dl);
      const std::int32_t near = left_first ? n.first : n.first + 1;
      const T dnear = left_first ? dl : dr, dfar = left_first ? dr : dl;
      if (!(dfar > w)) {
        stack[sp] = 2 * n.first + 1 - near;
        bound[sp++] = dfar;
      }
      if (!(dnear > w)) {
        stack[sp] = near;
        bound[sp++] = dnear;
      }
    }
  }

  void build_bvh(Pool& pool, std::vector<CloudPoint<T>>& cps) {
    std::vector<Node> nodes;
    nodes.reserve(4 * cps.size() / LeafSize + 2);
    nodes.push_back(Node{});
    int depth = 0;
    build_node(nodes, 0, cps, 0, std::int32_t(cps.size()), 1, depth);
    ALFVEN_REQUIRE(depth < StackSize, "PointCloud::build: hierarchy too deep (" << depth << ")");
    nodes_.reserve_from(pool, nodes.size());
    nodes_.assign(pool, nodes);
  }

  static void build_node(std::vector<Node>& nodes, std::size_t index,
                         std::vector<CloudPoint<T>>& cps, std::int32_t begin, std::int32_t end,
                         int level, int& depth) {
    depth = std::max(depth, level);
    AABB<T> box{cps[std::size_t(begin)].position, cps[std::size_t(begin)].position};
    for (std::int32_t i = begin + 1; i < end; ++i) {
      const Vec3<T>& q = cps[std::size_t(i)].position;
      box.lo = vmin(box.lo, q);
      box.hi = vmax(box.hi, q);
    }
    if (end - begin <= LeafSize) {
      nodes[index] = Node{box, begin, end - begin};
      return;
    }
    const Vec3<T> ext = box.hi - box.lo;
    const int axis = ext.x >= ext.y && ext.x >= ext.z ? 0 : (ext.y >= ext.z ? 1 : 2);
    const std::int32_t mid = begin + (end - begin) / 2;
    const auto b = cps.begin() + begin, m = cps.begin() + mid, e = cps.begin() + end;
    using P = CloudPoint<T>;  // one comparator per axis (no per-comparison axis switch)
    if (axis == 0)
      std::nth_element(b, m, e, [](const P& u, const P& v) { return u.position.x < v.position.x; });
    else if (axis == 1)
      std::nth_element(b, m, e, [](const P& u, const P& v) { return u.position.y < v.position.y; });
    else
      std::nth_element(b, m, e, [](const P& u, const P& v) { return u.position.z < v.position.z; });
    const std::int32_t left = std::int32_t(nodes.size());
    nodes.push_back(Node{});
    nodes.push_back(Node{});
    nodes[index] = Node{box, left, 0};
    build_node(nodes, std::size_t(left), cps, begin, mid, level + 1, depth);
    build_node(nodes, std::size_t(left) + 1, cps, mid, end, level + 1, depth);
  }

  // ---- hash grid -------------------------------------------------------------------------------
  /// Lower edge of cell i along axis a (before widening by the margin).
  ALFVEN_HOST_DEVICE ALFVEN_INLINE T edge(int a, int i) const { return lo_[a] + T(i) * h_; }

  /// The cell of coordinate x along axis a, clamped to the grid (NaN -> 0).
  ALFVEN_HOST_DEVICE ALFVEN_INLINE int cell_of(T x, int a) const {
    const T u = std::floor((x - lo_[a]) * inv_h_);
    if (!(u >= T(0))) return 0;
    if (u >= T(dims_[a] - 1)) return dims_[a] - 1;
    return int(u);
  }

  /// Gap from p to the widened cell interval i along axis a.
  ALFVEN_HOST_DEVICE ALFVEN_INLINE T cell_gap(T p, int a, int i) const {
    return detail::gap(p, edge(a, i) - margin_, edge(a, i + 1) + margin_);
  }

  template <typename Acc>
  ALFVEN_HOST_DEVICE ALFVEN_INLINE void visit_cell(const Vec3<T>& p, std::int32_t exclude, Acc& acc,
                                                   std::int32_t cell, T gx, T gy, T gz) const {
    if (detail::sum_squares(gx, gy, gz) > acc.worst()) return;
    const std::int32_t* start = cell_start_.data(base_);
    const CloudPoint<T>* pts = points_.data(base_);
    const std::int32_t e = start[cell + 1];
    for (std::int32_t s = start[cell]; s < e; ++s) {
      const CloudPoint<T> c = pts[s];
      if (c.index != exclude) acc.insert(distance_squared(p, c.position), c.index, s);
    }
  }

  /// Lower bound of the squared distance from p to every point in a cell outside the block of
  /// cells within Chebyshev distance r of c (clamped to the grid): the nearest of the slabs
  /// of the bounding box beyond each open face of the block. +inf if the block covers all.
  ALFVEN_HOST_DEVICE T outside_bound(const Vec3<T>& p, const int c[3], int r) const {
    T b = detail::infinity<T>();
    for (int a = 0; a < 3; ++a) {
      if (c[a] - r > 0) {  // cells with index < c[a] - r
        AABB<T> slab = box_;
        slab.hi[a] = min_(slab.hi[a], edge(a, c[a] - r) + margin_);
        b = min_(b, detail::box_distance_squared(slab, p));
      }
      if (c[a] + r < dims_[a] - 1) {  // cells with index > c[a] + r
        AABB<T> slab = box_;
        slab.lo[a] = max_(slab.lo[a], edge(a, c[a] + r + 1) - margin_);
        b = min_(b, detail::box_distance_squared(slab, p));
      }
    }
    return b;
  }

  template <typename Acc>
  ALFVEN_HOST_DEVICE void search_grid(const Vec3<T>& p, std::int32_t exclude, Acc& acc) const {
    const int nx = dims_[0], ny = dims_[1], nz = dims_[2];
    const int c[3] = {cell_of(p.x, 0), cell_of(p.y, 1), cell_of(p.z, 2)};
    int rmax = 0;
    for (int a = 0; a < 3; ++a) rmax = max_(rmax, max_(c[a], dims_[a] - 1 - c[a]));
    for (int r = 0; r <= rmax; ++r) {
      const int k0 = max_(c[2] - r, 0), k1 = min_(c[2] + r, nz - 1);
      const int j0 = max_(c[1] - r, 0), j1 = min_(c[1] + r, ny - 1);
      const int i0 = max_(c[0] - r, 0), i1 = min_(c[0] + r, nx - 1);
      for (int k = k0; k <= k1; ++k) {
        const T gz = cell_gap(p.z, 2, k);
        if (detail::sum_squares(T(0), T(0), gz) > acc.worst()) continue;  // the whole plane
        const bool kface = k == c[2] - r || k == c[2] + r;
        for (int j = j0; j <= j1; ++j) {
          const T gy = cell_gap(p.y, 1, j);
          if (detail::sum_squares(T(0), gy, gz) > acc.worst()) continue;  // the whole row
          const std::int32_t row = nx * (j + ny * k);
          if (kface || j == c[1] - r || j == c[1] + r) {
            for (int i = i0; i <= i1; ++i)
              visit_cell(p, exclude, acc, row + i, cell_gap(p.x, 0, i), gy, gz);
          } else {  // inside the shell's y-z extent: only the two x faces
            if (c[0] - r >= 0)
              visit_cell(p, exclude, acc, row + c[0] - r, cell_gap(p.x, 0, c[0] - r), gy, gz);
            if (r > 0 && c[0] + r < nx)
              visit_cell(p, exclude, acc, row + c[0] + r, cell_gap(p.x, 0, c[0] + r), gy, gz);
          }
        }
      }
      if (outside_bound(p, c, r) > acc.worst()) return;
    }
  }

  void build_grid(Pool& pool, std::vector<CloudPoint<T>>& cps, double points_per_cell) {
    const std::size_t n = cps.size();
    const Vec3<double> lo = box_.lo.template as<double>(), hi = box_.hi.template as<double>();
    const Vec3<double> ext = hi - lo;
    const double emax = max_component(ext);
    // Cell size from the density over the non-degenerate axes (a plane or a line of points
    // gets cells sized by its area or length, not by a zero volume).
    const double target = std::max(1.0, double(n) / points_per_cell);
    double h = 1.0;
    if (emax > 0) {
      double measure = 1.0;
      int dims = 0;
      for (int a = 0; a < 3; ++a)
        if (ext[a] > 1e-9 * emax) {
          measure *= ext[a];
          ++dims;
        }
      h = std::pow(measure / target, 1.0 / dims);
      // At most ~4 target + 64 cells in all (a flat axis gets one cell).
      const double limit = 4.0 * target + 64.0;
      for (;;) {
        double cells = 1.0;
        for (int a = 0; a < 3; ++a) cells *= std::floor(ext[a] / h) + 1.0;
        if (cells <= limit) break;
        h *= 1.25;
      }
    }
    ALFVEN_REQUIRE(T(h) > T(0) && std::isfinite(T(1) / T(h)),
                   "PointCloud::build: grid cell size " << h << " is not representable");
    lo_ = box_.lo;
    h_ = T(h);
    inv_h_ = T(1) / h_;
    std::size_t total = 1;
    for (int a = 0; a < 3; ++a) {
      dims_[a] = int(std::floor(ext[a] / h)) + 1;
      total *= std::size_t(dims_[a]);
    }
    ALFVEN_REQUIRE(total < std::size_t(std::numeric_limits<std::int32_t>::max()),
                   "PointCloud::build: too many grid cells (" << total << ")");
    // Counting sort by cell, stable (input order within a cell).
    std::vector<std::int32_t> start(total + 1, 0), cell_of_point(n);
    double violation = 0.0, scale = 0.0;
    for (int a = 0; a < 3; ++a)
      scale = std::max(scale, std::max(std::fabs(lo[a]), std::fabs(hi[a])) + double(h));
    margin_ = T(0);
    for (std::size_t i = 0; i < n; ++i) {
      const Vec3<T>& q = cps[i].position;
      int ci[3];
      for (int a = 0; a < 3; ++a) {
        ci[a] = cell_of(q[a], a);
        // How far the rounded cell assignment puts the point outside its cell's interval.
        violation = std::max(violation, double(edge(a, ci[a])) - double(q[a]));
        violation = std::max(violation, double(q[a]) - double(edge(a, ci[a] + 1)));
      }
      cell_of_point[i] = ci[0] + dims_[0] * (ci[1] + dims_[1] * ci[2]);
      ++start[std::size_t(cell_of_point[i]) + 1];
    }
    for (std::size_t c = 0; c < total; ++c) start[c + 1] += start[c];
    std::vector<std::int32_t> fill(start.begin(), start.end() - 1);
    std::vector<CloudPoint<T>> sorted(n);
    for (std::size_t i = 0; i < n; ++i)
      sorted[std::size_t(fill[std::size_t(cell_of_point[i])]++)] = cps[i];
    cps.swap(sorted);
    const double eps = double(std::numeric_limits<T>::epsilon());
    margin_ = T(std::max(32.0 * eps * scale, 2.0 * violation));
    cell_start_.reserve_from(pool, start.size());
    cell_start_.assign(pool, start);
  }

  PODVector<CloudPoint<T>> points_{};     ///< points in search order
  PODVector<Node> nodes_{};               ///< BVH only
  PODVector<std::int32_t> cell_start_{};  ///< HashGrid only: cell c holds [start[c], start[c+1])
  AABB<T> box_{};
  const std::byte* base_ = nullptr;
  Vec3<T> lo_{};                               ///< HashGrid: grid origin (the box's low corner)
  T h_ = T(0), inv_h_ = T(0), margin_ = T(0);  ///< HashGrid: cell size, 1 / h, cell widening
  int dims_[3] = {0, 0, 0};                    ///< HashGrid: cells per axis
};

/// Shorthands for the two searches.
template <typename T>
using PointCloudBVH = PointCloud<T, PointSearch::BVH>;
template <typename T>
using PointCloudHashGrid = PointCloud<T, PointSearch::HashGrid>;

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
