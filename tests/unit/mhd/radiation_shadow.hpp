/// @file radiation_shadow.hpp
/// @brief Shared by the host and device tests of radiative transfer with embedded bodies
/// (radiation/radiative_transfer.hpp, RadiationBodies): an opaque sphere in a beam, on one
/// backend, against the exact answers of geometric optics.
///  - beam_shadow: one ray along +z (no transverse interpolation, so no numerical spread), a
///    beam through z_lower in an absorber (chi = 0.5, S = 0) and a sphere in it. Behind the
///    sphere, where its cross-section covers the column by more than 1.5 cells, J is exactly 0;
///    beside it, a cell or more away from its outline, J is that of the same solve without the
///    body (bit for bit: the same operations on the same values); inside it J is the bodies'
///    emission.
///  - ray_shadows: 24 rays in 2D, vacuum (chi = S = 0), I = 1 entering every face, a disc in the
///    middle. Without the disc every ray is 1 everywhere; with it, ray r at a cell whose line
///    traced back along -mu_r crosses the disc is dark, the others lit. The sweeps' bilinear
///    interpolation spreads the outline of a shadow as it goes (about sqrt(planes) x 0.5 cells
///    for the rays swept across it), so the cells checked are those 2 cells or more inside or
///    outside a shadow's outline and within 4 planes of the disc; the worst dark and lit
///    intensities are returned. (Measured at 2 cells: dark at most 0.021 and lit at least 0.992
///    within 4 planes, 0.070 and 0.951 within 8, 0.124 and 0.856 within 16.)
#pragma once

#include <algorithm>
#include <cmath>

#include "alfven/core/core.hpp"
#include "alfven/mhd/radiation/radiative_transfer.hpp"

namespace alfven::test {

/// What beam_shadow measured: the largest J in the shadow and inside the body, the largest
/// |J - J without the body| beside it (relative), and how many cells each covered.
struct BeamShadow {
  double shadow_max = 0, inside_max = 0, inside_min = 1e300, beside_error = 0, beside_min = 1e300;
  long shadow_cells = 0, inside_cells = 0, beside_cells = 0;
};

/// The mean intensity of one solve on Backend, copied to the host. `solid`: signed distance at
/// every cell (ghosts included), or empty for no bodies.
template <typename Real, typename Backend>
Array1D<Real> solve_with_bodies(const mhd::Grid& g, int rays, const mhd::Communicator& comm,
                                const mhd::RadiationBoundary<Real>& boundary, Real chi, Real s,
                                const Array1D<Real>& solid, Real emission) {
  using namespace alfven::mhd;
  RadiativeTransfer<Real, Backend> rt(g, rays, &comm);
  Array1D<Real> medium(g.total_cells());
  for (long c = 0; c < medium.size(); ++c) medium.data()[c] = chi;
  rt.absorption().copy_from(medium);
  for (long c = 0; c < medium.size(); ++c) medium.data()[c] = s;
  rt.source().copy_from(medium);
  rt.set_boundary(boundary);
  Array1D<Real, Backend> distance(std::max<long>(solid.size(), 1));
  if (solid.size() > 0) {
    distance.copy_from(solid);
    rt.set_bodies(RadiationBodies<Real>{distance.data(), emission});
  }
  rt.solve(0, 10);
  Array1D<Real> j(g.total_cells());
  j.copy_from(rt.mean_intensity());
  return j;
}

/// The signed distance of a sphere (centre c, radius r) at every cell of `g`, ghosts included.
template <typename Real>
Array1D<Real> sphere_distance(const mhd::Grid& g, const double c[3], double r) {
  Array1D<Real> d(g.total_cells());
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i) {
        const double x = g.centre(0, i) - c[0], y = g.centre(1, j) - c[1],
                     z = g.active(2) ? g.centre(2, k) - c[2] : 0.0;
        d.data()[i + long(g.total[0]) * (j + long(g.total[1]) * k)] =
            Real(std::sqrt(x * x + y * y + z * z) - r);
      }
  return d;
}

