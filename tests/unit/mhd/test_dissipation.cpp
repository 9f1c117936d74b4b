// The resistive and viscous flux divergence (dissipation.hpp) against exact derivatives. The
// compact face differences are exact for quadratic fields (and for a linear density or
// resistivity times them), so on a 3D grid the divergence equals the continuous expression to
// rounding, whichever axes the derivatives mix:
//   viscous:   div(rho v_b) = -d_a tau_ab,  tau_ab = rho nu (d_a v_b + d_b v_a - 2/3 delta_ab div
//   v) resistive: div(B_b) = d_a [eta (d_b B_a - d_a B_b)]
// and the diffusive time step.
#include <gtest/gtest.h>

#include <functional>

#include "alfven/mhd/dissipation.hpp"
#include "alfven/mhd/fields.hpp"
#include "alfven/mhd/source.hpp"

using namespace alfven;
using namespace alfven::mhd;

namespace {

using Field = std::function<double(double, double, double)>;

/// A 3D grid of 6^3 cells of size 0.1 with the primitive fields given as functions of position.
struct QuadraticFields {
  Grid grid;
  Fields<double, backend::Host> q;
  QuadraticFields(const Field& rho, const Field v[3], const Field b[3]) {
    const double lo[3] = {-0.3, -0.2, 0.1}, hi[3] = {0.3, 0.4, 0.7};
    grid = make_grid(6, 6, 6, lo, hi, 2);
    q = Fields<double, backend::Host>(grid);
    for (int k = 0; k < grid.total[2]; ++k)
      for (int j = 0; j < grid.total[1]; ++j)
        for (int i = 0; i < grid.total[0]; ++i) {
          const double x = grid.centre(0, i), y = grid.centre(1, j), z = grid.centre(2, k);
          q(i, j, k, density) = rho(x, y, z);
          for (int a = 0; a < 3; ++a) {
            q(i, j, k, velocity_x + a) = v[a](x, y, z);
            q(i, j, k, magnetic_field_x + a) = b[a](x, y, z);
          }
          q(i, j, k, internal_energy) = 1;
          q(i, j, k, psi) = 0;
        }
  }
  /// The divergence at cell (3, 4, 5) (interior), and its centre.
  template <typename Source = NoSource>
  std::vector<double> divergence(const DissipationCoefficients<double>& k, double centre[3],
                                 const Source& source = Source{}) const {
    const int i = 3, j = 4, kk = 5;
    centre[0] = grid.centre(0, i);
    centre[1] = grid.centre(1, j);
    centre[2] = grid.centre(2, kk);
    std::vector<double> div(num_conserved, 0.0);
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * kk);
    add_dissipative_divergence(CellAccess<const double>(q.const_view()), c, i, j, kk, grid, k,
                               source, div.data());
    return div;
  }
};

const Field zero = [](double, double, double) { return 0.0; };
const Field one = [](double, double, double) { return 1.0; };

DissipationCoefficients<double> viscous(double nu) {
  DissipationCoefficients<double> k;
  k.nu = nu;
  return k;
}
DissipationCoefficients<double> resistive(double eta) {
  DissipationCoefficients<double> k;
  k.eta = eta;
  return k;
}

/// eta(x) = eta0 + eta1 x, a source's resistivity.
struct LinearEta {
  static constexpr bool active = false;
  static constexpr bool varying_resistivity = true;
  double eta0, eta1;
  template <typename R>
  void operator()(const Primitive<R>&, const R*, R*, R&) const {}
  double resistivity(const double* x) const { return eta0 + eta1 * x[0]; }
};

}  // namespace

// v_x = y^2 (shear, div v = 0): d_a tau_ax = rho nu lap v_x = 2 rho nu.
TEST(Dissipation, ViscousDivergenceOfAParabolicShearIsNuLaplacian) {
  const Field v[3] = {[](double, double y, double) { return y * y; }, zero, zero};
  const Field b[3] = {zero, zero, zero};
  const QuadraticFields s([](double, double, double) { return 1.5; }, v, b);
  double x[3];
  const std::vector<double> div = s.divergence(viscous(0.2), x);
  EXPECT_NEAR(div[c_mom + 0], -2 * 1.5 * 0.2, 1e-12);
  EXPECT_NEAR(div[c_mom + 1], 0.0, 1e-12);
  EXPECT_NEAR(div[c_mom + 2], 0.0, 1e-12);
  EXPECT_NEAR(div[c_mass], 0.0, 0.0);
  for (int m = 0; m < 3; ++m) EXPECT_EQ(div[c_mag + m], 0.0);
}

// v_x = x y: div v = y, tau_xx = 4/3 nu y, tau_xy = nu x, tau_yy = tau_zz = -2/3 nu y:
// d_a tau_ax = 0, d_a tau_ay = nu - 2/3 nu = nu / 3. Mixes the x and y faces' transverse
// derivatives (d_y v_x on x faces, d_x v_x in div v on y faces).
TEST(Dissipation, ViscousDivergenceMixesAxesAsTheNewtonianStress) {
  const Field v[3] = {[](double x, double y, double) { return x * y; }, zero, zero};
  const Field b[3] = {zero, zero, zero};
  const QuadraticFields s(one, v, b);
  double c[3];
  const std::vector<double> div = s.divergence(viscous(0.3), c);
  EXPECT_NEAR(div[c_mom + 0], 0.0, 1e-12);
  EXPECT_NEAR(div[c_mom + 1], -0.3 / 3, 1e-12);
  EXPECT_NEAR(div[c_mom + 2], 0.0, 1e-12);
}

