// The CUDA path of mesh_sdf_eval.hpp: defined in mesh_sdf_eval_cuda.cu in CUDA builds, in
// mesh_sdf_eval_cuda_stub.cpp (a clear error) otherwise. Private to alfven_mesh_eval.
#pragma once

#include <vector>

#include "alfven/geom/mesh_sdf_eval.hpp"

namespace alfven {
namespace geom {
namespace mesh_eval_detail {

/// Evaluates on the current CUDA device; exactly one of points and grid is non-null.
/// Throws alfven::Error without a visible device (or without the CUDA backend).
MeshEvalResult evaluate_on_cuda(const TriangleMesh& mesh, const std::vector<Vec3<double>>* points,
                                const MeshEvalGrid* grid, const MeshEvalOptions& options);

}  // namespace mesh_eval_detail
}  // namespace geom
}  // namespace alfven
