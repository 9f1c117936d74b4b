// A uniform state (density, pressure, velocity, magnetic field): the flow that embedded bodies
// stand in and `fixed` faces feed (docs/embedded-boundaries.md). With bodies it gives flow past
// any geometry: the default configuration is Mach 3 flow (gamma = 1.4) past a cylinder.
#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"
#include "builtin_configs.hpp"

namespace alfven {
namespace mhd {
namespace {

class UniformFlow final : public Problem {
 public:
  std::string name() const override { return "uniform_flow"; }
  std::string description() const override {
    return "a uniform state, for flow past embedded bodies (default: Mach 3 past a cylinder)";
  }
  std::string default_config() const override { return builtin_config_text("uniform_flow"); }
  std::vector<ProblemParameterSpec> parameters() const override {
    using P = ProblemParameterSpec;
    return {
        {"density", P::Real, "1", "mass density rho (> 0)"},
        {"pressure", P::Real, "0",
         "gas pressure p (> 0); 0, the default, means 1/gamma, so that the sound speed is 1"},
        {"velocity_x", P::Real, "0", "v_x"},
        {"velocity_y", P::Real, "0", "v_y"},
        {"velocity_z", P::Real, "0", "v_z"},
        {"magnetic_field_x", P::Real, "0", "B_x (Gaussian units: magnetic pressure B^2 / 8 pi)"},
        {"magnetic_field_y", P::Real, "0", "B_y"},
        {"magnetic_field_z", P::Real, "0", "B_z"}};
  }
  void configure(const RunConfig& config) override {
    state_.density = parameter_as_double(config, "density");
    double p = parameter_as_double(config, "pressure");
    ALFVEN_REQUIRE(state_.density > 0 && std::isfinite(state_.density),
                   "uniform_flow: problem_parameters.density must be > 0, got " << state_.density);
    ALFVEN_REQUIRE(
        p >= 0 && std::isfinite(p),
        "uniform_flow: problem_parameters.pressure must be > 0 (or 0 for 1/gamma), got " << p);
    if (p == 0) p = 1.0 / config.gamma;
    const char* v[3] = {"velocity_x", "velocity_y", "velocity_z"};
    const char* b[3] = {"magnetic_field_x", "magnetic_field_y", "magnetic_field_z"};
    for (int a = 0; a < 3; ++a) {
      state_.velocity[a] = parameter_as_double(config, v[a]);
      state_.magnetic_field[a] = parameter_as_double(config, b[a]);
    }
    state_.internal_energy = p / ((config.gamma - 1.0) * state_.density);
  }
  InitialState initial_state(double, double, double) const override { return state_; }

 private:
  InitialState state_;
};

}  // namespace

std::unique_ptr<Problem> make_uniform_flow() {
  return std::make_unique<UniformFlow>();
}

}  // namespace mhd
}  // namespace alfven
