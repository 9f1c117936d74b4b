/// @file halo.hpp
/// @brief Packing and unpacking the halo layers exchanged between neighbouring blocks.
///
/// A buffer holds the grid.halo_depth layers next to one face (margin unless lowered), nine
/// variables, as buf[cell + cells * var] with cells ordered x fastest over the slab (the slab is
/// halo_depth thick along the axis and spans the full extent, ghosts included, of the other axes,
/// so that exchanging axis by axis, x then y then z, also fills edge and corner ghost cells).
/// HaloExchange (halo_exchange.hpp) launches these kernels and moves the buffers between blocks.
#pragma once

#include "alfven/core/launch.hpp"
#include "alfven/core/macros.hpp"
#include "fields.hpp"
#include "grid.hpp"

namespace alfven {
namespace mhd {

/// Number of cells in one halo slab of `axis` (grid.halo_depth layers).
ALFVEN_HOST_DEVICE inline long halo_cells(const Grid& g, int axis) {
  long n = g.halo_depth[axis];
  for (int a = 0; a < 3; ++a)
    if (a != axis) n *= g.total[a];
  return n;
}

namespace detail {
// (i, j, k) of slab cell n, with the layer index (0 .. halo_depth-1) along `axis`.
ALFVEN_HOST_DEVICE inline void slab_index(const Grid& g, int axis, long n, int idx[3]) {
  int ext[3] = {g.total[0], g.total[1], g.total[2]};
  ext[axis] = g.halo_depth[axis];
  box_cell_of(n, ext, idx);
}
}  // namespace detail

/// Copies the interior layers next to face `side` of `axis` into buf (what that neighbour
/// needs). Run with for_each over Range1D{0, halo_cells(grid, axis)}.
template <typename Real>
struct HaloPackKernel {
  ConstFieldsView<Real> q;
  Real* buf;
  Grid grid;
  int axis, side;
  ALFVEN_HOST_DEVICE void operator()(long n) const {
    int idx[3];
    detail::slab_index(grid, axis, n, idx);
    const int m = grid.margin[axis];  // interior layers [m, m + d) and [m + n - d, m + n)
    idx[axis] += side == 0 ? m : m + grid.n[axis] - grid.halo_depth[axis];
    const long cells = halo_cells(grid, axis);
    for (int v = 0; v < num_vars; ++v) buf[n + cells * v] = q(idx[0], idx[1], idx[2], v);
  }
};

/// Writes buf (received from the neighbour across face `side`) into the ghost layers of that
/// face. Run with for_each over Range1D{0, halo_cells(grid, axis)}.
template <typename Real>
struct HaloUnpackKernel {
  FieldsView<Real> q;
  const Real* buf;
  Grid grid;
  int axis, side;
  ALFVEN_HOST_DEVICE void operator()(long n) const {
    int idx[3];
    detail::slab_index(grid, axis, n, idx);
    // ghost layers [m - d, m) and [m + n, m + n + d)
    idx[axis] +=
        side == 0 ? grid.margin[axis] - grid.halo_depth[axis] : grid.margin[axis] + grid.n[axis];
    const long cells = halo_cells(grid, axis);
    for (int v = 0; v < num_vars; ++v) q(idx[0], idx[1], idx[2], v) = buf[n + cells * v];
  }
};

/// Both faces of `axis` at once (one launch instead of two): index n in [0, cells) packs face 0
/// into buf[0], n in [cells, 2 cells) face 1 into buf[1]. Run with for_each over
/// Range1D{0, 2 halo_cells(grid, axis)}.
template <typename Real>
struct HaloPackBothKernel {
  ConstFieldsView<Real> q;
  Real* buf[2];
  Grid grid;
  int axis;
  ALFVEN_HOST_DEVICE void operator()(long n) const {
    const long cells = halo_cells(grid, axis);
    const int side = n >= cells ? 1 : 0;
    HaloPackKernel<Real>{q, buf[side], grid, axis, side}(n - side * cells);
  }
};

/// Both faces of `axis` at once: the unpacking counterpart of HaloPackBothKernel.
template <typename Real>
struct HaloUnpackBothKernel {
  FieldsView<Real> q;
  const Real* buf[2];
  Grid grid;
  int axis;
  ALFVEN_HOST_DEVICE void operator()(long n) const {
    const long cells = halo_cells(grid, axis);
    const int side = n >= cells ? 1 : 0;
    HaloUnpackKernel<Real>{q, buf[side], grid, axis, side}(n - side * cells);
  }
};

/// Runs kernel k (any per-cell functor k(i, j, k)) on the `margin` layers next to both faces of
/// `axis`, [m, 2m) and [n, n + m), in one launch: run it over a box whose extent along `axis`
/// is [0, 2m); index c < m maps to m + c, the others to n + c - m.
template <typename K>
struct FaceLayersKernel {
  K k;
  int axis, m, n;
  using launch_settings = launch_settings_of<K>;  ///< those of the kernel it runs
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int l) const {
    int idx[3] = {i, j, l};
    idx[axis] = idx[axis] < m ? m + idx[axis] : n + idx[axis] - m;
    k(idx[0], idx[1], idx[2]);
  }
};

}  // namespace mhd
}  // namespace alfven
