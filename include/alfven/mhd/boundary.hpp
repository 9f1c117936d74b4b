/// @file boundary.hpp
/// @brief Boundary conditions: fill the ghost cells of each face from the interior.
///
/// Per face and per variable one of: periodic (copy from the opposite side of the domain),
/// outflow (zero gradient: copy the nearest interior cell), symmetric (mirror image across the
/// face) and antisymmetric (mirror image with the sign flipped). Faces are filled axis by axis,
/// x then y then z, each over the full extent of the other axes (ghosts included), so edge and
/// corner ghost cells are filled consistently.
#pragma once

#include "alfven/core/macros.hpp"
#include "alfven/core/range.hpp"
#include "fields.hpp"
#include "grid.hpp"

namespace alfven {
namespace mhd {

/// Kind of boundary condition of one variable on one face. bc_fixed: the ghost cell keeps the
/// initial condition's value at its position (an inflow face).
enum BoundaryCode : int {
  bc_periodic = 0,
  bc_outflow = 1,
  bc_symmetric = 2,
  bc_antisymmetric = 3,
  bc_fixed = 4
};

/// Face index: 2 * axis + (0 lower, 1 upper).
enum FaceIndex : int {
  face_x_lower = 0,
  face_x_upper,
  face_y_lower,
  face_y_upper,
  face_z_lower,
  face_z_upper
};

/// Boundary codes of the nine variables on the six faces; trivially copyable.
struct BoundaryConditions {
  int code[6][num_vars];

  /// All variables periodic on every face.
  static BoundaryConditions all_periodic() {
    BoundaryConditions b{};
    for (auto& f : b.code)
      for (int& c : f) c = bc_periodic;
    return b;
  }
  /// Sets every variable of `face` to `kind`.
  void set_face(int face, int kind) {
    for (int& c : code[face]) c = kind;
  }
  /// Reflecting wall on `face`: symmetric, except the velocity and magnetic-field components
  /// normal to the face, which are antisymmetric.
  void set_reflecting(int face) {
    set_face(face, bc_symmetric);
    const int axis = face / 2;
    code[face][velocity_x + axis] = bc_antisymmetric;
    code[face][magnetic_field_x + axis] = bc_antisymmetric;
  }
};

/// Number of ghost cells a refresh fills on both faces of `axis`: its grid.halo_depth layers on
/// each side over the full extent of the other axes (0 on an inactive axis), device-callable.
ALFVEN_HOST_DEVICE inline long boundary_cells_of(const Grid& g, int axis) {
  long n = 2L * g.halo_depth[axis];
  for (int a = 0; a < 3; ++a)
    if (a != axis) n *= g.total[a];
  return n;
}

/// Number of ghost cells of both faces of `axis` in all `margin` layers (what a bc_fixed face
/// stores: gather_boundary_slab).
ALFVEN_HOST_DEVICE inline long margin_cells_of(const Grid& g, int axis) {
  long n = 2L * g.margin[axis];
  for (int a = 0; a < 3; ++a)
    if (a != axis) n *= g.total[a];
  return n;
}

/// The ghost cell of slab index n (0 <= n < boundary_cells(grid, axis)) of the two faces of
/// `axis`: its (i, j, k) in idx, and whether it lies at the upper face. Slab indices run x
/// fastest over the 2 halo_depth layers of the axis (the lower face's [m - d, m), then the upper
/// face's [m + n, m + n + d)) and the full extent of the others.
ALFVEN_HOST_DEVICE inline bool boundary_ghost_cell(const Grid& grid, int axis, long n, int idx[3]) {
  const int depth = grid.halo_depth[axis];
  int ext[3] = {grid.total[0], grid.total[1], grid.total[2]};
  ext[axis] = 2 * depth;
  box_cell_of(n, ext, idx);
  const bool upper = idx[axis] >= depth;
  idx[axis] += grid.margin[axis] - depth + (upper ? grid.n[axis] : 0);
  return upper;
}

/// Index of ghost cell idx of `axis` in the slab of all `margin` layers of both faces (x
/// fastest, the lower face's layers [0, m) before the upper face's [m + n, 2m + n)): the layout
/// of gather_boundary_slab.
ALFVEN_HOST_DEVICE inline long margin_slab_index(const Grid& grid, int axis, const int idx[3]) {
  int ext[3] = {grid.total[0], grid.total[1], grid.total[2]};
  ext[axis] = 2 * grid.margin[axis];
  int id[3] = {idx[0], idx[1], idx[2]};
  if (id[axis] >= grid.margin[axis]) id[axis] -= grid.n[axis];
  return id[0] + long(ext[0]) * (id[1] + long(ext[1]) * id[2]);
}

/// Index along `axis` of the cell whose value ghost cell g (index g along the axis, at the upper
/// face when `upper`) takes under boundary kind `kind` (not bc_fixed): periodic, the cell n
/// cells away; outflow, the nearest interior cell; symmetric and antisymmetric, the mirror image
/// across the face. m: the margin, na: the interior cells of the axis. The source is always an
/// interior cell of the axis.
ALFVEN_HOST_DEVICE inline int boundary_source_index(int kind, bool upper, int g, int m, int na) {
  const int t = upper ? g - (m + na) : m - 1 - g;  // mirror distance, 0 next to the face
  if (kind == bc_periodic) return upper ? m + t : g + na;
  if (kind == bc_outflow) return upper ? m + na - 1 : m;
  return upper ? m + na - 1 - t : m + t;
}

/// Fills the ghost cells of both faces of one axis; run with for_each over
/// Range1D{0, boundary_cells(grid, axis)}. One launch per axis, with consecutive indices on
/// consecutive memory (x fastest), so that a GPU warp works on neighbouring cells even for the
/// x faces, whose slabs are only 2 halo_depth cells wide. `fixed` (needed when a face of the axis
/// has bc_fixed) holds the initial values of all margin layers (gather_boundary_slab):
/// fixed[margin_slab_index + margin_cells_of * v]. A thread reads all nine values before it
/// writes any (its sources are interior cells of the axis, which the launch does not write), so
/// that its nine loads are in flight together.
template <typename Real>
struct BoundaryKernel {
  FieldsView<Real> q;
  Grid grid;
  BoundaryConditions bc;
  int axis;
  bool apply[2] = {true, true};  ///< faces to fill (a face shared with another block is not)
  const Real* fixed = nullptr;

