/// @file short_characteristics.hpp
/// @brief The grey, time-independent transfer equation dI/ds = chi (S - I) solved by short
/// characteristics (Kunasz & Auer 1988, JQSRT 39, 67; Mihalas, Auer & Mihalas 1978): along each
/// ray, every cell's intensity comes from the intensity, source function and absorption
/// coefficient at the point where the ray, traced back from the cell centre, crosses the
/// previous plane of cell centres of the ray's dominant axis, interpolated bilinearly there
/// (as MISO's RT does), and the integral of the segment with a source function linear in
/// optical depth:
///   I = I_u e^{-dtau} + (u0 - u1) S_u + u1 S_d,  u0 = 1 - e^{-dtau}, u1 = 1 - u0 / dtau,
///   dtau = (chi_u + chi_d) ds / 2 (trapezoidal optical depth of the segment of length ds).
/// The kernels here sweep one plane of cells for a group of rays, fill the ghost layer of a face
/// (incoming intensity, or a copy of a plane for periodic faces and halo messages), and reduce
/// the change of an iteration. Embedded bodies are opaque: every ray's intensity in a cell inside
/// one is the bodies' emission (RadiationBodies), so no ray passes through a body and what leaves
/// its surface is that emission. Layout: intensity of ray r at cell c (linear index with ghosts,
/// x fastest) at intensity[r * cells + c].
#pragma once

#include <climits>

#include "../grid.hpp"
#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"
#include "ray_quadrature.hpp"

