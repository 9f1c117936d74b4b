// MeshSDF<T>::build with BVHBuild::LBVH: into device memory on the CUDA device
// (build_lbvh_device, mesh_sdf_lbvh.cu), into any other pool on the host's threads, the same
// build (mesh_sdf_lbvh_build.hpp, which describes the method) with the standard library's sorts
// and scans, and with the 4-wide arrays of host queries. Compiled once for float and double, in
// every build.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

#include "alfven/core/launch.hpp"
#include "mesh_sdf_lbvh_build.hpp"

namespace alfven {
namespace geom {
namespace lbvh {

/// The host's part of the build (see mesh_sdf_lbvh_build.hpp): host memory, loops on OpenMP
/// threads, std::stable_sort (stable as CUB's radix sort, so the tree is the device's).
struct HostOps {
  static constexpr bool host = true;
  const MemoryResource& scratch_resource() const { return host_memory_resource(); }
  std::size_t temp_bytes(std::size_t) const { return 0; }
  void exclusive_sum(void*, std::size_t, const std::int32_t* in, std::int32_t* out,
                     std::size_t n) const {
    std::int32_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::int32_t v = in[i];  // in place allowed
      out[i] = sum;
      sum += v;
    }
  }
  void reduce_boxes(void*, std::size_t, const AABB<double>* in, AABB<double>* out, std::size_t n,
                    const AABB<double>& init) const {
    AABB<double> box = init;
    for (std::size_t i = 0; i < n; ++i) box = MergeBoxes{}(box, in[i]);
    *out = box;
  }
  template <typename K>
  void sort_pairs(void*, std::size_t, const K* keys, K* keys_out, const std::int32_t* values,
                  std::int32_t* values_out, std::size_t n, int end_bit) const {
    using U = std::make_unsigned_t<K>;
    const U mask = end_bit >= int(8 * sizeof(U)) ? U(~U(0)) : U((U(1) << end_bit) - 1);
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return (U(keys[a]) & mask) < (U(keys[b]) & mask);
    });
    for (std::size_t i = 0; i < n; ++i) {
      keys_out[i] = keys[order[i]];
      values_out[i] = values[order[i]];
    }
  }
  template <typename F>
  void parallel_for(std::size_t n, const F& f) const {
    alfven::detail::host_loop_1d<std::size_t>(0, n, f, alfven::detail::HostSchedule::Dynamic);
  }
  void upload(void* dst, const void* src, std::size_t bytes) const {
    if (bytes) std::memcpy(dst, src, bytes);
  }
  void download(void* dst, const void* src, std::size_t bytes) const {
    if (bytes) std::memcpy(dst, src, bytes);
  }
  void zero(void* p, std::size_t bytes) const {
    if (bytes) std::memset(p, 0, bytes);
  }
};

}  // namespace lbvh

template <typename T>
MeshSDF<T> MeshSDF<T>::build_lbvh(Pool& pool, const TriangleMesh& mesh,
                                  const MeshSDFOptions& options) {
  const MemoryKind kind = pool.resource().kind;
  if (kind == MemoryKind::Device || kind == MemoryKind::Managed)
    return build_lbvh_device(pool, mesh, options);
  ALFVEN_REQUIRE(pool.host_accessible(), "MeshSDF::build: BVHBuild::LBVH into a pool of '"
                                             << pool.resource().name
                                             << "' memory, which the host cannot write");
  return build_lbvh_with(pool, mesh, options, lbvh::HostOps{});
}

template MeshSDF<float> MeshSDF<float>::build_lbvh(Pool&, const TriangleMesh&,
                                                   const MeshSDFOptions&);
template MeshSDF<double> MeshSDF<double>::build_lbvh(Pool&, const TriangleMesh&,
                                                     const MeshSDFOptions&);

}  // namespace geom
}  // namespace alfven
