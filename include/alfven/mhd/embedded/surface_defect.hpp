/// @file embedded/surface_defect.hpp
/// @brief What is likely wrong with a body's surface where a ghost cell finds no image point
/// (EmbeddedBoundary's error message): a sign jump of the signed distance between neighbouring
/// cells, and the mesh files of the body to check. Host only.
///
/// A signed distance changes by at most the distance between two points (it is 1-Lipschitz),
/// and changes sign only across the surface. Where it jumps from clearly negative to clearly
/// positive between neighbouring cells, its sign flips away from any surface: a closed surface
/// faces the wrong way (a cavity's surface facing outward, a solid inside out, flipped
/// triangles) or the sign leaks through a hole of an open surface. The Newton projection of a
/// ghost cell there lands on a far surface, and its image point falls outside the block or finds
/// no fluid, which raising grid.margin does not cure.
#pragma once

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "../grid.hpp"
#include "alfven/core/array.hpp"
#include "alfven/geom/expr.hpp"
#include "body.hpp"

namespace alfven {
namespace mhd {

/// A sign jump of the signed distance between two face-neighbouring cells (ghost-inclusive local
/// indices): `solid` at distance `inside` < 0, `fluid` at `outside` > 0, `apart` between centres.
struct DistanceJump {
  bool found = false;
  int solid[3] = {0, 0, 0}, fluid[3] = {0, 0, 0};
  double inside = 0, outside = 0, apart = 0;
};

/// The largest sign jump of `phi` (the bodies' signed distance on the block, ghost cells
/// included) between face neighbours within `reach` cells of cell (i, j, k) along the active
/// axes: a pair whose values differ by more than 1.5 times the distance of their centres (a
/// signed distance differs by at most that distance; 1.5 leaves room for rounding and the chord
/// of faceted surfaces). found is false when there is none.
template <typename Real>
DistanceJump sign_jump_near(const Array3D<Real>& phi, const Grid& grid, int i, int j, int k,
                            int reach) {
  DistanceJump best;
  double worst = 0;
  int lo[3], hi[3];
  const int idx[3] = {i, j, k};
  for (int a = 0; a < 3; ++a) {
    lo[a] = grid.active(a) ? std::max(0, idx[a] - reach) : idx[a];
    hi[a] = grid.active(a) ? std::min(grid.total[a] - 1, idx[a] + reach) : idx[a];
  }
  for (int z = lo[2]; z <= hi[2]; ++z)
    for (int y = lo[1]; y <= hi[1]; ++y)
      for (int x = lo[0]; x <= hi[0]; ++x)
        for (int a = 0; a < 3; ++a) {
          int n[3] = {x, y, z};
          if (++n[a] > hi[a]) continue;
          const double p = double(phi(x, y, z)), q = double(phi(n[0], n[1], n[2]));
          if (!((p < 0) != (q < 0))) continue;
          const double excess = std::fabs(p - q) / grid.d[a];
          if (!(excess > 1.5) || excess <= worst) continue;
          worst = excess;
          best.found = true;
          const int c[3] = {x, y, z};
          for (int b = 0; b < 3; ++b) {
            best.solid[b] = p < 0 ? c[b] : n[b];
            best.fluid[b] = p < 0 ? n[b] : c[b];
          }
          best.inside = p < 0 ? p : q;
          best.outside = p < 0 ? q : p;
          best.apart = grid.d[a];
        }
  return best;
}

/// The source files of the triangle meshes in `e` (each once, in the order met).
inline void mesh_files(const geom::Expr& e, std::vector<std::string>& out) {
  if (e.op == geom::Op::Mesh && e.triangle_mesh && !e.triangle_mesh->source.empty()) {
    bool seen = false;
    for (const auto& f : out) seen = seen || f == e.triangle_mesh->source;
    if (!seen) out.push_back(e.triangle_mesh->source);
  }
  for (const auto& c : e.children) mesh_files(c, out);
}

/// What is likely wrong with `body` near cell (i, j, k), as a sentence for an error message:
/// the sign jump sign_jump_near finds within `reach` cells and what causes one, and for a body
/// made of meshes the command that names the defect (`alfven mesh check FILE`). Empty when
/// there is no jump and no mesh.
template <typename Real>
std::string likely_surface_defect(const Array3D<Real>& phi, const Grid& grid, int i, int j, int k,
                                  const Body& body, int reach) {
  std::vector<std::string> meshes;
  mesh_files(body.geometry, meshes);
  std::string files;
  for (const auto& f : meshes) files += (files.empty() ? "" : ", ") + f;
  const DistanceJump jump = sign_jump_near(phi, grid, i, j, k, reach);
  std::ostringstream os;
  if (jump.found) {
    const auto at = [&grid](const int c[3]) {
      std::ostringstream p;
      p << "(" << grid.centre(0, c[0]) << ", " << grid.centre(1, c[1]) << ", "
        << grid.centre(2, c[2]) << ")";
      return p.str();
    };
    os << "the signed distance jumps from " << jump.inside << " at " << at(jump.solid) << " to "
       << jump.outside << " at " << at(jump.fluid) << ", " << jump.apart
       << " apart, so its sign flips away from the surface: a surface there faces the wrong way "
          "(a cavity's surface facing outward, a solid inside out, flipped triangles) or is "
          "open (the sign leaks through a hole)";
    if (!meshes.empty())
      os << "; `alfven mesh check " << files
         << "` names the defect (leave mesh.clean on: cleaning orients closed surfaces by "
            "nesting, cavities inward)";
  } else if (!meshes.empty()) {
    os << "if the mesh is at fault, `alfven mesh check " << files
       << "` names open edges, inconsistent orientation and cavities facing outward";
  }
  return os.str();
}

}  // namespace mhd
}  // namespace alfven
