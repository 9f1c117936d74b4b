/// @file stage_tile.hpp
/// @brief The stage of stage.hpp computed by tiles that march along z (for_each_tile,
/// core/for_each_tile.hpp): each physical flux is computed once per cell and every stencil
/// reads its neighbours' fluxes from the tile's scratch (shared memory on a GPU).
///
/// A tile is TX x TY cells of a plane (one thread each) and marches through up to `planes`
/// planes along z. At each plane k (two phases):
///   0. every thread computes F_x and F_y of its cell at k and F_z of its cell at k + 2; the
///      team also computes F_x of the 2 + 2 cells beyond the tile's ends along x and F_y of the
///      2 + 2 rows beyond them along y (the halo). F_x and F_y go to plane arrays, F_z to a ring
///      of five planes (k - 2 ... k + 2) that each thread keeps for its own column; the first
///      plane of a tile also fills the ring with F_z at k - 2 ... k + 1.
///   1. every thread takes the fourth-order derivatives (flux.hpp, add_derivative) of the fluxes
///      around its cell and finishes the stage (stage.hpp, finish_stage).
/// Per cell that is about 3.6 flux evaluations instead of the fused kernel's 12, and q_a is read
/// from memory about twice instead of through 13 stencil loads. The fluxes, their derivatives
/// and the finish are those of StageKernel in the same order; the fluxes are rounded to Real
/// when stored, as in the two-pass stage (StageFromFluxKernel), so the result has the bits of
/// the two-pass stage on the host (tested) and agrees with both stages to rounding on a GPU.
///
/// Scratch per tile (Real): 9 TY (TX + 4) for F_x, 9 (TY + 4) TX for F_y, 45 TX TY for the
/// ring (inactive axes take none). TX x TY = 32 x 8 in float (70 KiB, three blocks of 256
/// threads per H200 multiprocessor) and 16 x 8 in double (71 KiB: a row of 16 doubles is one
/// 128-byte line; three blocks of 128). Every active axis needs at least two ghost layers.
///
/// Measured slower than the fused stage on the H200 (1.04 against 0.75 ms a launch, 256^3
/// float) and on a CPU core: it executes more instructions than it saves, and the fused stage is
/// issue-bound (docs/performance.md, "A stage in tiles"). Kept as StageMethod::tiled, never a
/// default, as the base for the next attempt that section names.
#pragma once

#include <cstddef>

#include "alfven/core/error.hpp"
#include "alfven/core/launch.hpp"
#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "floors.hpp"
#include "stage.hpp"

namespace alfven {
namespace mhd {

/// Tile extents of StageTileKernel for Real: x (a multiple of 16) and y.
template <typename Real>
struct StageTileShape {
  static constexpr int x = sizeof(Real) == 4 ? 32 : 16;
  static constexpr int y = 8;
};

/// Planes a tile of the solver's tiled stage marches through: the first plane of a tile
/// computes four planes of F_z more (4 / 32 = 12 % of the z fluxes), and 256^3 gives 2048 tiles
/// of 32 x 8 x 32 cells, five rounds of the H200's 396 resident blocks.
constexpr int stage_tile_planes = 32;

/// The tiled stage (file comment). Set the members as for StageKernel, then cover(box, planes);
/// run with for_each_tile(backend, kernel.tiles(), kernel). Writes q_r on `box` (inside the
/// interior) and, with `floored`, floors each written cell as FlooredKernel does.
template <typename Real, typename Source = NoSource, bool Dissipative = false,
          typename Eos = EquationOfState<Real>, int TX = StageTileShape<Real>::x,
          int TY = StageTileShape<Real>::y>
struct StageTileKernel {
  static_assert(TX % 16 == 0 && TX * TY % 32 == 0, "a tile row is at least 16 cells, whole warps");
  /// Scratch of a 3D tile, bytes.
  static constexpr int scratch_3d =
      int(sizeof(Real)) * num_conserved * (TY * (TX + 4) + (TY + 4) * TX + 5 * TX * TY);
  /// Blocks per multiprocessor the scratch allows (227 KiB of shared memory on an H100/H200,
  /// 1 KiB of it reserved per block), at most 2048 threads.
  static constexpr int resident_blocks =
      232448 / (scratch_3d + 1024) < 1
          ? 1
          : (232448 / (scratch_3d + 1024) < 2048 / (TX * TY) ? 232448 / (scratch_3d + 1024)
                                                             : 2048 / (TX * TY));
  /// One thread per cell of the tile; as many blocks per multiprocessor as the scratch allows.
  using launch_settings = LaunchSettings<TX * TY, resident_blocks * TX * TY>;
  static constexpr int phases = 2;
  ConstFieldsView<Real> q0;  ///< state at the start of the step
  ConstFieldsView<Real> qa;  ///< stage argument
  FieldsView<Real> qr;       ///< result (cells of `box` written)
  Grid grid;
  Eos eos;
  Real dt;           ///< stage step s * dt
  Real ch2;          ///< GLM c_h^2
  Real psi_damping;  ///< exp(-dt_s / tau)
  Source source;
  DissipationCoefficients<Real> dissipation{};  ///< used when Dissipative
  bool floored = false;                         ///< apply `floors` to each written cell
  Floors<Real> floors{};                        ///< the floors (when `floored`)
  Range3D box{};                                ///< cells written (set by cover)
  int planes = 1;                               ///< planes a tile marches through
  int tiles_xy[2] = {0, 0};                     ///< tiles along x and y

