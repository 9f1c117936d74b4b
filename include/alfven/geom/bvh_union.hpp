/// @file bvh_union.hpp
/// @brief BVHUnion: the union (sharp or smooth) of many primitives, accelerated by a bounding
/// volume hierarchy (bvh/), built into a Pool and evaluated on host or device through
/// rebased_view.
///
/// Layout: the BVH in the flat layout of bvh/node.hpp (object-median build, leaves of at most
/// LeafSize primitives, so the depth is about log2(n / LeafSize)) and the primitives reordered
/// so that each leaf's are contiguous, both PODVectors in one pool.
///
/// Blend: sharp (d = min_i d_i: a nearest-first traversal pruned by box distance) or exponential
/// (d = m - k log sum_i exp(-(d_i - m) / k) with m = min_i d_i, the log-sum-exp smooth minimum
/// of Quilez, "Smooth minimum", written around the minimum so that it stays finite in float; the
/// sum runs depth-first over the primitives with d_i <= m + cutoff k, whose terms are above
/// exp(-cutoff) = 1e-13; the others are left out).
///
/// Pruning is exact for primitives whose value is an exact distance outside (shapes, their
/// translations and rotations, nested BVH unions); for `Bound` primitives the result can differ
/// from the plain union away from the surface (it is still a bound there).
/// Nesting: a BVHUnion may be the primitive of another BVHUnion built in the same pool.
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
#include "shapes.hpp"

namespace alfven {
namespace geom {

/// How a BVHUnion combines its primitives.
enum class Blend : std::int32_t {
  Sharp,       ///< min of the values
  Exponential  ///< log-sum-exp smooth minimum of width k (see bvh_union.hpp)
};

namespace detail {
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
  /// Blend::Exponential. Throws alfven::Error for mismatched sizes, no primitives, more than
  /// 2^28 - 1 primitives, or a bad width. The returned object is bound to `pool`'s current
  /// base: take rebased_view() again after the pool grows, is frozen or mirrored.
  static BVHUnion build(Pool& pool, const std::vector<P>& prims, const std::vector<AABB<T>>& boxes,
                        Blend blend = Blend::Sharp, T width = T(0)) {
    static_assert(std::is_trivially_copyable<P>::value,
                  "BVHUnion: primitives must be trivially copyable");
    ALFVEN_REQUIRE(!prims.empty(), "BVHUnion::build: no primitives");
    ALFVEN_REQUIRE(prims.size() == boxes.size(), "BVHUnion::build: " << prims.size()
                                                                     << " primitives but "
                                                                     << boxes.size() << " boxes");
    ALFVEN_REQUIRE(std::int64_t(prims.size()) < bvh::MaxPrimitives,
                   "BVHUnion::build: " << prims.size() << " primitives, at most 2^28 - 1");
    ALFVEN_REQUIRE(blend == Blend::Sharp || width > T(0),
                   "BVHUnion::build: a smooth blend needs width > 0");
    const BVHTopology<T> topo = build_bvh_topology(boxes, BVHBuild::Median, LeafSize);
    ALFVEN_REQUIRE(topo.depth < StackSize,
                   "BVHUnion::build: hierarchy too deep (" << topo.depth << ")");
    std::vector<P> sorted(prims.size());
    for (std::size_t i = 0; i < prims.size(); ++i)
      sorted[i] = prims[std::size_t(topo.items[i].index)];
    std::vector<Node> nodes;
    const std::int32_t root = flatten_bvh(topo, nodes, [](std::int32_t, const BVHBuildNode<T>&) {});

    BVHUnion u;
    u.nodes_.reserve_from(pool, nodes.size());
    u.prims_.reserve_from(pool, sorted.size());
    u.nodes_.assign(pool, nodes);
    u.prims_.assign(pool, sorted);
    u.root_ = root;
    u.node_count_ = std::int32_t(topo.nodes.size());
    u.blend_ = blend;
    u.width_ = width;
    u.root_box_ = topo.nodes[0].box;
    u.box_ = u.root_box_;
    if (blend == Blend::Exponential) {
      // The blend reaches at most width * log(n) beyond the sharp surface.
      const T g = width * T(std::log(double(prims.size()) + 1.0));
      u.box_ = AABB<T>{u.box_.lo - Vec3<T>::all(g), u.box_.hi + Vec3<T>::all(g)};
    }
    u.base_ = pool.base();
    return u;
  }

