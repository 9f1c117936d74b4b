/// @file source.hpp
/// @brief Source terms: a force density S (momentum per volume per time) and a heating rate
/// (energy per volume per time), evaluated from the stage argument q_a.
///
/// The solver adds the work of the force, v . S, to the energy equation itself (mhd-scheme.md:
/// MISO omits it, so that under gravity kinetic energy is taken from the internal energy; we do
/// not), and multiplies the heating by the stage time step (MISO does not).
///
/// A source is any trivially copyable type with
///   ALFVEN_HOST_DEVICE void operator()(const Primitive<Real>& q, const Real x[3],
///                                      Real force[3], Real& heating) const;
/// writing S into force and the heating rate into heating (both zero on entry).
#pragma once

#include "alfven/core/macros.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// No source terms (the solver skips their evaluation entirely).
struct NoSource {
  static constexpr bool active = false;
  template <typename Real>
  ALFVEN_HOST_DEVICE void operator()(const Primitive<Real>&, const Real*, Real*, Real&) const {}
};

/// Uniform gravitational acceleration g (force density rho g) and a uniform heating rate
/// (config keys sources.gravity and sources.heating_rate).
template <typename Real>
struct UniformSources {
  static constexpr bool active = true;
  Real gravity[3];
  Real heating_rate;
  ALFVEN_HOST_DEVICE void operator()(const Primitive<Real>& q, const Real*, Real* force, Real& heating) const {
    force[0] = q.rho * gravity[0];
    force[1] = q.rho * gravity[1];
    force[2] = q.rho * gravity[2];
    heating = heating_rate;
  }
};

}  // namespace mhd
}  // namespace alfven
