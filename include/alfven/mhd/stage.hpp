/// @file stage.hpp
/// @brief One Runge-Kutta stage of the MISO scheme: q_r = L(q_0, q_a, dt_s) (mhd-scheme.md,
/// "One stage"), for every interior cell, as one fused kernel.
///
/// Derivatives are the fourth-order centred difference
///   D_a f = (-f_{i+2} + 8 f_{i+1} - 8 f_{i-1} + f_{i-2}) / (12 dx_a),
/// applied to the physical fluxes of flux.hpp evaluated from q_a at the four stencil points.
/// Inactive axes are skipped (their derivatives vanish).
#pragma once

#include <cmath>

#include "alfven/core/macros.hpp"
#include "eos.hpp"
#include "flux.hpp"
#include "grid.hpp"
#include "source.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// Functor for one stage; run it with for_each over grid.interior(). Holds views and scalars
/// only, so it is trivially copyable and runs on any backend.
template <typename Real, typename Source = NoSource>
struct StageKernel {
  ConstFieldsView<Real> q0;  ///< state at the start of the step
  ConstFieldsView<Real> qa;  ///< stage argument (derivatives and sources are taken from it)
  FieldsView<Real> qr;       ///< result (interior cells written)
  Grid grid;
  IdealGas<Real> eos;
  Real dt;            ///< stage step s * dt
  Real ch2;           ///< GLM c_h^2
  Real psi_damping;   ///< exp(-dt_s / tau)
  Source source;

  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const CellAccess<const Real> a(qa);
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);

    // div[n] = sum_a D_a F_a(q_a) for the nine conserved quantities.
    Real div[num_conserved] = {};
    for (int ax = 0; ax < 3; ++ax) {
      if (!grid.active(ax)) continue;
      const long s = grid.stride(ax);
      Real acc[num_conserved] = {};
      add_flux(a.load(c - 2 * s), ax, Real(1), eos, ch2, acc);
      add_flux(a.load(c - s), ax, Real(-8), eos, ch2, acc);
      add_flux(a.load(c + s), ax, Real(8), eos, ch2, acc);
      add_flux(a.load(c + 2 * s), ax, Real(-1), eos, ch2, acc);
      const Real inv12d = Real(1) / (Real(12) * Real(grid.d[ax]));
      for (int n = 0; n < num_conserved; ++n) div[n] += acc[n] * inv12d;
    }

    const Primitive<Real> u0 = CellAccess<const Real>(q0).load(c);
    Real force[3] = {0, 0, 0};
    Real heating = 0;
    if constexpr (Source::active) {
      const Primitive<Real> qc = a.load(c);
      const Real x[3] = {Real(grid.centre(0, i)), Real(grid.centre(1, j)), Real(grid.centre(2, k))};
      source(qc, x, force, heating);
      heating += qc.v[0] * force[0] + qc.v[1] * force[1] + qc.v[2] * force[2];  // work of the force
    }

    Primitive<Real> r;
    r.rho = u0.rho - dt * div[c_mass];
    for (int b = 0; b < 3; ++b) {
      r.v[b] = (u0.rho * u0.v[b] + dt * (force[b] - div[c_mom + b])) / r.rho;
      r.b[b] = u0.b[b] - dt * div[c_mag + b];
    }
    r.psi = (u0.psi - dt * div[c_psi]) * psi_damping;
    const Real energy = u0.total_energy() + dt * (heating - div[c_energy]);
    r.e = (energy - Real(0.5) * r.rho * r.v2() - r.b2() * Gaussian<Real>::inv_8pi) / r.rho;
    CellAccess<Real>(qr).store(c, r);
  }
};

}  // namespace mhd
}  // namespace alfven
