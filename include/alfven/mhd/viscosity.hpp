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
/// Cells updated: the interior (the five-point stencil reads two ghost layers at the faces). The
/// boundary conditions applied after the passes refill the ghost cells.
#pragma once

#include <cmath>
#include <type_traits>

#include "alfven/core/backend.hpp"
#include "alfven/core/launch.hpp"
#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "characteristic_speed.hpp"
#include "eos.hpp"
#include "floors.hpp"
#include "grid.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// Generalised minmod slope of u at the middle of (u_dw, u_cn, u_up), with parameter eps. Its
/// minima and maxima, and those of viscous_flux, are math::fast_min/fast_max: on a GPU in float
/// one instruction each instead of a compare and a select (the viscous pass 2.6 % faster on the
/// H200); that can change the sign of a zero result and, with a NaN neighbour, give a finite
/// slope where the select gave NaN (the NaN cell itself stays NaN: the time step's check stops
/// the run).
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real limited_slope(Real u_dw, Real u_cn, Real u_up, Real eps) {
  const Real d_dw = eps * (u_cn - u_dw);
  const Real d_up = eps * (u_up - u_cn);
  const Real d_cn = (u_up - u_dw) * Real(0.5);
  const Real m_plus = math::fast_max(math::fast_max(d_dw, d_up), d_cn);
  const Real m_minus = math::fast_min(math::fast_min(d_dw, d_up), d_cn);
  return math::fast_min(Real(0), m_plus) + math::fast_max(Real(0), m_minus);
}

/// Diffusive flux at the face between cells L and R (values u_l, u_r and slopes du_l, du_r),
/// with the face speed c_f and the parameter h.
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real viscous_flux(Real u_l, Real u_r, Real du_l, Real du_r,
                                                   Real c_f, Real h) {
  const Real face_l = u_l + Real(0.5) * du_l;
  const Real face_r = u_r - Real(0.5) * du_r;
  Real d = u_r - u_l;
  d = math::copysign(math::fast_max(math::abs(d), Real(1e-20)), d);
  const Real r = math::fast_min(Real(1), (face_r - face_l) / d);
  const Real phi = (Real(0.5) + math::copysign(Real(0.5), r)) *
                   math::fast_max(Real(0), Real(1) + h * (r - Real(1)));
  return math::mul_rn(Real(-0.5) * c_f * phi, face_r - face_l);
}

/// How the viscous update reads its state: plain loads, not the read-only data cache (its threads
/// read the cells of their run again from L1; CellAccess has the measurement).
template <typename Real>
using ViscosityInput = CellAccess<const Real, false>;

/// Diffused quantity n (0-8) of cell c: u = (rho, rho v, B, psi, rho e) in that order, the
/// momenta and rho e formed as rho times the primitive; `rho` is the density of cell c.
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real diffused_quantity(const ViscosityInput<Real>& in, long c,
                                                        Real rho, int n) {
  if (n == 0) return rho;
  if (n <= 3) return math::mul_rn(rho, in(c, velocity_x + n - 1));
  if (n <= 6) return in(c, magnetic_field_x + n - 4);
  if (n == 7) return in(c, psi);
  return math::mul_rn(rho, in(c, internal_energy));
}

