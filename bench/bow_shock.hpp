/// @file bow_shock.hpp
/// @brief The bow-shock stand-off distance of supersonic flow past a cylinder or a sphere, and
/// Billig's correlation for it; shared by bench_bow_shock and tests/regression.
///
/// Billig, F. S., "Shock-wave shapes around spherical- and cylindrical-nosed bodies",
/// J. Spacecraft Rockets 4 (1967) 822: Delta / R = 0.386 exp(4.67 / M^2) for a cylinder and
/// 0.143 exp(3.24 / M^2) for a sphere.
#pragma once

#include <cmath>

#include "alfven/mhd/fields.hpp"
#include "alfven/mhd/grid.hpp"

namespace alfven {
namespace bench {

/// Billig's stand-off distance over the body radius at Mach number `mach`.
inline double billig_standoff(double mach, bool sphere) {
  return sphere ? 0.143 * std::exp(3.24 / (mach * mach)) : 0.386 * std::exp(4.67 / (mach * mach));
}

/// Density behind a normal shock over the density ahead of it (Rankine-Hugoniot).
inline double normal_shock_density_ratio(double mach, double gamma) {
  return (gamma + 1) * mach * mach / ((gamma - 1) * mach * mach + 2);
}

/// The shock's x on the row of cells nearest to the stagnation line y = y0, z = z0 of a flow
/// along x, coming from the inflow at x_min: where the density first crosses the mean of the
/// free stream (`rho0`) and the normal-shock density, linearly interpolated. NaN if it never
/// does. (A single block: the whole domain on one rank.)
template <typename Real>
double shock_position(const mhd::Fields<Real, backend::Host>& q, const mhd::Grid& g, double rho0,
                      double mach, double gamma, double y0, double z0) {
  const double mid = 0.5 * rho0 * (1.0 + normal_shock_density_ratio(mach, gamma));
  auto nearest = [&](int axis, double x) {
    int best = g.margin[axis];
    for (int i = g.margin[axis]; i < g.margin[axis] + g.n[axis]; ++i)
      if (std::fabs(g.centre(axis, i) - x) < std::fabs(g.centre(axis, best) - x)) best = i;
    return best;
  };
  const int j = nearest(1, y0), k = nearest(2, z0);
  for (int i = g.margin[0]; i + 1 < g.margin[0] + g.n[0]; ++i) {
    const double a = q(i, j, k, mhd::density), b = q(i + 1, j, k, mhd::density);
    if (a < mid && b >= mid) return g.centre(0, i) + (mid - a) / (b - a) * g.d[0];
  }
  return std::nan("");
}

}  // namespace bench
}  // namespace alfven
