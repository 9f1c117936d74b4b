/// @file dissipation.hpp
/// @brief Resistivity and viscosity in the scheme: the divergence of their fluxes added to a stage
/// (stage.hpp), and their stable time step added to the CFL reduction (cfl.hpp).
///
/// Both are explicit and in conservative form: the fluxes of resistivity.hpp and
/// physical_viscosity.hpp are formed on the two faces of a cell along each active axis from the
/// stage argument q_a (face_gradient.hpp) and their difference is added to the stage's
/// divergence, div += (F_{i+1/2} - F_{i-1/2}) / dx_a; the stage then updates the cell as it does
/// for the ideal fluxes, so every stage of the four-stage scheme sees the same right-hand side
/// (the dissipation is not split from the waves). Mass, momentum, field and total energy are
/// conserved to rounding with periodic boundaries. The fluxes are second-order accurate, the
/// ideal ones fourth-order. Runs without resistivity and viscosity take none of this code: the
/// stage and time-step kernels are instantiated without it (the results of those runs are
/// bitwise those of a build without it).
#pragma once

#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "face_gradient.hpp"
#include "flux.hpp"
#include "grid.hpp"
#include "physical_viscosity.hpp"
#include "resistivity.hpp"
#include "source.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// The uniform coefficients of a run (resistivity.eta, viscosity.nu) and their Courant numbers.
/// A source with varying_resistivity adds its eta(x) to `eta` (source.hpp).
template <typename Real>
struct DissipationCoefficients {
  Real eta = 0;              ///< uniform magnetic diffusivity
  Real nu = 0;               ///< uniform kinematic viscosity
  Real eta_cfl = Real(0.5);  ///< resistivity.cfl_number
  Real nu_cfl = Real(0.5);   ///< viscosity.cfl_number
};

/// The diffusivity at position x: the uniform eta plus the source's eta(x), if it has one.
template <typename Real, typename Source>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real resistivity_at(const DissipationCoefficients<Real>& k,
                                                     const Source& source, const Real* x) {
  if constexpr (source_has_resistivity<Source>::value) return k.eta + source.resistivity(x);
  (void)source;
  (void)x;
  return k.eta;
}

/// Adds to div[0..8] the divergence of the resistive and viscous fluxes at cell (i, j, k) (linear
/// index c) of the stage argument q; the caller updates the cell with div as with the ideal
/// fluxes. Reads the cells that share a face or an edge with c (ghost cells included).
template <typename Real, typename Source>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void add_dissipative_divergence(
    const CellAccess<const Real>& q, long c, int i, int j, int k, const Grid& grid,
    const DissipationCoefficients<Real>& coef, const Source& source, Real* div) {
  const bool resistive = coef.eta > Real(0) || source_has_resistivity<Source>::value;
  const bool viscous = coef.nu > Real(0);
  const int idx[3] = {i, j, k};
  for (int a = 0; a < 3; ++a) {
    if (!grid.active(a)) continue;
    const long s = grid.stride(a);
    Real lower[num_conserved] = {}, upper[num_conserved] = {};
    for (int side = 0; side < 2; ++side) {
      const long left = side == 0 ? c - s : c;
      const FaceState<Real> f = face_state(q, left, a, grid, viscous, resistive);
      Real* flux = side == 0 ? lower : upper;
      if (viscous) add_viscous_flux(f, a, coef.nu, flux);
      if (resistive) {
        Real x[3] = {Real(grid.centre(0, idx[0])), Real(grid.centre(1, idx[1])),
                     Real(grid.centre(2, idx[2]))};
        x[a] =
            Real(grid.centre(a, idx[a]) + (side == 0 ? -0.5 : 0.5) * grid.d[a]);  // the face centre
        add_resistive_flux(f, a, resistivity_at(coef, source, x), flux);
      }
    }
    const Real inv_d = Real(1) / Real(grid.d[a]);
    for (int n = 0; n < num_conserved; ++n) div[n] += (upper[n] - lower[n]) * inv_d;
  }
}

/// The stable step of the resistivity and viscosity at cell centre x (resistivity.hpp,
/// diffusive_time_step): the smaller of the two limits, 1e30 where neither acts.
template <typename Real, typename Source>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real
dissipative_time_step(const DissipationCoefficients<Real>& coef, const Source& source,
                      const Grid& grid, const Real* x) {
  Real inv_dx2_sum = 0;
  for (int a = 0; a < 3; ++a)
    if (grid.active(a)) inv_dx2_sum += Real(1) / (Real(grid.d[a]) * Real(grid.d[a]));
  Real dt = Real(1e30);
  const Real eta = resistivity_at(coef, source, x);
  if (eta > Real(0)) dt = math::min(dt, diffusive_time_step(coef.eta_cfl, eta, inv_dx2_sum));
  if (coef.nu > Real(0))
    dt = math::min(dt, diffusive_time_step(coef.nu_cfl, viscous_diffusivity(coef.nu), inv_dx2_sum));
  return dt;
}

}  // namespace mhd
}  // namespace alfven
