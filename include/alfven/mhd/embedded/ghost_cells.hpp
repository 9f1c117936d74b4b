/// @file embedded/ghost_cells.hpp
/// @brief The ghost-cell tables of embedded bodies and the kernels that build and apply them
/// (sharp-interface ghost-cell method: Tseng & Ferziger 2003, J. Comput. Phys. 192, 593;
/// Mittal et al. 2008, J. Comput. Phys. 227, 4825; see docs/embedded-boundaries.md).
///
/// A cell is solid when its centre lies inside a body (signed distance < 0). A solid cell that a
/// fluid stencil reaches (within two cells along an active axis: the fourth-order differences
/// and the artificial viscosity's limited slopes read no further) is a *ghost cell*: its state is
/// set, after every update, from the fluid state at its *image point* (its mirror image across
/// the surface, along the normal through its closest surface point) by the body's wall rule
/// (wall.hpp). The image state is interpolated trilinearly from the fluid cells among the eight
/// cell centres around the image point (weights renormalised over them). Every other solid cell
/// keeps its initial state, as does every solid cell of a `fixed` body.
///
/// Layout: cells are linear indices of the ghost-inclusive fields (i + tx (j + ty k)), the same
/// on the host and the device. Geometry is evaluated in the run's precision; positions and
/// weights are computed in double and stored in Real.
#pragma once

#include <math.h>

#include <cstdint>

#include "../fields.hpp"
#include "../grid.hpp"
#include "../state.hpp"
#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "alfven/core/view.hpp"
#include "alfven/geom/tape.hpp"
#include "body.hpp"
#include "wall.hpp"

namespace alfven {
namespace mhd {

/// The bodies of a run as device-callable geometry: one tape per body (rebased onto memory the
/// backend can read), and the domain's periods. Trivially copyable.
///
/// On a periodic axis a body stands at every periodic image of itself (a sphere across the face
/// x = x_min is whole: the part beyond the face re-enters at x_max), so the signed distance of
/// body b is the smallest over its images shifted by -L, 0 and +L along each periodic axis (L the
/// domain's length; at most 27 evaluations in a domain periodic in 3D, paid at start-up only).
template <typename Real>
struct BodyGeometry {
  geom::Tape<Real> tape[max_bodies];
  int count = 0;
  double period[3] = {0, 0, 0};  ///< domain length of each periodic axis, 0 on the others

