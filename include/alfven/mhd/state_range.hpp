/// @file state_range.hpp
/// @brief Whether a state's values leave the scheme room for its arithmetic in Real.
///
/// The flux of a cell multiplies up to three of its values (the energy flux
/// (rho |v|^2 / 2 + rho e + p + |B|^2 / 8 pi) v - (v . B) B / 4 pi, flux.hpp), and the stencils
/// and Runge-Kutta stages add several such terms. A state whose values are finite can still
/// overflow there (a velocity of 1e200 in double, 1e20 in float): the run then stops after its
/// first step with a NaN that names no cause. The initial and restored states are checked here
/// first, so that the message names the cell, the quantity and what to change.
#pragma once

#include <limits>
#include <string>

#include "fields.hpp"
#include "grid.hpp"

namespace alfven {
namespace mhd {

/// The largest magnitude a state's values and the products below may reach in Real: 1e-3 of
/// the largest finite Real (1.8e305 in double, 3.4e35 in float), which leaves room for the sums
/// of the stencils and stages. (The radiation fields are held to it too: src/config/radiation.cpp,
/// radiation/radiation_coupling.hpp.)
template <typename Real>
double state_magnitude_limit() {
  return double(std::numeric_limits<Real>::max()) * 1e-3;
}

/// "cell (i, j, k) = (I, J, K) at (x, y, z) = (X, Y, Z)": local cell (i, j, k) of `grid` (ghosts
/// included) by its global index and its centre, as the run's messages name a cell.
std::string describe_cell(const Grid& grid, int i, int j, int k);

/// Checks the interior cells of `state` (host fields of the block described by `grid`) in
/// order of their linear index: the nine variables (density, velocity, magnetic field, the
/// specific internal energy e, psi), 1 / density, and the products the fluxes form from them
/// (|v|^2, rho |v|^2, rho e, |B|^2, the Alfven speed squared |B|^2 / rho, the energy flux's
/// scale (rho |v|^2 + rho e + |B|^2 + psi^2) (|v| + c_s + c_a) with c_s taken as sqrt(e), and
/// the GLM cleaning term's (|v| + c_s + c_a)^2 (|B| + |psi|)), each evaluated in Real, must be
/// finite and at most state_magnitude_limit<Real>(). Returns "" when every cell passes, else a
/// description of the first cell that does not: its global index and centre, the quantity and
/// its value, the cell's variables and the limit (the caller says what to change). Cells with
/// a density that is not positive or a negative energy are skipped: TimeStepKernel names them.
template <typename Real>
std::string describe_state_out_of_range(const Fields<Real, backend::Host>& state, const Grid& grid);

}  // namespace mhd
}  // namespace alfven
