// The short-characteristics transfer solver (radiation/radiative_transfer.hpp) against exact
// solutions of dI/ds = chi (S - I) with uniform chi and S: I = S + (I_in - S) exp(-chi s) along
// every ray from where it entered. With uniform chi and S the linear-source segment integral is
// exact, and where the intensity does not vary across the planes of a sweep the bilinear
// interpolation at the upwind point is exact too; so a slab lit uniformly, the inside of a
// searchlight beam away from its edges, and a uniform medium in a periodic box are reproduced to
// rounding, ray by ray. Also: Carlson's A4 set, the mean intensity of a uniform medium, float
// against double, the shadows of an opaque body (radiation_shadow.hpp), and a result that
// overflows is reported with its cell.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "alfven/mhd/radiation/radiative_transfer.hpp"
#include "radiation_shadow.hpp"

namespace {

using namespace alfven;
using namespace alfven::mhd;

Grid grid_of(int nx, int ny, int nz, double lo, double hi) {
  const double l[3] = {lo, lo, lo}, h[3] = {hi, hi, hi};
  return make_grid(nx, ny, nz, l, h, 2);
}

template <typename Real>
void set_uniform(RadiativeTransfer<Real, backend::Host>& rt, Real chi, Real s) {
  for (long c = 0; c < rt.absorption().size(); ++c) {
    rt.absorption().data()[c] = chi;
    rt.source().data()[c] = s;
  }
}

template <typename Real>
Real intensity_at(const RadiativeTransfer<Real, backend::Host>& rt, int r, int i, int j, int k) {
  const Grid& g = rt.grid();
  const int idx[3] = {i + g.margin[0], j + g.margin[1], k + g.margin[2]};
  return rt.intensity().data()[long(r) * g.total_cells() + cell_index(g, idx)];
}

TEST(RayQuadrature, CarlsonA4IsLevelSymmetricWithUnitDirectionsAndEqualWeights) {
  const RayQuadrature<double> q = make_ray_quadrature<double>(24);
  ASSERT_EQ(q.count, 24);
  double sum_w = 0, first[3] = {0, 0, 0}, second[3] = {0, 0, 0};
  for (int r = 0; r < 24; ++r) {
    const double* m = q.mu[r];
    EXPECT_NEAR(m[0] * m[0] + m[1] * m[1] + m[2] * m[2], 1.0, 1e-15);
    sum_w += q.weight[r];
    for (int a = 0; a < 3; ++a) {
      first[a] += q.weight[r] * m[a];
      second[a] += q.weight[r] * m[a] * m[a];
    }
  }
  EXPECT_NEAR(sum_w, 1.0, 1e-15);
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(first[a], 0.0, 1e-15);         // no net direction
    EXPECT_NEAR(second[a], 1.0 / 3.0, 1e-15);  // the Eddington factor of isotropic radiation
  }
  EXPECT_THROW(make_ray_quadrature<double>(8), Error);
}

// A 2D slab lit from both x faces with I_in = 1, chi = 2, S = 1/4, periodic in y: every ray,
// cell by cell, is S + (1 - S) exp(-chi s), s the path from the ghost cell centre it entered at.
TEST(RadiativeTransfer, LitSlabIsExactRayByRay) {
  const Grid g = grid_of(32, 8, 1, 0.0, 1.0);
  const bool periodic[3] = {false, true, true};
  const SerialCommunicator comm(periodic);
  RadiativeTransfer<double, backend::Host> rt(g, 24, &comm);
  set_uniform(rt, 2.0, 0.25);
  RadiationBoundary<double> b;
  b.uniform = 1;
  rt.set_boundary(b);
  const RadiationSolveReport report = rt.solve(0, 20);
  EXPECT_TRUE(report.converged);  // tolerance 0: until an iteration changes nothing
  double worst = 0;
  for (int r = 0; r < 24; ++r) {
    const double mx = rt.rays().mu[r][0];
    for (int i = 0; i < 32; ++i) {
      const double x = g.centre(0, i + 2);
      const double s = mx > 0 ? (x - (0.0 - 0.5 * g.d[0])) / mx : ((1.0 + 0.5 * g.d[0]) - x) / -mx;
      const double exact = 0.25 + 0.75 * std::exp(-2.0 * s);
      for (int j = 0; j < 8; ++j)
        worst = std::max(worst, std::abs(intensity_at(rt, r, i, j, 0) - exact) / exact);
    }
  }
  EXPECT_LT(worst, 1e-13);
}

