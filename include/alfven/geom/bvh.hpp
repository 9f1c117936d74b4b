/// @file bvh.hpp
/// @brief BVHUnion: the union (sharp or smooth) of many primitives, accelerated by a bounding
/// volume hierarchy, built into a Pool and evaluated on host or device through rebased_view.
///
/// Layout: a flat array of nodes (each an axis-aligned box and either two consecutive children or
/// a range of at most LeafSize primitives) and the primitives reordered so that each leaf's are
/// contiguous, both PODVectors in one pool. Traversal keeps a small stack of node indices in
/// registers, visits the nearer child first and prunes every node whose box is farther than the
/// best value so far (a box's distance bounds the distance to anything inside it).
/// Build: top-down median split of the primitive centres along the longest axis (balanced, so
/// the depth is about log2(n / LeafSize)).
///
/// Blend: sharp (d = min_i d_i) or exponential (d = m - k log sum_i exp(-(d_i - m) / k) with
/// m = min_i d_i, the log-sum-exp smooth minimum of Quilez, "Smooth minimum", written around
/// the minimum so that it stays finite in float; order-independent, so the BVH result equals
/// the plain one). The smooth pass skips primitives with d_i > m + cutoff k, whose terms are
/// below exp(-cutoff) = 1e-13.
///
/// Pruning is exact for primitives whose value is an exact distance outside (shapes, their
/// translations and rotations, nested BVH unions); for `Bound` primitives the result can differ
/// from the plain union away from the surface (it is still a bound there).
/// Nesting: a BVHUnion may be the primitive of another BVHUnion built in the same pool.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <type_traits>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/pool.hpp"
#include "shapes.hpp"

namespace alfven {
namespace geom {

/// How a BVHUnion combines its primitives.
enum class Blend : std::int32_t {
  Sharp,       ///< min of the values
  Exponential  ///< log-sum-exp smooth minimum of width k (see bvh.hpp)
};

/// One BVH node: box, and either children (count == 0: `first` and `first + 1`) or a leaf
/// (count > 0: primitives [first, first + count)).
template <typename T>
struct BVHNode {
  AABB<T> box;
  std::int32_t first;
  std::int32_t count;
};

namespace detail {
/// The largest finite value of T (std::numeric_limits is host-only under nvcc).
template <typename T>
ALFVEN_HOST_DEVICE constexpr T largest() {
  if constexpr (std::is_same<T, float>::value)
    return 3.402823466e+38f;
  else
    return 1.7976931348623157e+308;
}

template <typename P, typename = void>
struct is_pool_built : std::false_type {};
template <typename P>
struct is_pool_built<
    P, std::void_t<decltype(std::declval<const P&>().signed_distance_in(
           std::declval<const std::byte*>(), std::declval<const Vec3<typename P::value_type>&>()))>>
    : std::true_type {};

/// A primitive's value; pool-built primitives read their arrays relative to `base`.
template <typename P, typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T evaluate(const P& prim, const std::byte* base,
                                            const Vec3<T>& p) {
  if constexpr (is_pool_built<P>::value) {
    return prim.signed_distance_in(base, p);
  } else {
    (void)base;
    return prim.signed_distance(p);
  }
}
}  // namespace detail

/// Union of many primitives of type P (any shape value type, or a BVHUnion built in the same
/// pool), accelerated by a BVH. Trivially copyable; take rebased_view(pool) to evaluate it
/// against a pool (the build pool, or a mirror of it in device memory).
template <typename P>
class BVHUnion {
 public:
  using value_type = typename P::value_type;
  using T = value_type;
  using Node = BVHNode<T>;
  static constexpr DistanceKind kind = DistanceKind::Bound;
  static constexpr int LeafSize = 4;
  static constexpr int StackSize = 64;
  /// Primitives whose value exceeds the minimum by more than cutoff * width are left out of a
  /// smooth blend (their weight is below exp(-cutoff)).
  static constexpr double SmoothCutoff = 30.0;

  BVHUnion() = default;

