/// @file bvh/traverse.hpp
/// @brief The two traversals every BVH client uses, templated on a leaf visitor (host and
/// device):
///  - nearest_first(tree, visitor): branch and bound, nearer child first (Friedman, Bentley and
///    Finkel 1977). At an inner node the visitor's bounds of the children are compared; the
///    nearest kept child is entered next, the other kept ones are pushed with their bounds
///    (farthest first), and a popped entry is skipped when the visitor no longer keeps its
///    bound (the best so far has become nearer since it was pushed). The tree is a BinaryTree
///    (the flat layout of bvh/node.hpp; what device queries use) or a WideTree (bvh/wide.hpp,
///    the 4-wide host traversal): both run this one loop and this one stack.
///  - depth_first(nodes, root, visitor): every node the visitor opens, children pushed first
///    then second (so the second is visited first); for sums over the tree (winding numbers,
///    smooth unions), whose order of summation it fixes.
///
/// A nearest-first visitor provides
///   `bool keep(T bound) const`        enter (or push) a child with this bound?
///   `T bound(const BVHNode<T>&, int k) const`   (BinaryTree) the bound of child k,
///   `void bound4(const BVHNode4<T>&, T out[4]) const`  (WideTree) the bounds of four children,
///   `void leaf(std::int32_t code)`    visit a leaf (bvh/node.hpp codes; WideTree: packet codes),
///   `void prefetch(std::int32_t code) const`  (WideTree) prefetch a leaf's data,
///   `static constexpr bool prune_popped`  re-test keep() on popped entries (false: never skip).
/// A depth-first visitor provides `void leaf(code)`, `bool open(std::int32_t index)` (false:
/// the visitor handled the whole subtree itself) and `bool enter(const BVHNode<T>&, int k)`.
/// Stacks live in thread-local arrays of the given capacity: builds check that the depth fits.
#pragma once

#include <cstdint>

#include "node.hpp"

namespace alfven {
namespace geom {
namespace bvh {

/// An entry of a nearest-first traversal's stack: a code, and its bound when the visitor
/// re-tests popped entries (WithBound).
template <typename T, bool WithBound>
struct StackEntry {
  std::int32_t code;
  T bound;
};
template <typename T>
struct StackEntry<T, false> {
  std::int32_t code;
};

/// The stack of a nearest-first traversal: entries in a local array and their count, kept
/// apart (the count stays in a register).
template <typename T, int Capacity, bool WithBound>
struct TraversalStack {
  StackEntry<T, WithBound>* entry;
  int& size;

  ALFVEN_HOST_DEVICE ALFVEN_INLINE void push(std::int32_t code, T bound) {
    if constexpr (WithBound)
      entry[size++] = StackEntry<T, WithBound>{code, bound};
    else
      entry[size++] = StackEntry<T, WithBound>{code};
  }
  /// Pops until an entry the visitor still keeps (any entry when Visitor::prune_popped is
  /// false) and writes its code; false when the stack runs empty.
  template <typename Visitor>
  ALFVEN_HOST_DEVICE ALFVEN_INLINE bool pop(std::int32_t& code, const Visitor& v) {
    while (size > 0) {
      const StackEntry<T, WithBound> e = entry[--size];
      if constexpr (WithBound) {
        if (!v.keep(e.bound)) continue;
      }
      code = e.code;
      return true;
    }
    return false;
  }
};

/// A binary tree in the flat layout: inner nodes and the root code.
template <typename T>
struct BinaryTree {
  using value_type = T;
  const BVHNode<T>* nodes;
  std::int32_t root;

  /// At inner node `code`: the nearer child (child 0 on a tie) becomes `code` if the visitor
  /// keeps its bound, and the farther is pushed if kept too. False when none is kept.
  template <typename Stack, typename Visitor>
  ALFVEN_HOST_DEVICE ALFVEN_INLINE bool descend(std::int32_t& code, Stack& stack,
                                                const Visitor& v) const {
    const BVHNode<T>& n = nodes[code];
    T d0 = v.bound(n, 0), d1 = v.bound(n, 1);
    std::int32_t c0 = n.child[0], c1 = n.child[1];
    if (d1 < d0) {
      const T td = d0;
      d0 = d1;
      d1 = td;
      const std::int32_t tc = c0;
      c0 = c1;
      c1 = tc;
    }
    if (!v.keep(d0)) return false;
    if (v.keep(d1)) stack.push(c1, d1);
    code = c0;
    return true;
  }
};

/// Nearest-first traversal of `tree` (BinaryTree or WideTree) with `v` (see the file comment);
/// StackSize entries of (code, bound).
template <int StackSize, typename Tree, typename Visitor>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void nearest_first(const Tree& tree, Visitor& v) {
  using T = typename Tree::value_type;
  StackEntry<T, Visitor::prune_popped> entries[StackSize];
  int size = 0;
  TraversalStack<T, StackSize, Visitor::prune_popped> stack{entries, size};
  std::int32_t code = tree.root;
  for (;;) {
    if (!is_leaf(code)) {
      if (tree.descend(code, stack, v)) continue;
    } else {
      v.leaf(code);
    }
    if (!stack.pop(code, v)) return;
  }
}

/// Depth-first traversal of the flat tree (nodes, root) with `v` (see the file comment);
/// StackSize codes.
template <int StackSize, typename T, typename Visitor>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void depth_first(const BVHNode<T>* nodes, std::int32_t root,
                                                  Visitor& v) {
  std::int32_t stack[StackSize];
  int sp = 0;
  stack[sp++] = root;
  while (sp > 0) {
    const std::int32_t code = stack[--sp];
    if (is_leaf(code)) {
      v.leaf(code);
      continue;
    }
    if (!v.open(code)) continue;
    const BVHNode<T>& n = nodes[code];
    if (v.enter(n, 0)) stack[sp++] = n.child[0];
    if (v.enter(n, 1)) stack[sp++] = n.child[1];
  }
}

}  // namespace bvh
}  // namespace geom
}  // namespace alfven
