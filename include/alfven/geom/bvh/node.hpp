/// @file bvh/node.hpp
/// @brief The flat node layout of every BVH in alfven::geom (mesh SDFs, point clouds, BVH
/// unions): BVHNode<T> and the child codes that link nodes and leaves, and BVHNode4<T>, the
/// same tree collapsed 4-wide for vectorised host queries. Host and device.
///
/// A tree is an array of inner nodes plus a root code. Each inner node holds the boxes of its
/// two children (structure of arrays: lo[axis][child], hi[axis][child]) and their codes:
///  - code >= 0: the index of an inner node in the array;
///  - code < 0: a leaf, ~code = first << 3 | (count - 1): the primitives in the slots
///    [first, first + count) of the client's leaf-ordered primitive array, 1 <= count <= 8,
///    first < 2^28.
/// A traversal reads one node per level and both child boxes with it (one 64-byte line in
/// float). A tree that is a single leaf has root code < 0 and one unused node, so that every
/// array is non-empty. See docs/geometry.md, "BVH".
#pragma once

#include <cstdint>
#include <type_traits>

#include "../vec3.hpp"

namespace alfven {
namespace geom {

namespace detail {
/// The largest finite value of T (std::numeric_limits is host-only under nvcc).
template <typename T>
ALFVEN_HOST_DEVICE constexpr T largest() {
  if constexpr (std::is_same<T, float>::value)
    return 3.402823466e+38f;
  else
    return 1.7976931348623157e+308;
}
}  // namespace detail

/// An inner node: both children's boxes (lo[axis][child], hi[axis][child]) and codes (>= 0 an
/// inner node's index, < 0 a leaf; see bvh/node.hpp). 64 bytes in float, 112 in double.
template <typename T>
struct alignas(sizeof(T) == 4 ? 64 : 16) BVHNode {
  T lo[3][2];
  T hi[3][2];
  std::int32_t child[2];
};

static_assert(sizeof(BVHNode<float>) == 64, "BVHNode<float> must fill one 64-byte line");
static_assert(std::is_trivially_copyable<BVHNode<double>>::value, "BVHNode must be POD");

/// A node of the 4-wide BVH of host queries (bvh/wide.hpp): the boxes of up to four children
/// (lo[axis][child], hi[axis][child]; an unused slot has the empty box lo = +largest,
/// hi = -largest, which no query keeps) and their codes (>= 0 a BVHNode4 index, < 0 a leaf
/// code of the client's choosing: MeshSDF uses ~ the index of a triangle packet).
template <typename T>
struct alignas(32) BVHNode4 {
  T lo[3][4];
  T hi[3][4];
  std::int32_t child[4];
};

namespace bvh {

/// Largest number of primitives in a leaf (3 bits of a leaf code).
constexpr int MaxLeafSize = 8;
/// Primitives a tree may index (first << 3 must fit a positive int32).
constexpr std::int64_t MaxPrimitives = std::int64_t(1) << 28;

/// The code of the leaf holding slots [first, first + count), 1 <= count <= MaxLeafSize.
ALFVEN_HOST_DEVICE ALFVEN_INLINE constexpr std::int32_t leaf_code(std::int32_t first,
                                                                  std::int32_t count) {
  return ~((first << 3) | (count - 1));
}
/// True for a leaf code, false for an inner node's index.
ALFVEN_HOST_DEVICE ALFVEN_INLINE constexpr bool is_leaf(std::int32_t code) {
  return code < 0;
}
/// First slot of a leaf.
ALFVEN_HOST_DEVICE ALFVEN_INLINE constexpr std::int32_t leaf_first(std::int32_t code) {
  return ~code >> 3;
}
/// Number of slots of a leaf.
ALFVEN_HOST_DEVICE ALFVEN_INLINE constexpr std::int32_t leaf_count(std::int32_t code) {
  return (~code & 7) + 1;
}

/// The box of child k (0 or 1) of node n.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE AABB<T> child_box(const BVHNode<T>& n, int k) {
  return AABB<T>{Vec3<T>{n.lo[0][k], n.lo[1][k], n.lo[2][k]},
                 Vec3<T>{n.hi[0][k], n.hi[1][k], n.hi[2][k]}};
}

/// Writes `box` (converted to T) as child k's box of a node of either layout (BVHNode,
/// BVHNode4).
template <typename Node, typename S>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void set_child_box(Node& n, int k, const AABB<S>& box) {
  using T = std::remove_reference_t<decltype(n.lo[0][0])>;
  for (int d = 0; d < 3; ++d) {
    n.lo[d][k] = T(box.lo[d]);
    n.hi[d][k] = T(box.hi[d]);
  }
}

/// The box of both children of n (the node's own box).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE AABB<T> node_box(const BVHNode<T>& n) {
  return child_box(n, 0).merged(child_box(n, 1));
}

/// x² + y² + z², summed in that order. RoundEach = true rounds every product and sum (no FMA
/// contraction in device code: the rounding of the host without -mfma), so that host and device
/// agree bit for bit; false lets the compiler contract.
template <bool RoundEach, typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T sum_of_squares(T x, T y, T z) {
#if defined(__CUDA_ARCH__)
  if constexpr (RoundEach) {
    if constexpr (std::is_same<T, float>::value)
      return __fadd_rn(__fadd_rn(__fmul_rn(x, x), __fmul_rn(y, y)), __fmul_rn(z, z));
    else
      return __dadd_rn(__dadd_rn(__dmul_rn(x, x), __dmul_rn(y, y)), __dmul_rn(z, z));
  }
#endif
  return x * x + y * y + z * z;
}

/// Gap from coordinate p to the interval [lo, hi] (0 inside), as max(lo - p, p - hi, 0).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T gap(T p, T lo, T hi) {
  return max_(max_(lo - p, p - hi), T(0));
}

/// Squared distance from p to the box of child k of n: the sum of squares of the gaps per axis
/// (RoundEach as sum_of_squares). A lower bound of the squared distance from p to anything
/// inside the box (rounding is monotone).
template <bool RoundEach, typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T box_distance2(const BVHNode<T>& n, int k, const Vec3<T>& p) {
  return sum_of_squares<RoundEach>(gap(p.x, n.lo[0][k], n.hi[0][k]),
                                   gap(p.y, n.lo[1][k], n.hi[1][k]),
                                   gap(p.z, n.lo[2][k], n.hi[2][k]));
}

}  // namespace bvh
}  // namespace geom
}  // namespace alfven
