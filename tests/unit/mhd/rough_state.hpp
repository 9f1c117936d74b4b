/// @file rough_state.hpp
/// @brief Shared by the MHD kernel tests (host and device): a state with smooth parts, jumps and
/// extrema along every axis in every cell (ghosts included), and a characteristic speed that
/// varies from cell to cell, so that every branch of the viscosity's limiter is taken.
#pragma once

#include <cmath>

#include "alfven/core/core.hpp"
#include "alfven/mhd/fields.hpp"
#include "alfven/mhd/grid.hpp"

namespace alfven::test {

/// Fills every cell of q (a host array on grid g) with the rough state, rounded to Real.
template <typename Real>
void fill_rough_state(const mhd::Grid& g, mhd::Fields<Real, backend::Host>& q) {
  using namespace alfven::mhd;
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i) {
        const double x = 0.61 * i, y = 0.47 * j, z = 0.53 * k;
        const double jump = (i + 2 * j + 3 * k) % 7 < 3 ? 1.0 : 0.0;
        q(i, j, k, density) = Real(1.0 + 0.3 * std::sin(x + y) + 0.5 * jump);
        q(i, j, k, velocity_x) = Real(0.4 * std::cos(y + z) - 0.2 * jump);
        q(i, j, k, velocity_y) = Real(-0.3 * std::sin(x * z));
        q(i, j, k, velocity_z) = Real(0.2 * std::cos(x) + 0.1 * jump);
        q(i, j, k, magnetic_field_x) = Real(0.5 * std::sin(z));
        q(i, j, k, magnetic_field_y) = Real(0.4 * std::cos(x + z) * (1.0 - jump));
        q(i, j, k, magnetic_field_z) = Real(0.3 + 0.1 * ((i * j + k) % 3));
        q(i, j, k, internal_energy) = Real(2.0 + 0.4 * std::cos(y) + jump);
        q(i, j, k, psi) = Real(0.01 * std::sin(x + y + z));
      }
}

/// Fills every cell of `speed` (extents grid.total) with a speed between 1 and 2 that varies
/// from cell to cell.
template <typename Real>
void fill_rough_speed(Array3D<Real, backend::Host>& speed) {
  for (int k = 0; k < speed.extent(2); ++k)
    for (int j = 0; j < speed.extent(1); ++j)
      for (int i = 0; i < speed.extent(0); ++i)
        speed(i, j, k) = Real(1.5 + 0.5 * std::sin(0.7 * i + 0.3 * j + 0.9 * k));
}

}  // namespace alfven::test
