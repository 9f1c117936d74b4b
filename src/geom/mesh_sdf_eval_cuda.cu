// mesh_sdf_eval.hpp, the CUDA path: the same evaluation as the host (mesh_sdf_eval_impl.hpp)
// compiled by nvcc, so gpu::parallel_for launches kernels and gpu::memory_resource() is device
// memory. Only in builds with ALFVEN_ENABLE_CUDA=ON (mesh_sdf_eval_cuda_stub.cpp otherwise).
#include "mesh_sdf_eval_cuda.hpp"
#include "mesh_sdf_eval_impl.hpp"

namespace alfven {
namespace geom {

bool mesh_eval_cuda_compiled() {
  return true;
}

namespace mesh_eval_detail {

MeshEvalResult evaluate_on_cuda(const TriangleMesh& mesh, const std::vector<Vec3<double>>* points,
                                const MeshEvalGrid* grid, const MeshEvalOptions& options) {
  ALFVEN_REQUIRE(gpu::device_available(),
                 "--backend cuda: no CUDA device is visible (check nvidia-smi and "
                 "CUDA_VISIBLE_DEVICES), or use --backend host");
  MeshEvalResult r = evaluate_any(mesh, points, grid, options);
  r.device = gpu::device_name() + " (CUDA)";
  return r;
}

}  // namespace mesh_eval_detail
}  // namespace geom
}  // namespace alfven
