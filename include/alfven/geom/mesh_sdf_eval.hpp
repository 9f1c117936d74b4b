/// @file mesh_sdf_eval.hpp
/// @brief Batch evaluation of a triangle mesh's signed distance on a list of points or on a
/// uniform grid, on the host (all OpenMP threads) or on a CUDA device: what `alfven sdf` runs.
///
/// One call builds a MeshSDF<T> (mesh_sdf.hpp) of the mesh on the host (or, with
/// BVHBuild::LBVH, on the backend: the device, or the host's threads), copies it and the query
/// points to the backend's memory, evaluates every point there with gpu::parallel_for (one formula,
/// compiled once by g++ for the host and once by nvcc for the device) and copies the results back.
/// The implementation lives in the static library alfven_mesh_eval
/// (src/geom/mesh_sdf_eval*.cpp/.cu); this header includes no CUDA and no third-party header,
/// so plain C++ code (the command-line program) can call the CUDA path without nvcc.
///
/// Units: lengths in the mesh's unit. Results are returned in double whatever the evaluation
/// precision. Sign convention: negative inside, positive outside.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "mesh_sdf.hpp"
#include "triangle_mesh.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// Where the queries run.
enum class MeshEvalBackend {
  Host,  ///< this process's CPU threads (OpenMP when available)
  Cuda   ///< the current CUDA device (needs a build with ALFVEN_ENABLE_CUDA=ON and a device)
};

/// Floating-point type the MeshSDF is built and evaluated in.
enum class MeshEvalPrecision { Float, Double };

/// The order the host backend evaluates a list of points in (results are always returned in
/// input order, and are the same bit for bit in either order: each query is independent). The
/// CUDA backend evaluates in input order.
enum class QueryOrder {
  Input,  ///< as given
  Morton  ///< along a Morton curve of the points' box (query_order.hpp): neighbouring queries
          ///< reuse the BVH's nodes; 1.5x faster on random points on one core (porsche.stl)
};

/// What to evaluate and where.
struct MeshEvalOptions {
  MeshSDFOptions sdf;                               ///< BVH build and sign mode
  MeshEvalBackend backend = MeshEvalBackend::Host;  ///< where the queries run
  MeshEvalPrecision precision = MeshEvalPrecision::Double;
  bool closest = false;  ///< also return the closest point and its triangle (about 2x the time)
  QueryOrder order = QueryOrder::Morton;  ///< evaluation order of a list of points (not grids)
};

/// The cell centres of a uniform grid: n[0] x n[1] x n[2] cells covering [lo, lo + n * spacing];
/// cell (i, j, k) has its centre at lo + (i + 1/2, j + 1/2, k + 1/2) * spacing (componentwise).
struct MeshEvalGrid {
  Vec3<double> lo;                  ///< lower corner of the box (mesh unit)
  Vec3<double> spacing;             ///< cell widths along x, y, z (> 0)
  std::array<int, 3> n{{0, 0, 0}};  ///< cells along x, y, z (>= 1)
  /// Number of cells n[0] n[1] n[2].
  std::size_t size() const { return std::size_t(n[0]) * std::size_t(n[1]) * std::size_t(n[2]); }
  /// Centre of cell (i, j, k), evaluated in double.
  Vec3<double> centre(int i, int j, int k) const {
    return Vec3<double>{lo.x + (i + 0.5) * spacing.x, lo.y + (j + 0.5) * spacing.y,
                        lo.z + (k + 0.5) * spacing.z};
  }
};

/// The results of one evaluation, in the order of the queries (points: as given; grid: cell
/// (i, j, k) at index i + n0 (j + n1 k), x fastest).
struct MeshEvalResult {
  std::vector<double> signed_distance;  ///< negative inside (mesh unit)
  std::vector<Vec3<double>> closest;    ///< closest point on the mesh (only with closest)
  std::vector<std::int32_t> triangle;   ///< its triangle, an index into mesh.triangles (same)
  std::size_t triangles_kept = 0;       ///< triangles in the BVH (zero-area ones are left out)
  double build_seconds = 0;  ///< BVH build, on the host or (LBVH) the backend (wall clock, s)
  double query_seconds = 0;  ///< evaluation alone on the backend, no copies (s)
  double total_seconds = 0;  ///< the whole call: build, copies, evaluation (s)
  std::string device;        ///< what ran the queries ("host CPU (n threads)", GPU name)
};

/// Signed distance from each of `points` to `mesh` (with closest points and triangles when
/// options.closest). The mesh should be cleaned first (mesh_clean.hpp) for the pseudonormal
/// sign mode. Synchronous.
/// @throws alfven::Error if the mesh is invalid (see MeshSDF::build), a point is not finite,
///         or the backend is Cuda in a build without the CUDA backend or with no visible
///         device.
MeshEvalResult evaluate_mesh_sdf(const TriangleMesh& mesh, const std::vector<Vec3<double>>& points,
                                 const MeshEvalOptions& options = {});

/// Signed distance at the cell centres of `grid` (results x fastest). The centres are computed
/// on the backend itself (no point array is transferred); queries are issued in 4 x 4 x 4
/// bricks so that neighbouring threads traverse nearly the same BVH nodes. Synchronous.
/// @throws alfven::Error as evaluate_mesh_sdf, or for a grid with n < 1 or spacing <= 0.
MeshEvalResult evaluate_mesh_sdf_grid(const TriangleMesh& mesh, const MeshEvalGrid& grid,
                                      const MeshEvalOptions& options = {});

/// The grid of `n` cells along each axis over the bounding box of `mesh` padded on every side by
/// `pad` times its extent along that axis (an axis along which the mesh is flat is padded by
/// `pad` times the box diagonal instead). Throws alfven::Error for n < 1, pad < 0 or an empty
/// mesh.
MeshEvalGrid padded_grid(const TriangleMesh& mesh, int n, double pad = 0.1);

/// True if this build was compiled with the CUDA backend (ALFVEN_ENABLE_CUDA=ON); a device may
/// still be missing at run time.
bool mesh_eval_cuda_compiled();

/// Name of a sign mode as the command line spells it: "pseudonormal" or "winding".
const char* sign_mode_name(SignMode mode);

}  // namespace geom
}  // namespace alfven
