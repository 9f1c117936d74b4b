/// @file radiative_transfer.hpp
/// @brief Grey, time-independent radiative transfer on a block of the grid, on the host or the
/// GPU: MISO's short-characteristics solver (short_characteristics.hpp) with Carlson's A4 rays,
/// iterated across blocks (and periodic faces) until the intensities stop changing.
///
/// One solve: the intensities of the ghost layer next to each face are set (incoming intensity
/// at non-periodic domain faces, the neighbouring block's boundary plane elsewhere: a halo
/// message between ranks, a copy across a periodic face of one block), every ray is swept across
/// the block plane by plane, and this is repeated until the largest change of an intensity in
/// an iteration is at most `tolerance` times the largest intensity (over all ranks). A block
/// with no neighbours at all needs one sweep. What it solves: dI/ds = chi (S - I) for given
/// chi and S (no scattering, one frequency or a grey mean, no time dependence, no refraction).
/// Embedded bodies (set_bodies) are opaque and emit a given intensity; a solve also reports the
/// first cell whose J, F or heating is not finite.
#pragma once

#include <climits>
#include <string>
#include <vector>

#include "../communicator.hpp"
#include "../grid.hpp"
#include "alfven/core/core.hpp"
#include "short_characteristics.hpp"

namespace alfven {
namespace mhd {

/// How one solve went.
struct RadiationSolveReport {
  int iterations = 0;        ///< sweeps of every ray
  double change = 0;         ///< largest change in the last iteration, relative to the peak
  bool converged = true;     ///< change <= tolerance (or no iteration was needed)
  long nonfinite_cell = -1;  ///< this block's first interior cell (linear index with ghosts)
                             ///< whose J, F or heating is not finite; -1: none
  std::string nonfinite;     ///< empty, or that cell described (RadiationCoupling::solve)
};

/// The transfer solver of one block (`grid`: the block, ghost cells included, as the MHD
/// solver's). Absorption chi and source function S are fields on Backend of grid.total_cells()
/// values each (ghost cells included: the sweeps read them at upwind points), set by the caller
/// through absorption() and source(). Memory: (2 rays + 6) x cells values of Real.
template <typename Real, typename Backend>
class RadiativeTransfer {
 public:
  /// `rays`: 24 or 1 (make_ray_quadrature); `comm` (may be null: one block, nothing periodic)
  /// gives the neighbours and must outlive the solver.
  RadiativeTransfer(const Grid& grid, int rays, const Communicator* comm)
      : grid_(grid),
        comm_(comm),
        rays_(make_ray_quadrature<Real>(rays)),
        cells_(grid.total_cells()),
        intensity_(long(rays_.count) * cells_),
        previous_(long(rays_.count) * cells_),
        absorption_(cells_),
        source_(cells_),
        mean_(cells_),
        flux_(3 * cells_),
        heating_(cells_) {
    fill(intensity_, Real(0));
    fill(absorption_, Real(0));
    fill(source_, Real(0));
    build_groups();
  }

  const Grid& grid() const { return grid_; }
  const RayQuadrature<Real>& rays() const { return rays_; }
  /// chi (1 / length) and S at every cell, ghosts included, on Backend: fill before solve().
  Array1D<Real, Backend>& absorption() { return absorption_; }
  Array1D<Real, Backend>& source() { return source_; }
  /// Incoming intensity at the non-periodic domain faces (default: none, a vacuum).
  void set_boundary(const RadiationBoundary<Real>& b) { boundary_ = b; }
  /// The embedded bodies (default: none): their signed distance on Backend, indexed like
  /// absorption(), must stay valid while solve() runs.
  void set_bodies(const RadiationBodies<Real>& b) { bodies_ = b; }

