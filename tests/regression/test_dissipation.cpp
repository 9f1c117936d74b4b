// Resistivity and viscosity against exact decay rates, conservation and bad input.
//   - a linear Alfven wave with eta and nu decays at (eta + nu) k^2 / 2;
//   - a static field B_y = A sin(2 pi x) decays as exp(-eta (2 pi)^2 t), its magnetic energy going
//     into heat (total energy conserved to rounding);
//   - a shear flow v_y = A sin(2 pi x) decays as exp(-nu (2 pi)^2 t);
//   - a resistivity given by a problem's source (problem_sources.hpp) equal to resistivity.eta
//     gives the same run bit for bit;
//   - negative eta or nu, a no_slip wall without viscosity: clear errors.
// The dissipative fluxes are second order: at 64 cells the discrete decay rate of mode k differs
// from the exact one by (k dx)^2 / 12 = 0.08 %, so 1 % is a test of the physics, not of luck.
#include <gtest/gtest.h>

#include <cmath>
#include <mutex>

#include "alfven/mhd/problem_sources.hpp"
#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"

using namespace alfven;
using namespace alfven::mhd;

namespace {

constexpr double two_pi = 2 * M_PI;

// rho = 1, p = 1 - B^2 / 8 pi (total pressure uniform), at rest but for v_y = shear sin(2 pi x),
// B_y = field sin(2 pi x) (Gaussian). Parameters: field, shear.
class SineProfile : public Problem {
 public:
  std::string name() const override { return "test_sine_profile"; }
  std::string description() const override { return "test: B_y and v_y sinusoidal in x"; }
  std::string default_config() const override {
    return "problem: test_sine_profile\ngrid: {i_size: 64, j_size: 1, k_size: 1}\n"
           "time: {tend: 1, dt_output: 1, exact_times: true}\n"
           "mhd: {artificial_viscosity: {cs_fac: 0, ca_fac: 0, vv_fac: 0}}\n";
  }
  std::vector<ProblemParameterSpec> parameters() const override {
    return {{"field", ProblemParameterSpec::Real, "0", "amplitude of B_y"},
            {"shear", ProblemParameterSpec::Real, "0", "amplitude of v_y"}};
  }
  void configure(const RunConfig& c) override {
    field_ = parameter_as_double(c, "field");
    shear_ = parameter_as_double(c, "shear");
    gamma_ = c.gamma;
  }
  InitialState initial_state(double x, double, double) const override {
    InitialState s;
    s.magnetic_field[1] = field_ * std::sin(two_pi * x);
    s.velocity[1] = shear_ * std::sin(two_pi * x);
    const double p = 1 - s.magnetic_field[1] * s.magnetic_field[1] / (8 * M_PI);
    s.internal_energy = p / (gamma_ - 1);
    return s;
  }

 protected:
  double field_ = 0, shear_ = 0, gamma_ = 5.0 / 3.0;
};

// The same profile, with eta given by the problem's own source: a uniform eta(x) = eta.
template <typename Real>
struct UniformEta {
  static constexpr bool active = false;
  static constexpr bool varying_resistivity = true;
  Real eta;
  template <typename R>
  ALFVEN_HOST_DEVICE void operator()(const Primitive<R>&, const R*, R*, R&) const {}
  ALFVEN_HOST_DEVICE Real resistivity(const Real*) const { return eta; }
};

class SineProfileWithEta final : public ProblemWithSources<SineProfileWithEta> {
 public:
  std::string name() const override { return "test_sine_profile_eta"; }
  std::string description() const override { return "test: B_y sinusoidal, eta from the problem"; }
  std::string default_config() const override {
    return "problem: test_sine_profile_eta\ngrid: {i_size: 64, j_size: 1, k_size: 1}\n"
           "time: {tend: 1, dt_output: 1, exact_times: true}\n"
           "mhd: {artificial_viscosity: {cs_fac: 0, ca_fac: 0, vv_fac: 0}}\n";
  }
  std::vector<ProblemParameterSpec> parameters() const override {
    return {{"field", ProblemParameterSpec::Real, "0", "amplitude of B_y"},
            {"eta", ProblemParameterSpec::Real, "0", "resistivity of the source"}};
  }
  void configure(const RunConfig& c) override {
    profile_.configure_from(parameter_as_double(c, "field"), c.gamma);
    eta_ = parameter_as_double(c, "eta");
  }
  InitialState initial_state(double x, double y, double z) const override {
    return profile_.initial_state(x, y, z);
  }
  template <typename Real>
  UniformEta<Real> sources() const {
    return {Real(eta_)};
  }

