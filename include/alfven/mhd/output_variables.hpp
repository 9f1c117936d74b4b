/// @file output_variables.hpp
/// @brief The variables an output block (`outputs:` in a configuration) may write: the stored
/// fields, their vectors, and derived quantities (formulas: alfven/mhd/derived.hpp). Names only:
/// the configuration layer checks the names with this list, the run computes the values.
#pragma once

#include <string>
#include <vector>

#include "alfven/mhd/variables.hpp"

namespace alfven {
namespace mhd {

/// A variable an output can hold, each one dataset (vectors: three datasets _x, _y, _z).
enum class OutputQuantity {
  Field,             ///< one of the nine primitive variables (index `field`)
  SignedDistance,    ///< distance to the nearest embedded body (runs with bodies)
  Pressure,          ///< gas pressure p
  MagneticPressure,  ///< |B|^2 / (8 pi)
  PlasmaBeta,        ///< p / (|B|^2 / (8 pi))
  MachNumber,        ///< |v| / c_s
  Temperature,       ///< T of a tabulated equation of state (eos.table)
  MeanIntensity,     ///< J of the radiative transfer (radiation.enabled)
  RadiativeFlux,     ///< F of the radiative transfer, component `component`
  RadiativeHeating,  ///< 4 pi chi (J - S), energy per volume per time
  CurrentDensity,    ///< (curl B) / (4 pi), component `component`
  Vorticity,         ///< curl v, component `component`
  DivB,              ///< div B
};

/// One dataset of an output: what it holds and its name in the file.
struct OutputVariable {
  std::string name;         ///< dataset name, e.g. "pressure", "vorticity_z", "density"
  OutputQuantity quantity;  ///< what is computed
  int field = -1;           ///< Field: the variable index (alfven::mhd::Var)
  int component = -1;       ///< CurrentDensity, Vorticity: 0, 1, 2 (x, y, z)
};

/// The datasets `name` stands for: a field ("density"), a vector ("velocity",
/// "magnetic_field", "current_density", "vorticity": its three components), one component
/// ("vorticity_z"), "signed_distance" or a derived scalar. Empty when the name is unknown;
/// `why` then says so. `temperature` is known here; the configuration layer refuses it without
/// a tabulated equation of state (the ideal gas of eos.gm carries no temperature scale).
inline std::vector<OutputVariable> output_variables(const std::string& name, std::string& why) {
  std::vector<OutputVariable> out;
  for (int v = 0; v < num_vars; ++v)
    if (name == var_name(v)) return {{name, OutputQuantity::Field, v, -1}};
  const char* const xyz[3] = {"_x", "_y", "_z"};
  if (name == "velocity" || name == "magnetic_field") {
    const int first = name == "velocity" ? velocity_x : magnetic_field_x;
    for (int c = 0; c < 3; ++c)
      out.push_back({var_name(first + c), OutputQuantity::Field, first + c, -1});
    return out;
  }
  for (const char* vector : {"current_density", "vorticity", "radiative_flux"}) {
    const std::string v = vector;
    const OutputQuantity q = v == "vorticity"        ? OutputQuantity::Vorticity
                             : v == "radiative_flux" ? OutputQuantity::RadiativeFlux
                                                     : OutputQuantity::CurrentDensity;
    for (int c = 0; c < 3; ++c)
      if (name == std::string(vector) + xyz[c]) return {{name, q, -1, c}};
    if (name == vector) {
      for (int c = 0; c < 3; ++c) out.push_back({std::string(vector) + xyz[c], q, -1, c});
      return out;
    }
  }
  if (name == "signed_distance") return {{name, OutputQuantity::SignedDistance, -1, -1}};
  if (name == "pressure") return {{name, OutputQuantity::Pressure, -1, -1}};
  if (name == "magnetic_pressure") return {{name, OutputQuantity::MagneticPressure, -1, -1}};
  if (name == "plasma_beta") return {{name, OutputQuantity::PlasmaBeta, -1, -1}};
  if (name == "mach_number") return {{name, OutputQuantity::MachNumber, -1, -1}};
  if (name == "div_b") return {{name, OutputQuantity::DivB, -1, -1}};
  if (name == "temperature") return {{name, OutputQuantity::Temperature, -1, -1}};
  if (name == "mean_intensity") return {{name, OutputQuantity::MeanIntensity, -1, -1}};
  if (name == "radiative_heating") return {{name, OutputQuantity::RadiativeHeating, -1, -1}};
  why = "unknown variable '" + name + "'";
  return out;
}

/// Every name output_variables() accepts, for messages and suggestions.
inline std::vector<std::string> output_variable_names() {
  std::vector<std::string> names;
  for (int v = 0; v < num_vars; ++v) names.push_back(var_name(v));
  for (const char* n :
       {"velocity", "magnetic_field", "signed_distance", "pressure", "magnetic_pressure",
        "plasma_beta", "mach_number", "current_density", "vorticity", "div_b", "temperature",
        "mean_intensity", "radiative_flux", "radiative_heating"})
    names.push_back(n);
  return names;
}

}  // namespace mhd
}  // namespace alfven
