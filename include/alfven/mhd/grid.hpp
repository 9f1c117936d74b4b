/// @file grid.hpp
/// @brief Uniform Cartesian grid with ghost cells ("margin") on every active axis.
///
/// An axis with one cell is inactive: it has no ghost cells, derivatives along it vanish and its
/// spacing counts as 1e30 in the CFL minimum (mhd-scheme.md, "Grid"). Cell centres are
/// x_i = x_min + (i + 1/2) dx for the global interior index i = 0 .. N-1.
#pragma once

#include "alfven/core/error.hpp"
#include "alfven/core/macros.hpp"
#include "alfven/core/range.hpp"

namespace alfven {
namespace mhd {

/// Trivially copyable description of the (local part of the) grid; usable inside kernels.
/// Axis a = 0, 1, 2 is x, y, z. Indices with ghosts run over [0, total[a]); the interior is
/// [margin[a], margin[a] + n[a]).
struct Grid {
  int global_n[3] = {1, 1, 1};  ///< interior cells of the whole domain per axis
  int n[3] = {1, 1, 1};         ///< interior cells of this block per axis
  int offset[3] = {0, 0, 0};    ///< global index of this block's first interior cell
  int margin[3] = {0, 0, 0};    ///< ghost cells on each side (0 on inactive axes)
  int total[3] = {1, 1, 1};     ///< n + 2 margin
  /// Ghost layers that each refresh (boundary conditions, halo exchange) keeps current, per side
  /// (<= margin; margin unless Solver::set_body_reach lowers it: a run with bodies allocates at
  /// least embedded_image_reach layers but refreshes only as many as its image points read, at
  /// least the scheme's 2). The layers beyond keep the values the state was set with (a restart
  /// sets them from the initial state, as the uninterrupted run has them).
  int halo_depth[3] = {0, 0, 0};
  double lo[3] = {0, 0, 0};  ///< domain lower corner (whole domain), length units
  double hi[3] = {1, 1, 1};  ///< domain upper corner
  double d[3] = {1, 1, 1};   ///< cell spacing (hi - lo) / global_n

  /// True when axis a has more than one cell in the whole domain.
  ALFVEN_HOST_DEVICE bool active(int a) const { return global_n[a] > 1; }
  /// Linear-index stride of axis a in a field array with ghosts (0 on an inactive axis).
  ALFVEN_HOST_DEVICE long stride(int a) const {
    if (!active(a)) return 0;
    return a == 0 ? 1 : (a == 1 ? long(total[0]) : long(total[0]) * total[1]);
  }
  /// Cell-centre coordinate along axis a of local index idx (ghosts included).
  ALFVEN_HOST_DEVICE double centre(int a, int idx) const {
    return lo[a] + (offset[a] + (idx - margin[a]) + 0.5) * d[a];
  }
  /// Spacing of axis a as used in the CFL condition: 1e30 on an inactive axis.
  ALFVEN_HOST_DEVICE double cfl_spacing(int a) const { return active(a) ? d[a] : 1e30; }
  /// Smallest spacing over the active axes (1e30 if none is active).
  ALFVEN_HOST_DEVICE double min_spacing() const {
    double m = cfl_spacing(0);
    if (cfl_spacing(1) < m) m = cfl_spacing(1);
    if (cfl_spacing(2) < m) m = cfl_spacing(2);
    return m;
  }
  /// Number of cells including ghosts.
  ALFVEN_HOST_DEVICE long total_cells() const { return long(total[0]) * total[1] * total[2]; }
  /// Number of interior cells of this block.
  ALFVEN_HOST_DEVICE long interior_cells() const { return long(n[0]) * n[1] * n[2]; }
  /// Volume of one cell (inactive axes count their full extent).
  ALFVEN_HOST_DEVICE double cell_volume() const { return d[0] * d[1] * d[2]; }
  /// The interior cells as a Range3D.
  Range3D interior() const {
    return make_range(margin[0], margin[0] + n[0], margin[1], margin[1] + n[1], margin[2],
                      margin[2] + n[2]);
  }
  /// Every cell, ghosts included.
  Range3D all() const { return make_range(0, total[0], 0, total[1], 0, total[2]); }
};

/// Builds a single-block grid of nx x ny x nz cells on [lo, hi] with `margin` ghost cells on
/// every active axis.
/// @throws alfven::Error if a size is < 1, hi <= lo on an axis, or margin < 2 (the fourth-order
///         stencils and the artificial viscosity reach two cells out).
inline Grid make_grid(int nx, int ny, int nz, const double lo[3], const double hi[3], int margin) {
  const int n[3] = {nx, ny, nz};
  Grid g;
  for (int a = 0; a < 3; ++a) {
    ALFVEN_REQUIRE(n[a] >= 1, "grid size along axis "
                                  << "xyz"[a] << " must be >= 1, got " << n[a]);
    ALFVEN_REQUIRE(hi[a] > lo[a], "grid: "
                                      << "xyz"[a] << "_max (" << hi[a] << ") must exceed "
                                      << "xyz"[a] << "_min (" << lo[a] << ")");
    g.global_n[a] = n[a];
    g.n[a] = n[a];
    g.lo[a] = lo[a];
    g.hi[a] = hi[a];
    g.d[a] = (hi[a] - lo[a]) / n[a];
  }
  for (int a = 0; a < 3; ++a) {
    if (g.active(a)) {
      ALFVEN_REQUIRE(
          margin >= 2,
          "grid.margin must be >= 2 (the stencils need two ghost cells), got " << margin);
      g.margin[a] = margin;
    }
    g.total[a] = g.n[a] + 2 * g.margin[a];
    g.halo_depth[a] = g.margin[a];
  }
  return g;
}

/// The (i, j, k) in idx of index n of a box of ext[0] x ext[1] x ext[2] cells, x fastest
/// (0 <= n < the product). In 32-bit arithmetic when n fits (a 64-bit division costs a GPU
/// thread several times as much); device-callable.
ALFVEN_HOST_DEVICE inline void box_cell_of(long n, const int ext[3], int idx[3]) {
  if (n <= 0x7fffffffL) {
    const unsigned u = unsigned(n), e0 = unsigned(ext[0]), e1 = unsigned(ext[1]);
    const unsigned rest = u / e0;
    idx[0] = int(u - rest * e0);
    idx[1] = int(rest % e1);
    idx[2] = int(rest / e1);
    return;
  }
  const long rest = n / ext[0];
  idx[0] = int(n - rest * ext[0]);
  idx[1] = int(rest % ext[1]);
  idx[2] = int(rest / ext[1]);
}

}  // namespace mhd
}  // namespace alfven
