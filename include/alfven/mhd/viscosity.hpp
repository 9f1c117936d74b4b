/// @file viscosity.hpp
/// @brief Artificial viscosity of the MISO scheme (Rempel 2014, ApJ 789, 132, eqs. 8-10), one
/// axis at a time (mhd-scheme.md, "Artificial viscosity").
///
/// For each of the nine diffused quantities u = (rho, rho v, B, psi, rho e) and each face
/// i+1/2 between L = i and R = i+1:
///   slope     du_i = min(0, m+) + max(0, m-),  m+- = max/min(eps (u_i - u_{i-1}),
///                                                     eps (u_{i+1} - u_i), (u_{i+1} - u_{i-1})/2)
///   states    uL = u_L + du_L / 2,  uR = u_R - du_R / 2
///   limiter   d = u_R - u_L (|d| >= 1e-20 keeping its sign), r = min(1, (uR - uL) / d),
///             phi = [r >= 0] max(0, 1 + h (r - 1))   ([+0 >= 0] = 1, [-0 >= 0] = 0)
///   flux      F = -c_f phi (uR - uL) / 2,  c_f = (c_L + c_R) / 2
/// and u_new = u - dt (F_{i+1/2} - F_{i-1/2}) / dx. The flux of rho e acts on the total energy,
/// so kinetic and magnetic energy removed by the viscosity becomes heat.
///
/// Cells updated: along the axis, indices [2, total - 2) (the five-point stencil must fit; with
/// the default margin of 2 these are the interior cells), all cells along the other axes (ghost
/// cells included, which keeps the halo consistent). The boundary conditions applied after each
/// axis refill every ghost cell.
#pragma once

#include <cmath>

#include "alfven/core/launch.hpp"
#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "eos.hpp"
#include "grid.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// Generalised minmod slope of u at the middle of (u_dw, u_cn, u_up), with parameter eps.
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real limited_slope(Real u_dw, Real u_cn, Real u_up, Real eps) {
  const Real d_dw = eps * (u_cn - u_dw);
  const Real d_up = eps * (u_up - u_cn);
  const Real d_cn = (u_up - u_dw) * Real(0.5);
  const Real m_plus = math::max(math::max(d_dw, d_up), d_cn);
  const Real m_minus = math::min(math::min(d_dw, d_up), d_cn);
  return math::min(Real(0), m_plus) + math::max(Real(0), m_minus);
}

/// Diffusive flux at the face between cells L and R (values u_l, u_r and slopes du_l, du_r),
/// with the face speed c_f and the parameter h.
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real viscous_flux(Real u_l, Real u_r, Real du_l, Real du_r,
                                                   Real c_f, Real h) {
  const Real face_l = u_l + Real(0.5) * du_l;
  const Real face_r = u_r - Real(0.5) * du_r;
  Real d = u_r - u_l;
  d = math::copysign(math::max(math::abs(d), Real(1e-20)), d);
  const Real r = math::min(Real(1), (face_r - face_l) / d);
  const Real phi =
      (Real(0.5) + math::copysign(Real(0.5), r)) * math::max(Real(0), Real(1) + h * (r - Real(1)));
  return Real(-0.5) * c_f * phi * (face_r - face_l);
}

/// Characteristic speed c = cs_fac c_s + vv_fac |v| + ca_fac c_a of every cell (ghosts
/// included), written into an Array3D view. Run over grid.all().
template <typename Real>
struct CharacteristicSpeedKernel {
  ConstFieldsView<Real> q;
  View<Real, 3> speed;
  EquationOfState<Real> eos;
  Real cs_fac, ca_fac, vv_fac;
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const long c = speed.index(i, j, k);
    const Primitive<Real> s = CellAccess<const Real>(q).load(c);
    const Real cs = eos.sound_speed(s.rho, s.e);
    const Real vv = math::sqrt(s.v2());
    const Real ca = math::sqrt(s.b2() / s.rho * Gaussian<Real>::inv_4pi);
    speed[c] = cs * cs_fac + vv * vv_fac + ca * ca_fac;
  }
};

