/// @file bvh/build_impl.hpp
/// @brief The builder behind build_bvh_topology (bvh/build.hpp); included at its end.
///
/// Splits and their order of operations are fixed: the trees (and so every result that
/// depends on the tree, such as which of two equidistant triangles a query returns and the
/// winding numbers' far-field terms) are pinned bit for bit (tests/pins/). What is computed
/// once and passed down instead of recomputed per node (the SAH's child boxes and centre bounds
/// from its bins, the Morton and median nodes' boxes bottom-up) are minima and maxima of the
/// same values, so they are the same numbers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "build.hpp"

namespace alfven {
namespace geom {
namespace bvh {

/// The empty box (merging it changes nothing).
template <typename S>
inline AABB<S> empty_box() {
  return AABB<S>{Vec3<S>::all(detail::largest<S>()), Vec3<S>::all(-detail::largest<S>())};
}

template <typename S>
class Builder {
 public:
  /// A primitive in the permutation being built: its split centre (copied, so that splits
  /// read contiguous memory) and input index.
  using Item = BVHBuildItem<S>;

  /// Over `boxes` split at `items` (centres and input indices); boxes == nullptr: over points
  /// (each its own box).
  Builder(const std::vector<AABB<S>>* boxes, std::vector<Item>&& items, int leaf_size, int bins)
      : boxes_(boxes), leaf_size_(leaf_size), bins_(bins), items_(std::move(items)) {
    topo_.nodes.reserve(2 * items_.size() / std::size_t(leaf_size) + 2);
  }

  BVHTopology<S> build(BVHBuild method) {
    const std::int32_t n = std::int32_t(items_.size());
    topo_.nodes.push_back(BVHBuildNode<S>{});
    if (method == BVHBuild::SAH) {
      const std::size_t nb = std::size_t(bins_);
      bin_box_.resize(3 * nb);
      bin_count_.resize(3 * nb);
      right_cost_.resize(nb);
      for (auto& b : bin_of_) b.resize(items_.size());
      sah_node(0, 0, n, 1, range_box(0, n), range_centre_box(0, n));
    } else {
      if (method == BVHBuild::Morton) sort_by_morton();
      split_node(method, 0, 0, n, 1);
    }
    topo_.items = std::move(items_);
    return std::move(topo_);
  }

 private:
  std::int32_t at(std::int32_t i) const { return items_[std::size_t(i)].index; }

  /// The box of primitive item i.
  AABB<S> box_of(std::int32_t i) const {
    const Item& it = items_[std::size_t(i)];
    return boxes_ ? (*boxes_)[std::size_t(it.index)] : AABB<S>{it.c, it.c};
  }
  AABB<S> range_box(std::int32_t begin, std::int32_t end) const {
    AABB<S> box = box_of(begin);
    for (std::int32_t i = begin + 1; i < end; ++i) box = box.merged(box_of(i));
    return box;
  }
  AABB<S> range_centre_box(std::int32_t begin, std::int32_t end) const {
    const Vec3<S>& c0 = items_[std::size_t(begin)].c;
    AABB<S> cb{c0, c0};
    for (std::int32_t i = begin + 1; i < end; ++i) {
      const Vec3<S>& c = items_[std::size_t(i)].c;
      cb = cb.merged(AABB<S>{c, c});
    }
    return cb;
  }

  /// Two new nodes (the children of a split); returns the index of the first.
  std::int32_t new_children() {
    const std::int32_t left = std::int32_t(topo_.nodes.size());
    topo_.nodes.push_back(BVHBuildNode<S>{});
    topo_.nodes.push_back(BVHBuildNode<S>{});
    return left;
  }