  /// Signed distance of body b (its nearest periodic image) at x, in length units, negative
  /// inside. x is taken in double and rounded to Real after the periodic shift.
  ALFVEN_HOST_DEVICE Real signed_distance(int b, const double x[3]) const {
    Real best = tape[b].signed_distance(geom::Vec3<Real>{Real(x[0]), Real(x[1]), Real(x[2])});
    if (period[0] == 0 && period[1] == 0 && period[2] == 0) return best;
    for (int sz = -1; sz <= 1; ++sz)
      for (int sy = -1; sy <= 1; ++sy)
        for (int sx = -1; sx <= 1; ++sx) {
          const int s[3] = {sx, sy, sz};
          bool skip = sx == 0 && sy == 0 && sz == 0;
          for (int a = 0; a < 3; ++a) skip = skip || (s[a] != 0 && period[a] == 0);
          if (skip) continue;
          const geom::Vec3<Real> q{Real(x[0] + s[0] * period[0]), Real(x[1] + s[1] * period[1]),
                                   Real(x[2] + s[2] * period[2])};
          const Real d = tape[b].signed_distance(q);
          if (d < best) best = d;
        }
    return best;
  }
};

/// Position of the centre of cell (i, j, k) of `g` (ghost-inclusive local indices), in double.
/// An inactive axis gives the centre of its single cell (a 2D run sees the bodies' cross-section
/// at the z of the cell centres).
ALFVEN_HOST_DEVICE inline void cell_centre(const Grid& g, int i, int j, int k, double x[3]) {
  x[0] = g.centre(0, i);
  x[1] = g.centre(1, j);
  x[2] = g.centre(2, k);
}

/// Per cell (ghost cells of the block included): the signed distance to the nearest body (the
/// minimum over bodies, negative inside) and which body that is. Run with for_each over
/// grid.all().
template <typename Real>
struct ClassifyCells {
  BodyGeometry<Real> bodies;
  Grid grid;
  View<Real, 3> distance;
  View<std::int8_t, 3> body;
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    double x[3];
    cell_centre(grid, i, j, k, x);
    Real best = bodies.signed_distance(0, x);
    int which = 0;
    for (int b = 1; b < bodies.count; ++b) {
      const Real d = bodies.signed_distance(b, x);
      if (d < best) {
        best = d;
        which = b;
      }
    }
    distance(i, j, k) = best;
    body(i, j, k) = std::int8_t(which);
  }
};

/// One ghost cell of a body: where it is, where its image state comes from, and how the wall
/// rule maps it.
template <typename Real>
struct GhostCell {
  long cell;            ///< linear index in the fields
  long stencil[8];      ///< linear indices of the cells around the image point
  Real weight[8];       ///< interpolation weights: 0 for solid cells, the others sum to 1
  Real normal[3];       ///< unit outward surface normal
  Real ratio;           ///< d_G / d_I, distances of the ghost cell and its image to the surface
  std::int32_t body;    ///< index of the body (its wall rule)
  std::int32_t status;  ///< 0 when the image found fluid cells (see GhostCellStatus)
};

/// How an image point was built (GhostCell::status): ghost_ok and ghost_nearest_fluid are
/// usable, the others are errors.
enum GhostCellStatus : std::int32_t {
  ghost_ok = 0,
  ghost_no_fluid = 1,       ///< no fluid cell around the image points nor next to the cell
  ghost_outside_block = 2,  ///< the image stencil leaves the cells this block holds
  ghost_nearest_fluid = 3,  ///< no fluid around any image point tried (a gap or a part thinner
                            ///< than the grid resolves): set from the fluid cells next to it
};

/// True when a ghost cell of this status has a usable stencil.
ALFVEN_HOST_DEVICE inline bool ghost_usable(std::int32_t status) {
  return status == ghost_ok || status == ghost_nearest_fluid;
}

/// Builds the image point and interpolation stencil of each ghost cell; run with for_each over
/// Range1D{0, count}. `cells[g].cell` and `.body` are set on entry, the rest is filled in.
///
/// The closest surface point C of ghost centre x_G is found by Newton projection onto the zero
/// level set, x <- x - phi(x) grad(phi)/|grad(phi)|^2 (exact in one step for exact signed
/// distances; converges for smooth CSG blends, whose values are bounds), with central-difference
/// gradients restricted to the active axes. Then n = (C - x_G)/|C - x_G| and the image is
/// x_I = C + d_I n with d_I = d_G (the mirror image). When no fluid cell surrounds x_I, the
/// image moves out by half a cell at a time (d_I grows, ratio d_G/d_I falls), up to
/// embedded_image_reach cells. When none of those finds fluid (the image crosses a gap of fluid
/// narrower than the grid resolves into the same or another solid: a slot between two parts of
/// a body), the cell is set from the fluid cells within embedded_stencil_reach of it instead
/// (nearest_fluid; status ghost_nearest_fluid, ratio 1).
template <typename Real>
struct BuildImagePoints {
  BodyGeometry<Real> bodies;
  Grid grid;
  View<const Real, 3> distance;  ///< ClassifyCells' distances (fluid: >= 0)
  GhostCell<Real>* cells;

  ALFVEN_HOST_DEVICE Real sd(int b, const double x[3]) const {
    return bodies.signed_distance(b, x);
  }

