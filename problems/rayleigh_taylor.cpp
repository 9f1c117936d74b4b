// Rayleigh-Taylor instability, MISO's demo hd2d_rayleigh_taylor: heavy gas (rho = 2) over light
// (rho = 1) in uniform gravity along -y (sources.gravity), in hydrostatic equilibrium, the
// interface at the middle of y (gamma = 1.4, p = 2.5 there; the set-up of Stone's Athena test).
// 2D, or 3D with k_size > 1 (the state does not depend on z; the perturbation does, when random).
//
// Hydrostatic to rounding: the pressure is p(y) = p0 - g int rho dy, linear on each side, and the
// density of each cell is the one that the scheme's fourth-order difference of that pressure
// balances exactly, rho_j = -(D_y p)_j / g (mhd-scheme.md). Away from the interface that is 2 or 1;
// in the four cells whose stencils straddle it, a value between them (one 4 % beyond): the
// interface is spread over four cells. The y faces are `fixed` (rayleigh_taylor.yaml), so the
// ghost cells continue the hydrostatic profile at rest. With the artificial viscosity's sound
// speed term off (cs_fac = 0) the unperturbed state then stays at rest to rounding; with it, the
// viscosity slowly diffuses the interface.
#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"
#include "builtin_configs.hpp"
#include "seeded_noise.hpp"

namespace alfven {
namespace mhd {
namespace {

class RayleighTaylor final : public Problem {
 public:
  std::string name() const override { return "rayleigh_taylor"; }
  std::string description() const override {
    return "Rayleigh-Taylor instability, heavy over light in gravity (MISO's "
           "hd2d_rayleigh_taylor), 2D or 3D";
  }
  std::string default_config() const override { return builtin_config_text("rayleigh_taylor"); }
  std::vector<ProblemParameterSpec> parameters() const override {
    using P = ProblemParameterSpec;
    return {{"density_upper", P::Real, "2", "density above the interface (y > middle)"},
            {"density_lower", P::Real, "1", "density below"},
            {"pressure", P::Real, "2.5", "gas pressure at the interface"},
            {"perturbation", P::String, "random",
             "random: v_x, v_y (and v_z in 3D) of every cell get amplitude x a seeded uniform "
             "number in [-1, 1) "
             "(MISO's); mode: v_y = amplitude (1 + cos(2 pi (x - x_mid) / L_x)) (1 + cos(2 pi (y - "
             "y_mid) / L_y)) / 4"},
            {"amplitude", P::Real, "0.01",
             "amplitude of the velocity perturbation (0: the unperturbed equilibrium)"},
            {"seed", P::Integer, "1", "seed of the random perturbation"}};
  }
  void configure(const RunConfig& c) override {
    rho_upper_ = parameter_as_double(c, "density_upper");
    rho_lower_ = parameter_as_double(c, "density_lower");
    p0_ = parameter_as_double(c, "pressure");
    amplitude_ = parameter_as_double(c, "amplitude");
    seed_ = std::uint64_t(std::stoll(parameter_as_string(c, "seed")));
    const std::string kind = parameter_as_string(c, "perturbation");
    ALFVEN_REQUIRE(kind == "random" || kind == "mode",
                   "rayleigh_taylor: problem_parameters.perturbation must be random or mode, got '"
                       << kind << "'");
    mode_ = kind == "mode";
    ALFVEN_REQUIRE(rho_upper_ > 0 && rho_lower_ > 0 && p0_ > 0,
                   "rayleigh_taylor: problem_parameters.density_upper, density_lower and pressure "
                   "must be > 0");
    ALFVEN_REQUIRE(c.gravity[0] == 0 && c.gravity[2] == 0 && c.gravity[1] < 0,
                   "rayleigh_taylor: gravity must point along -y: set sources.gravity to [0, -g, "
                   "0] with g > 0 "
                   "(e.g. [0, -0.1, 0])");
    ALFVEN_REQUIRE(c.j_size > 4,
                   "rayleigh_taylor: the layers are stacked along y, but grid.j_size is "
                       << c.j_size << "; set it to the number of cells (e.g. 384)");
    g_ = -c.gravity[1];
    gamma_ = c.gamma;
    dy_ = (c.y_max - c.y_min) / c.j_size;
    y_mid_ = 0.5 * (c.y_min + c.y_max);
    x_mid_ = 0.5 * (c.x_min + c.x_max);
    length_[0] = c.x_max - c.x_min;
    length_[1] = c.y_max - c.y_min;
    three_d_ = c.k_size > 1;
    // Hydrostatic p(y) within 2.5 cells of the interface must stay positive.
    const double top = p0_ - g_ * rho_upper_ * (c.y_max - y_mid_ + 3 * dy_);
    ALFVEN_REQUIRE(
        top > 0,
        "rayleigh_taylor: the hydrostatic pressure falls to "
            << top
            << " at the top of the domain; raise problem_parameters.pressure or lower the gravity");
  }
  InitialState initial_state(double x, double y, double z) const override {
    InitialState q;
    const double h = y - y_mid_;
    if (std::fabs(h) > 2.5 * dy_) {
      q.density = h > 0 ? rho_upper_ : rho_lower_;
    } else {
      // The density the scheme's difference of the hydrostatic pressure balances (file comment).
      const double dp = ((pressure(h - 2 * dy_) - 8 * pressure(h - dy_)) + 8 * pressure(h + dy_)) -
                        pressure(h + 2 * dy_);
      q.density = -dp / (12 * dy_) / g_;
    }
    q.internal_energy = pressure(h) / ((gamma_ - 1) * q.density);
    if (mode_) {
      q.velocity[1] = amplitude_ * (1 + std::cos(2 * M_PI * (x - x_mid_) / length_[0])) *
                      (1 + std::cos(2 * M_PI * h / length_[1])) / 4;
    } else if (amplitude_ != 0) {
      q.velocity[0] = amplitude_ * seeded_uniform(seed_, x, y, z, 0);
      q.velocity[1] = amplitude_ * seeded_uniform(seed_, x, y, z, 1);
      if (three_d_) q.velocity[2] = amplitude_ * seeded_uniform(seed_, x, y, z, 2);
    }
    return q;
  }

 private:
  // Hydrostatic pressure at height h above the interface.
  double pressure(double h) const { return p0_ - g_ * (h > 0 ? rho_upper_ : rho_lower_) * h; }

  double rho_upper_ = 2, rho_lower_ = 1, p0_ = 2.5, amplitude_ = 0.01, g_ = 0.1, gamma_ = 1.4;
  double dy_ = 1, y_mid_ = 0, x_mid_ = 0, length_[2] = {1, 1};
  std::uint64_t seed_ = 1;
  bool mode_ = false, three_d_ = false;
};

}  // namespace

std::unique_ptr<Problem> make_rayleigh_taylor() {
  return std::make_unique<RayleighTaylor>();
}

}  // namespace mhd
}  // namespace alfven