// MISO's searchlight (rt2d_searchlight: a box [-0.5, 0.5]^2 periodic in y, a beam of I = 1 and
// radius 0.2 entering through x_lower, chi = 1), here with S = 0, so that along each ray's axis
// from the beam's centre I = exp(-chi s).
//  - Rays swept along x (|mu_x| >= |mu_y| on this square grid) interpolate their upwind values
//    across y, where the beam is flat: inside it, away from its edges by more than the sweep's
//    numerical spread (about sqrt(steps) cells), the result is exact to rounding, and outside its
//    reach it is exactly 0.
//  - Rays swept along y interpolate across x, where I falls exponentially: the bilinear upwind
//    interpolation errs by O(dx^2) per plane. Measured on the axis within s <= 0.25 of the face
//    (further on, the beam's edges diffused across x reach the axis): at most 0.57 % at 64^2
//    and 0.09 % at 128^2; the test asserts under 1 % and a fall by more than 3 with dx halved.
double searchlight_axis_error(int n, bool check_exact) {
  const Grid g = grid_of(n, n, 1, -0.5, 0.5);
  const bool periodic[3] = {false, true, true};
  const SerialCommunicator comm(periodic);
  RadiativeTransfer<double, backend::Host> rt(g, 24, &comm);
  set_uniform(rt, 1.0, 0.0);
  RadiationBoundary<double> b;
  b.beam_face = 0;
  b.beam_intensity = 1;
  b.beam_radius = 0.2;
  rt.set_boundary(b);
  const RadiationSolveReport report = rt.solve(1e-12, 100);
  EXPECT_TRUE(report.converged);
  int exact_checked = 0;
  double worst_swept_along_y = 0;
  for (int r = 0; r < 24; ++r) {
    const double mx = rt.rays().mu[r][0], my = rt.rays().mu[r][1];
    if (mx <= 0) continue;
    const bool along_x = std::abs(mx) >= std::abs(my);
    for (int i = 0; i < n / 2; ++i) {
      const double x = g.centre(0, i + 2), s = (x - (-0.5 - 0.5 * g.d[0])) / mx;
      // The ray from the beam's centre, wrapped into the periodic box.
      const double y_axis = s * my - std::floor(s * my + 0.5);
      const int j = std::min(n - 1, int(std::floor((y_axis + 0.5) / g.d[1])));
      const double spread = 5 * std::sqrt(double(i + 1)) * g.d[1];
      if (std::abs(g.centre(1, j + 2) - y_axis) + spread + g.d[1] > 0.2) continue;
      const double got = intensity_at(rt, r, i, j, 0), exact = std::exp(-s);
      if (along_x) {
        if (check_exact) {
          EXPECT_NEAR(got, exact, 1e-13) << "ray " << r << " x " << x;
        }
        ++exact_checked;
      } else {
        if (s <= 0.25)
          worst_swept_along_y = std::max(worst_swept_along_y, std::abs(got / exact - 1));
      }
    }
    if (along_x && check_exact) {  // entering at y = 0.45, far from the beam: nothing arrives
      EXPECT_EQ(intensity_at(rt, r, 0, int((0.45 + 0.5) / g.d[1]), 0), 0.0) << "ray " << r;
    }
  }
  if (check_exact) {
    EXPECT_GT(exact_checked, 30);
  }
  return worst_swept_along_y;
}

TEST(RadiativeTransfer, SearchlightBeamFallsAsExpOfTheOpticalDepthAlongItsAxis) {
  const double coarse = searchlight_axis_error(64, true);
  const double fine = searchlight_axis_error(128, false);
  std::printf("searchlight, rays swept along y: axis error %.3g at 64^2, %.3g at 128^2\n", coarse,
              fine);
  EXPECT_GT(coarse, 0);
  EXPECT_LT(coarse, 0.01);
  EXPECT_LT(fine, coarse / 3);
}

// A uniform medium in a periodic box: the only solution is I = S for every ray (reached by
// iterating across the periodic faces), so J = S and the heating 4 pi chi (J - S) vanishes; with
// vacuum faces and chi = 40 the centre is optically deep (tau > 22 along every ray to a face):
// J = S there to exp(-22).
TEST(RadiativeTransfer, UniformMediumHasMeanIntensityEqualToTheSource) {
  const Grid g = grid_of(12, 12, 12, 0.0, 1.0);
  const bool periodic[3] = {true, true, true};
  const SerialCommunicator comm(periodic);
  RadiativeTransfer<double, backend::Host> rt(g, 24, &comm);
  set_uniform(rt, 5.0, 0.7);
  const RadiationSolveReport report = rt.solve(1e-14, 100);
  EXPECT_TRUE(report.converged) << report.change;
  for (int k = 0; k < 12; ++k)
    for (int j = 0; j < 12; ++j)
      for (int i = 0; i < 12; ++i) {
        const int idx[3] = {i + 2, j + 2, k + 2};
        const long c = cell_index(g, idx);
        EXPECT_NEAR(rt.mean_intensity().data()[c], 0.7, 1e-13);
        EXPECT_NEAR(rt.heating().data()[c], 0.0, 1e-11);
        for (int a = 0; a < 3; ++a)
          EXPECT_NEAR(rt.flux().data()[a * g.total_cells() + c], 0, 1e-12);
      }
  const bool closed[3] = {false, false, false};
  const SerialCommunicator vacuum(closed);
  const Grid h = grid_of(24, 24, 24, 0.0, 1.0);
  RadiativeTransfer<double, backend::Host> deep(h, 24, &vacuum);
  set_uniform(deep, 40.0, 0.7);
  EXPECT_EQ(deep.solve(1e-14, 100).iterations, 1);  // no neighbours: one sweep
  const int mid[3] = {14, 14, 14};
  EXPECT_NEAR(deep.mean_intensity().data()[cell_index(h, mid)], 0.7, 0.7 * 1e-8);
  const int corner[3] = {2, 2, 2};  // next to three vacuum faces: darker
  EXPECT_LT(deep.mean_intensity().data()[cell_index(h, corner)], 0.7 * 0.9);
}

