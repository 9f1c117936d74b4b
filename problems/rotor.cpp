// The MHD rotor (Balsara & Spicer 1999, J. Comput. Phys. 149, 270; Toth 2000, J. Comput. Phys.
// 161, 605, "first rotor problem"): a dense disc (rho = 10, r < r0 = 0.1) spinning at v = 2 on its
// rim in light gas at rest (rho = 1), p = 1 everywhere, gamma = 1.4, in a uniform field B_x = 5
// (Gaussian; 5 / sqrt(4 pi) in the papers' units). Between r0 and r1 = 0.115 density and speed
// fall linearly with the taper f = (r1 - r) / (r1 - r0). The spinning disc winds the field and
// launches torsional Alfven waves; at t = 0.15 the disc has turned into an oblate shape.
#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"
#include "builtin_configs.hpp"

namespace alfven {
namespace mhd {
namespace {

class Rotor final : public Problem {
 public:
  std::string name() const override { return "rotor"; }
  std::string description() const override { return "MHD rotor of Balsara & Spicer (1999), 2D"; }
  std::string default_config() const override { return builtin_config_text("rotor"); }
  std::vector<ProblemParameterSpec> parameters() const override {
    using P = ProblemParameterSpec;
    return {{"radius", P::Real, "0.1", "radius r0 of the disc"},
            {"taper_radius", P::Real, "0.115", "radius r1 where the taper ends (> radius)"},
            {"density", P::Real, "10", "density of the disc (the gas around it has 1)"},
            {"velocity", P::Real, "2", "rotation speed at r0 (angular velocity velocity / r0)"},
            {"pressure", P::Real, "1", "uniform gas pressure"},
            {"magnetic_field_x", P::Real, "5",
             "uniform B_x (Gaussian units: 5 / sqrt(4 pi) in the papers' units)"}};
  }
  void configure(const RunConfig& c) override {
    r0_ = parameter_as_double(c, "radius");
    r1_ = parameter_as_double(c, "taper_radius");
    rho_ = parameter_as_double(c, "density");
    omega_ = parameter_as_double(c, "velocity") / r0_;
    pressure_ = parameter_as_double(c, "pressure");
    bx_ = parameter_as_double(c, "magnetic_field_x");
    ALFVEN_REQUIRE(r0_ > 0 && r1_ > r0_, "rotor: problem_parameters.taper_radius ("
                                             << r1_ << ") must exceed radius (" << r0_ << ") > 0");
    ALFVEN_REQUIRE(rho_ > 0 && pressure_ > 0,
                   "rotor: problem_parameters.density and pressure must be > 0");
    centre_[0] = 0.5 * (c.x_min + c.x_max);
    centre_[1] = 0.5 * (c.y_min + c.y_max);
    gamma_ = c.gamma;
  }
  InitialState initial_state(double x, double y, double) const override {
    const double dx = x - centre_[0], dy = y - centre_[1];
    const double r = std::hypot(dx, dy);
    const double f = r < r0_ ? 1.0 : (r < r1_ ? (r1_ - r) / (r1_ - r0_) : 0.0);
    InitialState q;
    q.density = 1 + (rho_ - 1) * f;
    q.velocity[0] = -f * omega_ * dy;
    q.velocity[1] = f * omega_ * dx;
    q.magnetic_field[0] = bx_;
    q.internal_energy = pressure_ / ((gamma_ - 1) * q.density);
    return q;
  }

 private:
  double r0_ = 0.1, r1_ = 0.115, rho_ = 10, omega_ = 20, pressure_ = 1, bx_ = 5, gamma_ = 1.4;
  double centre_[2] = {0.5, 0.5};
};

}  // namespace

std::unique_ptr<Problem> make_rotor() {
  return std::make_unique<Rotor>();
}

}  // namespace mhd
}  // namespace alfven
