// MeshSDF<T>::build with BVHBuild::LBVH, written once for two places to run it: on the current
// CUDA device into device memory (mesh_sdf_lbvh.cu, CUB's sorts and scans), for large meshes and
// bodies that move, or on the host's threads into host memory (mesh_sdf_lbvh_host.cpp, the
// standard library's), where the result also gets the 4-wide arrays of host queries. The two
// differ only in `Ops` (memory, copies, sorts, scans, the parallel loop); the kernels are the
// functors of mesh_sdf_lbvh_kernels.hpp, mesh_sdf_lbvh_bottom_up.hpp and
// mesh_sdf_lbvh_collapse.hpp. Private to alfven_geom_build.
//
// T. Karras, "Maximizing parallelism in the construction of BVHs, octrees and k-d trees", HPG
// 2012: the kept triangles are sorted by the 63-bit Morton codes of their box centres (the codes
// of the host Morton build, bvh/build.hpp; a stable radix sort, so equal codes keep input
// order), and every inner node of the radix tree over the sorted codes finds its range and split
// on its own (§4, Figure 4; equal codes split by index, §4 "duplicate keys"); each triangle is
// a leaf. Boxes and winding-number data are then gathered bottom-up (§5: a node is finished by
// the second of its children to arrive, an atomic counter per node), and each finished node's
// treelet of 6 leaves is rebuilt with the least SAH cost (T. Karras and T. Aila, HPG 2013), in
// two rounds (the second pass restructures the first's tree again). Last, subtrees of at most
// LeafSize triangles that the SAH finds cheaper as one leaf are collapsed into leaves, the
// triangles reordered so that each leaf's are contiguous, and the inner nodes left renumbered
// in index order (a scan) into the flat layout of bvh/node.hpp (mesh_sdf_lbvh_collapse.hpp).
// Collapsing brings the queries closest to the host SAH tree's (the measurements are at
// TraversalCost, mesh_sdf_lbvh_bottom_up.hpp). A subtree's radius is bounded by max_k (|c_k - c| +
// r_k) over its children (its leaves' radii are exact), so far-field tests are as safe as the
// host's, if a little more cautious. Pseudonormals (Bærentzen and Aanæs 2005) are summed per vertex
// and per edge in the host build's order after a stable sort by vertex or edge (rounded to nearest
// at each step, as the host does without FMA). Distances are the host's: a distance is a minimum
// over triangles, which no tree changes.
//
// An Ops provides (all synchronous; pointers into memory of scratch_resource() or the pool):
//   static constexpr bool host               the pool is host memory (add the 4-wide arrays)
//   const MemoryResource& scratch_resource()  where the build's temporaries live
//   std::size_t temp_bytes(std::size_t n)     scratch of the sorts, scans, reductions of n keys
//   void exclusive_sum(temp, bytes, in, out, n)             int32, out[i] = sum of in[0..i)
//   void reduce_boxes(temp, bytes, in, out, n, init)        *out = init merged with in[0..n)
//   void sort_pairs(temp, bytes, keys, keys_out, values, values_out, n, end_bit)
//                                             stable, by the key's bits [0, end_bit)
//   void parallel_for(n, f)                   f(i) for i < n, any order, any threads
//   void upload(dst, src, bytes), download(dst, src, bytes), zero(p, bytes)
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/memory_resource.hpp"
#include "alfven/core/pool.hpp"
#include "alfven/geom/bvh/build.hpp"
#include "alfven/geom/mesh_sdf.hpp"
#include "mesh_sdf_lbvh_bottom_up.hpp"
#include "mesh_sdf_lbvh_collapse.hpp"
#include "mesh_sdf_lbvh_kernels.hpp"
#include "mesh_sdf_wide.hpp"

