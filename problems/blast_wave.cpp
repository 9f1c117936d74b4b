// The MHD blast wave (Londrillo & Del Zanna 2000, ApJ 530, 508; Gardiner & Stone 2005, J. Comput.
// Phys. 205, 509, section 5.5): gas at rest, rho = 1, p = 0.1, with p = 10 inside a sphere of
// radius 0.1 at the centre of the box (a disc in 2D: the radius is taken over the active axes),
// gamma = 5/3, in a uniform field of strength B0 = sqrt(4 pi) (Gaussian; 1 in the papers' units)
// at 45 degrees in the x-y plane. The blast is elongated along the field.
#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"
#include "builtin_configs.hpp"

namespace alfven {
namespace mhd {
namespace {

class BlastWave final : public Problem {
 public:
  std::string name() const override { return "blast_wave"; }
  std::string description() const override {
    return "MHD blast wave (Gardiner & Stone 2005): an over-pressured sphere in a uniform field, "
           "2D or 3D";
  }
  std::string default_config() const override { return builtin_config_text("blast_wave"); }
  std::vector<ProblemParameterSpec> parameters() const override {
    using P = ProblemParameterSpec;
    return {{"radius", P::Real, "0.1", "radius of the over-pressured sphere (disc in 2D)"},
            {"pressure_inside", P::Real, "10", "gas pressure inside it"},
            {"pressure", P::Real, "0.1", "gas pressure outside"},
            {"magnetic_field", P::Real, "3.5449077018110318",
             "field strength (Gaussian; the default sqrt(4 pi) is 1 in the papers' units)"},
            {"field_angle", P::Real, "45",
             "angle of the field from the x axis in the x-y plane, degrees"}};
  }
  void configure(const RunConfig& c) override {
    radius_ = parameter_as_double(c, "radius");
    p_in_ = parameter_as_double(c, "pressure_inside");
    p_out_ = parameter_as_double(c, "pressure");
    const double b = parameter_as_double(c, "magnetic_field");
    const double angle = parameter_as_double(c, "field_angle") * M_PI / 180;
    ALFVEN_REQUIRE(
        radius_ > 0 && p_in_ > 0 && p_out_ > 0,
        "blast_wave: problem_parameters.radius, pressure_inside and pressure must be > 0");
    field_[0] = b * std::cos(angle);
    field_[1] = b * std::sin(angle);
    const double lo[3] = {c.x_min, c.y_min, c.z_min}, hi[3] = {c.x_max, c.y_max, c.z_max};
    const int n[3] = {c.i_size, c.j_size, c.k_size};
    for (int a = 0; a < 3; ++a) {
      centre_[a] = 0.5 * (lo[a] + hi[a]);
      active_[a] = n[a] > 1;
    }
    gamma_ = c.gamma;
  }
  InitialState initial_state(double x, double y, double z) const override {
    const double p[3] = {x, y, z};
    double r2 = 0;
    for (int a = 0; a < 3; ++a)
      if (active_[a]) r2 += (p[a] - centre_[a]) * (p[a] - centre_[a]);
    InitialState q;
    q.density = 1;
    q.magnetic_field[0] = field_[0];
    q.magnetic_field[1] = field_[1];
    q.internal_energy = (r2 < radius_ * radius_ ? p_in_ : p_out_) / (gamma_ - 1);
    return q;
  }

 private:
  double radius_ = 0.1, p_in_ = 10, p_out_ = 0.1, gamma_ = 5.0 / 3.0;
  double field_[2] = {0, 0}, centre_[3] = {0, 0, 0};
  bool active_[3] = {true, true, false};
};

}  // namespace

std::unique_ptr<Problem> make_blast_wave() {
  return std::make_unique<BlastWave>();
}

}  // namespace mhd
}  // namespace alfven
