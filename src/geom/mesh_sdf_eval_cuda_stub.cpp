// mesh_sdf_eval.hpp in a build without the CUDA backend: the CUDA path is a clear error.
#include "alfven/core/error.hpp"
#include "mesh_sdf_eval_cuda.hpp"

namespace alfven {
namespace geom {

bool mesh_eval_cuda_compiled() {
  return false;
}

namespace mesh_eval_detail {

MeshEvalResult evaluate_on_cuda(const TriangleMesh&, const std::vector<Vec3<double>>*,
                                const MeshEvalGrid*, const MeshEvalOptions&) {
  ALFVEN_REQUIRE(false,
                 "--backend cuda: this build has no CUDA backend; rebuild with the CMake preset "
                 "`cuda` (-DALFVEN_ENABLE_CUDA=ON) or use --backend host");
}

}  // namespace mesh_eval_detail
}  // namespace geom
}  // namespace alfven