  /// Covers `box` (a box of interior cells) with tiles of `planes` planes (>= 1) each. Throws
  /// alfven::Error for planes < 1 or an active axis with fewer than two ghost layers.
  void cover(const Range3D& cells, int planes_per_tile) {
    ALFVEN_REQUIRE(planes_per_tile >= 1,
                   "StageTileKernel: planes per tile must be at least 1, not " << planes_per_tile);
    for (int a = 0; a < 3; ++a)
      ALFVEN_REQUIRE(!grid.active(a) || grid.margin[a] >= 2,
                     "StageTileKernel: axis " << a << " has " << grid.margin[a]
                                              << " ghost layers; the stencil needs 2");
    box = cells;
    planes = planes_per_tile;
    tiles_xy[0] = (cells.extent(0) + TX - 1) / TX;
    tiles_xy[1] = (cells.extent(1) + TY - 1) / TY;
  }
  /// Number of tiles (0 for an empty box).
  long tiles() const {
    if (box.size() == 0) return 0;
    return long(tiles_xy[0]) * tiles_xy[1] * ((box.extent(2) + planes - 1) / planes);
  }
  /// Bytes of scratch per tile.
  std::size_t scratch_bytes() const {
    return sizeof(Real) * std::size_t(x_values() + y_values() + z_values());
  }
  /// Planes tile t marches through.
  ALFVEN_HOST_DEVICE int steps(long t) const {
    const int first = box.begin[2] + int(t) / (tiles_xy[0] * tiles_xy[1]) * planes;
    return math::min(planes, box.end[2] - first);
  }

