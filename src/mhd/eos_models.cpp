// Equations of state to tabulate: the ideal gas and Saha hydrogen (alfven/mhd/eos_models.hpp).
#include "alfven/mhd/eos_models.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
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
// The temperatures saha_hydrogen seeks, log10 T in [kLogTLowest, kLogTHighest] (K).
constexpr double kLogTLowest = 0, kLogTHighest = 10;

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
  double lo = kLogTLowest, hi = kLogTHighest;  // log10 T
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

std::array<double, 2> saha_hydrogen_energy_range(double rho_min, double rho_max) {
  ALFVEN_REQUIRE(
      rho_min > 0 && rho_max > 0 && std::isfinite(rho_min) && std::isfinite(rho_max),
      "Saha hydrogen: densities must be positive and finite, got " << rho_min << " to " << rho_max);
  // e(T) rises with T at every density, and its ends move monotonically with the density (the
  // ionisation falls as it rises): the ends of the density range bound it.
  double x = 0, lowest = 0, highest = std::numeric_limits<double>::infinity();
  for (double rho : {rho_min, rho_max}) {
    lowest = std::max(lowest, saha_energy(rho, std::pow(10.0, kLogTLowest), x));
    highest = std::min(highest, saha_energy(rho, std::pow(10.0, kLogTHighest), x));
  }
  return {lowest, highest};
}

io::EosTableData saha_hydrogen_table(const EosTableAxes& axes) {
  io::EosTableData t = empty_table(axes, "pure hydrogen in Saha equilibrium (H, H+), cgs");
  // Outside the temperatures saha_hydrogen seeks, T sticks at an end and p stops rising with e:
  // refused with the energies it can give, rather than as a table whose pressure does not rise.
  // (Densities that are not positive are refused by saha_hydrogen, naming them.)
  const bool densities = t.rho_min > 0 && t.rho_max > 0;
  const std::array<double, 2> range =
      densities ? saha_hydrogen_energy_range(t.rho_min, t.rho_max) : std::array<double, 2>{0, 0};
  ALFVEN_REQUIRE(!densities || (std::min(t.e_min, t.e_max) >= range[0] &&
                                std::max(t.e_min, t.e_max) <= range[1]),
                 "Saha hydrogen table: internal energies "
                     << t.e_min << " to " << t.e_max
                     << " erg g^-1 reach outside what the model gives at densities " << t.rho_min
                     << " to " << t.rho_max << " g cm^-3: " << range[0] << " to " << range[1]
                     << " erg g^-1 (temperatures 1 K to 1e10 K); choose energies within it");
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
