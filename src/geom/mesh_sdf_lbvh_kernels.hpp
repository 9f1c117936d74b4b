// The kernels of MeshSDF's LBVH build (mesh_sdf_lbvh_build.hpp, which describes the method):
// each a functor for a parallel loop, one thread per triangle, corner, inner node or key, run by
// CUDA threads (mesh_sdf_lbvh.cu) or the host's OpenMP threads (mesh_sdf_lbvh_host.cpp). Private
// to alfven_geom_build.
#pragma once

#include <cstdint>

#include "alfven/core/macros.hpp"
#include "alfven/geom/bvh/build.hpp"
#include "alfven/geom/mesh_sdf.hpp"

namespace alfven {
namespace geom {
namespace lbvh {

using D = Vec3<double>;
/// A triangle's three vertex indices (the layout of TriangleMesh::triangles).
struct Tri {
  std::int32_t i[3];
  ALFVEN_HOST_DEVICE std::int32_t operator[](int k) const { return i[k]; }
};
static_assert(sizeof(Tri) == 3 * sizeof(std::int32_t), "Tri must match std::array<int32, 3>");

// The host build's products, rounded at each step (nvcc would contract them into FMAs), so
// that the triangles, face and edge normals and the set of kept triangles are the host's bit for
// bit (vertex normals differ only through acos, within an ulp or two).
#if defined(__CUDA_ARCH__)
ALFVEN_HOST_DEVICE inline double mul_rn(double a, double b) {
  return __dmul_rn(a, b);
}
ALFVEN_HOST_DEVICE inline double add_rn(double a, double b) {
  return __dadd_rn(a, b);
}
#else
ALFVEN_HOST_DEVICE inline double mul_rn(double a, double b) {
  return a * b;
}
ALFVEN_HOST_DEVICE inline double add_rn(double a, double b) {
  return a + b;
}
#endif
ALFVEN_HOST_DEVICE inline double dot_rn(const D& a, const D& b) {
  return add_rn(add_rn(mul_rn(a.x, b.x), mul_rn(a.y, b.y)), mul_rn(a.z, b.z));
}
ALFVEN_HOST_DEVICE inline D cross_rn(const D& a, const D& b) {
  return D{add_rn(mul_rn(a.y, b.z), -mul_rn(a.z, b.y)), add_rn(mul_rn(a.z, b.x), -mul_rn(a.x, b.z)),
           add_rn(mul_rn(a.x, b.y), -mul_rn(a.y, b.x))};
}
/// a / |a|; the zero vector stays zero (normalize of vec3.hpp).
ALFVEN_HOST_DEVICE inline D normalize_rn(const D& a) {
  const double l = sqrt_(dot_rn(a, a));
  return l > 0 ? a / l : a;
}

/// Per input triangle: its area vector ½ (b - a) x (c - a) and whether it is kept (non-zero).
struct AreaFunctor {
  const D* v;
  const Tri* tri;
  D* area;
  std::int32_t* keep;
  ALFVEN_HOST_DEVICE void operator()(std::size_t t) const {
    const D a = v[tri[t][0]], b = v[tri[t][1]], c = v[tri[t][2]];
    const D n = 0.5 * cross_rn(b - a, c - a);
    area[t] = n;
    keep[t] = dot_rn(n, n) > 0 ? 1 : 0;
  }
};

/// kept[offset[t]] = t for the kept triangles (offset: exclusive scan of keep).
struct ScatterKept {
  const std::int32_t* keep;
  const std::int32_t* offset;
  std::int32_t* kept;
  ALFVEN_HOST_DEVICE void operator()(std::size_t t) const {
    if (keep[t]) kept[offset[t]] = std::int32_t(t);
  }
};

/// Per kept triangle j: its area vector and unit normal.
struct GatherFunctor {
  const D* area_all;
  const std::int32_t* kept;
  D* area;
  D* face;
  ALFVEN_HOST_DEVICE void operator()(std::size_t j) const {
    area[j] = area_all[kept[j]];
    face[j] = normalize_rn(area[j]);
  }
};

/// Per kept triangle j: the box of its corners rounded to T, and that box's centre in double.
template <typename T>
struct BoxFunctor {
  const D* v;
  const Tri* tri;
  const std::int32_t* kept;
  AABB<T>* box;
  AABB<double>* centre;  ///< as a degenerate box, for the reduction of the centre bounds
  ALFVEN_HOST_DEVICE void operator()(std::size_t j) const {
    const Tri& t = tri[kept[j]];
    const Vec3<T> a = v[t[0]].template as<T>(), b = v[t[1]].template as<T>(),
                  c = v[t[2]].template as<T>();
    const AABB<T> bx{vmin(vmin(a, b), c), vmax(vmax(a, b), c)};
    box[j] = bx;
    const D cd = AABB<double>{bx.lo.template as<double>(), bx.hi.template as<double>()}.centre();
    centre[j] = AABB<double>{cd, cd};
  }
};

struct MergeBoxes {
  ALFVEN_HOST_DEVICE AABB<double> operator()(const AABB<double>& a, const AABB<double>& b) const {
    return a.merged(b);
  }
};

/// The 63-bit Morton code of each kept triangle's centre (bvh::morton_code) and its index j.
struct MortonFunctor {
  const AABB<double>* centre;
  const AABB<double>* bounds;  ///< one box: the centre bounds
  std::uint64_t* code;
  std::int32_t* index;
  ALFVEN_HOST_DEVICE void operator()(std::size_t j) const {
    code[j] = bvh::morton_code(centre[j].lo, bounds->lo, bounds->hi - bounds->lo);
    index[j] = std::int32_t(j);
  }
};

/// Per corner (j, k) of a kept triangle: its angle (for the vertex pseudonormal), the vertex it
/// belongs to, and the key of the edge from corner k to corner k + 1.
struct CornerFunctor {
  const D* v;
  const Tri* tri;
  const std::int32_t* kept;
  double* angle;
  std::int32_t* vertex;
  std::uint64_t* edge;
  std::int32_t* slot;  ///< 3 j + k (twice: for the vertex sort and the edge sort)
  std::int32_t* slot2;
  ALFVEN_HOST_DEVICE void operator()(std::size_t j) const {
    const Tri& t = tri[kept[j]];
    D u[3];
    for (int k = 0; k < 3; ++k) u[k] = normalize_rn(v[t[(k + 1) % 3]] - v[t[k]]);
    for (int k = 0; k < 3; ++k) {
      const std::int32_t i0 = t[k], i1 = t[(k + 1) % 3];
      const std::size_t s = 3 * j + std::size_t(k);
      angle[s] = std::acos(clamp_(dot_rn(u[k], -u[(k + 2) % 3]), -1.0, 1.0));
      vertex[s] = i0;
      edge[s] = std::uint64_t(min_(i0, i1)) << 32 | std::uint64_t(max_(i0, i1));
      slot[s] = std::int32_t(s);
      slot2[s] = std::int32_t(s);
    }
  }
};

/// a + s * n rounded at each step (the host build's sum, which nvcc would contract).
ALFVEN_HOST_DEVICE inline D add_scaled(const D& a, double s, const D& n) {
#if defined(__CUDA_ARCH__)
  return D{__dadd_rn(a.x, __dmul_rn(s, n.x)), __dadd_rn(a.y, __dmul_rn(s, n.y)),
           __dadd_rn(a.z, __dmul_rn(s, n.z))};
#else
  return a + s * n;
#endif
}

/// Vertex pseudonormals: per vertex, Σ angle × face normal over its corners sorted by 3 j + k.
template <typename T>
struct VertexNormals {
  const std::int32_t* sorted_vertex;
  const std::int32_t* sorted_slot;
  const double* angle;
  const D* face;
  std::size_t n;  ///< corners
  Vec3<T>* out;
  ALFVEN_HOST_DEVICE void operator()(std::size_t i) const {
    if (i > 0 && sorted_vertex[i - 1] == sorted_vertex[i]) return;  // not the first corner
    D sum{0, 0, 0};
    for (std::size_t e = i; e < n && sorted_vertex[e] == sorted_vertex[i]; ++e) {
      const std::int32_t s = sorted_slot[e];
      sum = add_scaled(sum, angle[s], face[s / 3]);
    }
    out[sorted_vertex[i]] = normalize_rn(sum).template as<T>();
  }
};

/// Edge pseudonormals: per edge, the normalised sum of its faces' normals (in 3 j + k order),
/// written for each of its corners s at enormal[s]; *open set to 1 when an edge is not shared
/// by exactly two triangles (the mesh is not closed).
struct EdgeNormals {
  const std::uint64_t* sorted_edge;
  const std::int32_t* sorted_slot;
  const D* face;
  std::size_t n;
  D* enormal;
  std::int32_t* open;
  ALFVEN_HOST_DEVICE void operator()(std::size_t i) const {
    if (i > 0 && sorted_edge[i - 1] == sorted_edge[i]) return;
    D sum{0, 0, 0};
    std::size_t e = i;
    for (; e < n && sorted_edge[e] == sorted_edge[i]; ++e) sum += face[sorted_slot[e] / 3];
    const D unit = normalize_rn(sum);
    for (std::size_t k = i; k < e; ++k) enormal[sorted_slot[k]] = unit;
    if (e - i != 2) *open = 1;  // every thread that writes writes 1
  }
};

/// Leaf-ordered triangle data: slot s holds kept triangle order[s].
template <typename T>
struct SlotFunctor {
  const D* v;
  const Tri* tri;
  const std::int32_t* kept;
  const std::int32_t* order;
  const D* face;
  const D* enormal;
  MeshTriangle<T>* tris;
  MeshTriangleNormals<T>* normals;
  ALFVEN_HOST_DEVICE void operator()(std::size_t s) const {
    const std::int32_t j = order[s], t = kept[j];
    const D a = v[tri[t][0]], ab = v[tri[t][1]] - a, ac = v[tri[t][2]] - a;
    tris[s] = MeshTriangle<T>{a.template as<T>(),
                              ab.template as<T>(),
                              ac.template as<T>(),
                              T(dot_rn(ab, ab)),
                              T(dot_rn(ac, ac)),
                              T(dot_rn(ab, ac)),
                              t};
    MeshTriangleNormals<T>& n = normals[s];
    n.face = face[j].template as<T>();
    for (int k = 0; k < 3; ++k) {
      n.edge[k] = enormal[3 * j + k].template as<T>();
      n.vertex[k] = tri[t][k];
    }
  }
};

/// Karras's δ: the length of the common prefix of sorted keys i and j (the index breaks ties
/// between equal codes), -1 for j outside [0, n).
ALFVEN_HOST_DEVICE inline int prefix(const std::uint64_t* code, std::int64_t n, std::int64_t i,
                                     std::int64_t j) {
  if (j < 0 || j >= n) return -1;
  const std::uint64_t a = code[i], b = code[j];
#if defined(__CUDA_ARCH__)
  if (a == b) return 64 + __clz(std::uint32_t(i ^ j));
  return __clzll(static_cast<long long>(a ^ b));
#else
  if (a == b) return 64 + __builtin_clz(std::uint32_t(i ^ j));
  return __builtin_clzll(a ^ b);
#endif
}

/// Inner node i of the radix tree over n sorted keys (Karras 2012, Figure 4): its range
/// [first, last] and split (left child covers [first, split], right [split + 1, last]); used
/// when the range holds more than leaf_size keys (it is then an inner node of the tree).
struct RadixNode {
  const std::uint64_t* code;
  std::int64_t n;
  int leaf_size;
  std::int32_t* first;
  std::int32_t* last;
  std::int32_t* split;
  std::int32_t* used;
  ALFVEN_HOST_DEVICE void operator()(std::size_t iu) const {
    const std::int64_t i = std::int64_t(iu);
    const int d = prefix(code, n, i, i + 1) - prefix(code, n, i, i - 1) > 0 ? 1 : -1;
    const int dmin = prefix(code, n, i, i - d);
    std::int64_t lmax = 2;
    while (prefix(code, n, i, i + lmax * d) > dmin) lmax *= 2;
    std::int64_t l = 0;
    for (std::int64_t t = lmax / 2; t >= 1; t /= 2)
      if (prefix(code, n, i, i + (l + t) * d) > dmin) l += t;
    const std::int64_t j = i + l * d;
    const int dnode = prefix(code, n, i, j);
    std::int64_t s = 0, t = l;
    do {
      t = (t + 1) / 2;
      if (prefix(code, n, i, i + (s + t) * d) > dnode) s += t;
    } while (t > 1);
    const std::int64_t gamma = i + s * d + min_(d, 0);
    first[i] = std::int32_t(min_(i, j));
    last[i] = std::int32_t(max_(i, j));
    split[i] = std::int32_t(gamma);
    used[i] = max_(i, j) - min_(i, j) + 1 > leaf_size ? 1 : 0;
  }
};

/// Links used inner node i (flat index renum[i]) to its children: a leaf code for a child range
/// of at most leaf_size keys, else the child's index (and its parent).
template <typename T>
struct LinkFunctor {
  const std::int32_t* first;
  const std::int32_t* last;
  const std::int32_t* split;
  const std::int32_t* used;
  const std::int32_t* renum;
  int leaf_size;
  BVHNode<T>* nodes;
  std::int32_t* parent;
  ALFVEN_HOST_DEVICE void operator()(std::size_t i) const {
    if (!used[i]) return;
    const std::int32_t u = renum[i], g = split[i];
    const std::int32_t lo[2] = {first[i], g + 1}, hi[2] = {g, last[i]};
    for (int k = 0; k < 2; ++k) {
      const std::int32_t count = hi[k] - lo[k] + 1;
      if (count <= leaf_size) {
        nodes[u].child[k] = bvh::leaf_code(lo[k], count);
      } else {
        const std::int32_t c = renum[g + k];  // the inner node of that range is g or g + 1
        nodes[u].child[k] = c;
        parent[c] = u;
      }
    }
  }
};

}  // namespace lbvh
}  // namespace geom
}  // namespace alfven
