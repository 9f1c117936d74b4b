/// @file mesh_bvh_build.hpp
/// @brief Host-side construction of a binary BVH topology over boxes (triangles of a mesh):
/// binned SAH (top-down) or Morton/LBVH-style (sorted Morton codes of the centres, split at
/// the highest differing bit). Both return the same BVHTopology (a tree of BVHBuildNode over
/// a permutation of the input), which MeshSDF flattens into its device layout.
///
/// References:
///  - SAH: J. D. MacDonald and K. S. Booth, "Heuristics for ray tracing using space
///    subdivision", The Visual Computer 6(3), 1990 (cost C = C_node + Σ_children
///    (A_child / A_parent) N_child C_prim); binning: I. Wald, "On fast construction of
///    SAH-based bounding volume hierarchies", IEEE Symp. Interactive Ray Tracing 2007 (bins of
///    equal width over the centre bounds, sweep of the bin boundaries).
///  - Morton: C. Lauterbach et al., "Fast BVH construction on GPUs", Eurographics 2009 (LBVH);
///    T. Karras, "Maximizing parallelism in the construction of BVHs, octrees and k-d trees",
///    HPG 2012 (split of a sorted code range at its highest differing bit, §3). Codes here are
///    63-bit (21 bits per axis over the centre bounds); equal codes are split at the middle.
///
/// Both builds fall back to an object-median split below depth MedianDepth, so the tree depth
/// is at most MedianDepth + log2(n / leaf size) + 1 (traversal stacks are sized from it).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <vector>

#include "alfven/core/error.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// Which BVH construction MeshSDF (and other primitive BVHs) use.
enum class BVHBuild : std::int32_t {
  SAH,    ///< binned surface area heuristic, top-down (best trees; default)
  Morton  ///< LBVH-style: sorted 63-bit Morton codes, split at the highest differing bit (fast)
};

/// One node of a built topology: box of everything below, and either two children (left,
/// right >= 0) or a leaf (left == right == -1). Every node covers the contiguous range
/// [first, first + count) of BVHTopology::order.
struct BVHBuildNode {
  AABB<double> box;
  std::int32_t left = -1, right = -1;
  std::int32_t first = 0, count = 0;
  bool leaf() const { return left < 0; }
};

/// The result of a build: nodes (root at 0), the permutation of the input (leaf ranges index
/// it) and the depth (levels, root = 1).
struct BVHTopology {
  std::vector<BVHBuildNode> nodes;
  std::vector<std::int32_t> order;
  int depth = 0;
};

namespace detail {

/// Below this depth both builds switch to object-median splits (bounds the depth).
constexpr int MedianDepth = 32;

inline double half_area(const AABB<double>& b) {
  const Vec3<double> e = b.hi - b.lo;
  return e.x * e.y + e.y * e.z + e.z * e.x;
}
inline AABB<double> empty_box() {
  return AABB<double>{Vec3<double>::all(1e300), Vec3<double>::all(-1e300)};
}

/// Spreads the low 21 bits of x to every third bit of a 63-bit word.
inline std::uint64_t spread_bits_21(std::uint64_t x) {
  x &= 0x1fffff;
  x = (x | x << 32) & 0x1f00000000ffffULL;
  x = (x | x << 16) & 0x1f0000ff0000ffULL;
  x = (x | x << 8) & 0x100f00f00f00f00fULL;
  x = (x | x << 4) & 0x10c30c30c30c30c3ULL;
  x = (x | x << 2) & 0x1249249249249249ULL;
  return x;
}

class BVHBuilder {
 public:
  BVHBuilder(const std::vector<AABB<double>>& boxes, int leaf_size, int bins)
      : boxes_(boxes), leaf_size_(leaf_size), bins_(bins) {
    centres_.resize(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) centres_[i] = boxes[i].centre();
    topo_.order.resize(boxes.size());
    std::iota(topo_.order.begin(), topo_.order.end(), 0);
    topo_.nodes.reserve(2 * boxes.size() / std::size_t(leaf_size) + 2);
  }

