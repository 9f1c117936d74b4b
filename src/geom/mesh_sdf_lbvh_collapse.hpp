// The last kernels of MeshSDF's LBVH build (mesh_sdf_lbvh_build.hpp): the tree of one triangle
// a leaf, restructured by treelets (mesh_sdf_lbvh_bottom_up.hpp), is collapsed into leaves of up
// to LeafSize triangles where the SAH says a leaf is cheaper (Moments::leaf), and written into
// the flat layout with its triangles reordered so that every leaf's slots are contiguous
// (T. Karras and T. Aila, "Fast parallel construction of high-quality bounding volume
// hierarchies", HPG 2013, §4.3 and §5: collapse subtrees into leaves, then triangles in the
// order of a left-first depth-first walk). One thread per inner node, on the device or the
// host's threads. Private to alfven_geom_build.
#pragma once

#include <cstdint>

#include "mesh_sdf_lbvh_bottom_up.hpp"

namespace alfven {
namespace geom {
namespace lbvh {

/// *p = max(*p, v), atomically.
ALFVEN_HOST_DEVICE inline void atomic_max(std::int32_t* p, std::int32_t v) {
#if defined(__CUDA_ARCH__)
  atomicMax(p, v);
#else
  std::int32_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (old < v &&
         !__atomic_compare_exchange_n(p, &old, v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
#endif
}

/// Triangles of child k of inner node u (a leaf child's moments follow the inner nodes', as
/// BottomUp keeps them).
template <typename T>
ALFVEN_HOST_DEVICE inline std::int32_t child_triangles(const BVHNode<T>* nodes,
                                                       const Moments* moments, std::int32_t m,
                                                       std::int32_t u, int k) {
  const std::int32_t c = nodes[u].child[k];
  return bvh::is_leaf(c) ? moments[m + 2 * std::size_t(u) + k].count : moments[c].count;
}

/// Per inner node u of the uncollapsed tree: the first slot of its triangles in depth-first
/// order (first[u]: the triangles of every left sibling on the way to the root come first),
/// whether it stays an inner node (keep[u] = 1: neither it nor an ancestor collapses), and,
/// over the nodes kept, the levels of the collapsed tree (*height, leaves counted; atomic max).
template <typename T>
struct Place {
  const BVHNode<T>* nodes;
  const std::int32_t* parent;
  const Moments* moments;
  std::int32_t m;
  std::int32_t* first;
  std::int32_t* keep;
  std::int32_t* height;
  ALFVEN_HOST_DEVICE void operator()(std::size_t us) const {
    const std::int32_t u = std::int32_t(us);
    std::int32_t start = 0, level = 0;
    bool removed = moments[u].leaf != 0;
    for (std::int32_t c = u; c != 0;) {
      const std::int32_t p = parent[c];
      if (nodes[p].child[1] == c) start += child_triangles(nodes, moments, m, p, 0);
      removed = removed || moments[p].leaf != 0;
      ++level;
      c = p;
    }
    first[u] = start;
    keep[u] = removed ? 0 : 1;
    if (!removed) atomic_max(height, level + 2);  // the node's level and its children's
  }
};

/// Per inner node u: its triangles' leaf-order positions (placed[slot] = the kept triangle in
/// that slot, from the radix order `order`), and, when kept, its node in the collapsed flat tree
/// (index index[u], an exclusive sum of keep): the same child boxes, children as leaf codes of
/// their slots (a collapsed child: one leaf of all its triangles) or kept nodes' new indices,
/// and its winding data copied.
template <typename T>
struct Emit {
  const BVHNode<T>* nodes;
  const MeshWindingNode<T>* winding;
  const Moments* moments;
  std::int32_t m;
  const std::int32_t* order;
  const std::int32_t* first;  ///< Place's
  const std::int32_t* keep;
  const std::int32_t* index;
  std::int32_t* placed;
  BVHNode<T>* out_nodes;
  MeshWindingNode<T>* out_winding;
  ALFVEN_HOST_DEVICE void operator()(std::size_t us) const {
    const std::int32_t u = std::int32_t(us);
    const BVHNode<T>& n = nodes[u];
    const std::int32_t slot[2] = {first[u], first[u] + child_triangles(nodes, moments, m, u, 0)};
    for (int k = 0; k < 2; ++k) {
      const std::int32_t c = n.child[k];
      if (!bvh::is_leaf(c)) continue;
      const std::int32_t f = bvh::leaf_first(c), count = bvh::leaf_count(c);
      for (std::int32_t i = 0; i < count; ++i) placed[slot[k] + i] = order[f + i];
    }
    if (!keep[u]) return;
    BVHNode<T> o = n;
    for (int k = 0; k < 2; ++k) {
      const std::int32_t c = n.child[k];
      if (bvh::is_leaf(c))
        o.child[k] = bvh::leaf_code(slot[k], bvh::leaf_count(c));
      else if (moments[c].leaf)
        o.child[k] = bvh::leaf_code(slot[k], moments[c].count);
      else
        o.child[k] = index[c];
    }
    out_nodes[index[u]] = o;
    out_winding[index[u]] = winding[u];
  }
};

}  // namespace lbvh
}  // namespace geom
}  // namespace alfven
