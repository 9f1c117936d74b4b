/// @file characteristic_speed.hpp
/// @brief The characteristic speed of the artificial viscosity (Rempel 2014, ApJ 789, 132, eqs.
/// 8-10; mhd-scheme.md, "Artificial viscosity"), c = cs_fac c_s + vv_fac |v| + ca_fac c_a with the
/// Alfven speed c_a = |B| / sqrt(4 pi rho) (Gaussian units), taken once a step from the state
/// after the stages, ghost cells included, into an array of the grid's shape (total_x, total_y,
/// total_z; x fastest).
///
/// Two ways to fill that array, the same bits in each cell: CharacteristicSpeedKernel, a pass
/// over every cell; or, in the step, SpeedAfterKernel (the speed of each interior cell taken by
/// the kernel that wrote the cell, from what it wrote) followed, once the ghost layers are
/// refreshed, by GhostSpeedKernel over the ghost layers alone. The second saves a read of the
/// whole state (docs/performance.md, "The speed in the last stage").
#pragma once

#include "alfven/core/launch.hpp"
#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "boundary.hpp"
#include "eos.hpp"
#include "grid.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// Weights of the three speeds in the characteristic speed (scheme parameters cs_fac, ca_fac,
/// vv_fac).
template <typename Real>
struct SpeedFactors {
  Real cs = 0;  ///< of the sound speed c_s
  Real ca = 0;  ///< of the Alfven speed c_a
  Real vv = 0;  ///< of the flow speed |v|
};

/// c = f.cs c_s + f.vv |v| + f.ca c_a of one cell's primitive state s (length / time); with unit
/// weights the fast speed bound of the CFL step (cfl.hpp: a product by 1 is exact, so those are
/// the bits of c_s + |v| + c_a). Eos: EquationOfState<Real> or IdealGas<Real> (anything with
/// sound_speed(rho, e)); the two give the same bits without a table.
template <typename Real, typename Eos>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Real characteristic_speed(const Primitive<Real>& s, const Eos& eos,
                                                           const SpeedFactors<Real>& f) {
  const Real cs = eos.sound_speed(s.rho, s.e);
  const Real vv = math::sqrt(s.v2());
  const Real ca = math::sqrt(s.b2() / s.rho * Gaussian<Real>::inv_4pi);
  return cs * f.cs + vv * f.vv + ca * f.ca;
}

/// The characteristic speed of every cell of q (ghosts included), written into `speed` (same
/// shape as q's cells). Run over grid.all().
template <typename Real>
struct CharacteristicSpeedKernel {
  ConstFieldsView<Real> q;
  View<Real, 3> speed;
  EquationOfState<Real> eos;
  SpeedFactors<Real> factors;
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const long c = speed.index(i, j, k);
    speed[c] = characteristic_speed(CellAccess<const Real>(q).load(c), eos, factors);
  }
};

/// A cell kernel that writes the interior cells of `out`, then the characteristic speed of the
/// cell it wrote, from what it wrote: the value CharacteristicSpeedKernel would give afterwards.
/// The cell is read back with plain loads (the read-only cache may hold what was there before
/// this launch). Launch settings and host rows are those of the kernel it wraps.
template <typename Kernel, typename Real, typename Eos>
struct SpeedAfterKernel {
  Kernel kernel;
  ConstFieldsView<Real> out;  ///< the fields `kernel` writes
  View<Real, 3> speed;        ///< the characteristic speed (same shape as out's cells)
  Eos eos;
  SpeedFactors<Real> factors;
  using launch_settings = launch_settings_of<Kernel>;  ///< those of the kernel it wraps

  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    kernel(i, j, k);
    at(speed.index(i, j, k));
  }
  /// The host row (launch.hpp, has_host_row): the kernel's row, then the speed of each cell.
  void row(int i0, int i1, int j, int k) const {
    alfven::detail::host_row(kernel, i0, i1, j, k);
    const long c0 = speed.index(0, j, k);
    for (int i = i0; i < i1; ++i) at(c0 + i);
  }

 private:
  ALFVEN_HOST_DEVICE void at(long c) const {
    speed[c] = characteristic_speed(CellAccess<const Real, false>(out).load(c), eos, factors);
  }
};

/// True when the refreshes of `g` fill every ghost layer (halo_depth == margin on every axis), so
/// that GhostSpeedKernel reaches every cell SpeedAfterKernel does not.
ALFVEN_HOST_DEVICE inline bool refreshes_every_ghost_layer(const Grid& g) {
  return g.halo_depth[0] == g.margin[0] && g.halo_depth[1] == g.margin[1] &&
         g.halo_depth[2] == g.margin[2];
}

/// The characteristic speed of the ghost cells alone, after they are refreshed: with
/// SpeedAfterKernel on the interior, every cell's speed when the refreshed layers are all the
/// ghost layers (grid.halo_depth == grid.margin on every axis). Run over
/// Range1D{0, ghost_layer_cells(grid)} (the cells of ghost_layer_cell).
template <typename Real>
struct GhostSpeedKernel {
  ConstFieldsView<Real> q;
  View<Real, 3> speed;
  Grid grid;
  EquationOfState<Real> eos;
  SpeedFactors<Real> factors;
  ALFVEN_HOST_DEVICE void operator()(long n) const {
    int idx[3];
    ghost_layer_cell(grid, n, idx);
    const long c = speed.index(idx[0], idx[1], idx[2]);
    speed[c] = characteristic_speed(CellAccess<const Real>(q).load(c), eos, factors);
  }
};

}  // namespace mhd
}  // namespace alfven
