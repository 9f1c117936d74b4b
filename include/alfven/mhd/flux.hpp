/// @file flux.hpp
/// @brief Physical fluxes of the ideal MHD equations with GLM cleaning, along one axis.
///
/// The MISO scheme (mhd-scheme.md, "One stage") is written as U_r = U_0 - dt sum_a D_a F_a + dt S
/// with the conserved set U = (rho, rho v, B, psi, E). The fluxes along axis a are
///   F(rho)      = rho v_a
///   F(rho v_b)  = rho v_b v_a + delta_ab (p + |B|^2 / 8 pi) - B_b B_a / 4 pi
///   F(B_b)      = v_a B_b - v_b B_a + delta_ab psi           (induction + GLM, Dedner et al. 2002)
///   F(psi)      = c_h^2 B_a
///   F(E)        = h v_a - (v . B) B_a / 4 pi,  h = rho e + p + |B|^2 / 4 pi + rho |v|^2 / 2
/// Since D_a is linear, D_a of a sum equals the sum of D_a, and each product is formed at the
/// stencil points before differencing, as the scheme requires.
#pragma once

#include "alfven/core/macros.hpp"
#include "eos.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// Index of each conserved quantity in a flux or update vector.
enum ConservedIndex : int {
  c_mass = 0,
  c_mom = 1,
  c_mag = 4,
  c_psi = 7,
  c_energy = 8,
  num_conserved = 9
};

/// Writes F_a(q), the nine fluxes above along axis a, into f[0..8]. Eos: EquationOfState<Real>
/// or IdealGas<Real> (eos.hpp; anything with pressure(rho, e)).
template <typename Real, typename Eos>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void physical_flux(const Primitive<Real>& q, int a, const Eos& eos,
                                                    Real ch2, Real* f) {
  const Real p = eos.pressure(q.rho, q.e);
  const Real b2 = q.b2();
  const Real va = q.v[a];
  const Real ba = q.b[a];
  const Real rho_va = q.rho * va;
  f[c_mass] = rho_va;
  for (int b = 0; b < 3; ++b) {
    f[c_mom + b] = rho_va * q.v[b] - q.b[b] * ba * Gaussian<Real>::inv_4pi;
    f[c_mag + b] = va * q.b[b] - q.v[b] * ba;
  }
  f[c_mom + a] += p + b2 * Gaussian<Real>::inv_8pi;
  f[c_mag + a] = q.psi;  // v_a B_a - v_a B_a vanishes; the GLM term remains
  f[c_psi] = ch2 * ba;
  const Real h = q.rho * q.e + p + b2 * Gaussian<Real>::inv_4pi + Real(0.5) * q.rho * q.v2();
  f[c_energy] = h * va - q.vdotb() * ba * Gaussian<Real>::inv_4pi;
}

/// D_a f = (f_{i-2} - 8 f_{i-1} + 8 f_{i+1} - f_{i+2}) / (12 dx_a) of one component from the
/// values at i-2, i-1, i+1, i+2 and inv12d = 1 / (12 dx_a), evaluated as
/// (8 (f_{i+1} - f_{i-1}) - (f_{i+2} - f_{i-2})) / (12 dx_a): the differences come first, so a
/// uniform f gives exactly 0 (a gas at rest stays at rest, bit for bit, in float too; MISO's order
/// ((f_{i-2} - 8 f_{i-1}) + 8 f_{i+1}) - f_{i+2} leaves ~1e-7 f in float where 7 f rounds). Every
/// code path uses this function, so all round identically.
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real fourth_order_difference(Real fm2, Real fm1, Real fp1,
                                                              Real fp2, Real inv12d) {
  return (Real(8) * (fp1 - fm1) - (fp2 - fm2)) * inv12d;
}

/// div[n] += D_a f for the nine components, from the fluxes at i-2, i-1, i+1, i+2
/// (fourth_order_difference).
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void add_derivative(const Real* fm2, const Real* fm1,
                                                     const Real* fp1, const Real* fp2, Real inv12d,
                                                     Real* div) {
  for (int n = 0; n < num_conserved; ++n)
    div[n] += fourth_order_difference(fm2[n], fm1[n], fp1[n], fp2[n], inv12d);
}

}  // namespace mhd
}  // namespace alfven
