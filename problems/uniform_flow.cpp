// A uniform state (density, pressure, velocity, magnetic field): the flow that embedded bodies
// stand in and `fixed` faces feed (docs/embedded-boundaries.md). With bodies it gives flow past
// any geometry: the default configuration is Mach 3 flow (gamma = 1.4) past a cylinder. The
// same state at rest is the absorber of MISO's searchlight (radiative transfer: searchlight.yaml).
#include <cmath>
#include <string>
#include <utility>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"
#include "builtin_configs.hpp"

namespace alfven {
namespace mhd {
namespace {

class UniformFlow final : public Problem {
 public:
  /// `name` and `description` as the catalogue lists them; the default configuration is the
  /// built-in problems/NAME.yaml.
  UniformFlow(std::string name, std::string description)
      : name_(std::move(name)), description_(std::move(description)) {}
  std::string name() const override { return name_; }
  std::string description() const override { return description_; }
  std::string default_config() const override { return builtin_config_text(name_); }
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
                   name_ << ": problem_parameters.density must be > 0, got " << state_.density);
    ALFVEN_REQUIRE(p >= 0 && std::isfinite(p), name_ << ": problem_parameters.pressure must be > 0 "
                                                        "(or 0 for 1/gamma), got "
                                                     << p);
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
  std::string name_, description_;
  InitialState state_;
};

}  // namespace

std::unique_ptr<Problem> make_uniform_flow() {
  return std::make_unique<UniformFlow>(
      "uniform_flow",
      "a uniform state, for flow past embedded bodies (default: Mach 3 past a cylinder)");
}

std::unique_ptr<Problem> make_searchlight() {
  return std::make_unique<UniformFlow>(
      "searchlight",
      "MISO's searchlight: a beam entering a uniform absorber at rest (radiative transfer)");
}

}  // namespace mhd
}  // namespace alfven
