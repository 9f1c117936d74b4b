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
enum ConservedIndex : int { c_mass = 0, c_mom = 1, c_mag = 4, c_psi = 7, c_energy = 8, num_conserved = 9 };

/// Adds w * F_a(q) to acc[0..8], the fluxes above along axis a.
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void add_flux(const Primitive<Real>& q, int a, Real w, const IdealGas<Real>& eos,
                                              Real ch2, Real* acc) {
  const Real p = eos.pressure(q.rho, q.e);
  const Real b2 = q.b2();
  const Real va = q.v[a];
  const Real ba = q.b[a];
  const Real rho_va = q.rho * va;
  acc[c_mass] += w * rho_va;
  for (int b = 0; b < 3; ++b) {
    acc[c_mom + b] += w * (rho_va * q.v[b] - q.b[b] * ba * Gaussian<Real>::inv_4pi);
    acc[c_mag + b] += w * (va * q.b[b] - q.v[b] * ba);
  }
  acc[c_mom + a] += w * (p + b2 * Gaussian<Real>::inv_8pi);
  acc[c_mag + a] += w * q.psi;
  acc[c_psi] += w * ch2 * ba;
  const Real h = q.rho * q.e + p + b2 * Gaussian<Real>::inv_4pi + Real(0.5) * q.rho * q.v2();
  acc[c_energy] += w * (h * va - q.vdotb() * ba * Gaussian<Real>::inv_4pi);
}

}  // namespace mhd
}  // namespace alfven
