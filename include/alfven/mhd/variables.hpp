/// @file variables.hpp
/// @brief The nine cell-centred primitive variables of the MHD solver, their order in a
/// Fields array and their names in files (HDF5 datasets, configuration keys).
///
/// Units are Gaussian (B^2 / 8 pi is the magnetic energy density); see docs/mhd-scheme.md.
#pragma once

namespace alfven {
namespace mhd {

/// Index of each variable along the last axis of a Fields array.
enum Var : int {
  density = 0,           ///< rho, mass density
  velocity_x = 1,        ///< v_x
  velocity_y = 2,        ///< v_y
  velocity_z = 3,        ///< v_z
  magnetic_field_x = 4,  ///< B_x (Gaussian)
  magnetic_field_y = 5,  ///< B_y
  magnetic_field_z = 6,  ///< B_z
  internal_energy = 7,   ///< e, specific internal energy (per unit mass)
  psi = 8,               ///< GLM divergence-cleaning potential
  num_vars = 9
};

/// Name of variable v as used in output files and configuration keys.
inline const char* var_name(int v) {
  static const char* const names[num_vars] = {
      "density",          "velocity_x",       "velocity_y",      "velocity_z", "magnetic_field_x",
      "magnetic_field_y", "magnetic_field_z", "internal_energy", "psi"};
  return (v >= 0 && v < num_vars) ? names[v] : "unknown";
}

}  // namespace mhd
}  // namespace alfven