  /// Solves for the intensities of every ray (collective over the ranks of `comm`), then the
  /// moments. Throws nothing; a solve that does not reach `tolerance` within `max_iterations`
  /// says so in its report, and so does one that leaves J, F or the heating of a cell not finite
  /// (nonfinite_cell; the caller stops the run).
  RadiationSolveReport solve(double tolerance, int max_iterations) {
    RadiationSolveReport report;
    const bool alone = !has_neighbours();
    for (int it = 0; it < max_iterations; ++it) {
      if (!alone) previous_.copy_from(intensity_);
      fill_ghost_layers();
      for (const RaySweepGroup<Real>& g : groups_) sweep(g);
      report.iterations = it + 1;
      if (alone) break;
      const IntensityChange d =
          reduce(Backend{}, make_range(0, int(cells_), 0, rays_.count, 0, 1), IntensityChange{},
                 IntensityChangeKernel<Real>{intensity_.data(), previous_.data(), cells_},
                 IntensityChangeMax{});
      const double change = comm_ ? comm_->max(d.change) : d.change;
      const double peak = comm_ ? comm_->max(d.peak) : d.peak;
      report.change = peak > 0 ? change / peak : change;
      report.converged = report.change <= tolerance;
      if (report.converged) break;
    }
    for_each(Backend{}, grid_.all(),
             RadiationMomentsKernel<Real>{intensity_.data(), absorption_.data(), source_.data(),
                                          mean_.data(), flux_.data(), heating_.data(), grid_, rays_,
                                          bodies_});
    const long bad =
        reduce(Backend{}, grid_.interior(), LONG_MAX,
               NonFiniteRadiationKernel<Real>{mean_.data(), flux_.data(), heating_.data(), grid_},
               reduce_op::Min{});
    report.nonfinite_cell = bad == LONG_MAX ? -1 : bad;
    return report;
  }

  /// The intensities (rays x cells, layout of short_characteristics.hpp), mean intensity J,
  /// flux F (3 x cells: F_x, F_y, F_z) and heating rate 4 pi chi (J - S) of the last solve.
  const Array1D<Real, Backend>& intensity() const { return intensity_; }
  const Array1D<Real, Backend>& mean_intensity() const { return mean_; }
  const Array1D<Real, Backend>& flux() const { return flux_; }
  const Array1D<Real, Backend>& heating() const { return heating_; }

 private:
  static void fill(Array1D<Real, Backend>& a, Real v) {
    for_each(Backend{}, Range1D{0, a.size()}, ConstantFillKernel<Real>{a.data(), v});
  }

  bool has_neighbours() const {
    if (!comm_) return false;
    for (int a = 0; a < 3; ++a)
      if (grid_.active(a))
        for (int s = 0; s < 2; ++s)
          if (comm_->neighbour(a, s) >= 0) return true;
    return false;
  }

  // Groups the rays by dominant axis (ties: the lower axis) and works out their sweeps.
  void build_groups() {
    for (int a = 0; a < 3; ++a) {
      RaySweepGroup<Real> g;
      g.axis = a;
      for (int r = 0; r < rays_.count; ++r) {
        int best = -1;
        double best_ds = 0;
        for (int b = 0; b < 3; ++b) {
          const double m = rays_.mu[r][b] < 0 ? -double(rays_.mu[r][b]) : double(rays_.mu[r][b]);
          if (!grid_.active(b) || m == 0) continue;
          const double ds = grid_.d[b] / m;
          if (best < 0 || ds < best_ds) best = b, best_ds = ds;
        }
        if (best != a) continue;
        const int q = g.count++;
        g.ray[q] = r;
        g.ds[q] = Real(best_ds);
        for (int b = 0; b < 3; ++b) {
          g.sign[q][b] = rays_.mu[r][b] < 0 ? -1 : 1;
          const double m = rays_.mu[r][b] < 0 ? -double(rays_.mu[r][b]) : double(rays_.mu[r][b]);
          g.weight[q][b] = b == a || !grid_.active(b) ? Real(0) : Real(m * best_ds / grid_.d[b]);
        }
      }
      if (g.count > 0) groups_.push_back(g);
    }
  }

  void sweep(const RaySweepGroup<Real>& g) {
    const int a = g.axis, b = (a + 1) % 3, c = (a + 2) % 3;
    for (int step = 0; step < grid_.n[a]; ++step)
      for_each(Backend{}, make_range(0, grid_.n[b], 0, grid_.n[c], 0, g.count),
               SweepPlaneKernel<Real>{intensity_.data(), absorption_.data(), source_.data(), grid_,
                                      g, step, bodies_});
  }

