// Linear MHD waves along x on a periodic box of length 1, for measuring the order of accuracy
// (Gardiner & Stone 2005, J. Comput. Phys. 205, 509, section 5.1; Stone et al. 2008, ApJS 178,
// 137, section 8.1). Background rho = 1, p = 1/gamma (sound speed 1), B = (1, sqrt 2, 1/2) in
// Heaviside-Lorentz units (times sqrt(4 pi) in Gaussian), so that the fast, Alfven and slow speeds
// along x are 2, 1 and 1/2 for any gamma; the entropy wave is carried by a background flow v_x = 1.
// The state is the background plus amplitude x sin(2 pi x) x the unit right eigenvector of the
// chosen wave (in the primitive variables rho, v, B_HL, p), so the exact solution is the initial
// state translated at the wave speed.
//
// Right eigenvectors of the primitive 1D MHD equations for a wave of speed lambda (B_x constant,
// b = B / sqrt(4 pi), c_ax^2 = b_x^2 / rho; Roe & Balsara 1996, SIAM J. Appl. Math. 56, 57):
//   Alfven:    d rho = d v_x = d p = 0, d b_perp = n (unit, perpendicular to b_perp in y-z),
//              d v_perp = -b_x d b_perp / (rho lambda), lambda = |b_x| / sqrt(rho);
//   fast/slow: d v_x = 1, d rho = rho / lambda, d p = gamma p / lambda,
//              d b_perp = b_perp lambda / (lambda^2 - c_ax^2), d v_perp = -b_x d b_perp / (rho
//              lambda), lambda^2 = (c_s^2 + c_a^2 +- sqrt((c_s^2 + c_a^2)^2 - 4 c_s^2 c_ax^2)) / 2;
//   entropy:   d rho = 1, the rest 0, lambda = v_x.
#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"
#include "builtin_configs.hpp"

namespace alfven {
namespace mhd {
namespace {

class LinearWave final : public Problem {
 public:
  std::string name() const override { return "linear_wave"; }
  std::string description() const override {
    return "linear MHD wave (alfven, fast, slow, entropy) along x, periodic: the order-of-accuracy "
           "test";
  }
  std::string default_config() const override { return builtin_config_text("linear_wave"); }
  std::vector<ProblemParameterSpec> parameters() const override {
    using P = ProblemParameterSpec;
    return {{"wave", P::String, "alfven",
             "alfven (speed 1), fast (2), slow (1/2) or entropy (carried by v_x = 1): periods 1, "
             "1/2, 2, 1"},
            {"amplitude", P::Real, "1e-6", "amplitude of the unit eigenvector"}};
  }
  void configure(const RunConfig& c) override {
    const std::string wave = parameter_as_string(c, "wave");
    ALFVEN_REQUIRE(
        wave == "alfven" || wave == "fast" || wave == "slow" || wave == "entropy",
        "linear_wave: problem_parameters.wave must be alfven, fast, slow or entropy, got '" << wave
                                                                                            << "'");
    ALFVEN_REQUIRE(c.i_size > 1, "linear_wave: the wave runs along x, but grid.i_size is 1");
    amplitude_ = parameter_as_double(c, "amplitude");
    gamma_ = c.gamma;
    x_min_ = c.x_min;
    length_ = c.x_max - c.x_min;
    const double rho = 1, p = 1 / gamma_, bx = 1, by = std::sqrt(2.0), bz = 0.5;
    for (double& r : eigen_) r = 0;
    if (wave == "entropy") {
      background_vx_ = 1;
      eigen_[0] = 1;
    } else if (wave == "alfven") {
      const double lambda = std::fabs(bx) / std::sqrt(rho);
      const double bperp = std::hypot(by, bz);
      const double n[2] = {-bz / bperp, by / bperp};
      for (int m = 0; m < 2; ++m) {
        eigen_[5 + m] = n[m];
        eigen_[2 + m] = -bx * n[m] / (rho * lambda);
      }
    } else {
      const double cs2 = gamma_ * p / rho, ca2 = (bx * bx + by * by + bz * bz) / rho,
                   cax2 = bx * bx / rho;
      const double root = std::sqrt((cs2 + ca2) * (cs2 + ca2) - 4 * cs2 * cax2);
      const double lambda = std::sqrt(0.5 * (cs2 + ca2 + (wave == "fast" ? root : -root)));
      eigen_[0] = rho / lambda;
      eigen_[1] = 1;
      eigen_[7] = gamma_ * p / lambda;
      const double bperp[2] = {by, bz};
      for (int m = 0; m < 2; ++m) {
        eigen_[5 + m] = bperp[m] * lambda / (lambda * lambda - cax2);
        eigen_[2 + m] = -bx * eigen_[5 + m] / (rho * lambda);
      }
    }
    double norm = 0;
    for (double r : eigen_) norm += r * r;
    for (double& r : eigen_) r /= std::sqrt(norm);
    background_[0] = rho;
    background_[1] = background_vx_;
    background_[4] = bx;
    background_[5] = by;
    background_[6] = bz;
    background_[7] = p;
  }
  InitialState initial_state(double x, double, double) const override {
    const double s = amplitude_ * std::sin(2 * M_PI * (x - x_min_) / length_);
    double w[8];
    for (int n = 0; n < 8; ++n) w[n] = background_[n] + s * eigen_[n];
    const double to_gauss = std::sqrt(4 * M_PI);
    InitialState q;
    q.density = w[0];
    for (int a = 0; a < 3; ++a) {
      q.velocity[a] = w[1 + a];
      q.magnetic_field[a] = to_gauss * w[4 + a];
    }
    q.internal_energy = w[7] / ((gamma_ - 1) * w[0]);
    return q;
  }

 private:
  // Primitive vectors (rho, v_x, v_y, v_z, b_x, b_y, b_z, p), b in Heaviside-Lorentz units.
  double background_[8] = {}, eigen_[8] = {};
  double amplitude_ = 1e-6, gamma_ = 5.0 / 3.0, x_min_ = 0, length_ = 1, background_vx_ = 0;
};

}  // namespace

std::unique_ptr<Problem> make_linear_wave() {
  return std::make_unique<LinearWave>();
}

}  // namespace mhd
}  // namespace alfven
