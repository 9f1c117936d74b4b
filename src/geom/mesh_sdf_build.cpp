// MeshSDF<T>::build (mesh_sdf.hpp) on the host, compiled once for float and double: the BVH
// (bvh/build.hpp), the leaf-ordered triangles, the pseudonormals (Bærentzen and Aanæs 2005) and
// the winding-number far-field data (Barill et al. 2018), and for host queries the 4-wide tree
// with its triangle packets (mesh_sdf_wide.hpp). LBVH builds go to build_lbvh
// (mesh_sdf_lbvh_host.cpp: on the device or the host's threads).
//
// Every number here is computed in the order the pins (tests/pins/) were recorded with: sums
// run over a node's triangles in leaf order, products and quotients are formed the same way.
// What is hoisted out of the per-node loops (a triangle's area, centroid term, corners) is the
// same value computed once.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/geom/bvh/build.hpp"
#include "alfven/geom/mesh_sdf.hpp"
#include "mesh_sdf_wide.hpp"

namespace alfven {
namespace geom {

namespace {

using D = Vec3<double>;

/// The triangles of non-zero area (in double) with their area vectors ½ (b - a) x (c - a) and
/// the boxes of their corners rounded to T (converted back to double, exactly).
template <typename T>
struct KeptTriangles {
  std::vector<std::int32_t> index;  ///< input triangle of each kept one
  std::vector<D> area;
  std::vector<AABB<double>> boxes;
};

template <typename T>
KeptTriangles<T> keep_triangles(const TriangleMesh& mesh, const std::vector<Vec3<T>>& vt) {
  KeptTriangles<T> k;
  const std::size_t n = mesh.triangle_count();
  k.index.reserve(n);
  k.area.reserve(n);
  k.boxes.reserve(n);
  for (std::size_t t = 0; t < n; ++t) {
    const D a = mesh.corner(t, 0), b = mesh.corner(t, 1), c = mesh.corner(t, 2);
    const D area = 0.5 * cross(b - a, c - a);
    if (!(dot(area, area) > 0)) continue;
    k.index.push_back(std::int32_t(t));
    k.area.push_back(area);
    const Vec3<T>& v0 = vt[std::size_t(mesh.triangles[t][0])];
    const Vec3<T>& v1 = vt[std::size_t(mesh.triangles[t][1])];
    const Vec3<T>& v2 = vt[std::size_t(mesh.triangles[t][2])];
    const Vec3<T> lo = vmin(vmin(v0, v1), v2), hi = vmax(vmax(v0, v1), v2);
    k.boxes.push_back(AABB<double>{lo.template as<double>(), hi.template as<double>()});
  }
  return k;
}

/// Angle-weighted vertex pseudonormals (sums, not yet normalised) and unit edge pseudonormals
/// per (kept triangle j, edge k from corner k to corner k + 1), at enormal[3 j + k]. Returns
/// whether the kept triangles are closed: every edge shared by exactly two of them.
bool pseudonormals(const TriangleMesh& mesh, const std::vector<std::int32_t>& kept,
                   const std::vector<D>& face, std::vector<D>& vnormal, std::vector<D>& enormal) {
  const std::size_t nv = mesh.vertex_count(), nt = kept.size();
  vnormal.assign(nv, D{0, 0, 0});
  // Edges as (upper vertex, 3 j + k), grouped by their lower vertex (a counting sort): within
  // an edge, in increasing 3 j + k, the order the sums below run in.
  std::vector<std::int32_t> start(nv + 1, 0);
  std::vector<std::pair<std::int32_t, std::int32_t>> edges(3 * nt);
  for (std::size_t j = 0; j < nt; ++j) {
    const auto& tri = mesh.triangles[std::size_t(kept[j])];
    const D& n = face[j];
    // The unit edge vectors u[k] from corner k to corner k + 1; the one from corner k to
    // corner k + 2 is -u[k + 2] (a - b = -(b - a) exactly, so its normalisation is too).
    D u[3];
    for (int k = 0; k < 3; ++k)
      u[k] = normalize(mesh.vertices[std::size_t(tri[std::size_t((k + 1) % 3)])] -
                       mesh.vertices[std::size_t(tri[std::size_t(k)])]);
    for (int k = 0; k < 3; ++k) {
      const std::int32_t i0 = tri[std::size_t(k)], i1 = tri[std::size_t((k + 1) % 3)];
      const double angle = std::acos(std::clamp(dot(u[k], -u[(k + 2) % 3]), -1.0, 1.0));
      vnormal[std::size_t(i0)] += angle * n;
      ++start[std::size_t(std::min(i0, i1)) + 1];
    }
  }
  for (std::size_t v = 0; v < nv; ++v) start[v + 1] += start[v];
  std::vector<std::int32_t> fill(start.begin(), start.end() - 1);
  for (std::size_t j = 0; j < nt; ++j) {
    const auto& tri = mesh.triangles[std::size_t(kept[j])];
    for (int k = 0; k < 3; ++k) {
      const std::int32_t i0 = tri[std::size_t(k)], i1 = tri[std::size_t((k + 1) % 3)];
      edges[std::size_t(fill[std::size_t(std::min(i0, i1))]++)] = {
          std::max(i0, i1), std::int32_t(3 * j + std::size_t(k))};
    }
  }
  enormal.resize(3 * nt);
  bool closed = true;
  for (std::size_t v = 0; v < nv; ++v) {
    const auto b = edges.begin() + start[v], e = edges.begin() + start[v + 1];
    for (auto i = b; i != e; ++i)  // insertion sort by upper vertex (stable; groups are small)
      for (auto k = i; k != b && (k - 1)->first > k->first; --k) std::iter_swap(k - 1, k);
    for (auto s = b; s != e;) {
      auto f = s;
      D sum{0, 0, 0};
      while (f != e && f->first == s->first) sum += face[std::size_t((f++)->second / 3)];
      const D unit = normalize(sum);
      for (auto k = s; k != f; ++k) enormal[std::size_t(k->second)] = unit;
      closed = closed && f - s == 2;
      s = f;
    }
  }
  return closed;
}

/// Per leaf slot, what the winding data of a node sums over its slots: the area vector, the
/// area-weighted centroid term (a / 3)(v0 + v1 + v2) and the area a = |area vector|.
struct SlotMoments {
  std::vector<D> area, centroid;
  std::vector<double> size;
  std::vector<D> corners;  ///< 3 per slot
};

/// The far-field data of the node over slots [first, first + count) (winding_number.hpp): sums
/// in slot order, the radius the largest corner distance from the centroid, widened by 1e-6.
template <typename T>
MeshWindingNode<T> winding_data(const SlotMoments& m, std::int32_t first, std::int32_t count) {
  D nsum{0, 0, 0}, c{0, 0, 0};
  double atot = 0;
  for (std::int32_t i = first; i < first + count; ++i) {
    nsum += m.area[std::size_t(i)];
    c += m.centroid[std::size_t(i)];
    atot += m.size[std::size_t(i)];
  }
  c = c / atot;
  double r2[4] = {0, 0, 0, 0};  // four running maxima (the maximum is order-independent)
  const D* v = m.corners.data() + 3 * std::size_t(first);
  const std::size_t nc = 3 * std::size_t(count);
  std::size_t k = 0;
  for (; k + 4 <= nc; k += 4)
    for (std::size_t l = 0; l < 4; ++l) {
      const D d = v[k + l] - c;
      r2[l] = std::max(r2[l], dot(d, d));
    }
  for (; k < nc; ++k) {
    const D d = v[k] - c;
    r2[0] = std::max(r2[0], dot(d, d));
  }
  MeshWindingNode<T> w{};
  w.centre = c.template as<T>();
  w.radius = T(std::sqrt(std::max(std::max(r2[0], r2[1]), std::max(r2[2], r2[3]))) * (1 + 1e-6));
  w.normal_sum = nsum.template as<T>();
  return w;
}

}  // namespace

template <typename T>
MeshSDF<T> MeshSDF<T>::build(Pool& pool, const TriangleMesh& mesh, const MeshSDFOptions& options) {
  static_assert(std::is_trivially_copyable<MeshSDF<T>>::value,
                "MeshSDF must be trivially copyable");
  mesh.check_indices();
  ALFVEN_REQUIRE(options.winding_beta > 1.0,
                 "MeshSDF::build: winding_beta must be > 1, got " << options.winding_beta);
  ALFVEN_REQUIRE(options.sah_bins >= 2, "MeshSDF::build: sah_bins must be >= 2");
  // Ericson's closest-point test multiplies pairs of dot products (length^4): beyond the
  // range they overflow or underflow and the wrong region is chosen, silently (a cgs-sized body
  // in float).
  require_extent_in_range<T>(mesh, "MeshSDF::build");
  if (options.build == BVHBuild::LBVH) return build_lbvh(pool, mesh, options);
  const std::size_t nv = mesh.vertex_count();
  std::vector<Vec3<T>> vt(nv);  // vertices rounded once to T
  for (std::size_t i = 0; i < nv; ++i) vt[i] = mesh.vertices[i].template as<T>();

  const KeptTriangles<T> kept = keep_triangles(mesh, vt);
  ALFVEN_REQUIRE(!kept.index.empty(),
                 "MeshSDF::build: mesh '" << mesh.source << "' has no triangle of non-zero area");
  const BVHTopology<double> topo =
      build_bvh_topology(kept.boxes, options.build, LeafSize, options.sah_bins);
  ALFVEN_REQUIRE(topo.depth < StackSize,
                 "MeshSDF::build: BVH too deep (" << topo.depth << " levels)");
  const std::size_t nt = kept.index.size();

  std::vector<D> face(nt);
  for (std::size_t j = 0; j < nt; ++j) face[j] = normalize(kept.area[j]);
  std::vector<D> vnormal, enormal;
  const bool closed = pseudonormals(mesh, kept.index, face, vnormal, enormal);

  // Leaf-ordered triangle data and the moments the winding data sums.
  std::vector<MeshTriangle<T>> tris(nt);
  std::vector<MeshTriangleNormals<T>> normals(nt);
  SlotMoments moments;
  moments.area.resize(nt);
  moments.centroid.resize(nt);
  moments.size.resize(nt);
  moments.corners.resize(3 * nt);
  for (std::size_t i = 0; i < nt; ++i) {
    const std::size_t j = std::size_t(topo.items[i].index);
    const std::size_t t = std::size_t(kept.index[j]);
    const D a = mesh.corner(t, 0), b = mesh.corner(t, 1), c = mesh.corner(t, 2);
    const D ab = b - a, ac = c - a;
    tris[i] = MeshTriangle<T>{vt[std::size_t(mesh.triangles[t][0])],
                              ab.template as<T>(),
                              ac.template as<T>(),
                              T(dot(ab, ab)),
                              T(dot(ac, ac)),
                              T(dot(ab, ac)),
                              std::int32_t(t)};
    MeshTriangleNormals<T>& n = normals[i];
    n.face = face[j].template as<T>();
    for (int k = 0; k < 3; ++k) {
      n.edge[k] = enormal[3 * j + std::size_t(k)].template as<T>();
      n.vertex[k] = mesh.triangles[t][std::size_t(k)];
    }
    const double size = length(kept.area[j]);
    moments.area[i] = kept.area[j];
    moments.size[i] = size;
    moments.centroid[i] = (size / 3.0) * (a + b + c);
    moments.corners[3 * i] = a;
    moments.corners[3 * i + 1] = b;
    moments.corners[3 * i + 2] = c;
  }
  std::vector<Vec3<T>> vnormal_t(nv);
  for (std::size_t i = 0; i < nv; ++i) vnormal_t[i] = normalize(vnormal[i]).template as<T>();

  // The flat tree (inner nodes depth first) and one winding node per inner node.
  std::vector<Node> flat;
  std::vector<MeshWindingNode<T>> wn;
  wn.reserve(topo.nodes.size() / 2 + 1);
  const std::int32_t root =
      flatten_bvh(topo, flat, [&](std::int32_t, const BVHBuildNode<double>& b) {
        wn.push_back(winding_data<T>(moments, b.first, b.count));
      });
  if (wn.empty()) wn.push_back(MeshWindingNode<T>{});  // a single leaf: the unused node's

  // Host queries: the tree collapsed 4-wide, leaves as triangle packets.
  WideArrays<T> wide;
  if (options.host_traversal) wide = wide_arrays(topo, tris.data());

  // One allocation for all arrays (PODVector aligns each to at most 64 bytes).
  pool.reserve(pool.size() + flat.size() * sizeof(Node) + nt * sizeof(MeshTriangle<T>) +
               nt * sizeof(MeshTriangleNormals<T>) + nv * sizeof(Vec3<T>) +
               wn.size() * sizeof(MeshWindingNode<T>) + wide.nodes.size() * sizeof(BVHNode4<T>) +
               wide.packets.size() * (sizeof(MeshTrianglePacket<T>) + sizeof(std::int32_t)) +
               8 * 64);
  MeshSDF m;
  m.nodes_.reserve_from(pool, flat.size());
  m.tris_.reserve_from(pool, tris.size());
  m.normals_.reserve_from(pool, normals.size());
  m.vertex_normals_.reserve_from(pool, vnormal_t.size());
  m.winding_.reserve_from(pool, wn.size());
  if (options.host_traversal) {
    m.nodes4_.reserve_from(pool, wide.nodes.size());
    m.packets_.reserve_from(pool, wide.packets.size());
    m.packet_first_.reserve_from(pool, wide.packet_first.size());
  }
  m.nodes_.assign(pool, flat);
  m.tris_.assign(pool, tris);
  m.normals_.assign(pool, normals);
  m.vertex_normals_.assign(pool, vnormal_t);
  m.winding_.assign(pool, wn);
  if (options.host_traversal) {
    m.nodes4_.assign(pool, wide.nodes);
    m.packets_.assign(pool, wide.packets);
    m.packet_first_.assign(pool, wide.packet_first);
  }
  m.end_byte_ = std::max({m.nodes_.end_byte(), m.tris_.end_byte(), m.normals_.end_byte(),
                          m.vertex_normals_.end_byte(), m.winding_.end_byte(), m.nodes4_.end_byte(),
                          m.packets_.end_byte(), m.packet_first_.end_byte()});
  const AABB<double>& rb = topo.nodes[0].box;
  m.box_ = AABB<T>{rb.lo.template as<T>(), rb.hi.template as<T>()};
  m.root_ = root;
  m.root4_ = wide.root;
  m.node_count_ = std::int32_t(topo.nodes.size());
  m.sign_ = options.sign;
  m.closed_ = closed;
  m.beta2_ = T(options.winding_beta * options.winding_beta);
  m.surface_band_ = T(64.0 * double(std::numeric_limits<T>::epsilon()) * length(rb.hi - rb.lo));
  m.depth_ = topo.depth;
  m.base_ = pool.base();
  return m;
}

template MeshSDF<float> MeshSDF<float>::build(Pool&, const TriangleMesh&, const MeshSDFOptions&);
template MeshSDF<double> MeshSDF<double>::build(Pool&, const TriangleMesh&, const MeshSDFOptions&);

}  // namespace geom
}  // namespace alfven
