/// @file embedded/embedded_boundary.hpp
/// @brief EmbeddedBoundary<Real, Backend>: the bodies of a run as a sharp-interface ghost-cell
/// immersed boundary (ghost_cells.hpp), built once at start-up and applied after every update.
///
/// Start-up (build): the bodies' geometry (any geom::Expr: shapes, CSG, tapes, meshes) is compiled
/// to tapes, mirrored into the backend's memory and evaluated at every cell centre of the block
/// on the backend (ClassifyCells); the cells are classified on the host (one pass); the image
/// points, stencils and weights of the ghost cells are computed on the backend
/// (BuildImagePoints). The time loop then only reads these tables (apply): no geometry is
/// evaluated per step for bodies at rest.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "../fields.hpp"
#include "../grid.hpp"
#include "alfven/core/array.hpp"
#include "alfven/core/for_each.hpp"
#include "alfven/core/pool.hpp"
#include "alfven/geom/tape.hpp"
#include "body.hpp"
#include "ghost_cells.hpp"
#include "surface_defect.hpp"
#include "wall.hpp"

namespace alfven {
namespace mhd {

/// The embedded bodies of one block on Backend. Move-only. Without bodies (default-constructed
/// or built from an empty list) it does nothing.
template <typename Real, typename Backend>
class EmbeddedBoundary {
 public:
  EmbeddedBoundary() = default;

