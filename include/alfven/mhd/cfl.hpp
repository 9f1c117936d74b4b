/// @file cfl.hpp
/// @brief The CFL time step and the physical-validity check, in one pass over the interior.
///
/// dt = cfl_number * min over interior cells of min(dx, dy, dz) / (c_s + |v| + c_a)
/// (mhd-scheme.md, "Time step"; inactive axes count 1e30). The same pass finds the first cell
/// (lowest linear index) that holds a NaN or infinity, a non-positive density or a negative
/// internal energy, so a run that goes unphysical stops before it takes another step. With
/// resistivity or viscosity (dissipation.hpp) each cell's step is also at most their diffusive
/// limit, so that the reduction gives the step every process agrees on.
#pragma once

#include <climits>

#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "characteristic_speed.hpp"
#include "dissipation.hpp"
#include "eos.hpp"
#include "grid.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// Reduction value: the smallest admissible step and the first bad cell (LONG_MAX if none).
template <typename Real>
struct TimeStepCheck {
  Real dt;
  long bad_cell;
  ALFVEN_HOST_DEVICE bool operator==(const TimeStepCheck& o) const {
    return dt == o.dt && bad_cell == o.bad_cell;
  }
  /// Identity of TimeStepMin.
  static TimeStepCheck identity() { return {Real(1e30), LONG_MAX}; }
};

/// Combines two TimeStepCheck values (minimum of each member).
struct TimeStepMin {
  template <typename Real>
  ALFVEN_HOST_DEVICE TimeStepCheck<Real> operator()(const TimeStepCheck<Real>& a,
                                                    const TimeStepCheck<Real>& b) const {
    return {b.dt < a.dt ? b.dt : a.dt, b.bad_cell < a.bad_cell ? b.bad_cell : a.bad_cell};
  }
};

/// True if the state cannot be evolved: any NaN/inf, rho <= 0 or e < 0.
template <typename Real>
ALFVEN_HOST_DEVICE bool unphysical(const Primitive<Real>& s) {
  bool bad =
      !(s.rho > Real(0)) || !(s.e >= Real(0)) || math::not_finite(s.psi) || math::not_finite(s.e);
  for (int b = 0; b < 3; ++b) bad = bad || math::not_finite(s.v[b]) || math::not_finite(s.b[b]);
  return bad;
}

/// Map functor of the reduction; run with reduce over grid.interior(). With `solid` (the
/// embedded bodies' signed distance per cell, embedded/embedded_boundary.hpp), cells inside a
/// body (solid[c] < 0) are left out: they hold stored or wall states, not evolved fluid. With
/// Dissipative = true the step is also at most dissipative_time_step at the cell centre (the
/// source gives eta(x) when it has one).
template <typename Real, typename Source = NoSource, bool Dissipative = false>
struct TimeStepKernel {
  ConstFieldsView<Real> q;
  Grid grid;
  EquationOfState<Real> eos;
  Real cfl_number;
  const Real* solid = nullptr;
  DissipationCoefficients<Real> dissipation{};  ///< used when Dissipative
  Source source{};                              ///< used when Dissipative (its eta(x))
  ALFVEN_HOST_DEVICE TimeStepCheck<Real> operator()(int i, int j, int k) const {
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
    if (solid && solid[c] < Real(0)) return TimeStepCheck<Real>{Real(1e30), LONG_MAX};
    const Primitive<Real> s = CellAccess<const Real>(q).load(c);
    if (unphysical(s)) return {Real(1e30), c};
    const Real speed =
        characteristic_speed(s, eos, SpeedFactors<Real>{1, 1, 1});  // c_s + |v| + c_a
    const Real dmin =
        Real(math::min(math::min(grid.cfl_spacing(0), grid.cfl_spacing(1)), grid.cfl_spacing(2)));
    if constexpr (Dissipative) {
      const Real x[3] = {Real(grid.centre(0, i)), Real(grid.centre(1, j)), Real(grid.centre(2, k))};
      return {
          math::min(cfl_number * dmin / speed, dissipative_time_step(dissipation, source, grid, x)),
          LONG_MAX};
    }
    return {cfl_number * dmin / speed, LONG_MAX};
  }
};

}  // namespace mhd
}  // namespace alfven
