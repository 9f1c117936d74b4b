/// @file radiation_parameters.hpp
/// @brief What a run's `radiation:` section says (docs/configuration.md, "radiation"): light,
/// seen by the configuration and by CUDA translation units.
#pragma once

namespace alfven {
namespace mhd {

/// Grey radiative transfer in a run (`radiation:`, docs/configuration.md; radiation/*.hpp).
struct RadiationParameters {
  bool enabled = false;        ///< radiation.enabled
  int rays = 24;               ///< radiation.rays: 24 (Carlson A4) or 1
  double tolerance = 1e-6;     ///< radiation.tolerance: largest relative change of an iteration
  int max_iterations = 100;    ///< radiation.max_iterations
  double absorption = 0;       ///< radiation.absorption: uniform chi (1 / length)
  double mass_absorption = 0;  ///< radiation.mass_absorption: kappa, chi += kappa rho
  double source = 0;           ///< radiation.source: uniform source function S
  bool planck = false;         ///< radiation.planck: S = sigma T^4 / pi (T of eos.table)
  double incoming = 0;         ///< radiation.incoming: intensity entering non-periodic faces
  int beam_face = -1;          ///< radiation.beam.face: 0..5 (x_lower, x_upper, ...) or -1
  double beam_intensity = 0;   ///< radiation.beam.intensity
  double beam_radius = 0;      ///< radiation.beam.radius
  double beam_centre[3] = {0, 0, 0};  ///< radiation.beam.centre
  bool heating = false;      ///< radiation.heating: add 4 pi chi (J - S) to the energy every step
  double wall_emission = 0;  ///< radiation.wall_emission: intensity of every ray inside a body
};

}  // namespace mhd
}  // namespace alfven
