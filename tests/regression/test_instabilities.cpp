// Kelvin-Helmholtz and Rayleigh-Taylor (MISO's hd2d demos):
//   - the early growth rate of a single Kelvin-Helmholtz mode against linear theory (a
//     compressible shear layer between walls), for a resolved layer and for MISO's sharp one;
//   - the random perturbation does not depend on where a cell is computed (1 and 4 ranks give the
//     same run bit for bit: tests/mpi, kh_*);
//   - Rayleigh-Taylor without perturbation stays in hydrostatic equilibrium to rounding, in 2D
//     and 3D.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdio>

#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"

using namespace alfven;
using namespace alfven::mhd;

namespace {

RunConfig config_of(const std::string& problem, const std::vector<std::string>& overrides) {
  RunOptions o;
  o.config = problem;
  o.overrides = overrides;
  return resolve_config(o);
}

/// Growth rate of the Kelvin-Helmholtz instability of a vortex sheet between two compressible
/// layers (density rho_j, velocity U_j, sound speed c_j, depth h to a wall), for wavenumber k:
/// Im(omega) of the root of
///   sum_j rho_j (omega - k U_j)^2 / (kappa_j tanh(kappa_j h)) = 0,
///   kappa_j^2 = k^2 - (omega - k U_j)^2 / c_j^2,  Re kappa_j > 0,
/// (pressure continuity at the displaced sheet for perturbations ~ cosh(kappa_j (h - |y|));
/// Landau & Lifshitz, Fluid Mechanics, section 84, problem 1, with walls; Miles 1958, J. Fluid
/// Mech. 4, 538). Newton's method from the incompressible root, which it reduces to for c -> oo.
double vortex_sheet_growth_rate(double k, const double rho[2], const double u[2], const double c[2],
                                double h) {
  using C = std::complex<double>;
  auto f = [&](C w) {
    C sum = 0;
    for (int j = 0; j < 2; ++j) {
      const C dw = w - k * u[j];
      C kappa = std::sqrt(k * k - dw * dw / (c[j] * c[j]));
      if (kappa.real() < 0) kappa = -kappa;
      sum += rho[j] * dw * dw / (kappa * std::tanh(kappa * h));
    }
    return sum;
  };
  const double mean = (rho[0] * u[0] + rho[1] * u[1]) / (rho[0] + rho[1]);
  C w(k * mean, k * std::sqrt(rho[0] * rho[1]) * std::fabs(u[0] - u[1]) / (rho[0] + rho[1]));
  for (int it = 0; it < 60; ++it) {
    const C d = 1e-7 * std::abs(w);
    const C step = f(w) / ((f(w + d) - f(w - d)) / (2.0 * d));
    w -= step;
    if (std::abs(step) < 1e-14 * std::abs(w)) break;
  }
  return w.imag();
}

/// The set-up's shear layer: U = v tanh(y / a), rho = rho_lower + (rho_upper - rho_lower)
/// (1 + tanh(y / a)) / 2, uniform p (kelvin_helmholtz.cpp with thickness a), walls at +-h.
struct ShearLayer {
  double rho_upper = 1, rho_lower = 2, v = 0.5, p = 2.5, gamma = 1.4, a = 0.05, h = 0.5;
};

/// Linear growth rate Im(omega) of the Kelvin-Helmholtz mode of wavenumber k of a compressible
/// shear layer between walls. Perturbations p' = P(y) exp(i (k x - omega t)) obey (Blumen 1970,
/// J. Fluid Mech. 40, 769, with the density varying; derived from the linearised Euler equations)
///   P'' = -(2 k U' / W - rho' / rho) P' + (k^2 - W^2 / c^2) P,   W = omega - k U, c^2 = gamma p /
///   rho,
/// with P' = 0 at the walls (no normal velocity). P is integrated (RK4, 2000 steps) from each wall
/// to y = 0 and omega is the root of the mismatch of P'/P there, found by Newton's method from the
/// vortex sheet's root (the incompressible one for a -> 0).
double shear_layer_growth_rate(const ShearLayer& L, double k) {
  using C = std::complex<double>;
  auto derivative = [&](double y, C P, C dP, C w, C& dP_out, C& d2P_out) {
    const double t = std::tanh(y / L.a), sech2 = 1 - t * t;
    const double s = 0.5 * (1 + t), ds = 0.5 * sech2 / L.a;
    const double rho = L.rho_lower + (L.rho_upper - L.rho_lower) * s,
                 drho = (L.rho_upper - L.rho_lower) * ds;
    const double u = L.v * t, du = L.v * sech2 / L.a;
    const C w_local = w - k * u;
    dP_out = dP;
    d2P_out = -(2.0 * k * du / w_local - drho / rho) * dP +
              (k * k - w_local * w_local * rho / (L.gamma * L.p)) * P;
  };
  auto log_derivative_at_zero = [&](C w, double wall) {
    C P = 1, dP = 0;
    const int n = 2000;
    const double step = -wall / n;
    double y = wall;
    for (int i = 0; i < n; ++i) {
      C k1p, k1d, k2p, k2d, k3p, k3d, k4p, k4d;
      derivative(y, P, dP, w, k1p, k1d);
      derivative(y + step / 2, P + step / 2 * k1p, dP + step / 2 * k1d, w, k2p, k2d);
      derivative(y + step / 2, P + step / 2 * k2p, dP + step / 2 * k2d, w, k3p, k3d);
      derivative(y + step, P + step * k3p, dP + step * k3d, w, k4p, k4d);
      P += step / 6 * (k1p + 2.0 * k2p + 2.0 * k3p + k4p);
      dP += step / 6 * (k1d + 2.0 * k2d + 2.0 * k3d + k4d);
      y += step;
    }
    return dP / P;
  };
  auto mismatch = [&](C w) {
    return log_derivative_at_zero(w, -L.h) - log_derivative_at_zero(w, L.h);
  };
  const double mean = (L.rho_upper - L.rho_lower) * L.v / (L.rho_upper + L.rho_lower);
  C w(k * mean, 2 * k * L.v * std::sqrt(L.rho_upper * L.rho_lower) / (L.rho_upper + L.rho_lower));
  for (int it = 0; it < 40; ++it) {
    const C d = 1e-6;
    const C step = mismatch(w) / ((mismatch(w + d) - mismatch(w - d)) / (2.0 * d));
    w -= step;
    if (std::abs(step) < 1e-12) break;
  }
  return w.imag();
}

/// |integral of v_y exp(-i k x) dx dy| over the interior of a 2D run (x periodic, length 1).
double mode_amplitude(const std::vector<double>& q, int nx, int ny, double x_min) {
  std::complex<double> sum = 0;
  const double k = 2 * M_PI, dx = 1.0 / nx;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const double x = x_min + (i + 0.5) * dx;
      sum +=
          q[std::size_t(velocity_y) * nx * ny + i + std::size_t(nx) * j] * std::polar(1.0, -k * x);
    }
  return std::abs(sum) / (double(nx) * ny);
}

