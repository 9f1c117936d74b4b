/// @file bvh/wide.hpp
/// @brief The 4-wide host traversal (GCC/Clang host code, see bvh/lanes.hpp): WideTree, the
/// tree type nearest_first (bvh/traverse.hpp) runs over BVHNode4 nodes, and
/// box_distance2_wide, the squared distances from a point to a node's four boxes in SIMD lanes.
///
/// A binary tree collapses into a 4-wide one (flatten_bvh_wide, bvh/build.hpp) by letting each
/// node take the children of its largest-area inner children until it has four (Wald et al.
/// 2008, "Getting rid of packets": the 4-wide BVH of SIMD single-ray traversal). Its four boxes
/// are tested at once; the children the visitor keeps are entered nearest first (equal bounds
/// in child order) and the others pushed farthest first, the order the binary traversal would
/// visit them in when the bounds differ.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include "lanes.hpp"
#include "node.hpp"
#include "traverse.hpp"

#if ALFVEN_BVH_WIDE_HOST
namespace alfven {
namespace geom {
namespace bvh {

/// Squared distances from (px, py, pz) to the four boxes of n, as box_distance2 (bvh/node.hpp)
/// computes them, lane by lane: out[k] for child k.
template <typename T>
ALFVEN_INLINE void box_distance2_wide(const BVHNode4<T>& n, T px, T py, T pz, T* out) {
  using L = simd::Lanes<T>;
  for (int h = 0; h < 4; h += L::N) {
    const typename L::V zero = L::splat(T(0));
    const typename L::V dx = L::max(
        L::max(L::load(n.lo[0] + h) - L::splat(px), L::splat(px) - L::load(n.hi[0] + h)), zero);
    const typename L::V dy = L::max(
        L::max(L::load(n.lo[1] + h) - L::splat(py), L::splat(py) - L::load(n.hi[1] + h)), zero);
    const typename L::V dz = L::max(
        L::max(L::load(n.lo[2] + h) - L::splat(pz), L::splat(pz) - L::load(n.hi[2] + h)), zero);
    L::store(out + h, dx * dx + dy * dy + dz * dz);
  }
}

/// A 4-wide tree: BVHNode4 nodes and the root code (bvh/traverse.hpp, nearest_first).
template <typename T>
struct WideTree {
  using value_type = T;
  const BVHNode4<T>* nodes;
  std::int32_t root;

  /// At node `code`: the children whose bounds (visitor.bound4) the visitor keeps, sorted by
  /// bound (equal bounds in child order): the nearest becomes `code`, the others are pushed
  /// farthest first; the memory of every child is prefetched (leaves through
  /// visitor.prefetch(code)). False when none is kept. Without branches on the bounds (a
  /// sorting network; pushes to computed slots): random queries mispredicted the insertion
  /// sort's. The stack needs 4 slots beyond the deepest push (a scratch slot for the pushes
  /// not taken).
  template <typename Stack, typename Visitor>
  ALFVEN_INLINE bool descend(std::int32_t& code, Stack& stack, int& size, const Visitor& v) const {
    const BVHNode4<T>& n = nodes[code];
    T d[4];
    v.bound4(n, d);
    T key[4];
    std::int32_t c[4], o[4];
    int nh = 0;
    for (int k = 0; k < 4; ++k) {
      const bool kept = v.keep(d[k]);
      nh += kept;
      key[k] = kept ? d[k] : std::numeric_limits<T>::infinity();
      c[k] = n.child[k];
      o[k] = k;
    }
    // Ask for the memory of every child now (kept or not: measured faster than only the kept
    // ones): the traversal is latency-bound, and the nearest child is read next, the others
    // after its subtree unless pruned by then.
    for (int k = 0; k < 4; ++k) {
      if (is_leaf(c[k])) {
        v.prefetch(c[k]);
      } else {
        const char* q = reinterpret_cast<const char*>(nodes + c[k]);
        for (std::size_t b = 0; b < sizeof(BVHNode4<T>); b += 64) __builtin_prefetch(q + b);
      }
    }
    // Sorting network on (bound, child order): the order a stable sort gives.
    const auto exchange = [&](int i, int j) {
      const bool swap = (key[j] < key[i]) | ((key[j] == key[i]) & (o[j] < o[i]));
      const T ki = key[i], kj = key[j];
      const std::int32_t ci = c[i], cj = c[j], oi = o[i], oj = o[j];
      key[i] = swap ? kj : ki;
      key[j] = swap ? ki : kj;
      c[i] = swap ? cj : ci;
      c[j] = swap ? ci : cj;
      o[i] = swap ? oj : oi;
      o[j] = swap ? oi : oj;
    };
    exchange(0, 1);
    exchange(2, 3);
    exchange(0, 2);
    exchange(1, 3);
    exchange(1, 2);
    if (nh == 0) return false;
    // c[1..nh) pushed farthest first (c[nh - 1] lowest); the others to the scratch slot.
    for (int i = 3; i >= 1; --i) {
      const int at = i < nh ? size + nh - 1 - i : size + 3;
      stack.set(at, c[i], key[i]);
    }
    size += nh - 1;
    code = c[0];
    return true;
  }
};

}  // namespace bvh
}  // namespace geom
}  // namespace alfven
#endif  // ALFVEN_BVH_WIDE_HOST
