/// @file eos.hpp
/// @brief The equation of state of a run: the ideal gas of adiabatic index gamma (eos.gm), or a
/// table of pressure, sound speed and temperature (eos.table; eos_table.hpp). Every formula of
/// the solver that needs p or c_s asks this type; e is the specific internal energy.
#pragma once

#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "eos_table.hpp"

namespace alfven {
namespace mhd {

/// The ideal gas of adiabatic index gamma (eos.gm) alone: p = (gamma - 1) rho e,
/// c_s = sqrt(gamma (gamma - 1) e). EquationOfState evaluates these formulas when it has no
/// table; the hot MHD kernels are instantiated with this type for such runs (solver.hpp), so
/// that no table branch is compiled into them: on an H200 the branch alone halved the fused
/// stage (docs/performance.md, "The cause: the equation of state's table branch").
template <typename Real>
struct IdealGas {
  Real gamma = Real(5) / Real(3);  ///< adiabatic index

  /// Gas pressure p = (gamma - 1) rho e.
  ALFVEN_HOST_DEVICE Real pressure(Real rho, Real e) const { return (gamma - Real(1)) * rho * e; }
  /// Adiabatic sound speed c_s = sqrt(gamma (gamma - 1) e) (independent of rho).
  ALFVEN_HOST_DEVICE Real sound_speed(Real /*rho*/, Real e) const {
    return math::sqrt(gamma * (gamma - Real(1)) * e);
  }
  /// Specific internal energy at which the pressure at density rho is p: p / ((gamma - 1) rho).
  ALFVEN_HOST_DEVICE Real internal_energy(Real rho, Real p) const {
    return p / ((gamma - Real(1)) * rho);
  }
};

/// The equation of state evaluated in the solver's kernels (trivially copyable: captured by
/// value). Without a table (table.data null) it is the ideal gas p = (gamma - 1) rho e,
/// c_s = sqrt(gamma (gamma - 1) e); with one, p and c_s are interpolated in the table (clamped
/// at its edges: EosTableView) and gamma is used only by the initial states of the built-in
/// problems.
template <typename Real>
struct EquationOfState {
  Real gamma = Real(5) / Real(3);  ///< adiabatic index of the ideal gas (eos.gm)
  EosTableView<Real> table{};      ///< the table on this backend, or none

  /// True when p and c_s come from a table.
  ALFVEN_HOST_DEVICE bool tabulated() const { return table.data != nullptr; }
  /// The ideal gas of this gamma (what p and c_s are without a table).
  ALFVEN_HOST_DEVICE IdealGas<Real> ideal() const { return IdealGas<Real>{gamma}; }

  /// Gas pressure p(rho, e): (gamma - 1) rho e, or the table's.
  ALFVEN_HOST_DEVICE Real pressure(Real rho, Real e) const {
    if (tabulated()) return table.value(eos_pressure, rho, e);
    return ideal().pressure(rho, e);
  }
  /// Adiabatic sound speed c_s(rho, e): sqrt(gamma (gamma - 1) e) (independent of rho for an
  /// ideal gas), or the table's.
  ALFVEN_HOST_DEVICE Real sound_speed(Real rho, Real e) const {
    if (tabulated()) return table.value(eos_sound_speed, rho, e);
    return ideal().sound_speed(rho, e);
  }
  /// Specific internal energy at which the pressure at density rho is p: p / ((gamma - 1) rho),
  /// or the inverse of the table's pressure (EosTableView::internal_energy).
  ALFVEN_HOST_DEVICE Real internal_energy(Real rho, Real p) const {
    if (tabulated()) return table.internal_energy(rho, p);
    return ideal().internal_energy(rho, p);
  }
  /// Temperature T(rho, e) from the table (K for a table in cgs); NaN without a table (the ideal
  /// gas of eos.gm carries no temperature scale).
  ALFVEN_HOST_DEVICE Real temperature(Real rho, Real e) const {
    if (tabulated()) return table.value(eos_temperature, rho, e);
    return math::sqrt(Real(-1));  // NaN
  }
};

}  // namespace mhd
}  // namespace alfven