/// Growth rate of the single mode of wavelength 1 in a kelvin_helmholtz run: the least-squares
/// slope of ln |mode amplitude| at 13 times in [0.6, 1.2] (after the decaying partner of the
/// growing mode has died away; the amplitude stays ~1e-3 of the shear), on nx x ny cells.
double measured_growth_rate(int nx, int ny, const std::vector<std::string>& more, double t0 = 0.6,
                            double t1 = 1.2) {
  std::vector<std::string> overrides = {
      "grid.i_size=" + std::to_string(nx), "grid.j_size=" + std::to_string(ny),
      "problem_parameters.perturbation=mode", "problem_parameters.amplitude=1e-4",
      "time.exact_times=true"};
  overrides.insert(overrides.end(), more.begin(), more.end());
  const RunConfig cfg = config_of("kelvin_helmholtz", overrides);
  Simulation<double> sim(cfg, "host");
  double st = 0, sa = 0, stt = 0, sta = 0;
  const int samples = 13;
  for (int m = 0; m < samples; ++m) {
    const double t = t0 + (t1 - t0) * m / (samples - 1);
    sim.run_until(t);
    const double a = std::log(mode_amplitude(sim.gather_interior(), nx, ny, cfg.x_min));
    st += t;
    sa += a;
    stt += t * t;
    sta += t * a;
  }
  return (samples * sta - st * sa) / (samples * stt - st * st);
}

}  // namespace

// The set-up with a resolved layer (thickness a = 0.05: tanh profiles) and the artificial
// viscosity off, one mode of wavelength 1: the measured rate against the linear-theory rate of
// that layer, sigma = 1.576 (MISO's sharp set-up has the vortex sheet's 2.748). The rate is fitted
// between t = 1.5 and 3 (the growing mode dominates by then: the initial v_y is not exactly its
// eigenfunction; the amplitude stays below 1e-2 of the shear). Measured: -1.2 % at 32 x 64 (the
// layer's 2a spans 6 cells), +0.1 % at 64 x 128; we allow 2 %.
constexpr int NX = 32, NY = 64;  // cells of the resolved-layer test

