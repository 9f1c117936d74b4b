// Petschek-type magnetic reconnection with a localised resistivity, MISO's demo
// mhd2d_reconnection (Zenitani 2015, Phys. Plasmas 22, 032114, runs 1 and 2), in the units of the
// paper (lengths in the sheet half-thickness, speeds in the upstream Alfven speed; B in Gaussian
// units is sqrt(4 pi) times the paper's). One quadrant of the x-y plane is solved, x along the
// outflow, y across the sheet, the X-point at the origin: a Harris sheet
//   B_x = tanh(y),  rho = 1 + sech^2(y) / beta,  p = (beta + sech^2(y)) / 2,
// perturbed by B = curl(dA z), dA = -a exp(-(x^2 + y^2) / 4), and a resistivity (magnetic
// diffusivity) that peaks at the X-point,
//   eta(x, y) = eta0 + (eta1 - eta0) sech^2(sqrt(x^2 + y^2)).
// The faces x = 0, x = x_max and y = 0 are mirror planes, y = y_max a conducting wall
// (reconnection.yaml sets the sign of each variable).
//
// eta(x, y) is this problem's own source (ProblemWithSources): its resistivity(x) member is called
// by the solver on the faces of every cell, on the host and on the GPU, and its value also limits
// the time step (dissipation.hpp).
#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem_sources.hpp"
#include "builtin_configs.hpp"

namespace alfven {
namespace mhd {
namespace {

/// eta(x, y) = eta0 + (eta1 - eta0) sech^2(r): MISO's ResistiveSource of the demo.
template <typename Real>
struct LocalisedResistivity {
  static constexpr bool active = false;  // no force or heating
  static constexpr bool varying_resistivity = true;
  Real eta0, eta1;
  template <typename R>
  ALFVEN_HOST_DEVICE void operator()(const Primitive<R>&, const R*, R*, R&) const {}
  ALFVEN_HOST_DEVICE Real resistivity(const Real* x) const {
    const Real s =
        math::exp(Real(-2) * math::sqrt(x[0] * x[0] + x[1] * x[1]));  // sech^2 r = 4 s / (1 + s)^2
    return eta0 + (eta1 - eta0) * Real(4) * s / ((Real(1) + s) * (Real(1) + s));
  }
};

class Reconnection final : public ProblemWithSources<Reconnection> {
 public:
  std::string name() const override { return "reconnection"; }
  std::string description() const override {
    return "Petschek reconnection with a localised resistivity (MISO's mhd2d_reconnection, "
           "Zenitani 2015), 2D";
  }
  std::string default_config() const override { return builtin_config_text("reconnection"); }
  std::vector<ProblemParameterSpec> parameters() const override {
    using P = ProblemParameterSpec;
    return {{"beta", P::Real, "0.2", "plasma beta upstream (Zenitani's run 1: 0.1, run 2: 0.2)"},
            {"eta0", P::Real, "0.001", "background resistivity (magnetic diffusivity)"},
            {"eta1", P::Real, "0.016666666666666666", "resistivity at the X-point"},
            {"perturbation", P::Real, "0.06", "amplitude a of the vector-potential perturbation"}};
  }
  void configure(const RunConfig& c) override {
    beta_ = parameter_as_double(c, "beta");
    eta0_ = parameter_as_double(c, "eta0");
    eta1_ = parameter_as_double(c, "eta1");
    a_ = parameter_as_double(c, "perturbation");
    ALFVEN_REQUIRE(beta_ > 0, "reconnection: problem_parameters.beta must be > 0, got " << beta_);
    ALFVEN_REQUIRE(
        eta0_ >= 0 && eta1_ >= 0,
        "reconnection: problem_parameters.eta0 and eta1 must be >= 0 (resistivities), got "
            << eta0_ << " and " << eta1_);
    ALFVEN_REQUIRE(
        c.i_size > 1 && c.j_size > 1 && c.k_size == 1,
        "reconnection: the run is 2D in x (outflow) and y (inflow); set grid.k_size to 1");
    gamma_ = c.gamma;
  }
  InitialState initial_state(double x, double y, double) const override {
    const double ch = std::cosh(y), sech2 = 1 / (ch * ch);
    const double ex = std::exp(-(x * x + y * y) / 4);
    const double to_gauss = std::sqrt(4 * M_PI);
    InitialState q;
    q.density = 1 + sech2 / beta_;
    q.magnetic_field[0] = to_gauss * (std::tanh(y) - 0.5 * a_ * y * ex);
    q.magnetic_field[1] = to_gauss * 0.5 * a_ * x * ex;
    q.internal_energy = 0.5 * (beta_ + sech2) / ((gamma_ - 1) * q.density);
    return q;
  }
  /// The localised resistivity in precision Real.
  template <typename Real>
  LocalisedResistivity<Real> sources() const {
    return {Real(eta0_), Real(eta1_)};
  }

 private:
  double beta_ = 0.2, eta0_ = 0.001, eta1_ = 1.0 / 60, a_ = 0.06, gamma_ = 5.0 / 3.0;
};

}  // namespace

std::unique_ptr<Problem> make_reconnection() {
  return std::make_unique<Reconnection>();
}

}  // namespace mhd
}  // namespace alfven
