/// @file source.hpp
/// @brief Source terms: a force density S (momentum per volume per time) and a heating rate
/// (energy per volume per time), evaluated from the stage argument q_a.
///
/// The solver adds the work of the force, v . S, to the energy equation itself (mhd-scheme.md:
/// MISO omits it, so that under gravity kinetic energy is taken from the internal energy; we do
/// not), and multiplies the heating by the stage time step (MISO does not).
///
/// A source is any trivially copyable type with
///   static constexpr bool active;   // true: operator() below gives a force or heating
///   ALFVEN_HOST_DEVICE void operator()(const Primitive<Real>& q, const Real x[3],
///                                      Real force[3], Real& heating) const;
/// writing S into force and the heating rate into heating (both zero on entry). A source may also
/// give a magnetic diffusivity that varies in space (MISO's ResistiveSource), added to the uniform
/// resistivity.eta wherever the resistive fluxes are formed (dissipation.hpp):
///   static constexpr bool varying_resistivity = true;
///   ALFVEN_HOST_DEVICE Real resistivity(const Real x[3]) const;   // eta(x) >= 0
/// A problem hands its own source to the solver through ProblemWithSources (problem_sources.hpp).
#pragma once

#include <type_traits>

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
  ALFVEN_HOST_DEVICE void operator()(const Primitive<Real>& q, const Real*, Real* force,
                                     Real& heating) const {
    force[0] = q.rho * gravity[0];
    force[1] = q.rho * gravity[1];
    force[2] = q.rho * gravity[2];
    heating = heating_rate;
  }
};

/// True when source type S declares `static constexpr bool varying_resistivity = true` (and so
/// has a resistivity(x) member).
template <typename S, typename = void>
struct source_has_resistivity : std::false_type {};
template <typename S>
struct source_has_resistivity<S, std::enable_if_t<S::varying_resistivity>> : std::true_type {};

/// Two sources added: forces, heating rates and resistivities sum. Each part is evaluated only
/// when it has something to give (A::active, B::active; their varying_resistivity).
template <typename A, typename B>
struct SumOfSources {
  static constexpr bool active = A::active || B::active;
  static constexpr bool varying_resistivity =
      source_has_resistivity<A>::value || source_has_resistivity<B>::value;
  A first;
  B second;
  template <typename Real>
  ALFVEN_HOST_DEVICE void operator()(const Primitive<Real>& q, const Real* x, Real* force,
                                     Real& heating) const {
    if constexpr (A::active) first(q, x, force, heating);
    if constexpr (B::active) {
      Real f[3] = {0, 0, 0};
      Real h = 0;
      second(q, x, f, h);
      for (int a = 0; a < 3; ++a) force[a] += f[a];
      heating += h;
    }
  }
  /// eta(x) of the parts that give one (0 when neither does).
  template <typename Real>
  ALFVEN_HOST_DEVICE Real resistivity(const Real* x) const {
    Real eta = 0;
    if constexpr (source_has_resistivity<A>::value) eta += first.resistivity(x);
    if constexpr (source_has_resistivity<B>::value) eta += second.resistivity(x);
    return eta;
  }
};

}  // namespace mhd
}  // namespace alfven