TEST(KelvinHelmholtz, EarlyGrowthRateOfAResolvedLayerMatchesLinearTheory) {
  const double analytic = shear_layer_growth_rate(ShearLayer{}, 2 * M_PI);
  EXPECT_NEAR(analytic, 1.576, 1e-3);
  const double measured = measured_growth_rate(
      NX, NY,
      {"problem_parameters.thickness=0.05", "mhd.artificial_viscosity.cs_fac=0",
       "mhd.artificial_viscosity.ca_fac=0", "mhd.artificial_viscosity.vv_fac=0"},
      1.5, 3.0);
  std::printf(
      "Kelvin-Helmholtz, tanh layer a = 0.05, %d x %d: growth rate %.4f, linear theory %.4f (%+.2f "
      "%%)\n",
      NX, NY, measured, analytic, 100 * (measured / analytic - 1));
  EXPECT_NEAR(measured, analytic, 0.02 * analytic);
}

// MISO's own set-up: a sharp interface and its artificial viscosity. On the grid the sheet becomes
// a layer a few cells thick (the viscosity spreads the jump until it is resolved), so the mode
// grows more slowly than on the vortex sheet (2.748), as a tanh layer of a ~ 3 cells would
// (a = 0.025: 2.10). We require the rate between that of a = 0.05 (1.576) and the sheet, and that
// it approaches the sheet as the cells shrink (64 -> 128 across y).
TEST(KelvinHelmholtz, SharpLayerGrowsBelowTheVortexSheetAndApproachesItWithResolution) {
  const double thick = shear_layer_growth_rate(ShearLayer{}, 2 * M_PI);
  const double rho[2] = {1, 2}, u[2] = {0.5, -0.5};
  const double c[2] = {std::sqrt(1.4 * 2.5 / rho[0]), std::sqrt(1.4 * 2.5 / rho[1])};
  const double sheet = vortex_sheet_growth_rate(2 * M_PI, rho, u, c, 0.5);
  EXPECT_NEAR(sheet, 2.748, 1e-3);
  const double coarse = measured_growth_rate(64, 64, {}), fine = measured_growth_rate(64, 128, {});
  std::printf(
      "Kelvin-Helmholtz, sharp layer: growth rate %.4f (64 x 64), %.4f (64 x 128); vortex sheet "
      "%.4f\n",
      coarse, fine, sheet);
  EXPECT_GT(fine, thick);
  EXPECT_LT(fine, sheet);
  EXPECT_GT(fine, coarse);
}

// Without perturbation and without the artificial viscosity's sound-speed term (which diffuses the
// density jump however the pressure is set), the well-balanced initial state (rayleigh_taylor.cpp)
// stays at rest to rounding for 100 steps: velocities of ~1e-16 of the sound speed, density and
// pressure unchanged to ~1e-15.
TEST(RayleighTaylor, HydrostaticEquilibriumHoldsToRoundingFor100Steps) {
  for (const char* k_size : {"1", "6"}) {
    SCOPED_TRACE(std::string("k_size ") + k_size);
    const RunConfig cfg =
        config_of("rayleigh_taylor",
                  {"grid.i_size=16", "grid.j_size=48", std::string("grid.k_size=") + k_size,
                   "problem_parameters.amplitude=0", "mhd.artificial_viscosity.cs_fac=0"});
    Simulation<double> sim(cfg, "host");
    const std::vector<double> q0 = sim.gather_interior();
    sim.run_until(1e9, 100);
    ASSERT_EQ(sim.steps(), 100);
    const std::vector<double> q1 = sim.gather_interior();
    const std::size_t cells = q0.size() / num_vars;
    double max_v = 0, max_drho = 0, max_de = 0;
    for (std::size_t c = 0; c < cells; ++c) {
      for (int a = 0; a < 3; ++a)
        max_v = std::max(max_v, std::fabs(q1[(velocity_x + a) * cells + c]));
      max_drho = std::max(max_drho, std::fabs(q1[c] / q0[c] - 1));
      max_de = std::max(
          max_de, std::fabs(q1[internal_energy * cells + c] / q0[internal_energy * cells + c] - 1));
    }
    std::printf(
        "Rayleigh-Taylor at rest, k_size %s, 100 steps (t = %.3g): max |v| %.2e, max drho/rho "
        "%.2e, "
        "max de/e %.2e\n",
        k_size, sim.time(), max_v, max_drho, max_de);
    EXPECT_LT(max_v, 1e-14);  // the sound speed is ~1.2
    EXPECT_LT(max_drho, 1e-14);
    EXPECT_LT(max_de, 1e-14);
  }
}