  // The ghost layer next to every face, axis by axis (x, y, z): each plane spans the other
  // axes' ghost cells, so edges and corners come from the axes done before.
  void fill_ghost_layers() {
    for (int a = 0; a < 3; ++a) {
      if (!grid_.active(a)) continue;
      const int b = (a + 1) % 3, c = (a + 2) % 3;
      const Range3D plane = make_range(0, grid_.total[b], 0, grid_.total[c], 0, rays_.count);
      const int lo_ghost = grid_.margin[a] - 1, hi_ghost = grid_.margin[a] + grid_.n[a];
      const int lo_inner = grid_.margin[a], hi_inner = grid_.margin[a] + grid_.n[a] - 1;
      const int nb[2] = {comm_ ? comm_->neighbour(a, 0) : -1, comm_ ? comm_->neighbour(a, 1) : -1};
      const bool self = comm_ && comm_->dims()[a] == 1;
      for (int s = 0; s < 2; ++s)
        if (nb[s] < 0)
          for_each(Backend{}, plane,
                   FaceFillKernel<Real>{intensity_.data(), grid_, rays_, boundary_, a, s, bodies_});
      if (nb[0] < 0 && nb[1] < 0) continue;
      if (self) {  // periodic across one block: copy the opposite interior planes
        for_each(
            Backend{}, plane,
            PlaneCopyKernel<Real>{intensity_.data(), nullptr, grid_, a, hi_inner, lo_ghost, 0});
        for_each(
            Backend{}, plane,
            PlaneCopyKernel<Real>{intensity_.data(), nullptr, grid_, a, lo_inner, hi_ghost, 0});
        continue;
      }
      exchange_axis(a, plane, nb, lo_ghost, hi_ghost, lo_inner, hi_inner);
    }
  }

  // Halo messages of axis a: each side's boundary interior plane to that neighbour, its plane
  // into the ghost layer. Staged through host memory (MPI is handed host pointers only).
  void exchange_axis(int a, const Range3D& plane, const int nb[2], int lo_ghost, int hi_ghost,
                     int lo_inner, int hi_inner) {
    const long count = plane.size();
    for (int s = 0; s < 2; ++s) {
      if (send_[s].size() != count) {
        send_[s] = Array1D<Real, Backend>(count);
        recv_[s] = Array1D<Real, Backend>(count);
        send_host_[s] = Array1D<Real>(count);
        recv_host_[s] = Array1D<Real>(count);
      }
      if (nb[s] < 0) continue;
      for_each(Backend{}, plane,
               PlaneCopyKernel<Real>{intensity_.data(), send_[s].data(), grid_, a,
                                     s == 0 ? lo_inner : hi_inner, 0, 1});
      send_host_[s].copy_from(send_[s]);
    }
    const void* send[2] = {send_host_[0].data(), send_host_[1].data()};
    void* recv[2] = {recv_host_[0].data(), recv_host_[1].data()};
    const std::size_t bytes[2] = {nb[0] < 0 ? 0 : std::size_t(count) * sizeof(Real),
                                  nb[1] < 0 ? 0 : std::size_t(count) * sizeof(Real)};
    comm_->exchange(a, send, recv, bytes);
    for (int s = 0; s < 2; ++s) {
      if (nb[s] < 0) continue;
      recv_[s].copy_from(recv_host_[s]);
      for_each(Backend{}, plane,
               PlaneCopyKernel<Real>{intensity_.data(), recv_[s].data(), grid_, a, 0,
                                     s == 0 ? lo_ghost : hi_ghost, 2});
    }
  }

  Grid grid_;
  const Communicator* comm_;
  RayQuadrature<Real> rays_;
  long cells_;
  std::vector<RaySweepGroup<Real>> groups_;
  RadiationBoundary<Real> boundary_{};
  RadiationBodies<Real> bodies_{};
  Array1D<Real, Backend> intensity_, previous_, absorption_, source_, mean_, flux_, heating_;
  Array1D<Real, Backend> send_[2], recv_[2];
  Array1D<Real> send_host_[2], recv_host_[2];
};

}  // namespace mhd
}  // namespace alfven