  ALFVEN_HOST_DEVICE void operator()(long g) const {
    GhostCell<Real>& c = cells[g];
    const int b = c.body;
    const long tx = grid.total[0], ty = grid.total[1];
    const int idx[3] = {int(c.cell % tx), int((c.cell / tx) % ty), int(c.cell / (tx * ty))};
    double xg[3];
    cell_centre(grid, idx[0], idx[1], idx[2], xg);
    double hmin = 1e300;
    for (int a = 0; a < 3; ++a)
      if (grid.active(a)) hmin = math::min(hmin, grid.d[a]);
    // Finite-difference step: well above the rounding of the geometry in Real.
    const double h = (sizeof(Real) == 4 ? 2e-2 : 1e-4) * hmin;
    const double tolerance = (sizeof(Real) == 4 ? 1e-4 : 1e-9) * hmin;
    double x[3] = {xg[0], xg[1], xg[2]};
    double grad[3] = {0, 0, 0};
    for (int it = 0; it < 12; ++it) {
      const double phi = sd(b, x);
      if (it > 0 && math::abs(phi) <= tolerance) break;
      double norm2 = 0;
      for (int a = 0; a < 3; ++a) {
        grad[a] = 0;
        if (!grid.active(a)) continue;
        double xp[3] = {x[0], x[1], x[2]}, xm[3] = {x[0], x[1], x[2]};
        xp[a] += h;
        xm[a] -= h;
        grad[a] = (double(sd(b, xp)) - double(sd(b, xm))) / (2 * h);
        norm2 += grad[a] * grad[a];
      }
      if (!(norm2 > 0)) break;
      for (int a = 0; a < 3; ++a) x[a] -= phi * grad[a] / norm2;
    }
    double dg2 = 0;
    double n[3];
    for (int a = 0; a < 3; ++a) {
      n[a] = x[a] - xg[a];
      dg2 += n[a] * n[a];
    }
    double dg = math::sqrt(dg2);
    if (dg > 0) {
      for (int a = 0; a < 3; ++a) n[a] /= dg;
    } else {  // the centre lies on the surface: the gradient's direction
      double g2 = grad[0] * grad[0] + grad[1] * grad[1] + grad[2] * grad[2];
      const double gn = g2 > 0 ? math::sqrt(g2) : 1.0;
      for (int a = 0; a < 3; ++a) n[a] = g2 > 0 ? grad[a] / gn : (a == 0 ? 1.0 : 0.0);
    }
    for (int a = 0; a < 3; ++a) c.normal[a] = Real(n[a]);
    c.status = ghost_no_fluid;
    const double dg_used = dg > 0 ? dg : 0.0;
    for (int attempt = 0; attempt <= 2 * embedded_image_reach; ++attempt) {
      const double di = (dg_used > 0 ? dg_used : 0.5 * hmin) + 0.5 * hmin * attempt;
      double xi[3];
      for (int a = 0; a < 3; ++a) xi[a] = x[a] + di * n[a];
      const int s = stencil(xi, idx, c);
      if (s == ghost_beyond_reach) break;  // farther images only reach farther
      if (s == ghost_ok) {
        c.ratio = Real(dg_used / di);
        c.status = ghost_ok;
        return;
      }
      if (s == ghost_outside_block) {
        c.status = ghost_outside_block;
        return;
      }
    }
    nearest_fluid(idx, c);
  }

  /// Fallback stencil of a ghost cell whose image points find no fluid: the (at most eight)
  /// fluid cells nearest to it within embedded_stencil_reach cells (index distance, ties in
  /// loop order, so the host and the device choose the same), weighted by the inverse squared
  /// index distance, and the mirror ratio 1. Leaves status ghost_no_fluid when there are none
  /// (a solid cell no fluid stencil reaches is never a ghost cell, so that does not happen).
  ALFVEN_HOST_DEVICE void nearest_fluid(const int idx[3], GhostCell<Real>& c) const {
    constexpr int reach = embedded_stencil_reach;
    int found = 0, key[8];
    long cell[8];
    int lo[3], hi[3];
    for (int a = 0; a < 3; ++a) {
      lo[a] = grid.active(a) ? -reach : 0;
      hi[a] = grid.active(a) ? reach : 0;
    }
    for (int dk = lo[2]; dk <= hi[2]; ++dk)
      for (int dj = lo[1]; dj <= hi[1]; ++dj)
        for (int di = lo[0]; di <= hi[0]; ++di) {
          const int d2 = di * di + dj * dj + dk * dk;
          if (d2 == 0 || d2 > reach * reach) continue;
          const int n[3] = {idx[0] + di, idx[1] + dj, idx[2] + dk};
          if (n[0] < 0 || n[0] >= grid.total[0] || n[1] < 0 || n[1] >= grid.total[1] || n[2] < 0 ||
              n[2] >= grid.total[2])
            continue;
          if (!(distance(n[0], n[1], n[2]) >= Real(0))) continue;
          if (found == 8 && d2 >= key[7]) continue;
          int slot = found < 8 ? found++ : 7;  // insertion into the list sorted by d2
          while (slot > 0 && key[slot - 1] > d2) {
            key[slot] = key[slot - 1];
            cell[slot] = cell[slot - 1];
            --slot;
          }
          key[slot] = d2;
          cell[slot] = n[0] + long(grid.total[0]) * (n[1] + long(grid.total[1]) * n[2]);
        }
    if (found == 0) return;
    double sum = 0;
    for (int s = 0; s < found; ++s) sum += 1.0 / key[s];
    for (int s = 0; s < 8; ++s) {
      c.stencil[s] = s < found ? cell[s] : cell[0];
      c.weight[s] = s < found ? Real((1.0 / key[s]) / sum) : Real(0);
    }
    c.ratio = Real(1);
    c.status = ghost_nearest_fluid;
  }

  /// Local code of stencil(): the stencil would lie more than embedded_image_reach cells from the
  /// ghost cell along some axis (the images moved out past a gap): the ghost cell then takes the
  /// nearest fluid instead, on every decomposition alike (a run keeps embedded_image_reach ghost
  /// layers, so whether a stencil fits never depends on where the block ends).
  static constexpr int ghost_beyond_reach = -1;

