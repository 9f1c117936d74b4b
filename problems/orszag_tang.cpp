// Orszag-Tang vortex (Orszag & Tang 1979, J. Fluid Mech. 90, 129) in MISO's normalisation
// (mhd-scheme.md, "Reference set-up"): gamma = 5/3, rho = 1, p = 1/gamma, v0 = 1,
// b0 = sqrt(4 pi) / gamma, v = v0 (-sin 2 pi y, sin 2 pi x, 0), B = (-b0 sin 2 pi y, b0 sin 4 pi x,
// 0). The state does not depend on z, so a run with k_size > 1 is the 2D vortex extruded in z.
#include <cmath>

#include "alfven/mhd/problem.hpp"
#include "builtin_configs.hpp"

namespace alfven {
namespace mhd {
namespace {

class OrszagTang final : public Problem {
 public:
  std::string name() const override { return "orszag_tang"; }
  std::string description() const override {
    return "Orszag-Tang vortex, 2D periodic (extruded in z when k_size > 1)";
  }
  std::string default_config() const override { return builtin_config_text("orszag_tang"); }
  void configure(const RunConfig& config) override { gamma_ = config.gamma; }
  InitialState initial_state(double x, double y, double) const override {
    const double two_pi = 2.0 * M_PI;
    const double v0 = 1.0;
    const double b0 = std::sqrt(4.0 * M_PI) / gamma_;
    const double rho = 1.0, p = 1.0 / gamma_;
    InitialState s;
    s.density = rho;
    s.velocity[0] = -v0 * std::sin(two_pi * y);
    s.velocity[1] = v0 * std::sin(two_pi * x);
    s.magnetic_field[0] = -b0 * std::sin(two_pi * y);
    s.magnetic_field[1] = b0 * std::sin(2.0 * two_pi * x);
    s.internal_energy = p / ((gamma_ - 1.0) * rho);
    return s;
  }

 private:
  double gamma_ = 5.0 / 3.0;
};

}  // namespace

std::unique_ptr<Problem> make_orszag_tang() {
  return std::make_unique<OrszagTang>();
}

}  // namespace mhd
}  // namespace alfven
