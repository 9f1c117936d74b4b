/// @file derived.hpp
/// @brief Quantities derived from the primitive state of a cell and its neighbours, written by
/// output blocks (docs/output.md, "Derived variables") and used by the diagnostics: each formula
/// once, for the host and the device, evaluated in double.
///
/// Units are Gaussian (variables.hpp): the magnetic pressure is |B|^2 / (8 pi) and the current
/// density J = (c / 4 pi) curl B is given with c = 1, i.e. curl B / (4 pi) (multiply by the speed
/// of light in the code's units for J itself). Derivatives are the scheme's fourth-order centred
/// differences (the operator of its div B diagnostic); along an axis with one cell they vanish.
#pragma once

#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "eos.hpp"
#include "grid.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// Fourth-order centred first derivative from the values two and one cells below (m2, m1) and
/// above (p1, p2) a cell, with spacing d: (-p2 + 8 p1 - 8 m1 + m2) / (12 d).
ALFVEN_HOST_DEVICE inline double fourth_order_derivative(double m2, double m1, double p1, double p2,
                                                         double d) {
  return (-p2 + 8.0 * p1 - 8.0 * m1 + m2) / (12.0 * d);
}

/// d(variable v)/d(axis) at cell c (linear index with ghosts) of a fields view; 0 on an
/// inactive axis.
template <typename T>
ALFVEN_HOST_DEVICE double derivative(const CellAccess<T>& a, const Grid& grid, long c, int v,
                                     int axis) {
  if (!grid.active(axis)) return 0.0;
  const long st = grid.stride(axis);
  return fourth_order_derivative(double(a(c - 2 * st, v)), double(a(c - st, v)),
                                 double(a(c + st, v)), double(a(c + 2 * st, v)), grid.d[axis]);
}

/// div B at cell c: the sum over active axes of dB_a/dx_a.
template <typename T>
ALFVEN_HOST_DEVICE double divergence_b(const CellAccess<T>& a, const Grid& grid, long c) {
  double div = 0;
  for (int ax = 0; ax < 3; ++ax) div += derivative(a, grid, c, magnetic_field_x + ax, ax);
  return div;
}

/// Component `component` (0, 1, 2) of the curl of the vector whose x component is variable
/// `first` (velocity_x or magnetic_field_x): (curl u)_i = d u_k / d x_j - d u_j / d x_k with
/// (i, j, k) cyclic.
template <typename T>
ALFVEN_HOST_DEVICE double curl(const CellAccess<T>& a, const Grid& grid, long c, int first,
                               int component) {
  const int j = (component + 1) % 3, k = (component + 2) % 3;
  return derivative(a, grid, c, first + k, j) - derivative(a, grid, c, first + j, k);
}

/// Gas pressure p(rho, e) of the run's equation of state (eos.hpp).
ALFVEN_HOST_DEVICE inline double gas_pressure(const Primitive<double>& s,
                                              const EquationOfState<double>& eos) {
  return eos.pressure(s.rho, s.e);
}

/// Magnetic pressure |B|^2 / (8 pi).
ALFVEN_HOST_DEVICE inline double magnetic_pressure(const Primitive<double>& s) {
  return s.b2() * Gaussian<double>::inv_8pi;
}

/// Plasma beta: gas over magnetic pressure, p / (|B|^2 / (8 pi)) (+inf where B = 0).
ALFVEN_HOST_DEVICE inline double plasma_beta(const Primitive<double>& s,
                                             const EquationOfState<double>& eos) {
  return gas_pressure(s, eos) / magnetic_pressure(s);
}

/// Sonic Mach number |v| / c_s, c_s of the run's equation of state (ideal gas:
/// sqrt(gamma (gamma - 1) e)).
ALFVEN_HOST_DEVICE inline double mach_number(const Primitive<double>& s,
                                             const EquationOfState<double>& eos) {
  return math::sqrt(s.v2()) / eos.sound_speed(s.rho, s.e);
}

/// Temperature T(rho, e) of a tabulated equation of state (K for a table in cgs).
ALFVEN_HOST_DEVICE inline double temperature(const Primitive<double>& s,
                                             const EquationOfState<double>& eos) {
  return eos.temperature(s.rho, s.e);
}

/// Component `component` of the current density curl B / (4 pi) (Gaussian units, c = 1).
template <typename T>
ALFVEN_HOST_DEVICE double current_density(const CellAccess<T>& a, const Grid& grid, long c,
                                          int component) {
  return curl(a, grid, c, magnetic_field_x, component) * Gaussian<double>::inv_4pi;
}

/// Component `component` of the vorticity curl v.
template <typename T>
ALFVEN_HOST_DEVICE double vorticity(const CellAccess<T>& a, const Grid& grid, long c,
                                    int component) {
  return curl(a, grid, c, velocity_x, component);
}

}  // namespace mhd
}  // namespace alfven
