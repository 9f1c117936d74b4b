// MeshSDF<T>::build with BVHBuild::LBVH into device memory: the build of
// mesh_sdf_lbvh_build.hpp (which describes the method) on the current CUDA device, its sorts,
// scans and reductions CUB's. Compiled once for float and double (CUDA builds only;
// mesh_sdf_lbvh_stub.cpp otherwise).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include "alfven/core/gpu.hpp"
#include "mesh_sdf_lbvh_build.hpp"

namespace alfven {
namespace geom {
namespace lbvh {

/// The device's part of the build (see mesh_sdf_lbvh_build.hpp): device memory, CUB.
struct CudaOps {
  static constexpr bool host = false;
  const MemoryResource& scratch_resource() const { return device_memory_resource(); }
  std::size_t temp_bytes(std::size_t nt) const {
    std::size_t most = 0, b = 0;
    ALFVEN_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, b, (std::int32_t*)nullptr,
                                                    (std::int32_t*)nullptr, int(nt)));
    most = std::max(most, b);
    ALFVEN_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
        nullptr, b, (std::uint64_t*)nullptr, (std::uint64_t*)nullptr, (std::int32_t*)nullptr,
        (std::int32_t*)nullptr, int(3 * nt)));
    most = std::max(most, b);
    ALFVEN_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
        nullptr, b, (std::int32_t*)nullptr, (std::int32_t*)nullptr, (std::int32_t*)nullptr,
        (std::int32_t*)nullptr, int(3 * nt)));
    most = std::max(most, b);
    ALFVEN_CUDA_CHECK(cub::DeviceReduce::Reduce(nullptr, b, (AABB<double>*)nullptr,
                                                (AABB<double>*)nullptr, int(nt), MergeBoxes{},
                                                AABB<double>{}));
    return std::max(most, b);
  }
  void exclusive_sum(void* temp, std::size_t bytes, const std::int32_t* in, std::int32_t* out,
                     std::size_t n) const {
    ALFVEN_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp, bytes, in, out, int(n)));
  }
  void reduce_boxes(void* temp, std::size_t bytes, const AABB<double>* in, AABB<double>* out,
                    std::size_t n, const AABB<double>& init) const {
    ALFVEN_CUDA_CHECK(cub::DeviceReduce::Reduce(temp, bytes, in, out, int(n), MergeBoxes{}, init));
  }
  template <typename K>
  void sort_pairs(void* temp, std::size_t bytes, const K* keys, K* keys_out,
                  const std::int32_t* values, std::int32_t* values_out, std::size_t n,
                  int end_bit) const {
    ALFVEN_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp, bytes, keys, keys_out, values,
                                                      values_out, int(n), 0, end_bit));
  }
  template <typename F>
  void parallel_for(std::size_t n, const F& f) const {
    gpu::parallel_for(n, f);
  }
  void upload(void* dst, const void* src, std::size_t bytes) const {
    ALFVEN_CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
  }
  void download(void* dst, const void* src, std::size_t bytes) const {
    ALFVEN_CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost));
  }
  void zero(void* p, std::size_t bytes) const { ALFVEN_CUDA_CHECK(cudaMemset(p, 0, bytes)); }
};

}  // namespace lbvh

template <typename T>
MeshSDF<T> MeshSDF<T>::build_lbvh_device(Pool& pool, const TriangleMesh& mesh,
                                         const MeshSDFOptions& options) {
  ALFVEN_REQUIRE(gpu::device_available(),
                 "MeshSDF::build: BVHBuild::LBVH into device memory needs a CUDA device and none "
                 "is visible (check nvidia-smi and CUDA_VISIBLE_DEVICES), or build into a host "
                 "pool");
  return build_lbvh_with(pool, mesh, options, lbvh::CudaOps{});
}

template MeshSDF<float> MeshSDF<float>::build_lbvh_device(Pool&, const TriangleMesh&,
                                                          const MeshSDFOptions&);
template MeshSDF<double> MeshSDF<double>::build_lbvh_device(Pool&, const TriangleMesh&,
                                                            const MeshSDFOptions&);

}  // namespace geom
}  // namespace alfven
