#include "shock_tube.hpp"

#include <cmath>

#include "alfven/core/error.hpp"
#include "builtin_configs.hpp"

namespace alfven {
namespace mhd {

std::string ShockTube::default_config() const {
  return builtin_config_text(name_);
}

std::vector<ProblemParameterSpec> ShockTube::parameters() const {
  return {{"axis", ProblemParameterSpec::String, "x", "axis along which the tube lies: x, y or z"}};
}

void ShockTube::configure(const RunConfig& config) {
  const std::string axis = parameter_as_string(config, "axis");
  ALFVEN_REQUIRE(axis == "x" || axis == "y" || axis == "z",
                 name_ << ": problem_parameters.axis must be x, y or z, got '" << axis << "'");
  axis_ = axis[0] - 'x';
  const int sizes[3] = {config.i_size, config.j_size, config.k_size};
  const char* size_keys[3] = {"grid.i_size", "grid.j_size", "grid.k_size"};
  ALFVEN_REQUIRE(sizes[axis_] > 1, name_ << ": the tube lies along " << axis << " but "
                                         << size_keys[axis_] << " is 1; set " << size_keys[axis_]
                                         << " to the number of cells (e.g. 256)"
                                         << " and the other sizes to 1");
  const double lo[3] = {config.x_min, config.y_min, config.z_min};
  const double hi[3] = {config.x_max, config.y_max, config.z_max};
  middle_ = 0.5 * (lo[axis_] + hi[axis_]);
  gamma_ = config.gamma;
}

InitialState ShockTube::initial_state(double x, double y, double z) const {
  const double pos[3] = {x, y, z};
  const int side = pos[axis_] < middle_ ? 0 : 1;
  const int along = axis_, across1 = (axis_ + 1) % 3;
  InitialState s;
  s.density = states_.rho[side];
  s.velocity[along] = states_.v_along[side];
  s.magnetic_field[along] = states_.b_along[side];
  s.magnetic_field[across1] = states_.b_across[side];
  s.internal_energy = states_.p[side] / ((gamma_ - 1.0) * states_.rho[side]);
  return s;
}

std::unique_ptr<Problem> make_sod() {
  const ShockTubeStates st{{1.0, 0.125}, {1.0, 0.1}, {0.0, 0.0}, {0.0, 0.0}, {0.0, 0.0}};
  return std::make_unique<ShockTube>("sod", "Sod shock tube (hydrodynamic), along x, y or z", st);
}

std::unique_ptr<Problem> make_brio_wu() {
  // Published in Heaviside-Lorentz units; Gaussian B = sqrt(4 pi) B_HL.
  const double s4pi = std::sqrt(4.0 * M_PI);
  const ShockTubeStates st{
      {1.0, 0.125}, {1.0, 0.1}, {0.0, 0.0}, {0.75 * s4pi, 0.75 * s4pi}, {s4pi, -s4pi}};
  return std::make_unique<ShockTube>("brio_wu", "Brio-Wu MHD shock tube, along x, y or z", st);
}

}  // namespace mhd
}  // namespace alfven