/// The beam-and-sphere case above on Backend; `emission`: the bodies' intensity.
template <typename Real, typename Backend>
BeamShadow beam_shadow(Real emission) {
  using namespace alfven::mhd;
  const double lo[3] = {-0.5, -0.5, -1.0}, hi[3] = {0.5, 0.5, 1.0};
  const Grid g = make_grid(16, 16, 32, lo, hi, 2);  // cells of 1/16 on every axis
  const bool periodic[3] = {false, false, false};
  const SerialCommunicator comm(periodic);
  RadiationBoundary<Real> b;
  b.beam_face = 4;  // z_lower
  b.beam_intensity = 1;
  b.beam_radius = Real(0.45);
  b.beam_centre[2] = Real(-1);
  const double centre[3] = {0, 0, -0.4}, radius = 0.25, h = g.d[0];
  const Array1D<Real> solid = sphere_distance<Real>(g, centre, radius);
  const Array1D<Real> open =
      solve_with_bodies<Real, Backend>(g, 1, comm, b, Real(0.5), Real(0), Array1D<Real>(), 0);
  const Array1D<Real> shaded =
      solve_with_bodies<Real, Backend>(g, 1, comm, b, Real(0.5), Real(0), solid, emission);
  BeamShadow m;
  for (int k = g.margin[2]; k < g.margin[2] + g.n[2]; ++k)
    for (int j = g.margin[1]; j < g.margin[1] + g.n[1]; ++j)
      for (int i = g.margin[0]; i < g.margin[0] + g.n[0]; ++i) {
        const long c = i + long(g.total[0]) * (j + long(g.total[1]) * k);
        const double x = g.centre(0, i), y = g.centre(1, j), z = g.centre(2, k);
        const double axis = std::sqrt(x * x + y * y), got = double(shaded.data()[c]);
        if (solid.data()[c] < 0) {
          m.inside_max = std::max(m.inside_max, got);
          m.inside_min = std::min(m.inside_min, got);
          ++m.inside_cells;
        } else if (axis <= radius - 1.5 * h && z >= centre[2] + radius + h) {
          m.shadow_max = std::max(m.shadow_max, std::abs(got));
          ++m.shadow_cells;
        } else if (axis >= radius + h && axis <= 0.45 - h) {
          const double ref = double(open.data()[c]);
          m.beside_error = std::max(m.beside_error, std::abs(got - ref) / ref);
          m.beside_min = std::min(m.beside_min, got);
          ++m.beside_cells;
        }
      }
  return m;
}

/// What ray_shadows measured: the largest intensity of a dark (ray, cell) and the smallest of a
/// lit one, and how many of each were checked.
struct RayShadows {
  double dark_max = 0, lit_min = 1e300;
  long dark = 0, lit = 0;
};

/// The 24-ray disc case above on Backend.
template <typename Real, typename Backend>
RayShadows ray_shadows() {
  using namespace alfven::mhd;
  const double lo[3] = {-0.5, -0.5, -0.5}, hi[3] = {0.5, 0.5, 0.5};
  const Grid g = make_grid(48, 48, 1, lo, hi, 2);
  const bool periodic[3] = {false, false, false};
  const SerialCommunicator comm(periodic);
  const double centre[3] = {0, 0, 0}, radius = 0.15, h = g.d[0];
  const Array1D<Real> solid = sphere_distance<Real>(g, centre, radius);
  RadiativeTransfer<Real, Backend> rt(g, 24, &comm);
  Array1D<Real> zero(g.total_cells());
  for (long c = 0; c < zero.size(); ++c) zero.data()[c] = 0;
  rt.absorption().copy_from(zero);
  rt.source().copy_from(zero);
  RadiationBoundary<Real> b;
  b.uniform = 1;
  rt.set_boundary(b);
  Array1D<Real, Backend> distance(solid.size());
  distance.copy_from(solid);
  rt.set_bodies(RadiationBodies<Real>{distance.data(), Real(0)});
  rt.solve(0, 10);
  Array1D<Real> intensity(rt.intensity().size());
  intensity.copy_from(rt.intensity());
  RayShadows m;
  for (int r = 0; r < rt.rays().count; ++r) {
    // The ray's direction in the plane, and its spacing of planes along the dominant axis.
    const double mx = rt.rays().mu[r][0], my = rt.rays().mu[r][1], n = std::hypot(mx, my);
    const double ux = mx / n, uy = my / n;
    const double plane = h / std::max(std::abs(ux), std::abs(uy));  // path between planes
    for (int j = 2; j < 2 + g.n[1]; ++j)
      for (int i = 2; i < 2 + g.n[0]; ++i) {
        const long c = i + long(g.total[0]) * j;
        if (solid.data()[c] < 0) continue;
        // Back along -u: the centre's distance ahead on that line and off it.
        const double dx = centre[0] - g.centre(0, i), dy = centre[1] - g.centre(1, j);
        const double ahead = -(dx * ux + dy * uy), off = std::abs(dx * uy - dy * ux);
        if (ahead <= 0) continue;  // the disc lies downstream: nothing of it shades the cell
        const double to_disc = ahead - std::sqrt(std::max(0.0, radius * radius - off * off));
        if (to_disc > 4 * plane) continue;  // farther, the outline has spread more
        const double got = double(intensity.data()[long(r) * g.total_cells() + c]);
        if (off <= radius - 2 * h) {
          m.dark_max = std::max(m.dark_max, got);
          ++m.dark;
        } else if (off >= radius + 2 * h) {
          m.lit_min = std::min(m.lit_min, got);
          ++m.lit;
        }
      }
  }
  return m;
}

}  // namespace alfven::test