  /// Builds the tables of `bodies` on `grid` (this rank's block). `initial` is the initial state
  /// of the block on the host (ghost cells included): the state solid cells keep. `periodic[a]`:
  /// axis a of the domain wraps, so each body stands at its periodic images too (BodyGeometry).
  /// Throws
  /// alfven::Error for more than max_bodies bodies or a geometry that cannot be compiled.
  /// Problems that only the whole domain can judge (a body outside it, a body covering it, an
  /// image point that finds no fluid) are left in error() and counts() for the caller to check
  /// on every rank at once.
  void build(const Grid& grid, const std::vector<Body>& bodies,
             const Fields<Real, backend::Host>& initial,
             const std::array<bool, 3>& periodic = {false, false, false}) {
    ALFVEN_REQUIRE(int(bodies.size()) <= max_bodies,
                   "bodies: at most " << max_bodies << " bodies, got " << bodies.size());
    grid_ = grid;
    count_ = int(bodies.size());
    if (count_ == 0) return;
    for (int b = 0; b < count_; ++b) rules_[b] = bodies[std::size_t(b)].rule;

    // Geometry into a host pool, then into the backend's memory.
    Pool host_pool;
    geom::Tape<Real> tapes[max_bodies];
    for (int b = 0; b < count_; ++b)
      tapes[b] = geom::Tape<Real>::build(host_pool, bodies[std::size_t(b)].geometry);
    host_pool.freeze();
    pool_ = Pool::mirror(host_pool, alfven::detail::MemorySpace<Backend>::resource());
    BodyGeometry<Real> geometry;
    geometry.count = count_;
    for (int a = 0; a < 3; ++a)
      geometry.period[a] = periodic[std::size_t(a)] && grid.active(a) ? grid.hi[a] - grid.lo[a] : 0;
    for (int b = 0; b < count_; ++b) geometry.tape[b] = tapes[b].rebased_view(pool_);

    // Signed distance and nearest body at every cell, on the backend.
    distance_ = Array3D<Real, Backend>(grid.total[0], grid.total[1], grid.total[2]);
    Array3D<std::int8_t, Backend> body(grid.total[0], grid.total[1], grid.total[2]);
    for_each(Backend{}, grid.all(),
             ClassifyCells<Real>{geometry, grid, distance_.view(), body.view()});
    Array3D<Real> phi(grid.total[0], grid.total[1], grid.total[2]);
    Array3D<std::int8_t> which(grid.total[0], grid.total[1], grid.total[2]);
    phi.copy_from(distance_);
    which.copy_from(body);

    // Classification (host, one pass over the interior).
    std::vector<GhostCell<Real>> ghosts;
    std::vector<long> fixed_cells, deep_cells;  // read by fluid stencils, and not
    counts_ = EmbeddedCounts{};
    long thin_cells = 0;  // cells of parts one cell thick that separate two fluids (refused)
    ThinCell thinnest{};
    reach_ = BodyReach{};
    const Range3D in = grid.interior();
    for (int k = in.begin[2]; k < in.end[2]; ++k)
      for (int j = in.begin[1]; j < in.end[1]; ++j)
        for (int i = in.begin[0]; i < in.end[0]; ++i) {
          if (!(phi(i, j, k) < Real(0))) continue;
          const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
          const int b = int(static_cast<std::uint8_t>(which(i, j, k)));
          ++counts_.solid;
          ++counts_.solid_per_body[b];
          const ThinPart thin = thin_part(phi, i, j, k);
          if (thin.two_sided) ++counts_.two_sided;
          if (thin.axis >= 0) {  // keep the thinnest: its cell size serves every such part
            const double t = thickness(phi, i, j, k, thin.axis);
            if (thin_cells++ == 0 || t < thinnest.thickness)
              thinnest = ThinCell{i, j, k, thin.axis, b, t};
          }
          if (rules_[b].wall != WallKind::Fixed && reached_by_fluid(phi, i, j, k)) {
            GhostCell<Real> g{};
            g.cell = c;
            g.body = b;
            ghosts.push_back(g);
          } else if (rules_[b].wall == WallKind::Fixed && reached_by_fluid(phi, i, j, k)) {
            fixed_cells.push_back(c);
          } else {
            deep_cells.push_back(c);
          }
          const int dist = face_distance(i, j, k);
          if (dist < reach_.face_distance) reach_.face_distance = dist;
        }
    if (thin_cells > 0)
      error_ = describe_thin_part(thinnest, thin_cells, bodies[std::size_t(thinnest.body)].name);
    counts_.ghost = long(ghosts.size());
    counts_.fixed = long(fixed_cells.size() + deep_cells.size());
    read_by_fluid_ = long(fixed_cells.size());
    fixed_cells.insert(fixed_cells.end(), deep_cells.begin(), deep_cells.end());

    // Image points on the backend.
    ghosts_ = Array1D<GhostCell<Real>, Backend>(long(ghosts.size()));
    {
      Array1D<GhostCell<Real>> staged(long(ghosts.size()));
      for (std::size_t g = 0; g < ghosts.size(); ++g) staged[long(g)] = ghosts[g];
      ghosts_.copy_from(staged);
      for_each(Backend{}, Range1D{0, long(ghosts.size())},
               BuildImagePoints<Real>{geometry, grid, distance_.const_view(), ghosts_.data()});
      staged.copy_from(ghosts_);
      for (long g = 0; g < staged.size(); ++g) {
        if (staged[g].status == ghost_nearest_fluid) ++counts_.nearest_fluid;
        for (int s = 0; s < 8; ++s) {
          if (!(staged[g].weight[s] > Real(0))) continue;
          const int read = layers_outside(staged[g].stencil[s]);
          if (read > reach_.layers_read) reach_.layers_read = read;
        }
        if (!ghost_usable(staged[g].status) && error_.empty())
          error_ = describe_failure(staged[g], bodies, phi);
        // A ghost cell whose images found no fluid next to a jump of the distance's sign: its
        // surface is wrong there (surface_defect.hpp), whatever the fallback would give.
        if (staged[g].status == ghost_nearest_fluid && error_.empty()) {
          const long c = staged[g].cell, tx = grid.total[0], ty = grid.total[1];
          if (sign_jump_near(phi, grid, int(c % tx), int((c / tx) % ty), int(c / (tx * ty)),
                             embedded_image_reach)
                  .found)
            error_ = describe_failure(staged[g], bodies, phi);
        }
      }
    }

    // Stored states of the other solid cells.
    const long nf = long(fixed_cells.size());
    fixed_cells_ = Array1D<long, Backend>(nf);
    fixed_values_ = Array1D<Real, Backend>(nf * num_vars);
    Array1D<long> cells(nf);
    Array1D<Real> values(nf * num_vars);
    const CellAccess<const Real> init(initial.const_view());
    for (long n = 0; n < nf; ++n) {
      cells[n] = fixed_cells[std::size_t(n)];
      for (int v = 0; v < num_vars; ++v) values[n + nf * v] = init(cells[n], v);
    }
    fixed_cells_.copy_from(cells);
    fixed_values_.copy_from(values);
  }

