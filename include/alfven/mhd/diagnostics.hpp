/// @file diagnostics.hpp
/// @brief Integral diagnostics of a state: total mass, total energy, max |div B|.
#pragma once

#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "derived.hpp"
#include "grid.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// Sums over the interior (mass = sum rho dV, energy = sum E dV) and the maximum of |div B|
/// (fourth-order centred differences, the scheme's own operator). Accumulated in double.
struct Totals {
  double mass;
  double energy;
  double max_div_b;
  bool operator==(const Totals& o) const {
    return mass == o.mass && energy == o.energy && max_div_b == o.max_div_b;
  }
};

/// Combines Totals: sums and maximum.
struct TotalsOp {
  ALFVEN_HOST_DEVICE Totals operator()(const Totals& a, const Totals& b) const {
    return {a.mass + b.mass, a.energy + b.energy,
            a.max_div_b > b.max_div_b ? a.max_div_b : b.max_div_b};
  }
};

/// Map functor; run with reduce over grid.interior() and init {0, 0, 0}. With `solid` (the
/// embedded bodies' signed distance per cell), cells inside a body are left out: the totals are
/// those of the fluid.
template <typename Real>
struct TotalsKernel {
  ConstFieldsView<Real> q;
  Grid grid;
  const Real* solid = nullptr;
  ALFVEN_HOST_DEVICE Totals operator()(int i, int j, int k) const {
    const CellAccess<const Real> a(q);
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
    if (solid && solid[c] < Real(0)) return Totals{0, 0, 0};
    const Primitive<Real> s = a.load(c);
    const double div_b = divergence_b(a, grid, c);
    const double dv = grid.cell_volume();
    return {double(s.rho) * dv, double(s.total_energy()) * dv, math::abs(div_b)};
  }
};

/// Map functor counting the fluid cells whose (rho, e) lies outside the table of a tabulated
/// equation of state (there p and c_s are the table's edge values: EosTableView::value); run with
/// reduce over grid.interior(), init 0 and core::Sum. Cells inside a body (solid < 0) are left
/// out.
template <typename Real>
struct OutsideEosTableKernel {
  ConstFieldsView<Real> q;
  Grid grid;
  EosTableView<Real> table;
  const Real* solid = nullptr;
  ALFVEN_HOST_DEVICE long operator()(int i, int j, int k) const {
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
    if (solid && solid[c] < Real(0)) return 0;
    const CellAccess<const Real> a(q);
    return table.outside(a(c, density), a(c, internal_energy)) ? 1 : 0;
  }
};

}  // namespace mhd
}  // namespace alfven