/// The viscous update along one axis: reads q, writes qn. Run over
/// viscosity_runs(grid, axis, run): along `axis` an index counts runs of `run` consecutive
/// cells, which one thread updates in order, so that each face flux and each slope is computed
/// once per run instead of twice and three times per cell. Per cell and quantity that is
/// (run + 1) / run fluxes and (run + 2) / run slopes, against 2 and 3 with runs of one cell.
/// Stepping from c to c + 1, a thread keeps for each of the nine quantities the slope at c and
/// the flux at c - 1/2, and reads u_c, u_{c+1} (from cache) and u_{c+2}: keeping u_c and u_{c+1}
/// too spilled registers on the H200. The products rho v, rho e and each flux are rounded
/// (math::mul_rn), so a face's flux has the same bits whichever run computes it: every run
/// length gives the same bits, on the host and on a device (tested). With `floored`, each
/// updated cell is then floored as FlooredKernel does. Launch bounds: 1024 resident threads
/// (64 registers) in float, 512 (128) in double, the fastest on the H200 (docs/performance.md).
template <typename Real>
struct ViscosityKernel {
  using launch_settings = LaunchSettings<256, sizeof(Real) == 4 ? 1024 : 512>;
  ConstFieldsView<Real> q;
  FieldsView<Real> qn;
  View<const Real, 3> speed;
  int axis;
  long stride;
  Real dt_over_dx;  ///< dt / dx_axis
  Real eps, h;
  int run;                      ///< cells a thread updates along `axis` (viscosity_runs)
  int begin;                    ///< first cell along `axis` updated (the margin)
  int end;                      ///< first cell along `axis` not updated (margin + n)
  bool floored = false;         ///< apply `floors` to each updated cell
  Floors<Real> floors{};        ///< the floors (when `floored`)
  EquationOfState<Real> eos{};  ///< the floors' equation of state (when `floored`)

  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const int index = axis == 0 ? i : (axis == 1 ? j : k);  // of the run along `axis`
    const int first = begin + (index - begin) * run;
    const int count = math::min(run, end - first);
    const ViscosityInput<Real> in(q);
    const CellAccess<Real> out(qn);
    const long s = stride;
    long c = speed.index(i, j, k) + long(first - index) * s;
    // The state at c = first: the slope at c and the flux at c - 1/2 of each quantity.
    Real slope[9], flux[9];
    Real sp0 = speed[c], sp1 = speed[c + s];
    {
      Real rho[4];
      for (int o = 0; o < 4; ++o) rho[o] = in(c + (o - 2) * s, density);
      const Real cf = Real(0.5) * (speed[c - s] + sp0);
      for (int n = 0; n < 9; ++n) {
        Real u[4];
        for (int o = 0; o < 4; ++o) u[o] = diffused_quantity(in, c + (o - 2) * s, rho[o], n);
        const Real slope_dw = limited_slope(u[0], u[1], u[2], eps);
        slope[n] = limited_slope(u[1], u[2], u[3], eps);
        flux[n] = viscous_flux(u[1], u[2], slope_dw, slope[n], cf, h);
      }
    }
    for (int m = 0; m < count; ++m, c += s) {
      // u_new = u - dt/dx (F_{c+1/2} - F_{c-1/2}); then step the state to c + 1. u_c and
      // u_{c+1} are read again (from cache) rather than kept: fewer registers.
      const Real cf = Real(0.5) * (sp0 + sp1);
      const Real rho0 = in(c, density), rho1 = in(c + s, density), rho2 = in(c + 2 * s, density);
      Real res[9];
      for (int n = 0; n < 9; ++n) {
        const Real u0 = diffused_quantity(in, c, rho0, n);
        const Real u1 = diffused_quantity(in, c + s, rho1, n);
        const Real u2 = diffused_quantity(in, c + 2 * s, rho2, n);
        const Real slope1 = limited_slope(u0, u1, u2, eps);
        const Real flux1 = viscous_flux(u0, u1, slope[n], slope1, cf, h);
        const Real du = (flux1 - flux[n]) * dt_over_dx;
        res[n] = n == 8 ? du : u0 - du;
        flux[n] = flux1;
        slope[n] = slope1;
      }
      Primitive<Real> r;
      r.rho = res[0];
      for (int b = 0; b < 3; ++b) r.v[b] = res[1 + b] / r.rho;
      for (int b = 0; b < 3; ++b) r.b[b] = res[4 + b];
      r.psi = res[7];
      // The flux of rho e acts on the total energy (kinetic and magnetic energy become heat).
      const Real energy = in.load(c).total_energy() - res[8];
      r.e = (energy - Real(0.5) * r.rho * r.v2() - r.b2() * Gaussian<Real>::inv_8pi) / r.rho;
      out.store(c, r);
      if (floored) floors.apply(out, c, eos);
      sp0 = sp1;
      sp1 = speed[c + 2 * s];
    }
  }
};

/// Cells the viscous update along `axis` writes: the interior (the solver refreshes the ghost
/// layers the next pass reads, and every axis after the last). The same for every axis; `axis` is
/// kept for symmetry with viscosity_runs.
inline Range3D viscosity_range(const Grid& g, int axis) {
  (void)axis;
  return g.interior();
}

/// The range ViscosityKernel runs over to update viscosity_range(g, axis) in runs of `run`
/// cells (run >= 1): along `axis`, index m + r (m the margin) stands for the run that starts at
/// cell m + r run (the last run may be shorter); across, the cells. With run 1 it is
/// viscosity_range(g, axis).
inline Range3D viscosity_runs(const Grid& g, int axis, int run) {
  Range3D r = viscosity_range(g, axis);
  r.end[axis] = g.margin[axis] + (g.n[axis] + run - 1) / run;
  return r;
}

/// Cells a thread of the viscous update takes along `axis` (ViscosityKernel::run) on a backend,
/// for the block `g`. The host takes runs of 8 on every axis. A GPU takes runs of 2 along x (a
/// warp's loads then span 2 cache lines, each used over 2 steps) and, along y and z (loads
/// coalesced along x), the longest of 8, 16, 32, 64 that still leaves 2^18 threads (two waves of
/// the H200's 132 multiprocessors at 1024 threads): each run computes two slopes and a flux per
/// quantity before its first cell, which runs of 64 spread over 8 times as many cells as runs of
/// 8. On the H200 (256^3, the three passes): runs of 8 / 16 / 32 / 64 along y and z took 2.79 /
/// 2.70 / 2.65 / 2.62 ms in float and 6.19 / 6.01 / 5.90 / 5.85 ms in double
/// (docs/performance.md). Every run length gives the same bits.
template <typename Backend>
int viscosity_run_length(int axis, const Grid& g) {
  if (std::is_same<Backend, backend::Host>::value) return 8;
  if (axis == 0) return 2;
  const long cells = g.interior_cells();
  int run = 8;
  while (run < 64 && cells / (2L * run) >= (1L << 18)) run *= 2;
  return run;
}

}  // namespace mhd
}  // namespace alfven