  // ---- Morton ----------------------------------------------------------------------------------
  void sort_by_morton() {  // items_ are in input order here
    const std::size_t n = items_.size();
    const Vec3<double> c0 = items_[0].c.template as<double>();
    AABB<double> cb{c0, c0};
    for (const Item& it : items_) {
      const Vec3<double> cd = it.c.template as<double>();
      cb = cb.merged(AABB<double>{cd, cd});
    }
    const Vec3<double> ext = cb.hi - cb.lo;
    codes_.resize(n);
    std::vector<std::pair<std::uint64_t, std::int32_t>> keyed(n);
    for (std::size_t i = 0; i < n; ++i) {
      codes_[i] = morton_code(items_[i].c.template as<double>(), cb.lo, ext);
      keyed[i] = {codes_[i], std::int32_t(i)};
    }
    std::sort(keyed.begin(), keyed.end());  // by code, then by input index
    std::vector<Item> sorted(n);
    for (std::size_t i = 0; i < n; ++i) sorted[i] = items_[std::size_t(keyed[i].second)];
    items_.swap(sorted);
  }

  std::uint64_t code_at(std::int32_t i) const { return codes_[std::size_t(at(i))]; }

  /// Split position of [begin, end) for the Morton build: the first element whose code has
  /// the highest bit in which the first and last codes differ (codes sorted); the middle when
  /// all codes are equal.
  std::int32_t morton_split(std::int32_t begin, std::int32_t end) const {
    const std::uint64_t first = code_at(begin), last = code_at(end - 1);
    if (first == last) return begin + (end - begin) / 2;
    const int bit = 63 - __builtin_clzll(first ^ last);
    std::int32_t lo = begin, hi = end - 1;  // code_at(hi) has the bit, code_at(lo) has not
    while (hi - lo > 1) {
      const std::int32_t mid = lo + (hi - lo) / 2;
      if ((code_at(mid) >> bit) & 1u)
        hi = mid;
      else
        lo = mid;
    }
    return hi;
  }

  // ---- median ----------------------------------------------------------------------------------
  /// Object-median split along the longest extent of the centres (partitions order in place).
  std::int32_t median_split(std::int32_t begin, std::int32_t end) {
    const AABB<S> cb = range_centre_box(begin, end);
    const Vec3<S> e = cb.hi - cb.lo;
    const int axis = e.x >= e.y && e.x >= e.z ? 0 : (e.y >= e.z ? 1 : 2);
    const std::int32_t mid = begin + (end - begin) / 2;
    const auto b = items_.begin() + begin, m = items_.begin() + mid, f = items_.begin() + end;
    // One comparator per axis (no per-comparison switch).
    if (axis == 0)
      std::nth_element(b, m, f, [](const Item& u, const Item& v) { return u.c.x < v.c.x; });
    else if (axis == 1)
      std::nth_element(b, m, f, [](const Item& u, const Item& v) { return u.c.y < v.c.y; });
    else
      std::nth_element(b, m, f, [](const Item& u, const Item& v) { return u.c.z < v.c.z; });
    return mid;
  }

  /// A Morton or median node over [begin, end); returns its box (computed bottom-up).
  AABB<S> split_node(BVHBuild method, std::size_t index, std::int32_t begin, std::int32_t end,
                     int level) {
    topo_.depth = std::max(topo_.depth, level);
    BVHBuildNode<S> n;
    n.first = begin;
    n.count = end - begin;
    if (end - begin <= leaf_size_) {
      n.box = range_box(begin, end);
      topo_.nodes[index] = n;
      return n.box;
    }
    std::int32_t mid = -1;
    if (method == BVHBuild::Morton && level < MedianDepth) mid = morton_split(begin, end);
    if (mid <= begin || mid >= end) mid = median_split(begin, end);
    n.left = new_children();
    n.right = n.left + 1;
    const AABB<S> lb = split_node(method, std::size_t(n.left), begin, mid, level + 1);
    const AABB<S> rb = split_node(method, std::size_t(n.right), mid, end, level + 1);
    n.box = lb.merged(rb);
    topo_.nodes[index] = n;
    return n.box;
  }

