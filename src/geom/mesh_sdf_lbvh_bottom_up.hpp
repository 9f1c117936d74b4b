// The bottom-up pass of MeshSDF's LBVH build (mesh_sdf_lbvh_build.hpp, which describes the
// method): boxes, winding-number data and SAH costs gathered from the leaves up (T. Karras,
// HPG 2012, §5), each finished node's treelet rebuilt with the least SAH cost (T. Karras and
// T. Aila, HPG 2013), with the costs that decide which subtrees collapse into leaves
// (mesh_sdf_lbvh_collapse.hpp). One thread per inner node, on the device or the host's threads.
// Private to alfven_geom_build.
#pragma once

#include <cstdint>

#include "mesh_sdf_lbvh_kernels.hpp"

namespace alfven {
namespace geom {
namespace lbvh {

/// What a subtree contributes to its parent's winding data (double): the sums of area-weighted
/// centroid terms, area vectors and areas, a radius about its own centroid, and its height.
struct Moments {
  D csum, nsum;
  double atot, radius;
  /// SAH cost of the subtree, collapses counted: min(TraversalCost A + the children's, A count
  /// when count <= the leaf size); a triangle's is its box's A.
  double sah;
  int height;  ///< levels of the uncollapsed subtree (its triangles' level counted)
  int count;   ///< triangles
  int leaf;    ///< 1: the subtree is cheaper as one leaf of its triangles (collapsed)
};

/// Index of the lowest set bit of x (x != 0).
ALFVEN_HOST_DEVICE inline int lowest_bit(unsigned x) {
#if defined(__CUDA_ARCH__)
  return __ffs(int(x)) - 1;
#else
  return __builtin_ctz(x);
#endif
}

/// SAH cost of an inner node relative to one triangle test. Karras and Aila 2013 use 1.2; for
/// the distance queries of a mesh SDF 2 gives fuller leaves and fewer instructions a query
/// (callgrind, binary traversal, 20,000 float queries, relative to the host SAH tree, torus knots
/// of 48k and 775k triangles, random points in the 3x box / a 27^3 grid in the box): 1.2 gives
/// 1.087 / 1.120 (48k), 1.6: 1.067 / 1.102, 2: 1.046 / 1.091 and 1.116 / 1.104 (775k), 2.4:
/// 1.049 / 1.096, 3: 1.052 / 1.099, 4: 1.057 / 1.104; without collapsing (leaves of the Morton
/// ranges of up to 4 triangles) 1.108 / 1.149 and 1.167 / 1.149.
constexpr double TraversalCost = 2.0;
/// Leaves of a treelet (Karras and Aila 2013 use 7; 2^Leaves subsets are searched per node) and
/// bottom-up passes (rounds) that restructure the tree. Measured on the H200 before leaves were
/// collapsed (float, 512^3 grid and 1e6 random points, queries/s against the host SAH tree's;
/// build of the 775,000-triangle torus knot): 5 leaves, 1 round: 0.80-0.88 (grid), 0.82-0.91
/// (random), 7.1 ms; 6 leaves, 2 rounds: 0.81-0.91, 0.83-0.92, 14.4 ms; 7 leaves, 1 round:
/// 0.78-0.88, 0.89-0.91, 18.9 ms. With collapsing (callgrind as above, 48k): 2 rounds 1.046 /
/// 1.091, 1 round 1.103 / 1.099; radix leaves of 2 triangles (half the inner nodes to
/// restructure) 1.064 / 1.104 in 2 rounds.
constexpr int TreeletLeaves = 6;
constexpr int TreeletRounds = 2;

/// Bottom-up pass (Karras 2012 §5): per used inner node u, its leaf children are summed here
/// (box, moments: exact); the node is finished by the second of its children to arrive, which
/// then writes the node's box into its parent's slot, its winding data, and climbs on.
template <typename T>
struct BottomUp {
  const D* v;
  const Tri* tri;
  const std::int32_t* kept;
  const std::int32_t* order;
  const D* area;
  const AABB<T>* box;  ///< per kept triangle
  BVHNode<T>* nodes;
  std::int32_t* parent;
  Moments* moments;  ///< per used inner node
  MeshWindingNode<T>* winding;
  std::int32_t* arrivals;
  std::int32_t m;  ///< used inner nodes
  int leaf_size;   ///< the most triangles a collapsed subtree may hold (MeshSDF::LeafSize)