  /// True when the run has bodies.
  bool active() const { return count_ > 0; }
  /// Number of bodies.
  int body_count() const { return count_; }
  /// This block's cell counts.
  const EmbeddedCounts& counts() const { return counts_; }
  /// Empty, or why an image point could not be built (the first failure, with its cell).
  const std::string& error() const { return error_; }
  /// How far the image stencils read into the ghost layers and how near the cells apply() writes
  /// come to the block's faces (decide the refresh with every rank's answer: BodyReach).
  const BodyReach& reach() const { return reach_; }

  /// Sets every ghost cell from its image point and the solid cells that keep a stored state to
  /// it: with BodyFill::Everything all of them, with BodyFill::ReadByFluid only those a fluid
  /// stencil reaches (the cells of `fixed` bodies next to fluid). The other solid cells lie more
  /// than two cells from any fluid: nothing in a step reads them, so the time loop restores them
  /// once per step (Solver), not after every update. The ghost layers of `f` must be current
  /// (image stencils read them). Asynchronous on a device (queued on the default stream, like
  /// for_each).
  void apply(Fields<Real, Backend>& f, BodyFill which = BodyFill::Everything) const {
    if (!active()) return;
    GhostCellFill<Real> fill{f.view(), ghosts_.data(), {}};
    for (int b = 0; b < count_; ++b) fill.rules[b] = rules_[b];
    for_each(Backend{}, Range1D{0, ghosts_.size()}, fill);
    const long n = which == BodyFill::Everything ? fixed_cells_.size() : read_by_fluid_;
    for_each(Backend{}, Range1D{0, n},
             FixedCellFill<Real>{f.view(), fixed_cells_.data(), fixed_values_.data(),
                                 fixed_cells_.size()});
  }

  /// A host copy of the ghost-cell table (for inspection and tests).
  std::vector<GhostCell<Real>> ghost_cells() const {
    Array1D<GhostCell<Real>> host(ghosts_.size());
    host.copy_from(ghosts_);
    return std::vector<GhostCell<Real>>(host.data(), host.data() + host.size());
  }

  /// Signed distance to the nearest body at every cell of the block (ghost cells included,
  /// negative inside), in the backend's memory; empty without bodies.
  const Array3D<Real, Backend>& signed_distance() const { return distance_; }
  /// Pointer to signed_distance()'s data for kernels that skip solid cells (nullptr without
  /// bodies); index it by the fields' linear cell index.
  const Real* solid_mask() const { return active() ? distance_.data() : nullptr; }

