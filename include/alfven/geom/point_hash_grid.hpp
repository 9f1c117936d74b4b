/// @file point_hash_grid.hpp
/// @brief PointHashGrid<T>: the uniform-grid search of PointCloud<T, PointSearch::HashGrid>
/// (point_cloud.hpp). Host and device queries, host build.
///
/// A dense uniform grid of cubic cells over the points' bounding box: the cell size h is chosen
/// so that a cell holds `points_per_cell` points on average, from the volume of the
/// non-degenerate axes; a cell's linear index (i + nx (j + ny k)) hashes it into `cell_start`
/// (nx ny nz + 1 offsets of a counting sort; S. Green, "Particle simulation using CUDA", NVIDIA
/// 2010). A query visits shells of cells at Chebyshev distance r = 0, 1, 2, ... around its
/// (clamped) cell, skips cells whose box is farther than the k-th best, and stops once the box
/// distance to every cell not yet visited exceeds the k-th best. Cell boxes are widened by a
/// margin (measured at build, at least 32 ulps of the coordinates) that covers the rounding of
/// the cell assignment, so the results equal a brute-force scan (point_neighbours.hpp). Good
/// for even density; on strongly clustered clouds the BVH is about 10x faster
/// (docs/geometry.md, "Point clouds").
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/pool.hpp"
#include "bvh/node.hpp"
#include "point_neighbours.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// The uniform grid of a PointCloud (see point_hash_grid.hpp). Trivially copyable: its one
/// array (cell_start) lives in the cloud's pool.
template <typename T>
class PointHashGrid {
 public:
  /// Grid cells (0 before build).
  ALFVEN_HOST_DEVICE std::size_t cell_count() const {
    return cell_start_.size() ? cell_start_.size() - 1 : 0;
  }
  /// Cell edge length (the cloud's unit).
  ALFVEN_HOST_DEVICE T cell_size() const { return h_; }
  /// Cells along axis a.
  ALFVEN_HOST_DEVICE int cells_along(int a) const { return dims_[a]; }
  /// One past the last byte of the grid's array in the pool.
  std::size_t end_byte() const { return cell_start_.end_byte(); }

  /// Offers every point of the cells that can hold one of the k best to `acc` (see the file
  /// comment): `points` in the grid's order, `box` their bounding box, `base` the pool's base.
  template <typename Acc>
  ALFVEN_HOST_DEVICE void search(const std::byte* base, const CloudPoint<T>* points,
                                 const AABB<T>& box, const Vec3<T>& p, std::int32_t exclude,
                                 Acc& acc) const {
    const std::int32_t* start = cell_start_.data(base);
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
        if (bvh::sum_of_squares<true>(T(0), T(0), gz) > acc.worst()) continue;  // the whole plane
        const bool kface = k == c[2] - r || k == c[2] + r;
        for (int j = j0; j <= j1; ++j) {
          const T gy = cell_gap(p.y, 1, j);
          if (bvh::sum_of_squares<true>(T(0), gy, gz) > acc.worst()) continue;  // the whole row
          const std::int32_t row = nx * (j + ny * k);
          if (kface || j == c[1] - r || j == c[1] + r) {
            for (int i = i0; i <= i1; ++i)
              visit_cell(start, points, p, exclude, acc, row + i, cell_gap(p.x, 0, i), gy, gz);
          } else {  // inside the shell's y-z extent: only the two x faces
            if (c[0] - r >= 0)
              visit_cell(start, points, p, exclude, acc, row + c[0] - r, cell_gap(p.x, 0, c[0] - r),
                         gy, gz);
            if (r > 0 && c[0] + r < nx)
              visit_cell(start, points, p, exclude, acc, row + c[0] + r, cell_gap(p.x, 0, c[0] + r),
                         gy, gz);
          }
        }
      }
      if (outside_bound(box, p, c, r) > acc.worst()) return;
    }
  }

  /// Builds the grid of `cps` (bounding box `box`) into `pool` and sorts `cps` into the grid's
  /// order (counting sort by cell, stable). Throws alfven::Error for a cell size that is not
  /// representable in T or too many cells. Host only.
  void build(Pool& pool, std::vector<CloudPoint<T>>& cps, const AABB<T>& box,
             double points_per_cell) {
    const std::size_t n = cps.size();
    const Vec3<double> lo = box.lo.template as<double>(), hi = box.hi.template as<double>();
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
    lo_ = box.lo;
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

 private:
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
    return bvh::gap(p, edge(a, i) - margin_, edge(a, i + 1) + margin_);
  }

  template <typename Acc>
  ALFVEN_HOST_DEVICE ALFVEN_INLINE void visit_cell(const std::int32_t* start,
                                                   const CloudPoint<T>* pts, const Vec3<T>& p,
                                                   std::int32_t exclude, Acc& acc,
                                                   std::int32_t cell, T gx, T gy, T gz) const {
    if (bvh::sum_of_squares<true>(gx, gy, gz) > acc.worst()) return;
    const std::int32_t e = start[cell + 1];
    for (std::int32_t s = start[cell]; s < e; ++s) {
      const CloudPoint<T> c = pts[s];
      if (c.index != exclude) acc.insert(distance_squared(p, c.position), c.index, s);
    }
  }

  /// Lower bound of the squared distance from p to every point in a cell outside the block of
  /// cells within Chebyshev distance r of c (clamped to the grid): the nearest of the slabs
  /// of the bounding box beyond each open face of the block. +inf if the block covers all.
  ALFVEN_HOST_DEVICE T outside_bound(const AABB<T>& box, const Vec3<T>& p, const int c[3],
                                     int r) const {
    T b = detail::infinity<T>();
    for (int a = 0; a < 3; ++a) {
      if (c[a] - r > 0) {  // cells with index < c[a] - r
        AABB<T> slab = box;
        slab.hi[a] = min_(slab.hi[a], edge(a, c[a] - r) + margin_);
        b = min_(b, detail::box_distance_squared(slab, p));
      }
      if (c[a] + r < dims_[a] - 1) {  // cells with index > c[a] + r
        AABB<T> slab = box;
        slab.lo[a] = max_(slab.lo[a], edge(a, c[a] + r + 1) - margin_);
        b = min_(b, detail::box_distance_squared(slab, p));
      }
    }
    return b;
  }

  PODVector<std::int32_t> cell_start_{};       ///< cell c holds slots [start[c], start[c+1])
  Vec3<T> lo_{};                               ///< grid origin (the box's low corner)
  T h_ = T(0), inv_h_ = T(0), margin_ = T(0);  ///< cell size, 1 / h, cell widening
  int dims_[3] = {0, 0, 0};                    ///< cells per axis
};

}  // namespace geom
}  // namespace alfven
