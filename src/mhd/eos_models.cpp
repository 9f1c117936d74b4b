// Equations of state to tabulate: the ideal gas and Saha hydrogen (alfven/mhd/eos_models.hpp).
#include "alfven/mhd/eos_models.hpp"

#include <cmath>
#include <string>

#include "alfven/core/error.hpp"

namespace alfven {
namespace mhd {

namespace {

// CODATA 2018, cgs.
constexpr double kBoltzmann = 1.380649e-16;               // erg K^-1
constexpr double kAtomicMassUnit = 1.66053906660e-24;     // g
constexpr double kElectronMass = 9.1093837015e-28;        // g
constexpr double kPlanck = 6.62607015e-27;                // erg s
constexpr double kHydrogenMass = 1.6735575e-24;           // g (the atom)
constexpr double kHydrogenIonisation = 2.1798723611e-11;  // erg (13.605693 eV)
constexpr double kPi = 3.14159265358979323846;

io::EosTableData empty_table(const EosTableAxes& a, const std::string& description) {
  io::EosTableData t;
  t.log_axes = a.log_axes;
  t.n_rho = a.n_rho;
  t.n_e = a.n_e;
  t.rho_min = a.rho_min;
  t.rho_max = a.rho_max;
  t.e_min = a.e_min;
  t.e_max = a.e_max;
  t.description = description;
  // The sizes before the arrays are allocated (the values are checked once filled).
  io::check_eos_table_sizes(t, "equation-of-state table");
  const std::size_t n = std::size_t(a.n_rho) * std::size_t(a.n_e);
  t.pressure.assign(n, 0.0);
  t.sound_speed.assign(n, 0.0);
  t.temperature.assign(n, 0.0);
  return t;
}

// Ionisation fraction x of x^2 / (1 - x) = A, in the form that keeps its digits for small and
// large A.
double ionisation(double a) {
  if (!(a > 0)) return 0;
  return 2.0 / (1.0 + std::sqrt(1.0 + 4.0 / a));
}

double saha_a(double rho, double t) {
  const double thermal =
      std::pow(2 * kPi * kElectronMass * kBoltzmann * t / (kPlanck * kPlanck), 1.5);
  return kHydrogenMass / rho * thermal * std::exp(-kHydrogenIonisation / (kBoltzmann * t));
}

double saha_energy(double rho, double t, double& x) {
  x = ionisation(saha_a(rho, t));
  return (1.5 * (1 + x) * kBoltzmann * t + x * kHydrogenIonisation) / kHydrogenMass;
}

}  // namespace

io::EosTableData ideal_gas_table(double gamma, double mu, const EosTableAxes& axes) {
  ALFVEN_REQUIRE(gamma > 1 && std::isfinite(gamma), "ideal gas: gamma must be > 1, got " << gamma);
  ALFVEN_REQUIRE(mu > 0 && std::isfinite(mu),
                 "ideal gas: the mean molecular weight mu must be > 0, got " << mu);
  io::EosTableData t = empty_table(
      axes, "ideal gas, gamma = " + std::to_string(gamma) + ", mu = " + std::to_string(mu));
  for (int i = 0; i < t.n_rho; ++i) {
    const double rho = t.density_node(i);
    for (int j = 0; j < t.n_e; ++j) {
      const double e = t.energy_node(j);
      const std::size_t c = std::size_t(i) * t.n_e + j;
      t.pressure[c] = (gamma - 1) * rho * e;
      t.sound_speed[c] = std::sqrt(gamma * (gamma - 1) * e);
      t.temperature[c] = (gamma - 1) * mu * kAtomicMassUnit * e / kBoltzmann;
    }
  }
  io::check_eos_table(t, "ideal gas table");
  return t;
}

SahaHydrogenState saha_hydrogen(double rho, double e) {
  ALFVEN_REQUIRE(rho > 0 && e > 0 && std::isfinite(rho) && std::isfinite(e),
                 "Saha hydrogen: density and internal energy must be positive, got rho = "
                     << rho << ", e = " << e);
  double lo = 0, hi = 10;  // log10 T
  double x = 0;
  for (int it = 0; it < 200 && hi - lo > 1e-13; ++it) {
    const double mid = 0.5 * (lo + hi);
    if (saha_energy(rho, std::pow(10.0, mid), x) < e)
      lo = mid;
    else
      hi = mid;
  }
  SahaHydrogenState s;
  s.temperature = std::pow(10.0, 0.5 * (lo + hi));
  saha_energy(rho, s.temperature, x);
  s.ionisation = x;
  s.pressure = (1 + x) * rho / kHydrogenMass * kBoltzmann * s.temperature;
  return s;
}

io::EosTableData saha_hydrogen_table(const EosTableAxes& axes) {
  io::EosTableData t = empty_table(axes, "pure hydrogen in Saha equilibrium (H, H+), cgs");
  const double d = 1e-4;
  for (int i = 0; i < t.n_rho; ++i) {
    const double rho = t.density_node(i);
    for (int j = 0; j < t.n_e; ++j) {
      const double e = t.energy_node(j);
      const SahaHydrogenState s = saha_hydrogen(rho, e);
      const double dp_drho =
          (saha_hydrogen(rho * (1 + d), e).pressure - saha_hydrogen(rho * (1 - d), e).pressure) /
          (2 * d * rho);
      const double dp_de =
          (saha_hydrogen(rho, e * (1 + d)).pressure - saha_hydrogen(rho, e * (1 - d)).pressure) /
          (2 * d * e);
      const std::size_t c = std::size_t(i) * t.n_e + j;
      t.pressure[c] = s.pressure;
      t.temperature[c] = s.temperature;
      t.sound_speed[c] = std::sqrt(dp_drho + s.pressure / (rho * rho) * dp_de);
    }
  }
  io::check_eos_table(t, "Saha hydrogen table");
  return t;
}

}  // namespace mhd
}  // namespace alfven