 private:
  struct Profile : SineProfile {
    void configure_from(double field, double gamma) {
      field_ = field;
      gamma_ = gamma;
    }
  } profile_;
  double eta_ = 0;
};

void register_test_problems() {
  static std::once_flag once;
  std::call_once(once, [] {
    register_problem([] { return std::make_unique<SineProfile>(); });
    register_problem([] { return std::make_unique<SineProfileWithEta>(); });
  });
}

RunConfig config_of(const std::string& problem, const std::vector<std::string>& overrides) {
  register_test_problems();
  RunOptions o;
  o.config = problem;
  o.overrides = overrides;
  return resolve_config(o);
}

// Amplitude of the sin(2 pi x) part of variable v of a 1D interior (n cells on [0, 1]).
double sine_amplitude(const std::vector<double>& q, int n, int v) {
  double s = 0;
  for (int i = 0; i < n; ++i) s += q[std::size_t(v) * n + i] * std::sin(two_pi * (i + 0.5) / n);
  return 2 * s / n;
}

}  // namespace

TEST(Dissipation, AlfvenWaveDecaysAtTheSumOfTheDiffusivities) {
  for (const auto& [eta, nu] : {std::pair<double, double>{0.01, 0.01}, {0.004, 0.012}}) {
    const RunConfig cfg = config_of(
        "linear_wave", {"problem_parameters.wave=alfven", "time.tend=1", "time.exact_times=true",
                        "resistivity.eta=" + std::to_string(eta),
                        "viscosity.nu=" + std::to_string(nu), "mhd.artificial_viscosity.cs_fac=0",
                        "mhd.artificial_viscosity.ca_fac=0", "mhd.artificial_viscosity.vv_fac=0"});
    Simulation<double> sim(cfg, "host");
    const int n = cfg.i_size;
    const std::vector<double> q0 = sim.gather_interior();
    sim.run_until(cfg.tend);
    ASSERT_EQ(sim.time(), 1.0);
    const std::vector<double> q1 = sim.gather_interior();
    // Energy of the transverse perturbation, |dv|^2 + |dB|^2 / (4 pi rho) with rho = 1: for an
    // Alfven wave both parts decay at the same rate (the two modes of the damped wave both decay
    // at (eta + nu) k^2 / 2), so its square root does too. dB is B minus its mean (the background).
    auto norm = [&](const std::vector<double>& q) {
      double sum = 0;
      for (int m = 1; m < 3; ++m) {
        const std::size_t v = std::size_t(velocity_x + m) * n,
                          b = std::size_t(magnetic_field_x + m) * n;
        double mean = 0;
        for (int i = 0; i < n; ++i) mean += q[b + i] / n;
        for (int i = 0; i < n; ++i)
          sum += q[v + i] * q[v + i] + (q[b + i] - mean) * (q[b + i] - mean) / (4 * M_PI);
      }
      return std::sqrt(sum);
    };
    const double k = two_pi, expected = (eta + nu) * k * k / 2;
    const double rate = -std::log(norm(q1) / norm(q0));
    std::printf("Alfven wave, eta %.3g nu %.3g: decay rate %.6f, exact %.6f (%+.3f %%)\n", eta, nu,
                rate, expected, 100 * (rate / expected - 1));
    EXPECT_NEAR(rate, expected, 0.01 * expected) << "eta " << eta << " nu " << nu;
  }
}

TEST(Dissipation, StaticFieldDecaysAtEtaKSquaredAndHeatsTheGas) {
  const double eta = 0.02, amplitude = 1e-3;
  const RunConfig cfg =
      config_of("test_sine_profile", {"problem_parameters.field=" + std::to_string(amplitude),
                                      "resistivity.eta=" + std::to_string(eta)});
  Simulation<double> sim(cfg, "host");
  const int n = cfg.i_size;
  const Totals before = sim.totals();
  const double a0 = sine_amplitude(sim.gather_interior(), n, magnetic_field_y);
  sim.run_until(cfg.tend);
  const Totals after = sim.totals();
  const double a1 = sine_amplitude(sim.gather_interior(), n, magnetic_field_y);
  const double expected = std::exp(-eta * two_pi * two_pi * sim.time());
  std::printf("static field, eta %.3g: B_y / B_y(0) = %.6f, exact %.6f (%+.3f %%)\n", eta, a1 / a0,
              expected, 100 * (a1 / a0 / expected - 1));
  EXPECT_NEAR(a1 / a0, expected, 0.01 * expected);
  // Joule heating: the magnetic energy lost is in the internal energy; the total is conserved.
  EXPECT_NEAR(after.energy, before.energy, 1e-13 * before.energy);
  EXPECT_NEAR(after.mass, before.mass, 1e-14 * before.mass);
}

