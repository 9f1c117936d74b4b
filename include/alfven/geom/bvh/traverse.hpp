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
///   `static constexpr StackLayout stack_layout`  how the stack is kept (and whether popped
///                                     entries are re-tested with keep()).
/// A depth-first visitor provides `void leaf(code)`, `bool open(std::int32_t index)` (false:
/// the visitor handled the whole subtree itself) and `bool enter(const BVHNode<T>&, int k)`.
/// Stacks live in thread-local arrays of the given capacity: builds check that the depth fits.
#pragma once

#include <cstdint>

#include "node.hpp"

namespace alfven {
namespace geom {
namespace bvh {

/// How a nearest-first traversal keeps its stack (a visitor's `stack_layout`), which also says
/// whether popped entries are re-tested: a choice per client, because it sets the kernel's
/// local-memory traffic (each layout below is what its client measured fastest with).
enum class StackLayout {
  Codes,  ///< codes only; popped entries are never skipped (BVH unions)
  Pairs,  ///< (code, bound) pairs; a popped entry is skipped when its bound is no longer kept
  Split   ///< codes and bounds in two arrays (no padding in double); popped entries re-tested
};

/// The stack of a nearest-first traversal over local arrays of Capacity entries.
template <typename T, int Capacity, StackLayout Layout>
struct TraversalStack;

template <typename T, int Capacity>
struct TraversalStack<T, Capacity, StackLayout::Codes> {
  std::int32_t code[Capacity];
  ALFVEN_HOST_DEVICE ALFVEN_INLINE void set(int i, std::int32_t c, T) { code[i] = c; }
  template <typename Visitor>
  ALFVEN_HOST_DEVICE ALFVEN_INLINE bool kept(int, const Visitor&) const {
    return true;
  }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE std::int32_t code_at(int i) const { return code[i]; }
};

template <typename T, int Capacity>
struct TraversalStack<T, Capacity, StackLayout::Pairs> {
  struct Entry {
    std::int32_t code;
    T bound;
  };
  Entry entry[Capacity];
  ALFVEN_HOST_DEVICE ALFVEN_INLINE void set(int i, std::int32_t c, T b) { entry[i] = Entry{c, b}; }
  template <typename Visitor>
  ALFVEN_HOST_DEVICE ALFVEN_INLINE bool kept(int i, const Visitor& v) const {
    return v.keep(entry[i].bound);
  }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE std::int32_t code_at(int i) const { return entry[i].code; }
};

template <typename T, int Capacity>
struct TraversalStack<T, Capacity, StackLayout::Split> {
  std::int32_t code[Capacity];
  T bound[Capacity];
  ALFVEN_HOST_DEVICE ALFVEN_INLINE void set(int i, std::int32_t c, T b) {
    code[i] = c;
    bound[i] = b;
  }
  template <typename Visitor>
  ALFVEN_HOST_DEVICE ALFVEN_INLINE bool kept(int i, const Visitor& v) const {
    return v.keep(bound[i]);
  }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE std::int32_t code_at(int i) const { return code[i]; }
};

/// Pushes (code, bound) on `stack` holding `size` entries.
template <typename Stack, typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void push(Stack& stack, int& size, std::int32_t code, T bound) {
  stack.set(size++, code, bound);
}

/// Pops until an entry the visitor still keeps and writes its code; false when the stack runs
/// empty.
template <typename Stack, typename Visitor>
ALFVEN_HOST_DEVICE ALFVEN_INLINE bool pop(const Stack& stack, int& size, std::int32_t& code,
                                          const Visitor& v) {
  while (size > 0) {
    --size;
    if (stack.kept(size, v)) {
      code = stack.code_at(size);
      return true;
    }
  }
  return false;
}

/// A binary tree in the flat layout: inner nodes and the root code.
template <typename T>
struct BinaryTree {
  using value_type = T;
  const BVHNode<T>* nodes;
  std::int32_t root;

  /// At inner node `code`: the nearer child (child 0 on a tie) becomes `code` if the visitor
  /// keeps its bound, and the farther is pushed if kept too. False when none is kept.
  template <typename Stack, typename Visitor>
  ALFVEN_HOST_DEVICE ALFVEN_INLINE bool descend(std::int32_t& code, Stack& stack, int& size,
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
    if (v.keep(d1)) push(stack, size, c1, d1);
    code = c0;
    return true;
  }
};

/// Nearest-first traversal of `tree` (BinaryTree or WideTree) with `v` (see the file comment);
/// StackSize entries of (code, bound).
template <int StackSize, typename Tree, typename Visitor>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void nearest_first(const Tree& tree, Visitor& v) {
  TraversalStack<typename Tree::value_type, StackSize, Visitor::stack_layout> stack;
  int size = 0;
  std::int32_t code = tree.root;
  for (;;) {
    if (!is_leaf(code)) {
      if (tree.descend(code, stack, size, v)) continue;
    } else {
      v.leaf(code);
    }
    if (!pop(stack, size, code, v)) return;
  }
}

/// Depth-first traversal of the flat tree (nodes, root) with `v` (see the file comment);
/// StackSize codes.
template <int StackSize, typename T, typename Visitor>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void depth_first(const BVHNode<T>* nodes, std::int32_t root,
                                                  Visitor& v) {
  TraversalStack<T, StackSize, StackLayout::Codes> stack;
  int sp = 0;
  stack.code[sp++] = root;
  while (sp > 0) {
    const std::int32_t code = stack.code[--sp];
    if (is_leaf(code)) {
      v.leaf(code);
      continue;
    }
    if (!v.open(code)) continue;
    const BVHNode<T>& n = nodes[code];
    if (v.enter(n, 0)) stack.code[sp++] = n.child[0];
    if (v.enter(n, 1)) stack.code[sp++] = n.child[1];
  }
}

}  // namespace bvh
}  // namespace geom
}  // namespace alfven