 private:
  // True if a fluid cell lies within embedded_stencil_reach cells along an active axis.
  bool reached_by_fluid(const Array3D<Real>& phi, int i, int j, int k) const {
    const int idx[3] = {i, j, k};
    for (int a = 0; a < 3; ++a) {
      if (!grid_.active(a)) continue;
      for (int s = -embedded_stencil_reach; s <= embedded_stencil_reach; ++s) {
        int n[3] = {idx[0], idx[1], idx[2]};
        n[a] += s;
        if (n[a] < 0 || n[a] >= grid_.total[a]) continue;
        if (phi(n[0], n[1], n[2]) >= Real(0)) return true;
      }
    }
    return false;
  }
  // How fluid stencils meet solid cell (i, j, k): `axis` >= 0 when the cells on both sides of it
  // along that axis are fluid and no path through fluid cells within embedded_stencil_reach cells
  // of it joins them: a part one cell thick that separates two fluids (a plate), through which
  // the fluid stencil on one side reads the fluid on the other, so that the body leaks or swallows
  // the flow. (Where such a path exists the two cells are one fluid around a tip or an edge of
  // the body, such as a sphere's cells on a grid line or the last cells of a sharp edge, and
  // reading across is no worse than the wall's first-order position.)
  // `two_sided`: fluid lies within embedded_stencil_reach cells on both sides along some axis.
  struct ThinPart {
    int axis = -1;
    bool two_sided = false;
  };
  ThinPart thin_part(const Array3D<Real>& phi, int i, int j, int k) const {
    ThinPart t;
    const int idx[3] = {i, j, k};
    for (int a = 0; a < 3; ++a) {
      if (!grid_.active(a)) continue;
      int nearest[2] = {0, 0};  // distance to the first fluid cell below and above (0: none)
      for (int side = 0; side < 2; ++side)
        for (int s = 1; s <= embedded_stencil_reach && nearest[side] == 0; ++s) {
          int n[3] = {idx[0], idx[1], idx[2]};
          n[a] += side == 0 ? -s : s;
          if (n[a] < 0 || n[a] >= grid_.total[a]) break;
          if (phi(n[0], n[1], n[2]) >= Real(0)) nearest[side] = s;
        }
      if (nearest[0] > 0 && nearest[1] > 0) t.two_sided = true;
      if (nearest[0] == 1 && nearest[1] == 1 && t.axis < 0 && !joined_around(phi, idx, a))
        t.axis = a;
    }
    return t;
  }
  // True if the fluid cells next to solid cell idx along axis a on either side are joined by a
  // path of fluid cells (face neighbours on the active axes) within thin_part_search_reach cells
  // of idx (a flood fill of that box, at most 729 cells; run for the few candidate cells only).
  bool joined_around(const Array3D<Real>& phi, const int idx[3], int a) const {
    constexpr int r = thin_part_search_reach, w = 2 * r + 1;
    bool seen[w * w * w] = {};
    int stack[w * w * w][3];
    int top = 0;
    const auto inside = [&](const int o[3]) {
      for (int b = 0; b < 3; ++b) {
        if (o[b] < -r || o[b] > r || (!grid_.active(b) && o[b] != 0)) return false;
        const int n = idx[b] + o[b];
        if (n < 0 || n >= grid_.total[b]) return false;
      }
      return phi(idx[0] + o[0], idx[1] + o[1], idx[2] + o[2]) >= Real(0);
    };
    const auto slot = [&](const int o[3]) {
      return (o[0] + r) + w * ((o[1] + r) + w * (o[2] + r));
    };
    int start[3] = {0, 0, 0};
    start[a] = -1;
    seen[slot(start)] = true;
    for (int b = 0; b < 3; ++b) stack[top][b] = start[b];
    ++top;
    while (top > 0) {
      --top;
      const int o[3] = {stack[top][0], stack[top][1], stack[top][2]};
      if (o[a] == 1 && o[(a + 1) % 3] == 0 && o[(a + 2) % 3] == 0) return true;
      for (int b = 0; b < 3; ++b)
        for (int step = -1; step <= 1; step += 2) {
          int n[3] = {o[0], o[1], o[2]};
          n[b] += step;
          if (!inside(n) || seen[slot(n)]) continue;
          seen[slot(n)] = true;
          for (int c = 0; c < 3; ++c) stack[top][c] = n[c];
          ++top;
        }
    }
    return false;
  }
  // A solid cell of a part one cell thick along `axis` and the part's thickness there.
  struct ThinCell {
    int i, j, k, axis, body;
    double thickness;
  };
  // The thickness of the part one cell thick at solid cell (i, j, k) along `axis`: 2 d less the
  // distances of the fluid centres on both sides to the surface (exact for a face normal to the
  // axis).
  double thickness(const Array3D<Real>& phi, int i, int j, int k, int axis) const {
    int lo[3] = {i, j, k}, hi[3] = {i, j, k};
    --lo[axis];
    ++hi[axis];
    return std::max(0.0, 2 * grid_.d[axis] - double(phi(lo[0], lo[1], lo[2])) -
                             double(phi(hi[0], hi[1], hi[2])));
  }
  // The refusal of the parts one cell thick of this block (`count` cells), naming the thinnest
  // (`t`): where, its thickness, and the cell size that gives it two cells.
  std::string describe_thin_part(const ThinCell& t, long count, const std::string& name) const {
    const double d = grid_.d[t.axis];
    const char* names = "xyz";
    std::ostringstream os;
    os << name << ": a part about " << t.thickness << " thick along " << names[t.axis] << " at ("
       << grid_.centre(0, t.i) << ", " << grid_.centre(1, t.j) << ", " << grid_.centre(2, t.k)
       << ") (global index " << grid_.offset[0] + t.i - grid_.margin[0] << ", "
       << grid_.offset[1] + t.j - grid_.margin[1] << ", " << grid_.offset[2] + t.k - grid_.margin[2]
       << ") is one cell thick on this grid (cell size " << d << " along " << names[t.axis]
       << "): the fluid on either side would read the fluid on the other through it, and the "
          "body would leak or swallow the flow";
    if (count > 1)
      os << " (" << count << " cells of this block lie in such parts; this is the thinnest)";
    os << ". Refine the grid so that the part spans at least two cells (a cell size of at most "
       << std::max(t.thickness, 1e-300) / 2 << " along " << names[t.axis]
       << "), or make the part thicker";
    return os.str();
  }
  // Interior cells between interior cell (i, j, k) and the nearest face of the block (0: on the
  // face layer), over the active axes.
  int face_distance(int i, int j, int k) const {
    const int idx[3] = {i, j, k};
    int d = 1 << 30;
    for (int a = 0; a < 3; ++a) {
      if (!grid_.active(a)) continue;
      const int m = grid_.margin[a];
      const int lower = idx[a] - m, upper = m + grid_.n[a] - 1 - idx[a];
      d = std::min(d, std::min(lower, upper));
    }
    return d;
  }
  // How many layers outside the interior cell `c` (a linear index) lies, along its worst axis.
  int layers_outside(long c) const {
    const long tx = grid_.total[0], ty = grid_.total[1];
    const int idx[3] = {int(c % tx), int((c / tx) % ty), int(c / (tx * ty))};
    int out = 0;
    for (int a = 0; a < 3; ++a) {
      const int m = grid_.margin[a];
      out = std::max(out, std::max(m - idx[a], idx[a] - (m + grid_.n[a] - 1)));
    }
    return out;
  }
  // The error of a ghost cell without a usable image point: where, why, and what to change (a
  // defect of the surface when phi, the host copy of the distances, jumps nearby:
  // surface_defect.hpp).
  std::string describe_failure(const GhostCell<Real>& g, const std::vector<Body>& bodies,
                               const Array3D<Real>& phi) const {
    const long tx = grid_.total[0], ty = grid_.total[1];
    const int i = int(g.cell % tx), j = int((g.cell / tx) % ty), k = int(g.cell / (tx * ty));
    std::ostringstream os;
    os << bodies[std::size_t(g.body)].name << ": the solid cell at (" << grid_.centre(0, i) << ", "
       << grid_.centre(1, j) << ", " << grid_.centre(2, k) << ") (global index "
       << grid_.offset[0] + i - grid_.margin[0] << ", " << grid_.offset[1] + j - grid_.margin[1]
       << ", " << grid_.offset[2] + k - grid_.margin[2] << ") ";
    // A sign jump nearby is a defect of the surface, which no margin or resolution cures.
    const Body& body = bodies[std::size_t(g.body)];
    const bool jump = sign_jump_near(phi, grid_, i, j, k, embedded_image_reach).found;
    const std::string defect =
        likely_surface_defect(phi, grid_, i, j, k, body, embedded_image_reach);
    if (g.status == ghost_outside_block)
      os << "needs fluid cells beyond this block's ghost layers";
    else if (g.status == ghost_nearest_fluid)
      os << "finds no fluid around its image points";
    else
      os << "has no fluid cell within " << embedded_stencil_reach
         << " cells nor around its image point";
    if (jump)
      os << ": " << defect << "; fix the surface (raising grid.margin or refining the grid "
         << "would not help)";
    else if (g.status == ghost_outside_block)
      os << "; raise grid.margin (at least " << embedded_image_reach
         << " with bodies) or use fewer ranks" << (defect.empty() ? "" : "; ") << defect;
    else
      os << "; refine the grid" << (defect.empty() ? "" : "; ") << defect;
    return os.str();
  }

  Grid grid_{};
  int count_ = 0;
  WallRule rules_[max_bodies] = {};
  Pool pool_;
  Array3D<Real, Backend> distance_;
  Array1D<GhostCell<Real>, Backend> ghosts_;
  Array1D<long, Backend> fixed_cells_;  // those read by fluid stencils first (read_by_fluid_)
  long read_by_fluid_ = 0;
  Array1D<Real, Backend> fixed_values_;
  EmbeddedCounts counts_{};
  std::string error_;
  BodyReach reach_{};
};

}  // namespace mhd
}  // namespace alfven
