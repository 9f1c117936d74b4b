/// @file speed_in_stage.hpp
/// @brief Shared by the host and device tests of characteristic_speed.hpp: the characteristic
/// speed taken by the last stage (SpeedAfterKernel on the interior, the ghost layers refreshed,
/// then GhostSpeedKernel on them) against the pass over every cell afterwards
/// (CharacteristicSpeedKernel), on one backend. Both must give the same fields and the same
/// speed in every cell, bit for bit: the same function on the same values.
#pragma once

#include <cmath>
#include <cstring>
#include <limits>

#include "alfven/core/core.hpp"
#include "alfven/mhd/boundary.hpp"
#include "alfven/mhd/characteristic_speed.hpp"
#include "alfven/mhd/fields.hpp"
#include "alfven/mhd/floors.hpp"
#include "alfven/mhd/grid.hpp"
#include "alfven/mhd/stage.hpp"
#include "rough_state.hpp"

namespace alfven::test {

/// Cells (of all cells, ghosts included) where the two paths differ: in the fields, in the
/// speed, and cells whose speed the fused path left unwritten (NaN).
struct SpeedPathDifferences {
  long fields = 0;
  long speed = 0;
  long unwritten = 0;
};

/// Runs one fused stage (ideal gas) of the rough state (rough_state.hpp) on a 13 x 11 x 9 grid
/// (margin 2) with the boundary conditions `bc`, with floors that bite when `floored`, both ways on
/// Backend.
template <typename Real, typename Backend>
SpeedPathDifferences compare_speed_paths(const mhd::BoundaryConditions& bc, bool floored) {
  using namespace alfven::mhd;
  using Host = backend::Host;
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(13, 11, 9, lo, hi, 2);
  Fields<Real, Host> init(g);
  fill_rough_state(g, init);
  Fields<Real, Backend> q(g), qa(g), fused(g), plain(g);
  q.copy_from(init);
  qa.copy_from(init);
  fused.copy_from(init);
  plain.copy_from(init);
  Array3D<Real, Backend> speed_fused(g.total[0], g.total[1], g.total[2]);
  Array3D<Real, Backend> speed_plain(g.total[0], g.total[1], g.total[2]);
  Array3D<Real, Host> unset(g.total[0], g.total[1], g.total[2]);
  for (long c = 0; c < unset.size(); ++c) unset.data()[c] = std::numeric_limits<Real>::quiet_NaN();
  speed_fused.copy_from(unset);

  const IdealGas<Real> gas{};
  const EquationOfState<Real> eos{};
  const SpeedFactors<Real> f{Real(0.8), Real(0.6), Real(1.1)};
  Floors<Real> floors{};
  if (floored) floors.rho_min = Real(1.05), floors.p_min = Real(1.4);  // many cells are raised
  const auto stage = [&](Fields<Real, Backend>& out) {
    return StageKernel<Real, NoSource, false, IdealGas<Real>>{
        q.const_view(), qa.const_view(), out.view(), g,         gas,
        Real(0.01),     Real(0.7),       Real(0.98), NoSource{}};
  };
  const auto refresh = [&](Fields<Real, Backend>& out) {
    for_each(Backend{}, Range1D{0, ghost_layer_cells(g)},
             GhostLayerKernel<Real>{out.view(), g, bc});
  };
  // The last stage taking the speed, then the ghost layers and their speed.
  const auto fused_path = [&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    for_each(Backend{}, g.interior(),
             SpeedAfterKernel<K, Real, IdealGas<Real>>{k, fused.const_view(), speed_fused.view(),
                                                       gas, f});
    refresh(fused);
    for_each(Backend{}, Range1D{0, ghost_layer_cells(g)},
             GhostSpeedKernel<Real>{fused.const_view(), speed_fused.view(), g, eos, f});
  };
  // The stage, the ghost layers, then the speed of every cell.
  const auto plain_path = [&](const auto& k) {
    for_each(Backend{}, g.interior(), k);
    refresh(plain);
    for_each(Backend{}, g.all(),
             CharacteristicSpeedKernel<Real>{plain.const_view(), speed_plain.view(), eos, f});
  };
  if (floored) {
    using F = FlooredKernel<decltype(stage(fused)), Real, IdealGas<Real>>;
    fused_path(F{stage(fused), fused.view(), floors, gas});
    plain_path(F{stage(plain), plain.view(), floors, gas});
  } else {
    fused_path(stage(fused));
    plain_path(stage(plain));
  }

  Fields<Real, Host> a(g), b(g);
  a.copy_from(fused);
  b.copy_from(plain);
  Array3D<Real, Host> sa(g.total[0], g.total[1], g.total[2]),
      sb(g.total[0], g.total[1], g.total[2]);
  sa.copy_from(speed_fused);
  sb.copy_from(speed_plain);
  SpeedPathDifferences d;
  for (long c = 0; c < g.total_cells(); ++c) {
    bool differs = false;
    for (int v = 0; v < num_vars; ++v)
      differs |= std::memcmp(&a.view().data()[c + v * g.total_cells()],
                             &b.view().data()[c + v * g.total_cells()], sizeof(Real)) != 0;
    d.fields += differs;
    d.unwritten += std::isnan(sa.data()[c]);
    d.speed += std::memcmp(&sa.data()[c], &sb.data()[c], sizeof(Real)) != 0;
  }
  return d;
}

/// Boundary conditions with every kind of face that fills from the interior: periodic along x,
/// reflecting along y, outflow and symmetric (v_x antisymmetric) along z.
inline mhd::BoundaryConditions mixed_boundaries() {
  mhd::BoundaryConditions bc = mhd::BoundaryConditions::all_periodic();
  bc.set_reflecting(mhd::face_y_lower);
  bc.set_reflecting(mhd::face_y_upper);
  bc.set_face(mhd::face_z_lower, mhd::bc_outflow);
  bc.set_face(mhd::face_z_upper, mhd::bc_symmetric);
  bc.code[mhd::face_z_upper][mhd::velocity_x] = mhd::bc_antisymmetric;  // a tangential one too
  return bc;
}

}  // namespace alfven::test