  BVHTopology build(BVHBuild method) {
    if (method == BVHBuild::Morton) sort_by_morton();
    topo_.nodes.push_back(BVHBuildNode{});
    node(method, 0, 0, std::int32_t(boxes_.size()), 1);
    return std::move(topo_);
  }

 private:
  void sort_by_morton() {
    AABB<double> cb{centres_[0], centres_[0]};
    for (const auto& c : centres_) cb = cb.merged(AABB<double>{c, c});
    const Vec3<double> ext = cb.hi - cb.lo;
    codes_.resize(centres_.size());
    const double scale = double((1u << 21) - 1);
    for (std::size_t i = 0; i < centres_.size(); ++i) {
      std::uint64_t code = 0;
      for (int d = 0; d < 3; ++d) {
        const double u = ext[d] > 0 ? (centres_[i][d] - cb.lo[d]) / ext[d] : 0.0;
        code |= spread_bits_21(std::uint64_t(std::clamp(u, 0.0, 1.0) * scale)) << (2 - d);
      }
      codes_[i] = code;
    }
    std::sort(topo_.order.begin(), topo_.order.end(), [&](std::int32_t a, std::int32_t b) {
      return codes_[std::size_t(a)] < codes_[std::size_t(b)] ||
             (codes_[std::size_t(a)] == codes_[std::size_t(b)] && a < b);
    });
  }

  std::uint64_t code_at(std::int32_t i) const {
    return codes_[std::size_t(topo_.order[std::size_t(i)])];
  }

  /// Split position of [begin, end) for the Morton build: the first element whose code has
  /// the highest bit in which the first and last codes differ (codes are sorted).
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

  /// Binned SAH split of [begin, end) (partitions order in place); returns the split position,
  /// or -1 when the centres do not separate (all in one bin on every axis).
  std::int32_t sah_split(std::int32_t begin, std::int32_t end) {
    auto& order = topo_.order;
    AABB<double> cb{centres_[std::size_t(order[std::size_t(begin)])],
                    centres_[std::size_t(order[std::size_t(begin)])]};
    for (std::int32_t i = begin; i < end; ++i) {
      const Vec3<double>& c = centres_[std::size_t(order[std::size_t(i)])];
      cb = cb.merged(AABB<double>{c, c});
    }
    double best_cost = 1e300;
    int best_axis = -1, best_bin = -1;
    std::vector<AABB<double>> bin_box(static_cast<std::size_t>(bins_));
    std::vector<std::int32_t> bin_count(static_cast<std::size_t>(bins_));
    std::vector<double> right_cost(static_cast<std::size_t>(bins_));
    for (int axis = 0; axis < 3; ++axis) {
      const double lo = cb.lo[axis], ext = cb.hi[axis] - cb.lo[axis];
      if (!(ext > 0)) continue;
      std::fill(bin_box.begin(), bin_box.end(), empty_box());
      std::fill(bin_count.begin(), bin_count.end(), 0);
      for (std::int32_t i = begin; i < end; ++i) {
        const std::size_t k = std::size_t(order[std::size_t(i)]);
        const int b = std::min(bins_ - 1, int(double(bins_) * (centres_[k][axis] - lo) / ext));
        bin_box[std::size_t(b)] = bin_box[std::size_t(b)].merged(boxes_[k]);
        ++bin_count[std::size_t(b)];
      }
      // Sweep from the right: cost of bins [b, bins).
      AABB<double> acc = empty_box();
      std::int32_t n = 0;
      for (int b = bins_ - 1; b > 0; --b) {
        acc = acc.merged(bin_box[std::size_t(b)]);
        n += bin_count[std::size_t(b)];
        right_cost[std::size_t(b)] = n ? half_area(acc) * double(n) : 0.0;
      }
      acc = empty_box();
      n = 0;
      for (int b = 0; b < bins_ - 1; ++b) {  // split between bins b and b + 1
        acc = acc.merged(bin_box[std::size_t(b)]);
        n += bin_count[std::size_t(b)];
        if (n == 0 || n == end - begin) continue;
        const double cost = half_area(acc) * double(n) + right_cost[std::size_t(b) + 1];
        if (cost < best_cost) {
          best_cost = cost;
          best_axis = axis;
          best_bin = b;
        }
      }
    }
    if (best_axis < 0) return -1;
    const double lo = cb.lo[best_axis], ext = cb.hi[best_axis] - cb.lo[best_axis];
    const auto mid = std::partition(
        order.begin() + begin, order.begin() + end, [&](std::int32_t k) {
          const int b = std::min(
              bins_ - 1, int(double(bins_) * (centres_[std::size_t(k)][best_axis] - lo) / ext));
          return b <= best_bin;
        });
    return std::int32_t(mid - order.begin());
  }