namespace alfven {
namespace mhd {

/// The intensity at the downwind end of a segment of optical depth dtau with intensity i_u and
/// source function s_u at its upwind end and s_d at its downwind end (linear source). Series
/// below dtau = 1e-2 (float) or 1e-4 (double) keep u0 and u1 accurate where 1 - e^{-dtau}
/// cancels.
template <typename Real>
ALFVEN_HOST_DEVICE Real segment_intensity(Real i_u, Real s_u, Real s_d, Real dtau) {
  const Real small = sizeof(Real) == 4 ? Real(1e-2) : Real(1e-4);
  const Real ex = math::exp(-dtau);
  Real u0, u1;
  if (dtau < small) {
    u0 =
        dtau * (Real(1) - dtau / Real(2) * (Real(1) - dtau / Real(3) * (Real(1) - dtau / Real(4))));
    u1 = dtau / Real(2) *
         (Real(1) - dtau / Real(3) * (Real(1) - dtau / Real(4) * (Real(1) - dtau / Real(5))));
  } else {
    u0 = Real(1) - ex;
    u1 = Real(1) - u0 / dtau;
  }
  return i_u * ex + (u0 - u1) * s_u + u1 * s_d;
}

/// Rays swept along one axis (the axis whose planes a ray crosses first: the smallest
/// d_axis / |mu_axis| over the active axes), with what their sweeps need.
template <typename Real>
struct RaySweepGroup {
  int axis = 0;                   ///< the dominant axis A
  int count = 0;                  ///< rays in the group
  int ray[max_rays] = {};         ///< their indices in the quadrature
  int sign[max_rays][3] = {};     ///< direction of each ray along each axis: +1 or -1
  Real weight[max_rays][3] = {};  ///< transverse interpolation weight |mu_b| ds / d_b (0 on A
                                  ///< and on inactive axes)
  Real ds[max_rays] = {};         ///< path length between two planes of A: d_A / |mu_A|
};

/// Sets every value of an array to `value`; run over Range1D{0, size}.
template <typename Real>
struct ConstantFillKernel {
  Real* data;
  Real value;
  ALFVEN_HOST_DEVICE void operator()(long i) const { data[i] = value; }
};

/// Linear index of cell (i[0], i[1], i[2]) of `grid` (ghosts included).
ALFVEN_HOST_DEVICE inline long cell_index(const Grid& grid, const int i[3]) {
  return i[0] + long(grid.total[0]) * (i[1] + long(grid.total[1]) * i[2]);
}

/// The embedded bodies as the rays see them: opaque, every ray inside a body (a cell whose signed
/// distance is negative) has intensity `emission` (radiation.wall_emission; 0: black, cold bodies
/// that cast shadows). Trivially copyable; `solid` null: no bodies.
template <typename Real>
struct RadiationBodies {
  const Real* solid = nullptr;  ///< signed distance per cell (ghosts included), < 0 inside
  Real emission = 0;            ///< intensity of every ray inside a body
  /// True when cell c (linear index with ghosts) is inside a body.
  ALFVEN_HOST_DEVICE bool inside(long c) const { return solid && solid[c] < Real(0); }
};

/// One plane of a sweep: `step` planes after the first along each ray's direction, for every
/// ray of the group. Run over Range3D (0..n_B) x (0..n_C) x (0..group.count), B = (A + 1) % 3,
/// C = (A + 2) % 3, interior cells only. A cell inside a body takes the bodies' emission; the
/// cells next to it read that at their upwind points.
template <typename Real>
struct SweepPlaneKernel {
  Real* intensity;
  const Real* absorption;  ///< chi per cell (ghosts included), 1 / length
  const Real* source;      ///< S per cell (ghosts included)
  Grid grid;
  RaySweepGroup<Real> group;
  int step;
  RadiationBodies<Real> bodies = {};
  ALFVEN_HOST_DEVICE void operator()(int b, int c, int q) const {
    const int a = group.axis, ab = (a + 1) % 3, ac = (a + 2) % 3;
    int idx[3];
    idx[a] = group.sign[q][a] > 0 ? grid.margin[a] + step : grid.margin[a] + grid.n[a] - 1 - step;
    idx[ab] = grid.margin[ab] + b;
    idx[ac] = grid.margin[ac] + c;
    const long cells = grid.total_cells();
    const long cd = cell_index(grid, idx);
    const long up = cd - grid.stride(a) * group.sign[q][a];
    const long sb = grid.stride(ab) * group.sign[q][ab], sc = grid.stride(ac) * group.sign[q][ac];
    const Real wb = group.weight[q][ab], wc = group.weight[q][ac];
    const Real w00 = (Real(1) - wb) * (Real(1) - wc), w10 = wb * (Real(1) - wc),
               w01 = (Real(1) - wb) * wc, w11 = wb * wc;
    auto at = [&](const Real* f) {
      return w00 * f[up] + w10 * f[up - sb] + w01 * f[up - sc] + w11 * f[up - sb - sc];
    };
    Real* ray = intensity + long(group.ray[q]) * cells;
    if (bodies.inside(cd)) {
      ray[cd] = bodies.emission;
      return;
    }
    const Real i_u = at(ray), s_u = at(source), chi_u = at(absorption);
    const Real dtau = Real(0.5) * (chi_u + absorption[cd]) * group.ds[q];
    ray[cd] = segment_intensity(i_u, s_u, source[cd], dtau);
  }
};

/// Incoming intensity at the non-periodic faces of the domain: `uniform` everywhere, except
/// within `beam_radius` of `beam_centre` on face `beam_face` (0..5: x_lower, x_upper, y_lower,
/// ...; -1: no beam), where it is `beam_intensity` for every ray entering the domain (MISO's
/// searchlight). Distances are measured in the face's plane.
template <typename Real>
struct RadiationBoundary {
  Real uniform = 0;
  int beam_face = -1;
  Real beam_intensity = 0;
  Real beam_radius = 0;
  Real beam_centre[3] = {0, 0, 0};
};

/// Fills the ghost layer next to face (axis, side) of a block at a non-periodic domain face:
/// each ray entering the domain there takes the boundary's incoming intensity, the others 0; a
/// ghost cell inside a body takes the bodies' emission (nothing enters through a body). Run over
/// Range3D (0..total_B) x (0..total_C) x (0..rays.count) (the whole plane, the other axes' ghost
/// cells included).
template <typename Real>
struct FaceFillKernel {
  Real* intensity;
  Grid grid;
  RayQuadrature<Real> rays;
  RadiationBoundary<Real> boundary;
  int axis, side;
  RadiationBodies<Real> bodies = {};
  ALFVEN_HOST_DEVICE void operator()(int b, int c, int r) const {
    const int ab = (axis + 1) % 3, ac = (axis + 2) % 3;
    int idx[3];
    idx[axis] = side == 0 ? grid.margin[axis] - 1 : grid.margin[axis] + grid.n[axis];
    idx[ab] = b;
    idx[ac] = c;
    const bool entering = side == 0 ? rays.mu[r][axis] > Real(0) : rays.mu[r][axis] < Real(0);
    Real value = entering ? boundary.uniform : Real(0);
    if (entering && boundary.beam_face == 2 * axis + side) {
      const Real db = Real(grid.centre(ab, b)) - boundary.beam_centre[ab];
      const Real dc = Real(grid.centre(ac, c)) - boundary.beam_centre[ac];
      const Real d2 = (grid.active(ab) ? db * db : Real(0)) + (grid.active(ac) ? dc * dc : Real(0));
      if (d2 <= boundary.beam_radius * boundary.beam_radius) value = boundary.beam_intensity;
    }
    const long cell = cell_index(grid, idx);
    if (bodies.inside(cell)) value = bodies.emission;
    intensity[long(r) * grid.total_cells() + cell] = value;
  }
};

/// Copies one plane of cells of every ray (axis index `from` along `axis`, the whole plane) to
/// plane `to` of `dst`, or to/from a packed buffer (`packed`: rays x total_B x total_C, the
/// plane's b fastest): direction 0 plane -> plane, 1 plane -> buffer, 2 buffer -> plane.
/// Run over Range3D (0..total_B) x (0..total_C) x (0..rays).
template <typename Real>
struct PlaneCopyKernel {
  Real* intensity;
  Real* packed;
  Grid grid;
  int axis, from, to, direction;
  ALFVEN_HOST_DEVICE void operator()(int b, int c, int r) const {
    const int ab = (axis + 1) % 3, ac = (axis + 2) % 3;
    int i[3];
    i[ab] = b;
    i[ac] = c;
    const long base = long(r) * grid.total_cells();
    const long p = (long(r) * grid.total[ac] + c) * grid.total[ab] + b;
    i[axis] = from;
    const long src = base + cell_index(grid, i);
    i[axis] = to;
    const long dst = base + cell_index(grid, i);
    if (direction == 0)
      intensity[dst] = intensity[src];
    else if (direction == 1)
      packed[p] = intensity[src];
    else
      intensity[dst] = packed[p];
  }
};

/// The largest change of an iteration and the largest intensity, for the convergence test.
struct IntensityChange {
  double change = 0;
  double peak = 0;
};
/// Reduction operator of IntensityChange (maximum of each).
struct IntensityChangeMax {
  ALFVEN_HOST_DEVICE IntensityChange operator()(const IntensityChange& a,
                                                const IntensityChange& b) const {
    return {a.change > b.change ? a.change : b.change, a.peak > b.peak ? a.peak : b.peak};
  }
};
/// |I - I_previous| and |I| at one (cell, ray); run over Range3D (0..cells) x (0..rays) x 1.
template <typename Real>
struct IntensityChangeKernel {
  const Real* intensity;
  const Real* previous;
  long cells;
  ALFVEN_HOST_DEVICE IntensityChange operator()(int c, int r, int) const {
    const long n = long(r) * cells + c;
    return {double(math::abs(intensity[n] - previous[n])), double(math::abs(intensity[n]))};
  }
};

/// The moments of the intensity at every cell: mean intensity J = sum_r w_r I_r, flux
/// F = 4 pi sum_r w_r mu_r I_r, and the heating rate per volume 4 pi chi (J - S) (= -div F for
/// the converged solution; Mihalas 1978, eq. 2-73). Each a field of total cells; the heating
/// is 0 inside bodies (no gas there: HeatingKernel skips those cells). Run over grid.all().
template <typename Real>
struct RadiationMomentsKernel {
  const Real* intensity;
  const Real* absorption;
  const Real* source;
  Real* mean;
  Real* flux;  ///< 3 fields: x, y, z
  Real* heating;
  Grid grid;
  RayQuadrature<Real> rays;
  RadiationBodies<Real> bodies = {};
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const long cells = grid.total_cells();
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
    Real jm = 0, f[3] = {0, 0, 0};
    for (int r = 0; r < rays.count; ++r) {
      const Real wi = rays.weight[r] * intensity[long(r) * cells + c];
      jm += wi;
      for (int a = 0; a < 3; ++a) f[a] += wi * rays.mu[r][a];
    }
    const Real four_pi = Real(12.566370614359172954);
    mean[c] = jm;
    for (int a = 0; a < 3; ++a) flux[a * cells + c] = four_pi * f[a];
    heating[c] = bodies.inside(c) ? Real(0) : four_pi * absorption[c] * (jm - source[c]);
  }
};

/// The linear index of interior cell (i, j, k) of `grid` if its mean intensity, flux or heating
/// is not finite, else LONG_MAX: reduced with reduce_op::Min, the first such cell. Run over
/// grid.interior().
template <typename Real>
struct NonFiniteRadiationKernel {
  const Real* mean;
  const Real* flux;  ///< 3 fields: x, y, z
  const Real* heating;
  Grid grid;
  ALFVEN_HOST_DEVICE long operator()(int i, int j, int k) const {
    const long cells = grid.total_cells();
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
    const bool bad = math::not_finite(mean[c]) || math::not_finite(flux[c]) ||
                     math::not_finite(flux[cells + c]) || math::not_finite(flux[2 * cells + c]) ||
                     math::not_finite(heating[c]);
    return bad ? c : LONG_MAX;
  }
};

}  // namespace mhd
}  // namespace alfven