TEST(Dissipation, ShearFlowDecaysAtNuKSquared) {
  const double nu = 0.02, amplitude = 1e-3;
  const RunConfig cfg =
      config_of("test_sine_profile", {"problem_parameters.shear=" + std::to_string(amplitude),
                                      "viscosity.nu=" + std::to_string(nu)});
  Simulation<double> sim(cfg, "host");
  const int n = cfg.i_size;
  const Totals before = sim.totals();
  const double a0 = sine_amplitude(sim.gather_interior(), n, velocity_y);
  sim.run_until(cfg.tend);
  const double a1 = sine_amplitude(sim.gather_interior(), n, velocity_y);
  const double expected = std::exp(-nu * two_pi * two_pi * sim.time());
  std::printf("shear flow, nu %.3g: v_y / v_y(0) = %.6f, exact %.6f (%+.3f %%)\n", nu, a1 / a0,
              expected, 100 * (a1 / a0 / expected - 1));
  EXPECT_NEAR(a1 / a0, expected, 0.01 * expected);
  EXPECT_NEAR(sim.totals().energy, before.energy, 1e-13 * before.energy);  // viscous heating
}

TEST(Dissipation, ResistivityFromAProblemSourceEqualsTheConfiguredOneBitForBit) {
  const RunConfig a =
      config_of("test_sine_profile", {"problem_parameters.field=0.01", "resistivity.eta=0.01"});
  const RunConfig b = config_of("test_sine_profile_eta",
                                {"problem_parameters.field=0.01", "problem_parameters.eta=0.01"});
  Simulation<double> with_config(a, "host"), with_source(b, "host");
  with_config.run_until(a.tend);
  with_source.run_until(b.tend);
  EXPECT_EQ(with_config.steps(), with_source.steps());
  EXPECT_TRUE(with_config.gather_interior() == with_source.gather_interior());
}

TEST(Dissipation, BadCoefficientsAndNoSlipWithoutViscosityAreClearErrors) {
  auto message = [](const std::vector<std::string>& overrides) {
    try {
      config_of("orszag_tang", overrides);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message({"resistivity.eta=-1"}).find("resistivity.eta: expected a real number >= 0"),
            std::string::npos);
  EXPECT_NE(message({"viscosity.nu=-0.1"}).find("viscosity.nu: expected a real number >= 0"),
            std::string::npos);
  EXPECT_NE(message({"viscosity.cfl_number=2"})
                .find("viscosity.cfl_number: expected a real number in (0, 1]"),
            std::string::npos);
  const std::string body =
      "bodies=[{geometry: {sphere: {center: [0.5, 0.5, 0.5], radius: 0.1}}, wall: no_slip}]";
  EXPECT_NE(message({body}).find("no_slip needs a physical viscosity: set viscosity.nu > 0"),
            std::string::npos);
  EXPECT_EQ(message({body, "viscosity.nu=0.001"}), "no error");
}

// The fluxes are conservative in a 3D run too (Orszag-Tang extruded in z, periodic, 20 steps with
// both resistivity and viscosity): mass and total energy conserved to rounding while the
// dissipation turns kinetic and magnetic energy into heat. (The mixing of axes in the fluxes is
// checked exactly in tests/unit/mhd/test_dissipation.cpp.)
TEST(Dissipation, ConservesMassAndTotalEnergyIn3D) {
  const RunConfig cfg =
      config_of("orszag_tang", {"grid.i_size=16", "grid.j_size=16", "grid.k_size=16",
                                "resistivity.eta=0.005", "viscosity.nu=0.005"});
  Simulation<double> sim(cfg, "host");
  const Totals before = sim.totals();
  sim.run_until(1e9, 20);
  const Totals after = sim.totals();
  std::printf("Orszag-Tang 16^3 with eta and nu, 20 steps: mass %+.2e, energy %+.2e (relative)\n",
              after.mass / before.mass - 1, after.energy / before.energy - 1);
  EXPECT_NEAR(after.mass, before.mass, 1e-13 * before.mass);
  EXPECT_NEAR(after.energy, before.energy, 1e-13 * before.energy);
}
