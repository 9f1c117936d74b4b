// mesh_sdf_eval.hpp: the host path (OpenMP threads through gpu::parallel_for compiled by g++),
// the dispatch to the CUDA path, and the grid helpers.
#include "alfven/geom/mesh_sdf_eval.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "alfven/core/error.hpp"
#include "mesh_sdf_eval_cuda.hpp"
#include "mesh_sdf_eval_impl.hpp"

namespace alfven {
namespace geom {

namespace {

MeshEvalResult dispatch(const TriangleMesh& mesh, const std::vector<Vec3<double>>* points,
                        const MeshEvalGrid* grid, const MeshEvalOptions& options) {
  if (options.backend == MeshEvalBackend::Cuda)
    return mesh_eval_detail::evaluate_on_cuda(mesh, points, grid, options);
  MeshEvalResult r = mesh_eval_detail::evaluate_any(mesh, points, grid, options);
#ifdef _OPENMP
  r.device = "host CPU (" + std::to_string(omp_get_max_threads()) + " OpenMP threads)";
#else
  r.device = "host CPU (1 thread, no OpenMP)";
#endif
  return r;
}

}  // namespace

MeshEvalResult evaluate_mesh_sdf(const TriangleMesh& mesh, const std::vector<Vec3<double>>& points,
                                 const MeshEvalOptions& options) {
  return dispatch(mesh, &points, nullptr, options);
}

MeshEvalResult evaluate_mesh_sdf_grid(const TriangleMesh& mesh, const MeshEvalGrid& grid,
                                      const MeshEvalOptions& options) {
  return dispatch(mesh, nullptr, &grid, options);
}

MeshEvalGrid padded_grid(const TriangleMesh& mesh, int n, double pad) {
  ALFVEN_REQUIRE(n >= 1, "padded_grid: the grid needs at least 1 cell per axis, got " << n);
  ALFVEN_REQUIRE(pad >= 0 && std::isfinite(pad),
                 "padded_grid: the padding fraction must be >= 0, got " << pad);
  const auto [lo, hi] = mesh.bounds();  // throws for an empty mesh
  const Vec3<double> ext = hi - lo;
  const double diagonal = length(ext);
  ALFVEN_REQUIRE(diagonal > 0,
                 "padded_grid: mesh '" << mesh.source << "' has all its vertices at one point");
  MeshEvalGrid g;
  g.n = {n, n, n};
  double e[3] = {ext.x, ext.y, ext.z}, l[3] = {lo.x, lo.y, lo.z}, h[3];
  for (int a = 0; a < 3; ++a) {
    double margin = pad * e[a];
    if (e[a] <= 1e-9 * diagonal) margin = std::max(pad, 1e-3) * diagonal;  // flat along a
    l[a] -= margin;
    h[a] = (e[a] + 2 * margin) / n;
  }
  g.lo = Vec3<double>{l[0], l[1], l[2]};
  g.spacing = Vec3<double>{h[0], h[1], h[2]};
  return g;
}

const char* sign_mode_name(SignMode mode) {
  return mode == SignMode::WindingNumber ? "winding" : "pseudonormal";
}

}  // namespace geom
}  // namespace alfven
