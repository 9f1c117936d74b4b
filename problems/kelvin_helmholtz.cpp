// Kelvin-Helmholtz instability, MISO's demo hd2d_kelvin_helmholtz: two layers in pressure balance
// sliding past each other along x, the interface at the middle of y (gamma = 1.4; upper layer
// rho = 1, vx = +0.5; lower layer rho = 2, vx = -0.5; p = 2.5: the set-up of Stone's Athena
// test, with the layers as MISO has them). MISO seeds its random velocity perturbation with the
// MPI rank; here it is a hash of the cell position (seeded_noise.hpp), so every decomposition gives
// the same run. A single-mode perturbation and a smooth (tanh) layer are options, for measuring
// the linear growth rate.
#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"
#include "builtin_configs.hpp"
#include "seeded_noise.hpp"

namespace alfven {
namespace mhd {
namespace {

class KelvinHelmholtz final : public Problem {
 public:
  std::string name() const override { return "kelvin_helmholtz"; }
  std::string description() const override {
    return "Kelvin-Helmholtz instability of a shear layer (MISO's hd2d_kelvin_helmholtz), 2D or "
           "extruded in z";
  }
  std::string default_config() const override { return builtin_config_text("kelvin_helmholtz"); }
  std::vector<ProblemParameterSpec> parameters() const override {
    using P = ProblemParameterSpec;
    return {
        {"density_upper", P::Real, "1", "density of the layer above the interface (y > middle)"},
        {"density_lower", P::Real, "2", "density of the layer below"},
        {"velocity", P::Real, "0.5", "v_x = +velocity above, -velocity below"},
        {"pressure", P::Real, "2.5", "uniform gas pressure"},
        {"perturbation", P::String, "random",
         "random: v_x and v_y of every cell get amplitude x a seeded uniform number in [-1, 1) "
         "(MISO's); "
         "mode: v_y = amplitude sin(2 pi (x - x_min) / L_x) exp(-2 pi |y - middle| / L_x), one "
         "wavelength"},
        {"amplitude", P::Real, "0.01", "amplitude of the velocity perturbation"},
        {"seed", P::Integer, "1", "seed of the random perturbation"},
        {"thickness", P::Real, "0",
         "0: a sharp interface (MISO's); > 0: density and v_x follow tanh((y - middle) / "
         "thickness)"}};
  }
  void configure(const RunConfig& c) override {
    rho_upper_ = parameter_as_double(c, "density_upper");
    rho_lower_ = parameter_as_double(c, "density_lower");
    velocity_ = parameter_as_double(c, "velocity");
    pressure_ = parameter_as_double(c, "pressure");
    amplitude_ = parameter_as_double(c, "amplitude");
    thickness_ = parameter_as_double(c, "thickness");
    seed_ = std::uint64_t(std::stoll(parameter_as_string(c, "seed")));
    const std::string kind = parameter_as_string(c, "perturbation");
    ALFVEN_REQUIRE(kind == "random" || kind == "mode",
                   "kelvin_helmholtz: problem_parameters.perturbation must be random or mode, got '"
                       << kind << "'");
    mode_ = kind == "mode";
    ALFVEN_REQUIRE(rho_upper_ > 0 && rho_lower_ > 0 && pressure_ > 0,
                   "kelvin_helmholtz: problem_parameters.density_upper, density_lower and pressure "
                   "must be > 0");
    ALFVEN_REQUIRE(
        thickness_ >= 0,
        "kelvin_helmholtz: problem_parameters.thickness must be >= 0, got " << thickness_);
    ALFVEN_REQUIRE(c.j_size > 1,
                   "kelvin_helmholtz: the layers are stacked along y, but grid.j_size is 1; set it "
                   "to the number of cells (e.g. 256)");
    gamma_ = c.gamma;
    middle_ = 0.5 * (c.y_min + c.y_max);
    x_min_ = c.x_min;
    length_x_ = c.x_max - c.x_min;
  }
  InitialState initial_state(double x, double y, double z) const override {
    // Fraction of the upper layer: a step, or a tanh profile of the given thickness.
    const double s = thickness_ > 0 ? 0.5 * (1 + std::tanh((y - middle_) / thickness_))
                                    : (y > middle_ ? 1.0 : 0.0);
    InitialState q;
    q.density = rho_lower_ + (rho_upper_ - rho_lower_) * s;
    q.velocity[0] = velocity_ * (2 * s - 1);
    if (mode_) {
      const double k = 2 * M_PI / length_x_;
      q.velocity[1] =
          amplitude_ * std::sin(k * (x - x_min_)) * std::exp(-k * std::fabs(y - middle_));
    } else {
      q.velocity[0] += amplitude_ * seeded_uniform(seed_, x, y, z, 0);
      q.velocity[1] = amplitude_ * seeded_uniform(seed_, x, y, z, 1);
    }
    q.internal_energy = pressure_ / ((gamma_ - 1) * q.density);
    return q;
  }

 private:
  double rho_upper_ = 1, rho_lower_ = 2, velocity_ = 0.5, pressure_ = 2.5, amplitude_ = 0.01,
         thickness_ = 0;
  double gamma_ = 1.4, middle_ = 0, x_min_ = -0.5, length_x_ = 1;
  std::uint64_t seed_ = 1;
  bool mode_ = false;
};

}  // namespace

std::unique_ptr<Problem> make_kelvin_helmholtz() {
  return std::make_unique<KelvinHelmholtz>();
}

}  // namespace mhd
}  // namespace alfven