  ALFVEN_HOST_DEVICE Moments leaf(std::int32_t code, AABB<T>& bx) const {
    const std::int32_t f = bvh::leaf_first(code), e = f + bvh::leaf_count(code);
    Moments mo{D{0, 0, 0}, D{0, 0, 0}, 0.0, 0.0, 0.0, 1, int(e - f), 0};
    bx = box[order[f]];
    for (std::int32_t s = f; s < e; ++s) {
      const std::int32_t j = order[s];
      const Tri& t = tri[kept[j]];
      const double a = length(area[j]);
      mo.nsum += area[j];
      mo.csum += (a / 3.0) * (v[t[0]] + v[t[1]] + v[t[2]]);
      mo.atot += a;
      bx = bx.merged(box[j]);
    }
    const D c = mo.csum / mo.atot;
    double r2 = 0;
    for (std::int32_t s = f; s < e; ++s) {
      const Tri& t = tri[kept[order[s]]];
      for (int k = 0; k < 3; ++k) r2 = max_(r2, dot(v[t[k]] - c, v[t[k]] - c));
    }
    mo.radius = sqrt_(r2);
    mo.sah = bvh::half_area(bx) * double(e - f);
    return mo;
  }

  ALFVEN_HOST_DEVICE void operator()(std::size_t us) const {
    std::int32_t u = std::int32_t(us);
    BVHNode<T>* n = &nodes[u];
    int leaves = 0;
    for (int k = 0; k < 2; ++k) {
      if (!bvh::is_leaf(n->child[k])) continue;
      AABB<T> b;
      const Moments mo = leaf(n->child[k], b);
      bvh::set_child_box(*n, k, b);
      moments[m + 2 * std::size_t(u) + k] = mo;  // leaf moments after the inner nodes'
      ++leaves;
    }
    if (leaves == 0) return;
    if (leaves == 1 && !arrive(u)) return;
    for (;;) {  // u is complete: combine, improve, publish to the parent, climb
      combine(u);
      restructure(u);
      if (u == 0) return;
      const std::int32_t p = parent[u];
      BVHNode<T>& pn = nodes[p];
      const int k = pn.child[0] == u ? 0 : 1;
      bvh::set_child_box(pn, k, bvh::node_box(*n));
      if (!arrive(p)) return;
      u = p;
      n = &nodes[u];
    }
  }

  /// The moments of child k of node u.
  ALFVEN_HOST_DEVICE Moments child_moments(std::int32_t u, int k) const {
    const std::int32_t c = nodes[u].child[k];
    return bvh::is_leaf(c) ? moments[m + 2 * std::size_t(u) + k] : moments[std::size_t(c)];
  }
  /// Stores `mo` as the moments of child k of u when that child is a leaf (an inner child's are
  /// its own), and u as the parent of an inner child.
  ALFVEN_HOST_DEVICE void adopt(std::int32_t u, int k, const Moments& mo) const {
    const std::int32_t c = nodes[u].child[k];
    if (bvh::is_leaf(c))
      moments[m + 2 * std::size_t(u) + k] = mo;
    else
      parent[c] = u;
  }

  /// Treelet restructuring at complete node u (T. Karras and T. Aila, "Fast parallel
  /// construction of high-quality bounding volume hierarchies", HPG 2013, §3-4): the treelet
  /// of u is grown by opening its largest-area inner leaf until it has TreeletLeaves leaves;
  /// the binary tree over those leaves of least SAH cost is found by dynamic programming over
  /// their subsets and, when cheaper than the present one, rebuilt from the treelet's own inner
  /// nodes (u stays the root). Leaves keep their triangles (they are laid out only after the
  /// collapse); the rebuilt nodes' boxes, moments and winding data are redone.
  ALFVEN_HOST_DEVICE void restructure(std::int32_t u) const {
    constexpr int L = TreeletLeaves, Subsets = 1 << L;
    std::int32_t code[L], inner[L - 1];
    AABB<T> bx[L];
    Moments mo[L];
    int nl = 0, ni = 0;
    inner[ni++] = u;
    for (int k = 0; k < 2; ++k) {
      code[nl] = nodes[u].child[k];
      bx[nl] = bvh::child_box(nodes[u], k);
      mo[nl++] = child_moments(u, k);
    }
    while (nl < L) {  // open the inner leaf of largest area
      int open = -1;
      double largest = -1;
      for (int i = 0; i < nl; ++i)
        if (!bvh::is_leaf(code[i]) && bvh::half_area(bx[i]) > largest) {
          largest = bvh::half_area(bx[i]);
          open = i;
        }
      if (open < 0) break;
      const std::int32_t c = code[open];
      inner[ni++] = c;
      code[open] = nodes[c].child[0];
      bx[open] = bvh::child_box(nodes[c], 0);
      mo[open] = child_moments(c, 0);
      code[nl] = nodes[c].child[1];
      bx[nl] = bvh::child_box(nodes[c], 1);
      mo[nl++] = child_moments(c, 1);
    }
    if (nl < 3) return;
    // Least SAH cost of every subset (Karras and Aila 2013, Algorithm 2, serially), a subset of
    // at most leaf_size triangles also costed as one leaf (their §4.3).
    double cost[Subsets];
    std::uint8_t split[Subsets];
    const int full = (1 << nl) - 1;
    for (int s = 1; s <= full; ++s) {
      AABB<T> b = bx[lowest_bit(unsigned(s))];
      int count = 0;
      for (int i = 0; i < nl; ++i)
        if (s >> i & 1) {
          b = b.merged(bx[i]);
          count += mo[i].count;
        }
      if ((s & (s - 1)) == 0) {
        cost[s] = mo[lowest_bit(unsigned(s))].sah;
        continue;
      }
      double best = 1e300;
      for (int p = (s - 1) & s; p > 0; p = (p - 1) & s) {
        const double c = cost[p] + cost[s ^ p];
        if (c < best) {
          best = c;
          split[s] = std::uint8_t(p);
        }
      }
      cost[s] = subtree_cost(bvh::half_area(b), best, count).sah;
    }
    if (!(cost[full] < moments[u].sah * (1 - 1e-9))) return;
    // Rebuild top-down from the treelet's inner nodes (u first), then redo them bottom-up.
    int subset[L - 1];
    subset[0] = full;
    int used = 1;
    for (int t = 0; t < used; ++t) {
      const std::int32_t node = inner[t];
      const int parts[2] = {split[subset[t]], subset[t] ^ split[subset[t]]};
      for (int k = 0; k < 2; ++k) {
        if ((parts[k] & (parts[k] - 1)) == 0) {  // one treelet leaf
          const int i = lowest_bit(unsigned(parts[k]));
          nodes[node].child[k] = code[i];
          bvh::set_child_box(nodes[node], k, bx[i]);
          adopt(node, k, mo[i]);
        } else {
          subset[used] = parts[k];
          nodes[node].child[k] = inner[used++];
          parent[nodes[node].child[k]] = node;
        }
      }
    }
    for (int t = used - 1; t >= 0; --t) {
      combine(inner[t]);
      if (t > 0) {
        const std::int32_t p = parent[inner[t]];
        bvh::set_child_box(nodes[p], nodes[p].child[0] == inner[t] ? 0 : 1,
                           bvh::node_box(nodes[inner[t]]));
      }
    }
  }

