/// @file face_gradient.hpp
/// @brief Values and first derivatives of the velocity and the magnetic field on the face between
/// two neighbouring cells, to second order: what the dissipative fluxes (resistivity.hpp,
/// physical_viscosity.hpp) are formed from.
///
/// For the face i+1/2 between L = i and R = i+1 along axis a (any quantity u):
///   value                 u_f   = (u_L + u_R) / 2
///   normal derivative     d_a u = (u_R - u_L) / dx_a
///   transverse derivative d_b u = [(u_L(+b) - u_L(-b)) + (u_R(+b) - u_R(-b))] / (4 dx_b),  b != a
/// (the centred differences of L and R averaged), and 0 along an inactive axis. This is the
/// standard compact discretisation of a diffusive flux (e.g. Toth et al. 2008, J. Comput. Phys.
/// 227, 6967, for the resistive terms): the normal part reads two cells, so that the update of a
/// cell is the compact 3-point Laplacian along each axis, which damps every resolved mode,
/// including the grid-scale one. It reads the cells that share a face or an edge with L or R.
#pragma once

#include "alfven/core/macros.hpp"
#include "grid.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// What a dissipative flux needs at one face. grad_v[m][d] = d v_m / d x_d and
/// grad_b[m][d] = d B_m / d x_d at the face; v and b are the face values.
template <typename Real>
struct FaceState {
  Real rho;
  Real v[3];
  Real b[3];
  Real grad_v[3][3];
  Real grad_b[3][3];
};

/// The face state between cell c (L) and cell c + grid.stride(a) (R) of fields `q` (linear cell
/// indices, ghost cells included). `with_velocity` / `with_field`: whether rho, v and their
/// gradients / B and its gradients are wanted (the others are left zero). Needs the cells one
/// step along every other active axis from L and R (ghost cells are valid there: the boundary
/// fill covers edges and corners).
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE FaceState<Real> face_state(const CellAccess<const Real>& q, long c,
                                                            int a, const Grid& grid,
                                                            bool with_velocity, bool with_field) {
  FaceState<Real> f{};
  const long s = grid.stride(a);
  const long cl = c, cr = c + s;
  const Real inv_da = Real(1) / Real(grid.d[a]);
  if (with_velocity) {
    const Real rl = q(cl, density), rr = q(cr, density);
    f.rho = Real(0.5) * (rl + rr);
  }
  for (int m = 0; m < 3; ++m) {
    if (with_velocity) {
      const Real ul = q(cl, velocity_x + m), ur = q(cr, velocity_x + m);
      f.v[m] = Real(0.5) * (ul + ur);
      f.grad_v[m][a] = (ur - ul) * inv_da;
    }
    if (with_field) {
      const Real ul = q(cl, magnetic_field_x + m), ur = q(cr, magnetic_field_x + m);
      f.b[m] = Real(0.5) * (ul + ur);
      f.grad_b[m][a] = (ur - ul) * inv_da;
    }
  }
  for (int d = 0; d < 3; ++d) {
    if (d == a || !grid.active(d)) continue;
    const long t = grid.stride(d);
    const Real inv_4dd = Real(1) / (Real(4) * Real(grid.d[d]));
    for (int m = 0; m < 3; ++m) {
      if (with_velocity) {
        const int v = velocity_x + m;
        f.grad_v[m][d] = ((q(cl + t, v) - q(cl - t, v)) + (q(cr + t, v) - q(cr - t, v))) * inv_4dd;
      }
      if (with_field) {
        const int v = magnetic_field_x + m;
        f.grad_b[m][d] = ((q(cl + t, v) - q(cl - t, v)) + (q(cr + t, v) - q(cr - t, v))) * inv_4dd;
      }
    }
  }
  return f;
}

}  // namespace mhd
}  // namespace alfven
