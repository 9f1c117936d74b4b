/// @file eos_models.hpp
/// @brief Equations of state to tabulate (`alfven eos-table`, the templates of a table a run
/// reads with `eos: {table: FILE}`): the ideal gas and pure hydrogen in Saha ionisation
/// equilibrium. Gaussian cgs units throughout (rho g cm^-3, e erg g^-1, p dyn cm^-2, c_s cm s^-1,
/// T K).
#pragma once

#include <array>

#include "alfven/io/eos_table_file.hpp"

namespace alfven {
namespace mhd {

/// The nodes of a table to fill: axes, bounds and node counts (the arrays are left empty).
struct EosTableAxes {
  bool log_axes = true;
  int n_rho = 64, n_e = 64;
  double rho_min = 0, rho_max = 0, e_min = 0, e_max = 0;
};

/// An ideal gas of adiabatic index gamma and mean molecular weight mu (in atomic mass units):
/// p = (gamma - 1) rho e, c_s = sqrt(gamma (gamma - 1) e), T = (gamma - 1) mu m_u e / k_B.
/// Throws alfven::Error when gamma <= 1 or mu <= 0, or for bad axes (check_eos_table).
io::EosTableData ideal_gas_table(double gamma, double mu, const EosTableAxes& axes);

/// The state of pure hydrogen at (rho, e) in Saha equilibrium between H and H+ (ground state
/// only; statistical weights 2 g(H+) / g(H) = 1; Mihalas, Stellar Atmospheres, 1978, eq. 5-14):
/// x^2 / (1 - x) = (m_H / rho) (2 pi m_e k T / h^2)^{3/2} exp(-chi / k T), with
/// e = [3/2 (1 + x) k T + x chi] / m_H and p = (1 + x) (rho / m_H) k T (chi = 13.6057 eV).
struct SahaHydrogenState {
  double temperature;  ///< T (K)
  double ionisation;   ///< x = n(H+) / n(H): 0 neutral, 1 fully ionised
  double pressure;     ///< p (dyn cm^-2)
};

/// Solves the Saha state of hydrogen at density rho (> 0) and specific internal energy e (> 0):
/// T by bisection on e(T) (monotonic), to 1e-13 relative. Temperatures are sought in [1, 1e10] K;
/// e outside that range gives the nearest end.
SahaHydrogenState saha_hydrogen(double rho, double e);

/// The specific internal energies {lowest, highest} (erg g^-1) that saha_hydrogen resolves at
/// every density between rho_min and rho_max: those of its temperatures 1 K and 1e10 K (about
/// 1.2e8 and 2.5e18). Throws alfven::Error unless both densities are positive and finite.
std::array<double, 2> saha_hydrogen_energy_range(double rho_min, double rho_max);

/// A table of pure hydrogen in Saha equilibrium: p and T from saha_hydrogen, the adiabatic sound
/// speed from c_s^2 = (dp/drho)_e + (p / rho^2) (dp/de)_rho (centred differences of relative
/// step 1e-4). Throws alfven::Error for bad axes, and for energies outside
/// saha_hydrogen_energy_range (naming it).
io::EosTableData saha_hydrogen_table(const EosTableAxes& axes);

}  // namespace mhd
}  // namespace alfven
