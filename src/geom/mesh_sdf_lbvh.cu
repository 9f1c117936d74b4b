// MeshSDF<T>::build with BVHBuild::LBVH: the whole build on the current CUDA device, for large
// meshes and bodies that move. Compiled once for float and double (CUDA builds only;
// mesh_sdf_lbvh_stub.cpp otherwise).
//
// T. Karras, "Maximizing parallelism in the construction of BVHs, octrees and k-d trees", HPG
// 2012: the kept triangles are sorted by the 63-bit Morton codes of their box centres (the codes
// of the host Morton build, bvh/build.hpp; CUB radix sort, stable, so equal codes keep input
// order), and every inner node of the radix tree over the sorted codes finds its range and split
// on its own (§4, Figure 4; equal codes split by index, §4 "duplicate keys"). Subtrees of at most
// LeafSize triangles become leaves; the inner nodes above them are renumbered in index order (a
// scan) into the flat layout of bvh/node.hpp. Boxes and winding-number data are then gathered
// bottom-up (§5: a node is finished by the second of its children to arrive, an atomic counter
// per node), and each finished node's treelet of 6 leaves is rebuilt with the least SAH cost
// (T. Karras and T. Aila, HPG 2013), in two rounds (the second pass restructures the first's
// tree again), which brings the queries closer to the host SAH tree's. A
// subtree's radius is bounded by max_k (|c_k - c| + r_k) over its children (its leaves' radii
// are exact), so far-field tests are as safe as the host's, if a little more cautious.
// Pseudonormals (Bærentzen and Aanæs 2005) are summed per vertex and per edge in the host build's
// order after a stable sort by vertex or edge (rounded to nearest at each step, as the host does
// without FMA). Distances are the host's: the tree differs from the host Morton tree only where
// codes repeat, and a distance is a minimum over triangles, which no tree changes.
#include <algorithm>
#include <cstdint>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <limits>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/gpu.hpp"
#include "alfven/core/pool.hpp"
#include "alfven/geom/bvh/build.hpp"
#include "alfven/geom/mesh_sdf.hpp"
#include "mesh_sdf_lbvh_kernels.cuh"

namespace alfven {
namespace geom {
namespace lbvh {

/// Temporary device memory of one build, carved from one allocation: a first pass with no
/// memory measures (take() returns null), the second hands out 256-byte aligned arrays.
class Slab {
 public:
  Slab() = default;
  explicit Slab(std::size_t bytes)
      : base_(static_cast<std::byte*>(device_memory_resource().allocate(bytes))), size_(bytes) {}
  ~Slab() {
    if (base_) device_memory_resource().deallocate(base_);
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
  std::byte* base_ = nullptr;
  std::size_t size_ = 0, used_ = 0;
};

/// The scratch arrays of a build of nt triangles (counts of kept triangles bounded by nt).
template <typename T>
struct Scratch {
  D* v;
  Tri* tri;
  void* cub_temp;
  D *area_all, *area, *face, *enormal;
  std::int32_t *keep, *offset, *kept, *index, *order;
  AABB<T>* box;
  AABB<double>*centre, *bounds;
  std::uint64_t *code, *code_sorted, *edge, *edge_sorted;
  double* angle;
  std::int32_t *vertex, *vertex_sorted, *slot_v, *slot_e, *slot_v_sorted, *slot_e_sorted;
  std::int32_t *first, *last, *split, *used, *renum, *parent, *arrivals, *open;
  Moments* moments;