  /// Object-median split along the longest centre extent.
  std::int32_t median_split(std::int32_t begin, std::int32_t end) {
    auto& order = topo_.order;
    AABB<double> cb{centres_[std::size_t(order[std::size_t(begin)])],
                    centres_[std::size_t(order[std::size_t(begin)])]};
    for (std::int32_t i = begin; i < end; ++i) {
      const Vec3<double>& c = centres_[std::size_t(order[std::size_t(i)])];
      cb = cb.merged(AABB<double>{c, c});
    }
    const Vec3<double> e = cb.hi - cb.lo;
    const int axis = e.x >= e.y && e.x >= e.z ? 0 : (e.y >= e.z ? 1 : 2);
    const std::int32_t mid = begin + (end - begin) / 2;
    std::nth_element(order.begin() + begin, order.begin() + mid, order.begin() + end,
                     [&](std::int32_t a, std::int32_t b) {
                       return centres_[std::size_t(a)][axis] < centres_[std::size_t(b)][axis];
                     });
    return mid;
  }

  void node(BVHBuild method, std::size_t index, std::int32_t begin, std::int32_t end,
            int level) {
    topo_.depth = std::max(topo_.depth, level);
    AABB<double> box = boxes_[std::size_t(topo_.order[std::size_t(begin)])];
    for (std::int32_t i = begin; i < end; ++i)
      box = box.merged(boxes_[std::size_t(topo_.order[std::size_t(i)])]);
    BVHBuildNode n;
    n.box = box;
    n.first = begin;
    n.count = end - begin;
    if (end - begin <= leaf_size_) {
      topo_.nodes[index] = n;
      return;
    }
    std::int32_t mid = -1;
    if (level < MedianDepth)
      mid = method == BVHBuild::Morton ? morton_split(begin, end) : sah_split(begin, end);
    if (mid <= begin || mid >= end) mid = median_split(begin, end);
    const std::int32_t left = std::int32_t(topo_.nodes.size());
    topo_.nodes.push_back(BVHBuildNode{});
    topo_.nodes.push_back(BVHBuildNode{});
    n.left = left;
    n.right = left + 1;
    topo_.nodes[index] = n;
    node(method, std::size_t(left), begin, mid, level + 1);
    node(method, std::size_t(left) + 1, mid, end, level + 1);
  }

  const std::vector<AABB<double>>& boxes_;
  std::vector<Vec3<double>> centres_;
  std::vector<std::uint64_t> codes_;
  int leaf_size_, bins_;
  BVHTopology topo_;
};
}  // namespace detail

/// Builds a BVH topology over `boxes` (one per primitive, host): leaves hold at most
/// `leaf_size` primitives (>= 1); `bins` (>= 2) is the number of SAH bins per axis. Runs on
/// the host in O(n log n); allocates the returned vectors. Throws alfven::Error for no boxes or
/// bad parameters.
inline BVHTopology build_bvh_topology(const std::vector<AABB<double>>& boxes, BVHBuild method,
                                      int leaf_size = 4, int bins = 16) {
  ALFVEN_REQUIRE(!boxes.empty(), "build_bvh_topology: no primitives");
  ALFVEN_REQUIRE(leaf_size >= 1 && bins >= 2,
                 "build_bvh_topology: need leaf_size >= 1 and bins >= 2");
  ALFVEN_REQUIRE(boxes.size() < (std::size_t(1) << 28),
                 "build_bvh_topology: at most 2^28 primitives");
  return detail::BVHBuilder(boxes, leaf_size, bins).build(method);
}

}  // namespace geom
}  // namespace alfven