  // ---- SAH -------------------------------------------------------------------------------------
  /// Binned SAH split of [begin, end) with centre bounds cb (partitions the range in place);
  /// returns the split position and the children's boxes (merged from the bins) and centre
  /// bounds, or -1 when the centres do not separate (all in one bin on every axis). One pass
  /// over the range bins all three axes.
  std::int32_t sah_split(std::int32_t begin, std::int32_t end, const AABB<S>& cb,
                         AABB<S> child_box[2], AABB<S> child_centres[2]) {
    const int nb = bins_;
    S lo[3], ext[3];
    bool binned[3];
    for (int axis = 0; axis < 3; ++axis) {
      lo[axis] = cb.lo[axis];
      ext[axis] = cb.hi[axis] - cb.lo[axis];
      binned[axis] = ext[axis] > 0;
    }
    std::fill(bin_box_.begin(), bin_box_.end(), empty_box<S>());
    std::fill(bin_count_.begin(), bin_count_.end(), 0);
    for (std::int32_t i = begin; i < end; ++i) {
      const Item& it = items_[std::size_t(i)];
      const std::size_t k = std::size_t(it.index);
      const AABB<S> box = box_of(i);
      for (int axis = 0; axis < 3; ++axis) {
        if (!binned[axis]) continue;
        const int b = std::min(nb - 1, int(double(nb) * (it.c[axis] - lo[axis]) / ext[axis]));
        bin_of_[axis][k] = b;
        AABB<S>& bb = bin_box_[std::size_t(axis) * std::size_t(nb) + std::size_t(b)];
        bb = bb.merged(box);
        ++bin_count_[std::size_t(axis) * std::size_t(nb) + std::size_t(b)];
      }
    }
    double best_cost = 1e300;
    int best_axis = -1, best_bin = -1;
    for (int axis = 0; axis < 3; ++axis) {
      if (!binned[axis]) continue;
      const AABB<S>* box = &bin_box_[std::size_t(axis) * std::size_t(nb)];
      const std::int32_t* count = &bin_count_[std::size_t(axis) * std::size_t(nb)];
      // Sweep from the right: cost of bins [b, nb).
      AABB<S> acc = empty_box<S>();
      std::int32_t n = 0;
      for (int b = nb - 1; b > 0; --b) {
        acc = acc.merged(box[b]);
        n += count[b];
        right_cost_[std::size_t(b)] = n ? half_area(acc) * double(n) : 0.0;
      }
      acc = empty_box<S>();
      n = 0;
      for (int b = 0; b < nb - 1; ++b) {  // split between bins b and b + 1
        acc = acc.merged(box[b]);
        n += count[b];
        if (n == 0 || n == end - begin) continue;
        const double cost = half_area(acc) * double(n) + right_cost_[std::size_t(b) + 1];
        if (cost < best_cost) {
          best_cost = cost;
          best_axis = axis;
          best_bin = b;
        }
      }
    }
    if (best_axis < 0) return -1;
    const AABB<S>* box = &bin_box_[std::size_t(best_axis) * std::size_t(nb)];
    child_box[0] = child_box[1] = empty_box<S>();
    for (int b = 0; b < nb; ++b) {
      AABB<S>& c = child_box[b <= best_bin ? 0 : 1];
      c = c.merged(box[b]);
    }
    const std::int32_t* bin_of = bin_of_[best_axis].data();
    const auto mid =
        std::partition(items_.begin() + begin, items_.begin() + end,
                       [bin_of, best_bin](const Item& it) { return bin_of[it.index] <= best_bin; });
    const std::int32_t m = std::int32_t(mid - items_.begin());
    child_centres[0] = range_centre_box(begin, m);
    child_centres[1] = range_centre_box(m, end);
    return m;
  }