namespace alfven {
namespace geom {
namespace lbvh {

/// Temporary memory of one build (the memory Ops::scratch_resource() gives: the device's or the
/// host's), carved from one allocation: a first pass with no memory measures (take() returns
/// null), the second hands out 256-byte aligned arrays.
class Slab {
 public:
  Slab() = default;
  Slab(const MemoryResource& resource, std::size_t bytes)
      : resource_(&resource),
        base_(static_cast<std::byte*>(resource.allocate(bytes))),
        size_(bytes) {}
  ~Slab() {
    if (base_) resource_->deallocate(base_);
  }
  Slab(const Slab&) = delete;
  Slab& operator=(const Slab&) = delete;
  /// Room for n elements of X (n >= 1 taken).
  template <typename X>
  X* take(std::size_t n) {
    const std::size_t offset = used_;
    used_ += (std::max<std::size_t>(n, 1) * sizeof(X) + 255) / 256 * 256;
    ALFVEN_REQUIRE(!base_ || used_ <= size_, "MeshSDF LBVH: scratch overrun (a bug)");
    return base_ ? reinterpret_cast<X*>(base_ + offset) : nullptr;
  }
  std::size_t used() const { return used_; }

 private:
  const MemoryResource* resource_ = nullptr;
  std::byte* base_ = nullptr;
  std::size_t size_ = 0, used_ = 0;
};

/// The scratch arrays of a build of nt triangles (counts of kept triangles bounded by nt).
template <typename T>
struct Scratch {
  D* v;
  Tri* tri;
  void* temp;  ///< the sorts', scans' and reductions' own scratch (Ops::temp_bytes)
  D *area_all, *area, *face, *enormal;
  std::int32_t *keep, *offset, *kept, *index, *order;
  AABB<T>* box;
  AABB<double>*centre, *bounds;
  std::uint64_t *code, *code_sorted, *edge, *edge_sorted;
  double* angle;
  std::int32_t *vertex, *vertex_sorted, *slot_v, *slot_e, *slot_v_sorted, *slot_e_sorted;
  std::int32_t *first, *last, *split, *used, *renum, *parent, *arrivals, *open;
  std::int32_t *node_first, *node_keep, *node_index, *placed, *height;
  Moments* moments;
  BVHNode<T>* nodes;  ///< the uncollapsed tree (one triangle a leaf)
  MeshWindingNode<T>* winding;

