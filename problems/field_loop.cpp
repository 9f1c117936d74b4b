// Advection of a weak field loop (Gardiner & Stone 2005, J. Comput. Phys. 205, 509, section 5.3):
// on [-1, 1] x [-0.5, 0.5], rho = 1, p = 1, gamma = 5/3, moving at v = (2, 1) (one crossing of the
// periodic box per unit time), a loop of field B = curl(A_z z) with A_z = A0 (R - r) for r < R
// (R = 0.3, A0 = 1e-3 in the paper's units; times sqrt(4 pi) here): B = A0 (-y, x) / r inside,
// 0 outside. The magnetic pressure is negligible (beta ~ 1e6), so the exact solution is the loop
// carried with the flow; what the scheme does to its shape and its div B shows.
#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"
#include "builtin_configs.hpp"

namespace alfven {
namespace mhd {
namespace {

class FieldLoop final : public Problem {
 public:
  std::string name() const override { return "field_loop"; }
  std::string description() const override {
    return "advection of a weak magnetic field loop (Gardiner & Stone 2005), 2D periodic";
  }
  std::string default_config() const override { return builtin_config_text("field_loop"); }
  std::vector<ProblemParameterSpec> parameters() const override {
    using P = ProblemParameterSpec;
    return {{"amplitude", P::Real, "1e-3",
             "A0 of the vector potential (the paper's units; times sqrt(4 pi) here)"},
            {"radius", P::Real, "0.3", "radius R of the loop"},
            {"velocity_x", P::Real, "2", "v_x of the flow"},
            {"velocity_y", P::Real, "1", "v_y of the flow"},
            {"pressure", P::Real, "1", "gas pressure"}};
  }
  void configure(const RunConfig& c) override {
    a0_ = parameter_as_double(c, "amplitude") * std::sqrt(4 * M_PI);
    radius_ = parameter_as_double(c, "radius");
    velocity_[0] = parameter_as_double(c, "velocity_x");
    velocity_[1] = parameter_as_double(c, "velocity_y");
    pressure_ = parameter_as_double(c, "pressure");
    ALFVEN_REQUIRE(radius_ > 0 && pressure_ > 0,
                   "field_loop: problem_parameters.radius and pressure must be > 0");
    centre_[0] = 0.5 * (c.x_min + c.x_max);
    centre_[1] = 0.5 * (c.y_min + c.y_max);
    gamma_ = c.gamma;
  }
  InitialState initial_state(double x, double y, double) const override {
    const double dx = x - centre_[0], dy = y - centre_[1];
    const double r = std::hypot(dx, dy);
    InitialState q;
    q.density = 1;
    q.velocity[0] = velocity_[0];
    q.velocity[1] = velocity_[1];
    if (r < radius_ && r > 0) {
      q.magnetic_field[0] = -a0_ * dy / r;
      q.magnetic_field[1] = a0_ * dx / r;
    }
    q.internal_energy = pressure_ / (gamma_ - 1);
    return q;
  }

 private:
  double a0_ = 1e-3, radius_ = 0.3, pressure_ = 1, gamma_ = 5.0 / 3.0;
  double velocity_[2] = {2, 1}, centre_[2] = {0, 0};
};

}  // namespace

std::unique_ptr<Problem> make_field_loop() {
  return std::make_unique<FieldLoop>();
}

}  // namespace mhd
}  // namespace alfven
