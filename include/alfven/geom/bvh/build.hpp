/// @file bvh/build.hpp
/// @brief Host construction of a binary BVH over boxes (one per primitive), shared by MeshSDF,
/// PointCloud and BVHUnion: binned SAH, Morton (LBVH-style) or object-median splits, all
/// returning the same BVHTopology (a tree of BVHBuildNode over a permutation of the input), and
/// flatten_bvh, which writes a topology in the flat layout of bvh/node.hpp.
///
/// The scalar S of the boxes is the precision the builder compares in (double for meshes,
/// whose boxes are rounded vertices; T for point clouds and unions), so a build is the same
/// tree whatever the client. The three splits and their sources are described in
/// docs/geometry.md ("BVH"):
///  - SAH: MacDonald and Booth 1990 (cost Σ_children A_child N_child / A_parent), binned after
///    Wald 2007 (bins of equal width over the centre bounds, sweep of the bin boundaries);
///  - Morton: Lauterbach et al. 2009 and Karras 2012 §3 (split a sorted range of 63-bit Morton
///    codes of the centres at its highest differing bit; equal codes at the middle);
///  - Median: the object median of the centres along their longest extent.
/// SAH and Morton fall back to median splits below depth MedianDepth, so the depth is at most
/// MedianDepth + log2(n / leaf size) + 1 (traversal stacks are sized from it).
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "../vec3.hpp"
#include "alfven/core/error.hpp"
#include "build_method.hpp"
#include "node.hpp"