  /// An SAH node over [begin, end) with its box and centre bounds known.
  void sah_node(std::size_t index, std::int32_t begin, std::int32_t end, int level,
                const AABB<S>& box, const AABB<S>& cb) {
    topo_.depth = std::max(topo_.depth, level);
    BVHBuildNode<S> n;
    n.box = box;
    n.first = begin;
    n.count = end - begin;
    if (end - begin <= leaf_size_) {
      topo_.nodes[index] = n;
      return;
    }
    AABB<S> child_box[2], child_centres[2];
    std::int32_t mid = -1;
    if (level < MedianDepth) mid = sah_split(begin, end, cb, child_box, child_centres);
    if (mid <= begin || mid >= end) {
      mid = median_split(begin, end);
      child_box[0] = range_box(begin, mid);
      child_box[1] = range_box(mid, end);
      child_centres[0] = range_centre_box(begin, mid);
      child_centres[1] = range_centre_box(mid, end);
    }
    n.left = new_children();
    n.right = n.left + 1;
    topo_.nodes[index] = n;
    sah_node(std::size_t(n.left), begin, mid, level + 1, child_box[0], child_centres[0]);
    sah_node(std::size_t(n.right), mid, end, level + 1, child_box[1], child_centres[1]);
  }

  const std::vector<AABB<S>>* boxes_;  // null: the primitives are the points of items_
  int leaf_size_, bins_;
  std::vector<Item> items_;              // the permutation being built
  std::vector<std::uint64_t> codes_;     // Morton: code per primitive
  std::vector<AABB<S>> bin_box_;         // SAH: [axis][bin] boxes
  std::vector<std::int32_t> bin_count_;  // SAH: [axis][bin] primitives
  std::vector<double> right_cost_;       // SAH: sweep from the right
  std::vector<std::int32_t> bin_of_[3];  // SAH: bin of each primitive per axis
  BVHTopology<S> topo_;
};

}  // namespace bvh

namespace bvh {
/// Throws alfven::Error for what no host build takes: no primitives, more than 2^28 - 1, a
/// leaf size outside [1, 8], fewer than 2 bins, or BVHBuild::LBVH.
inline void check_build(std::size_t n, BVHBuild method, int leaf_size, int bins) {
  ALFVEN_REQUIRE(n > 0, "build_bvh_topology: no primitives");
  ALFVEN_REQUIRE(leaf_size >= 1 && leaf_size <= MaxLeafSize && bins >= 2,
                 "build_bvh_topology: need 1 <= leaf_size <= " << MaxLeafSize << " and bins >= 2");
  ALFVEN_REQUIRE(std::int64_t(n) < MaxPrimitives,
                 "build_bvh_topology: " << n << " primitives, at most 2^28 - 1");
  ALFVEN_REQUIRE(method != BVHBuild::LBVH,
                 "build_bvh_topology: BVHBuild::LBVH builds on a CUDA device (MeshSDF only); "
                 "use sah, morton or median on the host");
}
}  // namespace bvh

template <typename S>
BVHTopology<S> build_bvh_topology(const std::vector<AABB<S>>& boxes,
                                  const std::vector<Vec3<S>>& centres, BVHBuild method,
                                  int leaf_size, int bins) {
  bvh::check_build(boxes.size(), method, leaf_size, bins);
  ALFVEN_REQUIRE(
      centres.size() == boxes.size(),
      "build_bvh_topology: " << boxes.size() << " boxes but " << centres.size() << " centres");
  std::vector<BVHBuildItem<S>> items(centres.size());
  for (std::size_t i = 0; i < centres.size(); ++i) items[i] = {centres[i], std::int32_t(i)};
  return bvh::Builder<S>(&boxes, std::move(items), leaf_size, bins).build(method);
}

template <typename S>
BVHTopology<S> build_bvh_topology(std::vector<BVHBuildItem<S>>&& points, BVHBuild method,
                                  int leaf_size, int bins) {
  bvh::check_build(points.size(), method, leaf_size, bins);
  for (std::size_t i = 0; i < points.size(); ++i)
    ALFVEN_REQUIRE(points[i].index == std::int32_t(i), "build_bvh_topology: point "
                                                           << i << " has index " << points[i].index
                                                           << "; give the points in input order");
  return bvh::Builder<S>(nullptr, std::move(points), leaf_size, bins).build(method);
}

}  // namespace geom
}  // namespace alfven