  /// Trilinear stencil of xi over the fluid cells, for the ghost cell at local index idx; ghost_ok,
  /// ghost_no_fluid, ghost_beyond_reach or ghost_outside_block.
  ALFVEN_HOST_DEVICE int stencil(const double xi[3], const int idx[3], GhostCell<Real>& c) const {
    int lo[3];
    double t[3];
    for (int a = 0; a < 3; ++a) {
      if (!grid.active(a)) {
        lo[a] = 0;
        t[a] = 0;
        continue;
      }
      // Continuous global index: centre(a, i) = lo + (offset + i - margin + 1/2) d. The floor
      // and the fraction are taken on the global index, the same on every rank, and the block's
      // offset is subtracted as an integer (in floating point, - offset + margin rounded the
      // fraction differently on each block: 1 rank and N ranks differed by ~1e-15).
      const double u = (xi[a] - grid.lo[a]) / grid.d[a] - 0.5;
      const double f = ::floor(u);
      if (!(f > -1e9 && f < 1e9)) return ghost_outside_block;  // far off (or not a number)
      lo[a] = int(f) - grid.offset[a] + grid.margin[a];
      t[a] = u - f;
      if (lo[a] < idx[a] - embedded_image_reach || lo[a] + 1 > idx[a] + embedded_image_reach)
        return ghost_beyond_reach;
      if (lo[a] < 0 || lo[a] + 1 >= grid.total[a]) return ghost_outside_block;
    }
    double sum = 0, w[8];
    for (int corner = 0; corner < 8; ++corner) {
      int id[3];
      double weight = 1;
      for (int a = 0; a < 3; ++a) {
        const int up = (corner >> a) & 1;
        if (!grid.active(a)) {
          id[a] = 0;
          weight *= up ? 0.0 : 1.0;
        } else {
          id[a] = lo[a] + up;
          weight *= up ? t[a] : 1.0 - t[a];
        }
      }
      c.stencil[corner] = id[0] + long(grid.total[0]) * (id[1] + long(grid.total[1]) * id[2]);
      const bool fluid = distance(id[0], id[1], id[2]) >= Real(0);
      w[corner] = fluid ? weight : 0.0;
      sum += w[corner];
    }
    if (!(sum > 1e-12)) return ghost_no_fluid;
    for (int corner = 0; corner < 8; ++corner) c.weight[corner] = Real(w[corner] / sum);
    return ghost_ok;
  }
};

/// Sets every ghost cell from its image state by its body's wall rule; run with for_each over
/// Range1D{0, count}. The image state is interpolated as u_r + sum_k w_k (u_k - u_r), u_r the
/// value at the first stencil cell of non-zero weight, so a uniform fluid state gives exactly
/// that state (a fluid at rest stays at rest, bit for bit).
template <typename Real>
struct GhostCellFill {
  FieldsView<Real> q;
  const GhostCell<Real>* cells;
  WallRule rules[max_bodies];
  ALFVEN_HOST_DEVICE void operator()(long g) const {
    const GhostCell<Real>& c = cells[g];
    const CellAccess<Real> a(q);
    int r = 0;
    while (r < 7 && !(c.weight[r] > Real(0))) ++r;
    Real u[num_vars];
    for (int v = 0; v < num_vars; ++v) {
      const Real ref = a(c.stencil[r], v);
      Real acc = 0;
      for (int k = 0; k < 8; ++k)
        if (c.weight[k] > Real(0)) acc += c.weight[k] * (a(c.stencil[k], v) - ref);
      u[v] = ref + acc;
    }
    Primitive<Real> s;
    s.rho = u[density];
    for (int d = 0; d < 3; ++d) {
      s.v[d] = u[velocity_x + d];
      s.b[d] = u[magnetic_field_x + d];
    }
    s.e = u[internal_energy];
    s.psi = u[psi];
    a.store(c.cell, ghost_state(s, c.normal, c.ratio, rules[c.body]));
  }
};

/// Restores solid cells to stored states (deep solid cells, every cell of a fixed body); run with
/// for_each over Range1D{0, count}. values[n + count * v] is variable v of cell cells[n].
template <typename Real>
struct FixedCellFill {
  FieldsView<Real> q;
  const long* cells;
  const Real* values;
  long count;
  ALFVEN_HOST_DEVICE void operator()(long n) const {
    const CellAccess<Real> a(q);
    for (int v = 0; v < num_vars; ++v) a(cells[n], v) = values[n + count * v];
  }
};

}  // namespace mhd
}  // namespace alfven