  ALFVEN_HOST_DEVICE void operator()(long n) const {
    const int m = grid.margin[axis];
    const int na = grid.n[axis];
    int idx[3];
    const bool upper = boundary_ghost_cell(grid, axis, n, idx);
    if (!apply[upper ? 1 : 0]) return;
    const int face = 2 * axis + (upper ? 1 : 0);
    int src[3] = {idx[0], idx[1], idx[2]};
    Real value[num_vars];
    for (int v = 0; v < num_vars; ++v) {
      const int kind = bc.code[face][v];
      if (kind == bc_fixed) {
        value[v] = fixed[margin_slab_index(grid, axis, idx) + margin_cells_of(grid, axis) * v];
        continue;
      }
      src[axis] = boundary_source_index(kind, upper, idx[axis], m, na);
      const Real s = q(src[0], src[1], src[2], v);
      value[v] = kind == bc_antisymmetric ? -s : s;
    }
    for (int v = 0; v < num_vars; ++v) q(idx[0], idx[1], idx[2], v) = value[v];
  }
};

/// Extent along axis b of part p of the refreshed ghost layers (ghost_layer_cell): the 2
/// halo_depth layers of axis p, the full extent of the axes below p, and the rest (outside the
/// refreshed layers) of the axes above. Device-callable.
ALFVEN_HOST_DEVICE inline int ghost_layer_part_extent(const Grid& g, int p, int b) {
  const int d = g.halo_depth[b];
  return b == p ? 2 * d : (b < p ? g.total[b] : g.total[b] - 2 * d);
}

/// Number of cells that a refresh of every active axis at once fills (GhostLayerKernel): those
/// with an index in the refreshed ghost layers (grid.halo_depth on each side) of at least one
/// active axis. Device-callable.
ALFVEN_HOST_DEVICE inline long ghost_layer_cells(const Grid& g) {
  long n = 0;
  for (int p = 0; p < 3; ++p)
    n += long(ghost_layer_part_extent(g, p, 0)) * ghost_layer_part_extent(g, p, 1) *
         ghost_layer_part_extent(g, p, 2);
  return n;
}

/// The cell (i, j, k) in idx of index n (0 <= n < ghost_layer_cells(grid)) of the refreshed ghost
/// layers of all axes. Indices come in three parts, each x fastest: the z layers over the full
/// extent of x and y; then the y layers over the full extent of x and the rest of z; then the x
/// layers over the rest of y and z ("the rest": every index outside that axis's refreshed layers,
/// the deeper ghost layers included).
ALFVEN_HOST_DEVICE inline void ghost_layer_cell(const Grid& grid, long n, int idx[3]) {
  for (int p = 2; p >= 0; --p) {
    const int ext[3] = {ghost_layer_part_extent(grid, p, 0), ghost_layer_part_extent(grid, p, 1),
                        ghost_layer_part_extent(grid, p, 2)};
    const long part = long(ext[0]) * ext[1] * ext[2];
    if (n >= part) {
      n -= part;
      continue;
    }
    box_cell_of(n, ext, idx);
    for (int b = p; b < 3; ++b) {
      const int d = grid.halo_depth[b], m = grid.margin[b], nb = grid.n[b];
      if (b == p) {
        // Layer index: the lower face's [m - d, m), then the upper face's [m + nb, m + nb + d).
        idx[b] += idx[b] < d ? m - d : m + nb - d;
      } else {  // skip the refreshed layers of axis b
        if (idx[b] >= m - d) idx[b] += d;
        if (idx[b] >= m + nb) idx[b] += d;
      }
    }
    return;
  }
}

/// Fills the refreshed ghost layers of every active axis in one launch, run with for_each over
/// Range1D{0, ghost_layer_cells(grid)}: the same values, bit for bit, as BoundaryKernel on x, then
/// y, then z (each over the full extent of the other axes). A ghost cell's value there is that of
/// the cell reached by following the boundary conditions back from z to x: along each axis on
/// whose layers the cell lies, the source index of that face's kind, with the sign flipped for
/// each antisymmetric face, until an interior (or deeper ghost) cell is read, or a bc_fixed face
/// gives its stored value at the cell reached so far (fixed[axis], as BoundaryKernel::fixed).
/// Only for a block whose every face is a domain edge (no halo exchange): a face filled by a
/// neighbour must be filled between the axes. Every source lies outside all refreshed layers, so
/// the launch reads no cell it writes.
template <typename Real>
struct GhostLayerKernel {
  FieldsView<Real> q;
  Grid grid;
  BoundaryConditions bc;
  const Real* fixed[3] = {nullptr, nullptr, nullptr};