  void carve(Slab& s, std::size_t nv, std::size_t nt, std::size_t temp_bytes) {
    const std::size_t nc = 3 * nt;
    v = s.take<D>(nv);
    tri = s.take<Tri>(nt);
    temp = s.take<std::byte>(temp_bytes);
    area_all = s.take<D>(nt);
    area = s.take<D>(nt);
    face = s.take<D>(nt);
    enormal = s.take<D>(nc);
    keep = s.take<std::int32_t>(nt);
    offset = s.take<std::int32_t>(nt);
    kept = s.take<std::int32_t>(nt);
    index = s.take<std::int32_t>(nt);
    order = s.take<std::int32_t>(nt);
    box = s.take<AABB<T>>(nt);
    centre = s.take<AABB<double>>(nt);
    bounds = s.take<AABB<double>>(1);
    code = s.take<std::uint64_t>(nt);
    code_sorted = s.take<std::uint64_t>(nt);
    edge = s.take<std::uint64_t>(nc);
    edge_sorted = s.take<std::uint64_t>(nc);
    angle = s.take<double>(nc);
    vertex = s.take<std::int32_t>(nc);
    vertex_sorted = s.take<std::int32_t>(nc);
    slot_v = s.take<std::int32_t>(nc);
    slot_e = s.take<std::int32_t>(nc);
    slot_v_sorted = s.take<std::int32_t>(nc);
    slot_e_sorted = s.take<std::int32_t>(nc);
    first = s.take<std::int32_t>(nt);
    last = s.take<std::int32_t>(nt);
    split = s.take<std::int32_t>(nt);
    used = s.take<std::int32_t>(nt);
    renum = s.take<std::int32_t>(nt);
    parent = s.take<std::int32_t>(nt);
    arrivals = s.take<std::int32_t>(nt);
    open = s.take<std::int32_t>(1);
    node_first = s.take<std::int32_t>(nt);
    node_keep = s.take<std::int32_t>(nt);
    node_index = s.take<std::int32_t>(nt);
    placed = s.take<std::int32_t>(nt);
    height = s.take<std::int32_t>(1);
    moments = s.take<Moments>(3 * nt);
    nodes = s.take<BVHNode<T>>(nt);
    winding = s.take<MeshWindingNode<T>>(nt);
  }
};

/// The value at p (in Ops' memory).
template <typename X, typename Ops>
X copy_back(const Ops& ops, const X* p) {
  X x;
  ops.download(&x, p, sizeof(X));
  return x;
}

}  // namespace lbvh

template <typename T>
template <typename Ops>
MeshSDF<T> MeshSDF<T>::build_lbvh_with(Pool& pool, const TriangleMesh& mesh,
                                       const MeshSDFOptions& options, const Ops& ops) {
  using namespace lbvh;
  ALFVEN_REQUIRE(!pool.frozen(), "MeshSDF::build: the pool is frozen");
  const std::size_t nv = mesh.vertex_count(), nt = mesh.triangle_count();
  ALFVEN_REQUIRE(nt > 0,
                 "MeshSDF::build: mesh '" << mesh.source << "' has no triangle of non-zero area");
  ALFVEN_REQUIRE(std::int64_t(nt) < bvh::MaxPrimitives,
                 "MeshSDF::build: " << nt << " triangles, at most 2^28 - 1");

  // Scratch: the mesh, per-triangle and per-corner arrays, sort buffers, the sorts' temporaries.
  const std::size_t temp_bytes = ops.temp_bytes(nt);
  Scratch<T> x;
  Slab measure;
  x.carve(measure, nv, nt, temp_bytes);
  Slab slab(ops.scratch_resource(), measure.used());
  x.carve(slab, nv, nt, temp_bytes);
  ops.upload(x.v, mesh.vertices.data(), nv * sizeof(D));
  ops.upload(x.tri, mesh.triangles.data(), nt * sizeof(Tri));

  // Kept triangles (non-zero area in double), in input order.
  ops.parallel_for(nt, AreaFunctor{x.v, x.tri, x.area_all, x.keep});
  ops.exclusive_sum(x.temp, temp_bytes, x.keep, x.offset, nt);
  ops.parallel_for(nt, ScatterKept{x.keep, x.offset, x.kept});
  const std::size_t nk =
      std::size_t(copy_back(ops, x.offset + nt - 1)) + std::size_t(copy_back(ops, x.keep + nt - 1));
  ALFVEN_REQUIRE(nk > 0,
                 "MeshSDF::build: mesh '" << mesh.source << "' has no triangle of non-zero area");

  // Boxes, face normals, Morton order.
  ops.parallel_for(nk, GatherFunctor{x.area_all, x.kept, x.area, x.face});
  ops.parallel_for(nk, BoxFunctor<T>{x.v, x.tri, x.kept, x.box, x.centre});
  const AABB<double> empty{D{1e300, 1e300, 1e300}, D{-1e300, -1e300, -1e300}};
  ops.reduce_boxes(x.temp, temp_bytes, x.centre, x.bounds, nk, empty);
  ops.parallel_for(nk, MortonFunctor{x.centre, x.bounds, x.code, x.index});
  ops.sort_pairs(x.temp, temp_bytes, x.code, x.code_sorted, x.index, x.order, nk, 63);

  // Pseudonormals: corners sorted by vertex, edges sorted by key (stable: 3 j + k order kept).
  const std::size_t nc = 3 * nk;
  ops.parallel_for(
      nk, CornerFunctor{x.v, x.tri, x.kept, x.angle, x.vertex, x.edge, x.slot_v, x.slot_e});
  int vbits = 1;
  while ((std::size_t(1) << vbits) < nv) ++vbits;
  ops.sort_pairs(x.temp, temp_bytes, x.vertex, x.vertex_sorted, x.slot_v, x.slot_v_sorted, nc,
                 vbits);
  ops.sort_pairs(x.temp, temp_bytes, x.edge, x.edge_sorted, x.slot_e, x.slot_e_sorted, nc,
                 32 + vbits);

  // The radix tree's inner nodes, one triangle a leaf (a mesh of at most LeafSize triangles is
  // one leaf).
  std::size_t m = 0;
  if (nk > std::size_t(LeafSize)) {
    ops.parallel_for(
        nk - 1, RadixNode{x.code_sorted, std::int64_t(nk), 1, x.first, x.last, x.split, x.used});
    ops.exclusive_sum(x.temp, temp_bytes, x.used, x.renum, nk - 1);
    m = std::size_t(copy_back(ops, x.renum + nk - 2)) +
        std::size_t(copy_back(ops, x.used + nk - 2));
  }

  // The tree in scratch: links, then boxes and winding data bottom-up with the treelets; then
  // collapsed (mesh_sdf_lbvh_collapse.hpp): m_kept inner nodes stay.
  int depth = 1;
  AABB<T> root_box{};
  std::size_t m_kept = 0;
  if (m > 0) {
    ops.zero(x.arrivals, m * sizeof(std::int32_t));
    // Zeros first: Emit copies whole nodes into the pool, padding included, and the pool's bytes
    // are the same in every build.
    ops.zero(x.nodes, m * sizeof(BVHNode<T>));
    ops.zero(x.winding, m * sizeof(MeshWindingNode<T>));
    ops.parallel_for(
        nk - 1, LinkFunctor<T>{x.first, x.last, x.split, x.used, x.renum, 1, x.nodes, x.parent});
    for (int round = 0; round < TreeletRounds; ++round) {  // each round restructures again
      if (round > 0) ops.zero(x.arrivals, m * sizeof(std::int32_t));
      ops.parallel_for(m, BottomUp<T>{x.v, x.tri, x.kept, x.order, x.area, x.box, x.nodes, x.parent,
                                      x.moments, x.winding, x.arrivals, std::int32_t(m), LeafSize});
    }
    ops.zero(x.height, sizeof(std::int32_t));
    ops.parallel_for(m, Place<T>{x.nodes, x.parent, x.moments, std::int32_t(m), x.node_first,
                                 x.node_keep, x.height});
    ops.exclusive_sum(x.temp, temp_bytes, x.node_keep, x.node_index, m);
    m_kept = std::size_t(copy_back(ops, x.node_index + m - 1)) +
             std::size_t(copy_back(ops, x.node_keep + m - 1));
    depth = copy_back(ops, x.height);
    root_box = bvh::node_box(copy_back(ops, x.nodes));
  } else {  // one leaf: its box from the kept triangles' boxes
    std::vector<AABB<T>> boxes(nk);
    ops.download(boxes.data(), x.box, nk * sizeof(AABB<T>));
    root_box = boxes[0];
    for (const auto& bx : boxes) root_box = root_box.merged(bx);
  }

  // The pool's arrays: one reservation (with room for the 4-wide arrays of a host build: at
  // most one node per inner node of the binary tree and one packet per leaf), then written in
  // place.
  const std::size_t nodes_n = std::max<std::size_t>(m_kept, 1);
  const bool wide = Ops::host && options.host_traversal;
  pool.reserve(pool.size() + nodes_n * (sizeof(Node) + sizeof(MeshWindingNode<T>)) +
               nk * (sizeof(MeshTriangle<T>) + sizeof(MeshTriangleNormals<T>)) +
               nv * sizeof(Vec3<T>) +
               (wide ? nodes_n * sizeof(BVHNode4<T>) +
                           (m_kept + 1) * (sizeof(MeshTrianglePacket<T>) + sizeof(std::int32_t))
                     : 0) +
               std::size_t(8 * 64));
  MeshSDF s;
  const std::size_t start = pool.size();
  s.nodes_.reserve_from(pool, nodes_n);
  s.tris_.reserve_from(pool, nk);
  s.normals_.reserve_from(pool, nk);
  s.vertex_normals_.reserve_from(pool, nv);
  s.winding_.reserve_from(pool, nodes_n);
  std::byte* base = pool.base();
  // Zeros first: unreferenced vertices' normals stay zero, and the bytes between the arrays are
  // the same in every build (a pool can be compared, or checksummed, as a whole).
  ops.zero(base + start, pool.size() - start);
  Vec3<T>* vnormal = s.vertex_normals_.data(base);
  ops.parallel_for(
      nc, VertexNormals<T>{x.vertex_sorted, x.slot_v_sorted, x.angle, x.face, nc, vnormal});
  ops.zero(x.open, sizeof(std::int32_t));
  ops.parallel_for(nc, EdgeNormals{x.edge_sorted, x.slot_e_sorted, x.face, nc, x.enormal, x.open});
  const bool closed = copy_back(ops, x.open) == 0;
  BVHNode<T>* nodes = s.nodes_.data(base);
  if (m > 0)  // the collapsed tree, and the triangles in its leaves' order
    ops.parallel_for(m,
                     Emit<T>{x.nodes, x.winding, x.moments, std::int32_t(m), x.order, x.node_first,
                             x.node_keep, x.node_index, x.placed, nodes, s.winding_.data(base)});
  ops.parallel_for(nk, SlotFunctor<T>{x.v, x.tri, x.kept, m > 0 ? x.placed : x.order, x.face,
                                      x.enormal, s.tris_.data(base), s.normals_.data(base)});

  ALFVEN_REQUIRE(depth < StackSize, "MeshSDF::build: LBVH too deep ("
                                        << depth << " levels; many coincident triangles?); "
                                        << "build with sah or morton");
  s.root_ = m > 0 ? 0 : bvh::leaf_code(0, std::int32_t(nk));

  // Host queries: the tree collapsed 4-wide as the host builds collapse theirs, leaves as
  // triangle packets (within the reservation above: the pool does not move).
  if (wide) {
    const WideArrays<T> w =
        wide_arrays(topology_of(nodes, s.root_, root_box, depth), s.tris_.data(base));
    s.root4_ = w.root;
    const std::size_t start4 = pool.size();
    s.nodes4_.reserve_from(pool, w.nodes.size());
    s.packets_.reserve_from(pool, w.packets.size());
    s.packet_first_.reserve_from(pool, w.packet_first.size());
    ops.zero(pool.base() + start4, pool.size() - start4);
    s.nodes4_.assign(pool, w.nodes);
    s.packets_.assign(pool, w.packets);
    s.packet_first_.assign(pool, w.packet_first);
  }
  s.end_byte_ = std::max({s.nodes_.end_byte(), s.tris_.end_byte(), s.normals_.end_byte(),
                          s.vertex_normals_.end_byte(), s.winding_.end_byte(), s.nodes4_.end_byte(),
                          s.packets_.end_byte(), s.packet_first_.end_byte()});
  s.box_ = root_box;
  s.node_count_ = std::int32_t(2 * m_kept + 1);
  s.sign_ = options.sign;
  s.closed_ = closed;
  s.beta2_ = T(options.winding_beta * options.winding_beta);
  const Vec3<double> diag = root_box.hi.template as<double>() - root_box.lo.template as<double>();
  s.surface_band_ = T(64.0 * double(std::numeric_limits<T>::epsilon()) * length(diag));
  s.depth_ = depth;
  s.base_ = pool.base();
  return s;
}

}  // namespace geom
}  // namespace alfven
