/// @file boundary.hpp
/// @brief Boundary conditions: fill the ghost cells of each face from the interior.
///
/// Per face and per variable one of: periodic (copy from the opposite side of the domain),
/// outflow (zero gradient: copy the nearest interior cell), symmetric (mirror image across the
/// face) and antisymmetric (mirror image with the sign flipped). Faces are filled axis by axis,
/// x then y then z, each over the full extent of the other axes (ghosts included), so edge and
/// corner ghost cells are filled consistently.
#pragma once

#include "alfven/core/macros.hpp"
#include "alfven/core/range.hpp"
#include "fields.hpp"
#include "grid.hpp"

namespace alfven {
namespace mhd {

/// Kind of boundary condition of one variable on one face.
enum BoundaryCode : int { bc_periodic = 0, bc_outflow = 1, bc_symmetric = 2, bc_antisymmetric = 3 };

/// Face index: 2 * axis + (0 lower, 1 upper).
enum FaceIndex : int { face_x_lower = 0, face_x_upper, face_y_lower, face_y_upper, face_z_lower, face_z_upper };

/// Boundary codes of the nine variables on the six faces; trivially copyable.
struct BoundaryConditions {
  int code[6][num_vars];

  /// All variables periodic on every face.
  static BoundaryConditions all_periodic() {
    BoundaryConditions b{};
    for (auto& f : b.code)
      for (int& c : f) c = bc_periodic;
    return b;
  }
  /// Sets every variable of `face` to `kind`.
  void set_face(int face, int kind) {
    for (int& c : code[face]) c = kind;
  }
  /// Reflecting wall on `face`: symmetric, except the velocity and magnetic-field components
  /// normal to the face, which are antisymmetric.
  void set_reflecting(int face) {
    set_face(face, bc_symmetric);
    const int axis = face / 2;
    code[face][velocity_x + axis] = bc_antisymmetric;
    code[face][magnetic_field_x + axis] = bc_antisymmetric;
  }
};

/// Fills the ghost cells of one face; run over boundary_range(grid, face).
template <typename Real>
struct BoundaryKernel {
  FieldsView<Real> q;
  Grid grid;
  BoundaryConditions bc;
  int face;

  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const int axis = face / 2;
    const bool upper = face % 2;
    int idx[3] = {i, j, k};
    const int m = grid.margin[axis];
    const int n = grid.n[axis];
    const int g = idx[axis];
    // Mirror distance t = 0 for the ghost cell nearest the face.
    const int t = upper ? g - (m + n) : m - 1 - g;
    int src[3] = {i, j, k};
    for (int v = 0; v < num_vars; ++v) {
      const int kind = bc.code[face][v];
      int s;
      if (kind == bc_periodic) {
        s = upper ? m + t : g + n;
      } else if (kind == bc_outflow) {
        s = upper ? m + n - 1 : m;
      } else {
        s = upper ? m + n - 1 - t : m + t;
      }
      src[axis] = s;
      const Real value = q(src[0], src[1], src[2], v);
      q(i, j, k, v) = kind == bc_antisymmetric ? -value : value;
    }
  }
};

/// Ghost cells of `face` (empty on an inactive axis).
inline Range3D boundary_range(const Grid& g, int face) {
  const int axis = face / 2;
  Range3D r = g.all();
  if (face % 2 == 0) {
    r.begin[axis] = 0;
    r.end[axis] = g.margin[axis];
  } else {
    r.begin[axis] = g.margin[axis] + g.n[axis];
    r.end[axis] = g.total[axis];
  }
  return r;
}

}  // namespace mhd
}  // namespace alfven
