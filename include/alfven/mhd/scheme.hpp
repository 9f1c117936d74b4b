/// @file scheme.hpp
/// @brief Parameters of the MISO scheme (mhd-scheme.md), independent of configuration files.
#pragma once

#include <memory>

#include "alfven/io/eos_table_file.hpp"
#include "boundary.hpp"
#include "radiation/radiation_parameters.hpp"

namespace alfven {
namespace mhd {

/// Everything the solver needs besides the grid and the sources. Defaults are MISO's.
struct SchemeParameters {
  double gamma = 5.0 / 3.0;  ///< adiabatic index (eos.gm)
  /// eos.table: a tabulated equation of state in place of the ideal gas (null: none).
  std::shared_ptr<const io::EosTableData> eos_table;
  double cfl_number = 0.5;    ///< mhd.cfl_number
  double ep = 1.0;            ///< limiter parameter epsilon (mhd.artificial_viscosity.ep)
  double fh = 1.0;            ///< flux amplitude h (mhd.artificial_viscosity.fh)
  double cs_fac = 1.0;        ///< weight of the sound speed in the viscous speed
  double ca_fac = 1.0;        ///< weight of the Alfven speed
  double vv_fac = 1.0;        ///< weight of |v|
  double density_floor = 0;   ///< mhd.floors.density (0: none; floors.hpp)
  double pressure_floor = 0;  ///< mhd.floors.pressure (0: none)
  double resistivity = 0;     ///< resistivity.eta: uniform magnetic diffusivity (dissipation.hpp)
  double resistivity_cfl = 0.5;  ///< resistivity.cfl_number
  double viscosity = 0;          ///< viscosity.nu: uniform kinematic viscosity (dissipation.hpp)
  double viscosity_cfl = 0.5;    ///< viscosity.cfl_number
  BoundaryConditions boundaries = BoundaryConditions::all_periodic();
  RadiationParameters radiation;  ///< radiative transfer (off by default)
};

}  // namespace mhd
}  // namespace alfven