  void carve(Slab& s, std::size_t nv, std::size_t nt, std::size_t cub_bytes) {
    const std::size_t nc = 3 * nt;
    v = s.take<D>(nv);
    tri = s.take<Tri>(nt);
    cub_temp = s.take<std::byte>(cub_bytes);
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
    moments = s.take<Moments>(3 * nt);
  }
};

template <typename X>
X copy_back(const X* p) {
  X x;
  ALFVEN_CUDA_CHECK(cudaMemcpy(&x, p, sizeof(X), cudaMemcpyDeviceToHost));
  return x;
}

}  // namespace lbvh

template <typename T>
MeshSDF<T> MeshSDF<T>::build_lbvh(Pool& pool, const TriangleMesh& mesh,
                                  const MeshSDFOptions& options) {
  using namespace lbvh;
  const MemoryKind kind = pool.resource().kind;
  ALFVEN_REQUIRE(kind == MemoryKind::Device || kind == MemoryKind::Managed,
                 "MeshSDF::build: BVHBuild::LBVH builds on the device into device memory, but the "
                 "pool's memory is '"
                     << pool.resource().name
                     << "'; pass a pool of device_memory_resource() (gpu::memory_resource() in a "
                        ".cu file), or build with sah or morton on the host");
  ALFVEN_REQUIRE(!pool.frozen(), "MeshSDF::build: the pool is frozen");
  ALFVEN_REQUIRE(gpu::device_available(),
                 "MeshSDF::build: BVHBuild::LBVH needs a CUDA device and none is visible (check "
                 "nvidia-smi and CUDA_VISIBLE_DEVICES), or build with sah or morton on the host");
  const std::size_t nv = mesh.vertex_count(), nt = mesh.triangle_count();
  ALFVEN_REQUIRE(nt > 0,
                 "MeshSDF::build: mesh '" << mesh.source << "' has no triangle of non-zero area");
  ALFVEN_REQUIRE(std::int64_t(nt) < bvh::MaxPrimitives,
                 "MeshSDF::build: " << nt << " triangles, at most 2^28 - 1");

  // Scratch: the mesh, per-triangle and per-corner arrays, sort buffers, CUB's temporaries.
  std::size_t cub_bytes = 0, b = 0;
  ALFVEN_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, b, (std::int32_t*)nullptr,
                                                  (std::int32_t*)nullptr, int(nt)));
  cub_bytes = std::max(cub_bytes, b);
  ALFVEN_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, b, (std::uint64_t*)nullptr,
                                                    (std::uint64_t*)nullptr, (std::int32_t*)nullptr,
                                                    (std::int32_t*)nullptr, int(3 * nt)));
  cub_bytes = std::max(cub_bytes, b);
  ALFVEN_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, b, (std::int32_t*)nullptr,
                                                    (std::int32_t*)nullptr, (std::int32_t*)nullptr,
                                                    (std::int32_t*)nullptr, int(3 * nt)));
  cub_bytes = std::max(cub_bytes, b);
  ALFVEN_CUDA_CHECK(cub::DeviceReduce::Reduce(nullptr, b, (AABB<double>*)nullptr,
                                              (AABB<double>*)nullptr, int(nt), MergeBoxes{},
                                              AABB<double>{}));
  cub_bytes = std::max(cub_bytes, b);
  Scratch<T> x;
  Slab measure;
  x.carve(measure, nv, nt, cub_bytes);
  Slab slab(measure.used());
  x.carve(slab, nv, nt, cub_bytes);
  ALFVEN_CUDA_CHECK(cudaMemcpy(x.v, mesh.vertices.data(), nv * sizeof(D), cudaMemcpyHostToDevice));
  ALFVEN_CUDA_CHECK(
      cudaMemcpy(x.tri, mesh.triangles.data(), nt * sizeof(Tri), cudaMemcpyHostToDevice));

  // Kept triangles (non-zero area in double), in input order.
  gpu::parallel_for(nt, AreaFunctor{x.v, x.tri, x.area_all, x.keep});
  b = cub_bytes;
  ALFVEN_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(x.cub_temp, b, x.keep, x.offset, int(nt)));
  gpu::parallel_for(nt, ScatterKept{x.keep, x.offset, x.kept});
  const std::size_t nk =
      std::size_t(copy_back(x.offset + nt - 1)) + std::size_t(copy_back(x.keep + nt - 1));
  ALFVEN_REQUIRE(nk > 0,
                 "MeshSDF::build: mesh '" << mesh.source << "' has no triangle of non-zero area");

  // Boxes, face normals, Morton order.
  gpu::parallel_for(nk, GatherFunctor{x.area_all, x.kept, x.area, x.face});
  gpu::parallel_for(nk, BoxFunctor<T>{x.v, x.tri, x.kept, x.box, x.centre});
  const AABB<double> empty{D{1e300, 1e300, 1e300}, D{-1e300, -1e300, -1e300}};
  b = cub_bytes;
  ALFVEN_CUDA_CHECK(
      cub::DeviceReduce::Reduce(x.cub_temp, b, x.centre, x.bounds, int(nk), MergeBoxes{}, empty));
  gpu::parallel_for(nk, MortonFunctor{x.centre, x.bounds, x.code, x.index});
  b = cub_bytes;
  ALFVEN_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(x.cub_temp, b, x.code, x.code_sorted, x.index,
                                                    x.order, int(nk), 0, 63));

  // Pseudonormals: corners sorted by vertex, edges sorted by key (stable: 3 j + k order kept).
  const std::size_t nc = 3 * nk;
  gpu::parallel_for(
      nk, CornerFunctor{x.v, x.tri, x.kept, x.angle, x.vertex, x.edge, x.slot_v, x.slot_e});
  int vbits = 1;
  while ((std::size_t(1) << vbits) < nv) ++vbits;
  b = cub_bytes;
  ALFVEN_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(x.cub_temp, b, x.vertex, x.vertex_sorted,
                                                    x.slot_v, x.slot_v_sorted, int(nc), 0, vbits));
  b = cub_bytes;
  ALFVEN_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(x.cub_temp, b, x.edge, x.edge_sorted, x.slot_e,
                                                    x.slot_e_sorted, int(nc), 0, 32 + vbits));

  // The radix tree's inner nodes, and those kept in the flat tree (ranges > LeafSize).
  std::size_t m = 0;
  if (nk > std::size_t(LeafSize)) {
    gpu::parallel_for(nk - 1, RadixNode{x.code_sorted, std::int64_t(nk), LeafSize, x.first, x.last,
                                        x.split, x.used});
    b = cub_bytes;
    ALFVEN_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(x.cub_temp, b, x.used, x.renum, int(nk - 1)));
    m = std::size_t(copy_back(x.renum + nk - 2)) + std::size_t(copy_back(x.used + nk - 2));
  }

  // The pool's arrays: one reservation, then written in place.
  const std::size_t nodes_n = std::max<std::size_t>(m, 1);
  pool.reserve(pool.size() + nodes_n * (sizeof(Node) + sizeof(MeshWindingNode<T>)) +
               nk * (sizeof(MeshTriangle<T>) + sizeof(MeshTriangleNormals<T>)) +
               nv * sizeof(Vec3<T>) + 5 * 64);
  MeshSDF s;
  s.nodes_.reserve_from(pool, nodes_n);
  s.tris_.reserve_from(pool, nk);
  s.normals_.reserve_from(pool, nk);
  s.vertex_normals_.reserve_from(pool, nv);
  s.winding_.reserve_from(pool, nodes_n);
  std::byte* base = pool.base();
  Vec3<T>* vnormal = s.vertex_normals_.data(base);
  ALFVEN_CUDA_CHECK(cudaMemset(vnormal, 0, nv * sizeof(Vec3<T>)));  // unreferenced: zero
  gpu::parallel_for(
      nc, VertexNormals<T>{x.vertex_sorted, x.slot_v_sorted, x.angle, x.face, nc, vnormal});
  ALFVEN_CUDA_CHECK(cudaMemset(x.open, 0, sizeof(std::int32_t)));
  gpu::parallel_for(nc, EdgeNormals{x.edge_sorted, x.slot_e_sorted, x.face, nc, x.enormal, x.open});
  const bool closed = copy_back(x.open) == 0;
  gpu::parallel_for(nk, SlotFunctor<T>{x.v, x.tri, x.kept, x.order, x.face, x.enormal,
                                       s.tris_.data(base), s.normals_.data(base)});

  // The tree: links, then boxes and winding data bottom-up.
  BVHNode<T>* nodes = s.nodes_.data(base);
  MeshWindingNode<T>* winding = s.winding_.data(base);
  ALFVEN_CUDA_CHECK(cudaMemset(nodes, 0, nodes_n * sizeof(Node)));
  ALFVEN_CUDA_CHECK(cudaMemset(winding, 0, nodes_n * sizeof(MeshWindingNode<T>)));
  int depth = 1;
  AABB<T> root_box{};
  if (m > 0) {
    ALFVEN_CUDA_CHECK(cudaMemset(x.arrivals, 0, m * sizeof(std::int32_t)));
    gpu::parallel_for(nk - 1, LinkFunctor<T>{x.first, x.last, x.split, x.used, x.renum, LeafSize,
                                             nodes, x.parent});
    for (int round = 0; round < TreeletRounds; ++round) {  // each round restructures again
      if (round > 0) ALFVEN_CUDA_CHECK(cudaMemset(x.arrivals, 0, m * sizeof(std::int32_t)));
      gpu::parallel_for(m, BottomUp<T>{x.v, x.tri, x.kept, x.order, x.area, x.box, nodes, x.parent,
                                       x.moments, winding, x.arrivals, std::int32_t(m)});
    }
    depth = copy_back(x.moments).height;  // levels, the root's and the leaves' counted
    root_box = bvh::node_box(copy_back(nodes));
  } else {  // one leaf: its box from the kept triangles' boxes
    std::vector<AABB<T>> boxes(nk);
    ALFVEN_CUDA_CHECK(
        cudaMemcpy(boxes.data(), x.box, nk * sizeof(AABB<T>), cudaMemcpyDeviceToHost));
    root_box = boxes[0];
    for (const auto& bx : boxes) root_box = root_box.merged(bx);
  }
  ALFVEN_REQUIRE(depth < StackSize, "MeshSDF::build: LBVH too deep ("
                                        << depth << " levels; many coincident triangles?); "
                                        << "build with sah or morton");
  s.end_byte_ = std::max({s.nodes_.end_byte(), s.tris_.end_byte(), s.normals_.end_byte(),
                          s.vertex_normals_.end_byte(), s.winding_.end_byte()});
  s.box_ = root_box;
  s.root_ = m > 0 ? 0 : bvh::leaf_code(0, std::int32_t(nk));
  s.root4_ = 0;
  s.node_count_ = std::int32_t(2 * m + 1);
  s.sign_ = options.sign;
  s.closed_ = closed;
  s.beta2_ = T(options.winding_beta * options.winding_beta);
  const Vec3<double> diag = root_box.hi.template as<double>() - root_box.lo.template as<double>();
  s.surface_band_ = T(64.0 * double(std::numeric_limits<T>::epsilon()) * length(diag));
  s.depth_ = depth;
  s.base_ = pool.base();
  return s;
}

template MeshSDF<float> MeshSDF<float>::build_lbvh(Pool&, const TriangleMesh&,
                                                   const MeshSDFOptions&);
template MeshSDF<double> MeshSDF<double>::build_lbvh(Pool&, const TriangleMesh&,
                                                     const MeshSDFOptions&);

}  // namespace geom
}  // namespace alfven
