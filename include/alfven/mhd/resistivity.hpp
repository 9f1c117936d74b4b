/// @file resistivity.hpp
/// @brief Explicit resistivity: the resistive fluxes of the induction and energy equations at one
/// face, in conservative form, and the stable time step of the diffusion they cause.
///
/// Gaussian units with the magnetic diffusivity eta (length^2 / time), so that for uniform eta
/// and div B = 0 the induction equation gains dB/dt = eta lap B. With J = curl B the resistive
/// electric field (times c) is E = eta J, and dB/dt = -curl E is written as the divergence of the
/// fluxes
///   F_a(B_b) = eps_bac E_c = eta (d_b B_a - d_a B_b)             (zero for b = a),
///   F_a(E)   = (E x B)_a / 4 pi = sum_b B_b F_a(B_b) / 4 pi       (the resistive Poynting flux).
/// The magnetic energy these fluxes remove, eta |J|^2 / 4 pi per volume and time (Joule heating),
/// stays in the total energy and so appears as internal energy: the total is conserved exactly.
/// For an eta that varies in space (a problem's source, source.hpp) the same fluxes with eta at
/// the face give dB/dt = -curl(eta curl B) (Zenitani 2015, Phys. Plasmas 22, 032114, eq. 4).
#pragma once

#include "alfven/core/macros.hpp"
#include "face_gradient.hpp"
#include "flux.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// Adds the resistive fluxes across a face normal to axis `a` (face state f with B and its
/// gradient, diffusivity eta at the face) to flux[0..8] (layout of flux.hpp).
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void add_resistive_flux(const FaceState<Real>& f, int a, Real eta,
                                                         Real* flux) {
  Real poynting = 0;
  for (int b = 0; b < 3; ++b) {
    if (b == a) continue;
    const Real fb = eta * (f.grad_b[a][b] - f.grad_b[b][a]);  // eta (d_b B_a - d_a B_b)
    flux[c_mag + b] += fb;
    poynting += f.b[b] * fb;
  }
  flux[c_energy] += poynting * Gaussian<Real>::inv_4pi;
}

/// Stable step of explicit diffusion with diffusivity `diffusivity` (> 0):
///   dt = cfl / (2 diffusivity sum_a 1/dx_a^2)
/// over the active axes (inv_dx2_sum = sum_a 1/dx_a^2). The fastest decaying mode of the compact
/// Laplacian (face_gradient.hpp), the grid-scale checkerboard, has lambda = -4 diffusivity
/// sum_a 1/dx_a^2, so lambda dt = -2 cfl; the four-stage scheme, the classical fourth-order
/// Runge-Kutta method for a linear problem, is stable for lambda dt in [-2.785, 0]. The
/// configuration allows cfl in (0, 1] (lambda dt >= -2), and the default 0.5 leaves room for the
/// waves, whose step is limited separately (cfl.hpp takes the smaller).
template <typename Real>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real diffusive_time_step(Real cfl, Real diffusivity,
                                                          Real inv_dx2_sum) {
  return cfl / (Real(2) * diffusivity * inv_dx2_sum);
}

}  // namespace mhd
}  // namespace alfven