  /// The SAH cost of a subtree of half area `area`, `count` triangles and children costing
  /// `children` (in .sah), and whether it is cheaper as one leaf (.leaf): a leaf costs
  /// area count (a triangle test each), a split TraversalCost area + children (Karras and Aila
  /// 2013, eq. 1 with C_t = 1, C_i = TraversalCost).
  struct Cost {
    double sah;
    int leaf;
  };
  ALFVEN_HOST_DEVICE Cost subtree_cost(double area, double children, int count) const {
    const double split = TraversalCost * area + children, as_leaf = area * double(count);
    const bool leaf = count <= leaf_size && as_leaf <= split;
    return Cost{leaf ? as_leaf : split, leaf ? 1 : 0};
  }

  /// Counts an arrival at node p (after making this thread's writes visible); true for the
  /// second, which finishes p.
  ALFVEN_HOST_DEVICE bool arrive(std::int32_t p) const {
#if defined(__CUDA_ARCH__)
    __threadfence();
    const bool second = atomicAdd(&arrivals[p], 1) == 1;
    if (second) __threadfence();
    return second;
#else
    // Release this thread's writes, and acquire the first arrival's for the second.
    return __atomic_add_fetch(&arrivals[p], 1, __ATOMIC_ACQ_REL) == 2;
#endif
  }

  /// The moments of complete node u from its children's; its winding data written.
  ALFVEN_HOST_DEVICE void combine(std::int32_t u) const {
    const BVHNode<T>& n = nodes[u];
    Moments ch[2];
    for (int k = 0; k < 2; ++k)
      ch[k] = bvh::is_leaf(n.child[k]) ? moments[m + 2 * std::size_t(u) + k]
                                       : moments[std::size_t(n.child[k])];
    Moments mo;
    mo.csum = ch[0].csum + ch[1].csum;
    mo.nsum = ch[0].nsum + ch[1].nsum;
    mo.atot = ch[0].atot + ch[1].atot;
    const D c = mo.csum / mo.atot;
    mo.radius = max_(length(ch[0].csum / ch[0].atot - c) + ch[0].radius,
                     length(ch[1].csum / ch[1].atot - c) + ch[1].radius);
    mo.height = 1 + max_(ch[0].height, ch[1].height);
    mo.count = ch[0].count + ch[1].count;
    const Cost cost =
        subtree_cost(bvh::half_area(bvh::node_box(n)), ch[0].sah + ch[1].sah, mo.count);
    mo.sah = cost.sah;
    mo.leaf = cost.leaf;
    moments[u] = mo;
    MeshWindingNode<T> w{};
    w.centre = c.template as<T>();
    w.radius = T(mo.radius * (1 + 1e-6));
    w.normal_sum = mo.nsum.template as<T>();
    winding[u] = w;
  }
};

}  // namespace lbvh
}  // namespace geom
}  // namespace alfven