  ALFVEN_HOST_DEVICE void operator()(long n) const {
    int idx[3];
    ghost_layer_cell(grid, n, idx);
    bool layer[3], upper[3];
    for (int a = 0; a < 3; ++a) {
      const int d = grid.halo_depth[a], m = grid.margin[a], na = grid.n[a];
      upper[a] = idx[a] >= m + na;
      layer[a] = d > 0 && (upper[a] ? idx[a] < m + na + d : idx[a] >= m - d && idx[a] < m);
    }
    Real value[num_vars];
    for (int v = 0; v < num_vars; ++v) {
      int src[3] = {idx[0], idx[1], idx[2]};
      bool negate = false, stored = false;
      for (int a = 2; a >= 0; --a) {
        if (!layer[a]) continue;
        const int kind = bc.code[2 * a + (upper[a] ? 1 : 0)][v];
        if (kind == bc_fixed) {
          value[v] = fixed[a][margin_slab_index(grid, a, src) + margin_cells_of(grid, a) * v];
          stored = true;
          break;
        }
        src[a] = boundary_source_index(kind, upper[a], src[a], grid.margin[a], grid.n[a]);
        negate = negate != (kind == bc_antisymmetric);
      }
      if (!stored) value[v] = q(src[0], src[1], src[2], v);
      if (negate) value[v] = -value[v];
    }
    for (int v = 0; v < num_vars; ++v) q(idx[0], idx[1], idx[2], v) = value[v];
  }
};

/// Number of ghost cells of both faces of `axis` (0 on an inactive axis).
inline long boundary_cells(const Grid& g, int axis) {
  return boundary_cells_of(g, axis);
}

/// True when some variable of a face of `axis` is bc_fixed.
inline bool has_fixed_face(const BoundaryConditions& bc, int axis) {
  for (int side = 0; side < 2; ++side)
    for (int v = 0; v < num_vars; ++v)
      if (bc.code[2 * axis + side][v] == bc_fixed) return true;
  return false;
}

/// The slab of initial ghost values of `axis` that bc_fixed faces keep, all margin layers
/// whatever grid.halo_depth: out[n + cells * v] for slab index n (margin_slab_index) and cells =
/// margin_cells_of(grid, axis), from host fields of the block's initial state.
template <typename Real>
void gather_boundary_slab(const Grid& grid, int axis, const ConstFieldsView<Real>& initial,
                          Real* out) {
  Grid all = grid;
  all.halo_depth[axis] = grid.margin[axis];  // boundary_ghost_cell over every layer
  const long cells = margin_cells_of(grid, axis);
  for (long n = 0; n < cells; ++n) {
    int idx[3];
    boundary_ghost_cell(all, axis, n, idx);
    for (int v = 0; v < num_vars; ++v) out[n + cells * v] = initial(idx[0], idx[1], idx[2], v);
  }
}

}  // namespace mhd
}  // namespace alfven