/// dt/dx (F_{i+1/2} - F_{i-1/2}) of one diffused quantity from its values u[0..4] at the five
/// stencil points i-2..i+2 and the face speeds c_f at i-1/2 (cf_dw) and i+1/2 (cf_up).
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real viscous_flux_difference(const Real* u, Real cf_dw, Real cf_up,
                                                              Real eps, Real h, Real dt_over_dx) {
  const Real s_dw = limited_slope(u[0], u[1], u[2], eps);
  const Real s_cn = limited_slope(u[1], u[2], u[3], eps);
  const Real s_up = limited_slope(u[2], u[3], u[4], eps);
  const Real f_dw = viscous_flux(u[1], u[2], s_dw, s_cn, cf_dw, h);
  const Real f_up = viscous_flux(u[2], u[3], s_cn, s_up, cf_up, h);
  return (f_up - f_dw) * dt_over_dx;
}

/// The viscous update along one axis: reads q, writes qn. Run over viscosity_range(grid, axis).
/// The nine diffused quantities are taken one at a time (each read at its five stencil points,
/// the density's kept for the momenta and the energy), so few values are live at once, and the
/// kernel asks for 1024 resident threads per multiprocessor in float (at most 64 registers a
/// thread) and 768 in double (at most 80): it is latency-bound, and on the H200 (256^3) this
/// made the whole step 9 % faster in float and 18 % in double than the former kernel, which
/// held all 45 stencil values at once in 95 and 138 registers (docs/performance.md).
template <typename Real>
struct ViscosityKernel {
  using launch_settings = LaunchSettings<256, sizeof(Real) == 4 ? 1024 : 768>;
  ConstFieldsView<Real> q;
  FieldsView<Real> qn;
  View<const Real, 3> speed;
  int axis;
  long stride;
  Real dt_over_dx;  ///< dt / dx_axis
  Real eps, h;

  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const CellAccess<const Real> in(q);
    const long c = speed.index(i, j, k);
    const long s = stride;
    const Real cf_dw = Real(0.5) * (speed[c - s] + speed[c]);
    const Real cf_up = Real(0.5) * (speed[c] + speed[c + s]);
    Real rho[5], u[5];
    for (int o = 0; o < 5; ++o) rho[o] = in(c + (o - 2) * s, density);
    Primitive<Real> r;
    r.rho = rho[2] - viscous_flux_difference(rho, cf_dw, cf_up, eps, h, dt_over_dx);
    for (int b = 0; b < 3; ++b) {
      for (int o = 0; o < 5; ++o) u[o] = rho[o] * in(c + (o - 2) * s, velocity_x + b);
      r.v[b] = (u[2] - viscous_flux_difference(u, cf_dw, cf_up, eps, h, dt_over_dx)) / r.rho;
    }
    for (int b = 0; b < 3; ++b) {
      for (int o = 0; o < 5; ++o) u[o] = in(c + (o - 2) * s, magnetic_field_x + b);
      r.b[b] = u[2] - viscous_flux_difference(u, cf_dw, cf_up, eps, h, dt_over_dx);
    }
    for (int o = 0; o < 5; ++o) u[o] = in(c + (o - 2) * s, psi);
    r.psi = u[2] - viscous_flux_difference(u, cf_dw, cf_up, eps, h, dt_over_dx);
    for (int o = 0; o < 5; ++o) u[o] = rho[o] * in(c + (o - 2) * s, internal_energy);
    const Real du_energy = viscous_flux_difference(u, cf_dw, cf_up, eps, h, dt_over_dx);
    const Real energy = in.load(c).total_energy() - du_energy;
    r.e = (energy - Real(0.5) * r.rho * r.v2() - r.b2() * Gaussian<Real>::inv_8pi) / r.rho;
    CellAccess<Real>(qn).store(c, r);
  }
};

/// Cells the viscous update along `axis` writes: [2, total - 2) along it, the interior across
/// (ghost cells of the other axes are refilled by the boundary step that follows the passes).
inline Range3D viscosity_range(const Grid& g, int axis) {
  Range3D r = g.interior();
  r.begin[axis] = 2;
  r.end[axis] = g.total[axis] - 2;
  return r;
}

}  // namespace mhd
}  // namespace alfven
