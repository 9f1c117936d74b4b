/// @file eos.hpp
/// @brief Ideal-gas equation of state: p = (gamma - 1) rho e, c_s = sqrt(gamma (gamma - 1) e).
#pragma once

#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"

namespace alfven {
namespace mhd {

/// Ideal gas with adiabatic index gamma (config key eos.gm). e is the specific internal energy.
template <typename Real>
struct IdealGas {
  Real gamma;
  /// Gas pressure p = (gamma - 1) rho e.
  ALFVEN_HOST_DEVICE Real pressure(Real rho, Real e) const { return (gamma - Real(1)) * rho * e; }
  /// Adiabatic sound speed c_s = sqrt(gamma (gamma - 1) e) (independent of rho for an ideal gas).
  ALFVEN_HOST_DEVICE Real sound_speed(Real e) const {
    return math::sqrt(gamma * (gamma - Real(1)) * e);
  }
  /// Specific internal energy from pressure: e = p / ((gamma - 1) rho).
  ALFVEN_HOST_DEVICE Real internal_energy(Real rho, Real p) const {
    return p / ((gamma - Real(1)) * rho);
  }
};

}  // namespace mhd
}  // namespace alfven
