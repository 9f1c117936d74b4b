/// @file physical_viscosity.hpp
/// @brief Explicit Newtonian viscosity (a physical viscosity, unlike the scheme's artificial
/// viscosity of viscosity.hpp): the momentum and energy fluxes of the viscous stress at one face.
///
/// With kinematic viscosity nu (length^2 / time) and the dynamic viscosity rho nu, the stress is
///   tau_ab = rho nu (d_a v_b + d_b v_a - (2/3) delta_ab div v)
/// (Landau & Lifshitz, Fluid Mechanics, 2nd ed., eq. 15.3, with zero bulk viscosity), and the
/// momentum and total-energy equations gain the fluxes
///   F_a(rho v_b) = -tau_ab,     F_a(E) = -sum_b tau_ab v_b.
/// The kinetic energy the stress dissipates, tau_ab d_a v_b >= 0 per volume and time (viscous
/// heating), stays in the total energy and so appears as internal energy.
#pragma once

#include "alfven/core/macros.hpp"
#include "face_gradient.hpp"
#include "flux.hpp"

namespace alfven {
namespace mhd {

/// Adds the viscous fluxes across a face normal to axis `a` (face state f with rho, v and the
/// velocity gradient, kinematic viscosity nu) to flux[0..8] (layout of flux.hpp).
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void add_viscous_flux(const FaceState<Real>& f, int a, Real nu,
                                                       Real* flux) {
  const Real div_v = f.grad_v[0][0] + f.grad_v[1][1] + f.grad_v[2][2];
  const Real mu = f.rho * nu;
  Real work = 0;
  for (int b = 0; b < 3; ++b) {
    Real tau = mu * (f.grad_v[b][a] + f.grad_v[a][b]);
    if (b == a) tau -= mu * (Real(2) / Real(3)) * div_v;
    flux[c_mom + b] -= tau;
    work += tau * f.v[b];
  }
  flux[c_energy] -= work;
}

/// The diffusivity that limits the viscous step: 4 nu / 3, that of a compressive (longitudinal)
/// mode under the stress above (nu for a shear mode).
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real viscous_diffusivity(Real nu) {
  return Real(4) / Real(3) * nu;
}

}  // namespace mhd
}  // namespace alfven