// A linear density: v_z = x^2 with rho = 1 + x: d_a tau_az = d_x (rho nu 2x) = nu (2 rho + 2x).
TEST(Dissipation, ViscousStressUsesTheDensityAtTheFace) {
  const Field v[3] = {zero, zero, [](double x, double, double) { return x * x; }};
  const Field b[3] = {zero, zero, zero};
  const QuadraticFields s([](double x, double, double) { return 1 + x; }, v, b);
  double c[3];
  const std::vector<double> div = s.divergence(viscous(0.1), c);
  EXPECT_NEAR(div[c_mom + 2], -0.1 * (2 * (1 + c[0]) + 2 * c[0]), 1e-12);
}

// B_y = x^2 (div B = 0): dB_y/dt = eta lap B_y = 2 eta; B_x = x y (div B = y):
// dB_b/dt = -d_a F_a(B_b) with the flux giving eta (lap B_b - d_b div B): 0 for b = x and -eta for
// b = y.
TEST(Dissipation, ResistiveDivergenceIsMinusCurlEtaCurlB) {
  {
    const Field v[3] = {zero, zero, zero};
    const Field b[3] = {zero, [](double x, double, double) { return x * x; }, zero};
    const QuadraticFields s(one, v, b);
    double c[3];
    const std::vector<double> div = s.divergence(resistive(0.05), c);
    EXPECT_NEAR(div[c_mag + 1], -2 * 0.05, 1e-12);
    EXPECT_NEAR(div[c_mag + 0], 0.0, 1e-12);
    for (int m = 0; m < 3; ++m) EXPECT_EQ(div[c_mom + m], 0.0);
  }
  {
    const Field v[3] = {zero, zero, zero};
    const Field b[3] = {[](double x, double y, double) { return x * y; }, zero, zero};
    const QuadraticFields s(one, v, b);
    double c[3];
    const std::vector<double> div = s.divergence(resistive(0.05), c);
    EXPECT_NEAR(div[c_mag + 0], 0.0, 1e-12);
    EXPECT_NEAR(div[c_mag + 1], 0.05, 1e-12);
    EXPECT_NEAR(div[c_mag + 2], 0.0, 1e-12);
  }
}

// A source's eta(x) = eta0 + eta1 x is evaluated on the faces: B_y = x^2 gives
// -d_x F_x(B_y) = d_x (eta 2x) = 2 eta + 2 x eta1.
TEST(Dissipation, VaryingResistivityComesFromTheSourceOnTheFaces) {
  const Field v[3] = {zero, zero, zero};
  const Field b[3] = {zero, [](double x, double, double) { return x * x; }, zero};
  const QuadraticFields s(one, v, b);
  double c[3];
  const LinearEta eta{0.02, 0.5};
  const std::vector<double> div = s.divergence(DissipationCoefficients<double>{}, c, eta);
  EXPECT_NEAR(div[c_mag + 1], -(2 * (0.02 + 0.5 * c[0]) + 2 * c[0] * 0.5), 1e-12);
}

// Resistive energy flux: the Poynting flux sum_b B_b F_a(B_b) / 4 pi. For B = (0, x, 0) (J = z^,
// |J| = 1): F_x(B_y) = -eta, F_x(E) = -eta x / 4 pi, so the total energy changes at
// -div F(E) = eta / 4 pi while the field does not change: the Joule heat eta |J|^2 / 4 pi brought
// in by the Poynting flux.
TEST(Dissipation, ResistiveEnergyFluxIsThePoyntingFlux) {
  const Field v[3] = {zero, zero, zero};
  const Field b[3] = {zero, [](double x, double, double) { return x; }, zero};
  const QuadraticFields s(one, v, b);
  double c[3];
  const std::vector<double> div = s.divergence(resistive(0.3), c);
  EXPECT_NEAR(div[c_energy], -0.3 / (4 * M_PI), 1e-12);
  EXPECT_NEAR(div[c_mag + 1], 0.0, 1e-12);  // lap B_y = 0
}

// dt = cfl / (2 D sum 1/dx^2); viscosity with D = 4 nu / 3; the smaller limit wins.
TEST(Dissipation, TimeStepIsTheDiffusiveLimit) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(10, 10, 1, lo, hi, 2);  // 2D: sum 1/dx^2 = 200
  const double x[3] = {0.5, 0.5, 0.5};
  DissipationCoefficients<double> k;
  EXPECT_EQ(dissipative_time_step(k, NoSource{}, g, x), 1e30);
  k.eta = 0.1;
  k.eta_cfl = 0.5;
  EXPECT_DOUBLE_EQ(dissipative_time_step(k, NoSource{}, g, x), 0.5 / (2 * 0.1 * 200));
  k.nu = 0.2;
  k.nu_cfl = 0.4;
  EXPECT_DOUBLE_EQ(dissipative_time_step(k, NoSource{}, g, x), 0.4 / (2 * (4.0 / 3.0 * 0.2) * 200));
}