namespace alfven {
namespace geom {

/// One node of a built topology: box of everything below, and either two children (left,
/// right >= 0) or a leaf (left == right == -1). Every node covers the contiguous range
/// [first, first + count) of BVHTopology::order.
template <typename S>
struct BVHBuildNode {
  AABB<S> box;
  std::int32_t left = -1, right = -1;
  std::int32_t first = 0, count = 0;
  bool leaf() const { return left < 0; }
};

/// A primitive of a build: its split centre and its input index.
template <typename S>
struct BVHBuildItem {
  Vec3<S> c;
  std::int32_t index;
};

/// The result of a build: nodes (root at 0), the primitives in leaf order (leaf ranges index
/// it: items[i].index is the input index of slot i, items[i].c its split centre, for clients
/// whose primitives are points their positions) and the depth (levels, root = 1).
template <typename S>
struct BVHTopology {
  std::vector<BVHBuildNode<S>> nodes;
  std::vector<BVHBuildItem<S>> items;
  int depth = 0;
};

namespace bvh {

/// Below this depth SAH and Morton builds switch to object-median splits (bounds the depth).
constexpr int MedianDepth = 32;

/// Half the surface area of a box (the SAH's measure).
template <typename S>
ALFVEN_HOST_DEVICE inline double half_area(const AABB<S>& b) {
  const Vec3<double> e = b.hi.template as<double>() - b.lo.template as<double>();
  return e.x * e.y + e.y * e.z + e.z * e.x;
}

/// Spreads the low 21 bits of x to every third bit of a 63-bit word.
ALFVEN_HOST_DEVICE inline std::uint64_t spread_bits_21(std::uint64_t x) {
  x &= 0x1fffff;
  x = (x | x << 32) & 0x1f00000000ffffULL;
  x = (x | x << 16) & 0x1f0000ff0000ffULL;
  x = (x | x << 8) & 0x100f00f00f00f00fULL;
  x = (x | x << 4) & 0x10c30c30c30c30c3ULL;
  x = (x | x << 2) & 0x1249249249249249ULL;
  return x;
}

/// The 63-bit Morton code of point c in the box [lo, lo + ext] (21 bits per axis, x highest);
/// an axis of zero extent contributes 0. Host and device (the LBVH build) compute the same.
ALFVEN_HOST_DEVICE inline std::uint64_t morton_code(const Vec3<double>& c, const Vec3<double>& lo,
                                                    const Vec3<double>& ext) {
  const double scale = double((1u << 21) - 1);
  std::uint64_t code = 0;
  for (int d = 0; d < 3; ++d) {
    const double u = ext[d] > 0 ? (c[d] - lo[d]) / ext[d] : 0.0;
    code |= spread_bits_21(std::uint64_t(clamp_(u, 0.0, 1.0) * scale)) << (2 - d);
  }
  return code;
}

template <typename S>
class Builder;  // bvh/build_impl.hpp

}  // namespace bvh

/// Builds a BVH topology over `boxes` with split centres `centres` (one each per primitive;
/// host): leaves hold at most `leaf_size` primitives (1..8); `bins` (>= 2) is the number of SAH
/// bins per axis. O(n log n), single-threaded; allocates the returned vectors. Throws
/// alfven::Error for no boxes, mismatched sizes, more than 2^28 primitives, bad parameters or
/// BVHBuild::LBVH (a device build; see MeshSDF).
template <typename S>
BVHTopology<S> build_bvh_topology(const std::vector<AABB<S>>& boxes,
                                  const std::vector<Vec3<S>>& centres, BVHBuild method,
                                  int leaf_size = 4, int bins = 16);

/// The same over points, each its own (degenerate) box and split centre, given as items
/// (position, input index i at position i; consumed: they come back in leaf order as the
/// topology's items, so a large cloud is not copied). Throws as above, or for an item whose
/// index is not its position.
template <typename S>
BVHTopology<S> build_bvh_topology(std::vector<BVHBuildItem<S>>&& points, BVHBuild method,
                                  int leaf_size = 4, int bins = 16);

/// The same with the boxes' centres as split centres.
template <typename S>
BVHTopology<S> build_bvh_topology(const std::vector<AABB<S>>& boxes, BVHBuild method,
                                  int leaf_size = 4, int bins = 16) {
  std::vector<Vec3<S>> centres(boxes.size());
  for (std::size_t i = 0; i < boxes.size(); ++i) centres[i] = boxes[i].centre();
  return build_bvh_topology(boxes, centres, method, leaf_size, bins);
}

/// Writes the inner nodes of `topo` into `nodes` in the flat layout (bvh/node.hpp): depth
/// first, root at 0, a node's first child right after it; boxes converted from S to T (exact
/// when the boxes were computed from T values). Calls on_inner(index, node) for every inner
/// node, in that order, before its children. A topology that is one leaf gets one unused node.
/// Returns the root code.
template <typename T, typename S, typename OnInner>
std::int32_t flatten_bvh(const BVHTopology<S>& topo, std::vector<BVHNode<T>>& nodes,
                         OnInner&& on_inner) {
  nodes.clear();
  nodes.reserve(topo.nodes.size() / 2 + 1);
  auto emit = [&](auto&& self, std::int32_t b) -> std::int32_t {
    const BVHBuildNode<S>& bn = topo.nodes[std::size_t(b)];
    if (bn.leaf()) return bvh::leaf_code(bn.first, bn.count);
    const std::int32_t idx = std::int32_t(nodes.size());
    nodes.push_back(BVHNode<T>{});
    on_inner(idx, bn);
    const std::int32_t c0 = self(self, bn.left);
    const std::int32_t c1 = self(self, bn.right);
    BVHNode<T>& n = nodes[std::size_t(idx)];
    bvh::set_child_box(n, 0, topo.nodes[std::size_t(bn.left)].box);
    bvh::set_child_box(n, 1, topo.nodes[std::size_t(bn.right)].box);
    n.child[0] = c0;
    n.child[1] = c1;
    return idx;
  };
  const std::int32_t root = emit(emit, 0);
  if (nodes.empty()) nodes.push_back(BVHNode<T>{});
  return root;
}

/// The topology of a tree already in the flat layout (`nodes`, root code `root`, the root's box
/// `root_box`, `depth` levels): flatten_bvh's inverse, for collapsing a tree built elsewhere
/// (MeshSDF's LBVH) with flatten_bvh_wide. Nodes in depth-first order, root at 0; a leaf's
/// first and count are its slots (bvh/node.hpp); items is left empty.
template <typename T>
BVHTopology<T> topology_of(const BVHNode<T>* nodes, std::int32_t root, const AABB<T>& root_box,
                           int depth) {
  BVHTopology<T> topo;
  topo.depth = depth;
  auto add = [&](auto&& self, std::int32_t code, const AABB<T>& box) -> std::int32_t {
    const std::int32_t idx = std::int32_t(topo.nodes.size());
    topo.nodes.push_back(BVHBuildNode<T>{});
    topo.nodes[std::size_t(idx)].box = box;
    if (bvh::is_leaf(code)) {
      topo.nodes[std::size_t(idx)].first = bvh::leaf_first(code);
      topo.nodes[std::size_t(idx)].count = bvh::leaf_count(code);
      return idx;
    }
    const BVHNode<T>& n = nodes[code];
    const std::int32_t left = self(self, n.child[0], bvh::child_box(n, 0));
    const std::int32_t right = self(self, n.child[1], bvh::child_box(n, 1));
    BVHBuildNode<T>& b = topo.nodes[std::size_t(idx)];
    b.left = left;
    b.right = right;
    b.first = std::min(topo.nodes[std::size_t(left)].first, topo.nodes[std::size_t(right)].first);
    b.count = topo.nodes[std::size_t(left)].count + topo.nodes[std::size_t(right)].count;
    return idx;
  };
  add(add, root, root_box);
  return topo;
}

/// Writes `topo` collapsed 4-wide into `nodes` (bvh/wide.hpp): each node takes the children of
/// its largest-area inner children (the first of equal areas) until it has four; nodes depth
/// first, root at 0. Leaves are written by emit_leaf(const BVHBuildNode<S>&), which returns
/// their (negative) code, in depth-first order. Boxes converted from S to T as flatten_bvh
/// does; a topology that is one leaf gets one unused node. Returns the root code.
template <typename T, typename S, typename EmitLeaf>
std::int32_t flatten_bvh_wide(const BVHTopology<S>& topo, std::vector<BVHNode4<T>>& nodes,
                              EmitLeaf&& emit_leaf) {
  nodes.clear();
  nodes.reserve(topo.nodes.size() / 4 + 1);
  auto emit = [&](auto&& self, std::int32_t b) -> std::int32_t {
    const BVHBuildNode<S>& bn = topo.nodes[std::size_t(b)];
    if (bn.leaf()) return emit_leaf(bn);
    std::int32_t kids[4] = {bn.left, bn.right, -1, -1};
    int nk = 2;
    while (nk < 4) {
      int open = -1;
      double area = -1;
      for (int k = 0; k < nk; ++k) {
        const BVHBuildNode<S>& c = topo.nodes[std::size_t(kids[k])];
        if (!c.leaf() && bvh::half_area(c.box) > area) {
          area = bvh::half_area(c.box);
          open = k;
        }
      }
      if (open < 0) break;
      const BVHBuildNode<S>& c = topo.nodes[std::size_t(kids[open])];
      for (int j = nk; j > open + 1; --j) kids[j] = kids[j - 1];
      kids[open] = c.left;
      kids[open + 1] = c.right;
      ++nk;
    }
    const std::int32_t idx = std::int32_t(nodes.size());
    nodes.push_back(BVHNode4<T>{});
    std::int32_t codes[4] = {-1, -1, -1, -1};
    for (int k = 0; k < nk; ++k) codes[k] = self(self, kids[k]);
    BVHNode4<T>& n = nodes[std::size_t(idx)];
    const AABB<T> empty{Vec3<T>::all(detail::largest<T>()), Vec3<T>::all(-detail::largest<T>())};
    for (int k = 0; k < 4; ++k) {
      n.child[k] = codes[k];
      if (k < nk)
        bvh::set_child_box(n, k, topo.nodes[std::size_t(kids[k])].box);
      else
        bvh::set_child_box(n, k, empty);
    }
    return idx;
  };
  const std::int32_t root = emit(emit, 0);
  if (nodes.empty()) nodes.push_back(BVHNode4<T>{});
  return root;
}

}  // namespace geom
}  // namespace alfven

#include "build_impl.hpp"