  ALFVEN_HOST_DEVICE void operator()(long t, int s, int phase, int r,
                                     unsigned char* scratch) const {
    const int plane_tiles = tiles_xy[0] * tiles_xy[1];  // tiles() < INT_MAX: one launch
    const int tz = int(t) / plane_tiles, txy = int(t) - tz * plane_tiles;
    const int i0 = box.begin[0] + (txy % tiles_xy[0]) * TX;
    const int j0 = box.begin[1] + (txy / tiles_xy[0]) * TY;
    const int k = box.begin[2] + tz * planes + s;
    const int nx = math::min(TX, box.end[0] - i0), ny = math::min(TY, box.end[1] - j0);
    const int lx = r % TX, ly = r / TX;
    const bool inside = lx < nx && ly < ny;
    Real* fx = reinterpret_cast<Real*>(scratch);
    Real* fy = fx + x_values();
    Real* fz = fy + y_values();
    if (phase == 0) {
      if (grid.active(2) && inside) {
        if (s == 0)
          for (int o = -2; o <= 1; ++o) flux_into(i0 + lx, j0 + ly, k + o, 2, fz + ring(o + 2, r));
        flux_into(i0 + lx, j0 + ly, k + 2, 2, fz + ring(s + 4, r));
      }
      if (inside && (grid.active(0) || grid.active(1))) {  // one load for both fluxes
        const Primitive<Real> q = CellAccess<const Real>(qa).load(cell(i0 + lx, j0 + ly, k));
        if (grid.active(0)) store_flux(q, 0, fx + x_at(lx, ly));
        if (grid.active(1)) store_flux(q, 1, fy + y_at(lx, ly));
      }
      // The halo: 4 TX cells of F_y (two rows below the tile, two above), then 4 TY of F_x.
      for (int h = r; h < 4 * (TX + TY); h += TX * TY) {
        if (h < 4 * TX) {
          const int col = h % TX, row = h / TX, y = row < 2 ? row - 2 : ny + row - 2;
          if (grid.active(1) && col < nx) flux_into(i0 + col, j0 + y, k, 1, fy + y_at(col, y));
        } else {
          const int row = (h - 4 * TX) / 4, side = (h - 4 * TX) % 4;
          const int x = side < 2 ? side - 2 : nx + side - 2;
          if (grid.active(0) && row < ny) flux_into(i0 + x, j0 + row, k, 0, fx + x_at(x, row));
        }
      }
      return;
    }
    if (!inside) return;
    const int i = i0 + lx, j = j0 + ly;
    const long c = cell(i, j, k);
    Real div[num_conserved] = {};
    Real fm2[num_conserved], fm1[num_conserved], fp1[num_conserved], fp2[num_conserved];
    for (int ax = 0; ax < 3; ++ax) {
      if (!grid.active(ax)) continue;
      for (int n = 0; n < num_conserved; ++n) {
        if (ax == 0) {
          const Real* f = fx + x_at(lx, ly) + n * TY * (TX + 4);
          fm2[n] = f[-2], fm1[n] = f[-1], fp1[n] = f[1], fp2[n] = f[2];
        } else if (ax == 1) {
          const Real* f = fy + y_at(lx, ly) + n * (TY + 4) * TX;
          constexpr int two_rows = 2 * TX;
          fm2[n] = f[-two_rows], fm1[n] = f[-TX], fp1[n] = f[TX], fp2[n] = f[two_rows];
        } else {
          const int zn = n * TX * TY;  // component n of the ring's planes
          fm2[n] = fz[ring(s, r) + zn], fm1[n] = fz[ring(s + 1, r) + zn];
          fp1[n] = fz[ring(s + 3, r) + zn], fp2[n] = fz[ring(s + 4, r) + zn];
        }
      }
      add_derivative(fm2, fm1, fp1, fp2, Real(1) / (Real(12) * Real(grid.d[ax])), div);
    }
    const CellAccess<const Real> a(qa);
    const CellAccess<Real> out(qr);
    out.store(c, finish_stage_at<Dissipative>(q0, a, c, i, j, k, grid, dissipation, source, dt,
                                              psi_damping, div));
    if (floored) floors.apply(out, c, eos);
  }

 private:
  ALFVEN_HOST_DEVICE long cell(int i, int j, int k) const {
    return i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
  }
  // Values of each scratch array (0 for an inactive axis).
  ALFVEN_HOST_DEVICE int x_values() const {
    return grid.active(0) ? num_conserved * TY * (TX + 4) : 0;
  }
  ALFVEN_HOST_DEVICE int y_values() const {
    return grid.active(1) ? num_conserved * (TY + 4) * TX : 0;
  }
  ALFVEN_HOST_DEVICE int z_values() const {
    return grid.active(2) ? 5 * num_conserved * TX * TY : 0;
  }
  // Where component 0 of the flux of tile cell (x, y) lies (x from -2 to TX + 1 in the F_x
  // array, y from -2 to TY + 1 in the F_y one); component n is n planes of the array further.
  ALFVEN_HOST_DEVICE static int x_at(int x, int y) { return y * (TX + 4) + x + 2; }
  ALFVEN_HOST_DEVICE static int y_at(int x, int y) { return (y + 2) * TX + x; }
  // The ring slot of plane p (k - 2 + p at step s is p = s + ...: slot p mod 5) for thread r.
  ALFVEN_HOST_DEVICE static int ring(int p, int r) { return (p % 5) * num_conserved * TX * TY + r; }
  // F_axis(q) into nine values of the axis's scratch array, from `f` on.
  ALFVEN_HOST_DEVICE void store_flux(const Primitive<Real>& q, int axis, Real* f) const {
    Real v[num_conserved];
    physical_flux(q, axis, eos, ch2, v);
    const int stride = axis == 0 ? TY * (TX + 4) : (axis == 1 ? (TY + 4) * TX : TX * TY);
    for (int n = 0, o = 0; n < num_conserved; ++n, o += stride) f[o] = v[n];
  }
  // F_axis(q_a) of cell (i, j, k) into the axis's scratch array, from `f` on.
  ALFVEN_HOST_DEVICE void flux_into(int i, int j, int k, int axis, Real* f) const {
    store_flux(CellAccess<const Real>(qa).load(cell(i, j, k)), axis, f);
  }
};

}  // namespace mhd
}  // namespace alfven