  /// Builds the hierarchy of `prims` with bounding boxes `boxes` (one each, containing the
  /// primitive's surface) into `pool` (not frozen). `width` > 0 is required for
  /// Blend::Exponential. Throws alfven::Error for mismatched sizes, no primitives, or a bad
  /// width. The returned object is bound to `pool`'s current base: take rebased_view() again
  /// after the pool grows, is frozen or mirrored.
  static BVHUnion build(Pool& pool, const std::vector<P>& prims, const std::vector<AABB<T>>& boxes,
                        Blend blend = Blend::Sharp, T width = T(0)) {
    static_assert(std::is_trivially_copyable<P>::value,
                  "BVHUnion: primitives must be trivially copyable");
    ALFVEN_REQUIRE(!prims.empty(), "BVHUnion::build: no primitives");
    ALFVEN_REQUIRE(prims.size() == boxes.size(), "BVHUnion::build: " << prims.size()
                                                                     << " primitives but "
                                                                     << boxes.size() << " boxes");
    ALFVEN_REQUIRE(prims.size() < std::size_t(std::numeric_limits<std::int32_t>::max()),
                   "BVHUnion::build: too many primitives");
    ALFVEN_REQUIRE(blend == Blend::Sharp || width > T(0),
                   "BVHUnion::build: a smooth blend needs width > 0");
    std::vector<std::int32_t> order(prims.size());
    std::iota(order.begin(), order.end(), 0);
    std::vector<Vec3<T>> centres(prims.size());
    for (std::size_t i = 0; i < prims.size(); ++i) centres[i] = boxes[i].centre();
    std::vector<Node> nodes;
    nodes.reserve(2 * prims.size() / LeafSize + 2);
    nodes.push_back(Node{});
    int depth = 0;
    build_node(nodes, 0, order, 0, std::int32_t(prims.size()), boxes, centres, 1, depth);
    ALFVEN_REQUIRE(depth < StackSize, "BVHUnion::build: hierarchy too deep (" << depth << ")");
    std::vector<P> sorted(prims.size());
    for (std::size_t i = 0; i < prims.size(); ++i) sorted[i] = prims[std::size_t(order[i])];

    BVHUnion u;
    u.nodes_.reserve_from(pool, nodes.size());
    u.prims_.reserve_from(pool, sorted.size());
    u.nodes_.assign(pool, nodes);
    u.prims_.assign(pool, sorted);
    u.blend_ = blend;
    u.width_ = width;
    u.box_ = nodes[0].box;
    if (blend ==
        Blend::Exponential) {  // the blend reaches at most width * log(n) beyond the sharp surface
      const T g = width * T(std::log(double(prims.size()) + 1.0));
      u.box_ = AABB<T>{u.box_.lo - Vec3<T>::all(g), u.box_.hi + Vec3<T>::all(g)};
    }
    u.base_ = pool.base();
    return u;
  }

  /// A copy whose arrays are read from `pool` (the build pool or a mirror of it). Throws
  /// alfven::Error if the arrays end past the pool or a device-accessible pool is not frozen.
  BVHUnion rebased_view(const Pool& pool) const {
    alfven::detail::check_rebase(
        pool, prims_.end_byte() > nodes_.end_byte() ? prims_.end_byte() : nodes_.end_byte(),
        "BVHUnion");
    BVHUnion u = *this;
    u.base_ = pool.base();
    return u;
  }

  /// Box containing the union's surface (host and device).
  ALFVEN_HOST_DEVICE const AABB<T>& box() const { return box_; }
  ALFVEN_HOST_DEVICE std::size_t size() const { return prims_.size(); }
  ALFVEN_HOST_DEVICE std::size_t node_count() const { return nodes_.size(); }

  /// The union's value at p (reads the pool this view is based on).
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return signed_distance_in(base_, p);
  }

  /// The union's value at p with arrays read relative to `base` (used when nested).
  ALFVEN_HOST_DEVICE T signed_distance_in(const std::byte* base, const Vec3<T>& p) const {
    const T m = nearest(base, p);
    if (blend_ == Blend::Sharp) return m;
    return m - width_ * std::log(exp_sum(base, p, m));
  }

 private:
  /// min_i d_i with pruning.
  ALFVEN_HOST_DEVICE T nearest(const std::byte* base, const Vec3<T>& p) const {
    const Node* nodes = nodes_.data(base);
    const P* prims = prims_.data(base);
    T best = detail::largest<T>();
    std::int32_t stack[StackSize];
    int sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
      const Node& n = nodes[stack[--sp]];
      if (n.count > 0) {
        for (std::int32_t i = n.first; i < n.first + n.count; ++i)
          best = min_(best, detail::evaluate(prims[i], base, p));
        continue;
      }
      const T dl = nodes[n.first].box.distance(p), dr = nodes[n.first + 1].box.distance(p);
      // Push the farther child first so that the nearer one is visited next.
      if (dl <= dr) {
        if (dr < best) stack[sp++] = n.first + 1;
        if (dl < best) stack[sp++] = n.first;
      } else {
        if (dl < best) stack[sp++] = n.first;
        if (dr < best) stack[sp++] = n.first + 1;
      }
    }
    return best;
  }