  /// A copy whose arrays are read from `pool` (the build pool or a mirror of it). Throws
  /// alfven::Error if the arrays end past the pool or a device-accessible pool is not frozen.
  BVHUnion rebased_view(const Pool& pool) const {
    alfven::detail::check_rebase(pool, std::max(prims_.end_byte(), nodes_.end_byte()), "BVHUnion");
    BVHUnion u = *this;
    u.base_ = pool.base();
    return u;
  }

  /// Box containing the union's surface (host and device).
  ALFVEN_HOST_DEVICE const AABB<T>& box() const { return box_; }
  ALFVEN_HOST_DEVICE std::size_t size() const { return prims_.size(); }
  /// Nodes of the BVH, inner nodes and leaves.
  ALFVEN_HOST_DEVICE std::size_t node_count() const { return std::size_t(node_count_); }

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
  /// Nearest-first visitor: min_i d_i, children pruned by box distance when pushed (popped
  /// entries are not re-tested, so a `Bound` primitive is evaluated as it always was).
  struct Nearest {
    static constexpr bvh::StackLayout stack_layout = bvh::StackLayout::Codes;
    const P* prims;
    const std::byte* base;
    Vec3<T> p;
    T best;
    ALFVEN_HOST_DEVICE ALFVEN_INLINE T bound(const Node& n, int k) const {
      return bvh::child_box(n, k).distance(p);
    }
    ALFVEN_HOST_DEVICE ALFVEN_INLINE bool keep(T d) const { return d < best; }
    ALFVEN_HOST_DEVICE ALFVEN_INLINE void leaf(std::int32_t code) {
      const std::int32_t first = bvh::leaf_first(code), end = first + bvh::leaf_count(code);
      for (std::int32_t i = first; i < end; ++i)
        best = min_(best, detail::evaluate(prims[i], base, p));
    }
  };

  /// Depth-first visitor: sum_i exp(-(d_i - m) / width) over primitives with d_i <= reach,
  /// nodes whose box is farther than reach skipped.
  struct ExpSum {
    const P* prims;
    const std::byte* base;
    Vec3<T> p;
    T m, width, reach, sum;
    ALFVEN_HOST_DEVICE ALFVEN_INLINE void leaf(std::int32_t code) {
      const std::int32_t first = bvh::leaf_first(code), end = first + bvh::leaf_count(code);
      for (std::int32_t i = first; i < end; ++i) {
        const T d = detail::evaluate(prims[i], base, p);
        if (d <= reach) sum += std::exp(-(d - m) / width);
      }
    }
    ALFVEN_HOST_DEVICE ALFVEN_INLINE bool open(std::int32_t) const { return true; }
    ALFVEN_HOST_DEVICE ALFVEN_INLINE bool enter(const Node& n, int k) const {
      return !(bvh::child_box(n, k).distance(p) > reach);
    }
  };

  /// min_i d_i with pruning.
  ALFVEN_HOST_DEVICE T nearest(const std::byte* base, const Vec3<T>& p) const {
    Nearest v{prims_.data(base), base, p, detail::largest<T>()};
    bvh::nearest_first<StackSize>(bvh::BinaryTree<T>{nodes_.data(base), root_}, v);
    return v.best;
  }

  /// sum_i exp(-(d_i - m) / width) over primitives with d_i <= m + cutoff * width.
  ALFVEN_HOST_DEVICE T exp_sum(const std::byte* base, const Vec3<T>& p, T m) const {
    ExpSum v{prims_.data(base), base, p, m, width_, m + T(SmoothCutoff) * width_, T(0)};
    if (root_box_.distance(p) > v.reach) return T(0);
    bvh::depth_first<StackSize>(nodes_.data(base), root_, v);
    return v.sum;
  }

  PODVector<Node> nodes_{};
  PODVector<P> prims_{};
  AABB<T> box_{};       ///< the root's box, widened by a smooth blend's reach
  AABB<T> root_box_{};  ///< the root's box
  const std::byte* base_ = nullptr;
  std::int32_t root_ = 0;
  std::int32_t node_count_ = 0;
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