// The same searchlight in float and in double: the sweeps are the same operations, so the two
// differ by float's rounding carried through 64 planes (about 64 x 6e-8 relative).
TEST(RadiativeTransfer, FloatAgreesWithDouble) {
  const Grid g = grid_of(64, 64, 1, -0.5, 0.5);
  const bool periodic[3] = {false, true, true};
  const SerialCommunicator comm(periodic);
  RadiativeTransfer<double, backend::Host> d(g, 24, &comm);
  RadiativeTransfer<float, backend::Host> f(g, 24, &comm);
  set_uniform(d, 1.0, 0.5);
  set_uniform(f, 1.0f, 0.5f);
  RadiationBoundary<double> bd;
  bd.beam_face = 0;
  bd.beam_intensity = 1;
  bd.beam_radius = 0.2;
  RadiationBoundary<float> bf;
  bf.beam_face = 0;
  bf.beam_intensity = 1;
  bf.beam_radius = 0.2f;
  d.set_boundary(bd);
  f.set_boundary(bf);
  d.solve(1e-12, 50);
  f.solve(1e-6, 50);
  double worst = 0;
  for (long c = 0; c < g.total_cells(); ++c)
    worst = std::max(worst,
                     std::abs(double(f.mean_intensity().data()[c]) - d.mean_intensity().data()[c]));
  EXPECT_LT(worst, 1e-5);
}

// A beam on an opaque sphere (radiation_shadow.hpp): J = 0 in the geometric shadow behind it,
// the value without the sphere beside it, the bodies' emission inside it; in double and float.
TEST(RadiativeTransfer, BeamOnASphereCastsAShadow) {
  const test::BeamShadow d = test::beam_shadow<double, backend::Host>(0.0);
  EXPECT_GT(d.shadow_cells, 100);
  EXPECT_GT(d.beside_cells, 1000);
  EXPECT_GT(d.inside_cells, 100);
  EXPECT_EQ(d.shadow_max, 0.0);
  EXPECT_EQ(d.beside_error, 0.0);  // the same operations on the same values
  EXPECT_GT(d.beside_min, 0.3);    // lit: exp(-0.5 z) of the beam
  EXPECT_EQ(d.inside_max, 0.0);
  const test::BeamShadow f = test::beam_shadow<float, backend::Host>(0.25f);
  EXPECT_LT(f.shadow_max, 0.25);  // what leaves the sphere's back, attenuated; not the beam
  EXPECT_GT(f.shadow_max, 0.2);
  EXPECT_EQ(f.beside_error, 0.0);
  EXPECT_EQ(f.inside_min, 0.25);
  EXPECT_EQ(f.inside_max, 0.25);
}

// 24 rays, a disc in vacuum lit from every side (radiation_shadow.hpp): every ray whose line
// back from a cell crosses the disc is dark there, every other lit, beyond a penumbra of 2 cells
// (within 4 planes of the disc: the sweeps spread the outline farther on).
TEST(RadiativeTransfer, NoRayPassesThroughABody) {
  const test::RayShadows m = test::ray_shadows<double, backend::Host>();
  std::printf("disc: darkest lit ray %.3g, brightest dark ray %.3g (%ld, %ld checked)\n", m.lit_min,
              m.dark_max, m.lit, m.dark);
  EXPECT_GT(m.dark, 500);
  EXPECT_GT(m.lit, 1000);
  EXPECT_LT(m.dark_max, 0.03);
  EXPECT_GT(m.lit_min, 0.98);
}

// S = 1e308 in double (chi = 1, vacuum around): next to the faces J is well below S, so the
// heating 4 pi chi (J - S) overflows there; the solve names the first such interior cell (the
// corner, first in the cells' order) instead of returning Inf silently.
TEST(RadiativeTransfer, ANonFiniteResultIsReportedWithItsCell) {
  const Grid g = grid_of(8, 8, 1, 0.0, 1.0);
  const bool periodic[3] = {false, false, false};
  const SerialCommunicator comm(periodic);
  RadiativeTransfer<double, backend::Host> rt(g, 24, &comm);
  set_uniform(rt, 1.0, 1e308);
  const RadiationSolveReport bad = rt.solve(0, 10);
  const int first[3] = {2, 2, 0};
  EXPECT_EQ(bad.nonfinite_cell, cell_index(g, first));
  EXPECT_TRUE(std::isinf(rt.heating().data()[bad.nonfinite_cell]));
  set_uniform(rt, 1.0, 1e300);
  EXPECT_EQ(rt.solve(0, 10).nonfinite_cell, -1);
}

}  // namespace