  /// sum_i exp(-(d_i - m) / width) over primitives with d_i <= m + cutoff * width.
  ALFVEN_HOST_DEVICE T exp_sum(const std::byte* base, const Vec3<T>& p, T m) const {
    const Node* nodes = nodes_.data(base);
    const P* prims = prims_.data(base);
    const T reach = m + T(SmoothCutoff) * width_;
    T sum = T(0);
    std::int32_t stack[StackSize];
    int sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
      const Node& n = nodes[stack[--sp]];
      if (n.box.distance(p) > reach) continue;
      if (n.count > 0) {
        for (std::int32_t i = n.first; i < n.first + n.count; ++i) {
          const T d = detail::evaluate(prims[i], base, p);
          if (d <= reach) sum += std::exp(-(d - m) / width_);
        }
        continue;
      }
      stack[sp++] = n.first;
      stack[sp++] = n.first + 1;
    }
    return sum;
  }

  static void build_node(std::vector<Node>& nodes, std::size_t index,
                         std::vector<std::int32_t>& order, std::int32_t begin, std::int32_t end,
                         const std::vector<AABB<T>>& boxes, const std::vector<Vec3<T>>& centres,
                         int level, int& depth) {
    depth = std::max(depth, level);
    AABB<T> box = boxes[std::size_t(order[std::size_t(begin)])];
    AABB<T> cbox{centres[std::size_t(order[std::size_t(begin)])],
                 centres[std::size_t(order[std::size_t(begin)])]};
    for (std::int32_t i = begin; i < end; ++i) {
      const std::size_t k = std::size_t(order[std::size_t(i)]);
      box = box.merged(boxes[k]);
      cbox = cbox.merged(AABB<T>{centres[k], centres[k]});
    }
    if (end - begin <= LeafSize) {
      nodes[index] = Node{box, begin, end - begin};
      return;
    }
    const Vec3<T> ext = cbox.hi - cbox.lo;
    const int axis = ext.x >= ext.y && ext.x >= ext.z ? 0 : (ext.y >= ext.z ? 1 : 2);
    const std::int32_t mid = begin + (end - begin) / 2;
    std::nth_element(order.begin() + begin, order.begin() + mid, order.begin() + end,
                     [&](std::int32_t a, std::int32_t b) {
                       return centres[std::size_t(a)][axis] < centres[std::size_t(b)][axis];
                     });
    const std::int32_t left = std::int32_t(nodes.size());
    nodes.push_back(Node{});
    nodes.push_back(Node{});
    nodes[index] = Node{box, left, 0};
    build_node(nodes, std::size_t(left), order, begin, mid, boxes, centres, level + 1, depth);
    build_node(nodes, std::size_t(left) + 1, order, mid, end, boxes, centres, level + 1, depth);
  }

  PODVector<Node> nodes_{};
  PODVector<P> prims_{};
  AABB<T> box_{};
  const std::byte* base_ = nullptr;
  Blend blend_ = Blend::Sharp;
  T width_ = T(0);
};

/// Bounding box of a BVH union (for nesting it inside another one).
template <typename P>
AABB<typename P::value_type> bounding_box(const BVHUnion<P>& u) {
  return u.box();
}

/// Builds a sharp BVH union of bounded shapes (boxes from bounding_box(shape)).
template <typename P>
BVHUnion<P> make_bvh_union(Pool& pool, const std::vector<P>& prims) {
  std::vector<AABB<typename P::value_type>> boxes(prims.size());
  for (std::size_t i = 0; i < prims.size(); ++i) boxes[i] = bounding_box(prims[i]);
  return BVHUnion<P>::build(pool, prims, boxes, Blend::Sharp);
}
/// Builds a smooth (exponential) BVH union of width > 0 of bounded shapes.
template <typename P, typename T = typename P::value_type>
BVHUnion<P> make_smooth_bvh_union(Pool& pool, const std::vector<P>& prims, T width) {
  std::vector<AABB<T>> boxes(prims.size());
  for (std::size_t i = 0; i < prims.size(); ++i) boxes[i] = bounding_box(prims[i]);
  return BVHUnion<P>::build(pool, prims, boxes, Blend::Exponential, width);
}

}  // namespace geom
}  // namespace alfven
