// Exact solution of the Riemann problem of the Euler equations for an ideal gas
// (Toro, "Riemann Solvers and Numerical Methods for Fluid Dynamics", 3rd ed., chapter 4:
// pressure function eqs. 4.6-4.8, Newton iteration 4.44, sampling section 4.5).
// Used as the reference for the Sod shock tube.
#pragma once

#include <cmath>
#include <stdexcept>

namespace alfven {
namespace testing {

struct GasState {
  double rho, u, p;
};

class ExactRiemann {
 public:
  ExactRiemann(GasState left, GasState right, double gamma) : l_(left), r_(right), g_(gamma) {
    cl_ = std::sqrt(g_ * l_.p / l_.rho);
    cr_ = std::sqrt(g_ * r_.p / r_.rho);
    solve_star();
  }
  double p_star() const { return p_star_; }
  double u_star() const { return u_star_; }

  /// The state at similarity coordinate xi = (x - x0) / t (Toro section 4.5).
  GasState sample(double xi) const {
    const double g = g_;
    const double gm1 = g - 1, gp1 = g + 1;
    if (xi <= u_star_) {
      const double ratio = p_star_ / l_.p;
      if (p_star_ > l_.p) {  // left shock (4.52)
        const double s = l_.u - cl_ * std::sqrt(gp1 / (2 * g) * ratio + gm1 / (2 * g));
        if (xi <= s) return l_;
        return {l_.rho * (ratio + gm1 / gp1) / (gm1 / gp1 * ratio + 1), u_star_, p_star_};
      }
      const double head = l_.u - cl_;  // left rarefaction (4.54-4.56)
      const double c_star = cl_ * std::pow(ratio, gm1 / (2 * g));
      const double tail = u_star_ - c_star;
      if (xi <= head) return l_;
      if (xi > tail) return {l_.rho * std::pow(ratio, 1 / g), u_star_, p_star_};
      const double f = 2 / gp1 + gm1 / (gp1 * cl_) * (l_.u - xi);
      return {l_.rho * std::pow(f, 2 / gm1), 2 / gp1 * (cl_ + gm1 / 2 * l_.u + xi),
              l_.p * std::pow(f, 2 * g / gm1)};
    }
    const double ratio = p_star_ / r_.p;
    if (p_star_ > r_.p) {  // right shock (4.59)
      const double s = r_.u + cr_ * std::sqrt(gp1 / (2 * g) * ratio + gm1 / (2 * g));
      if (xi >= s) return r_;
      return {r_.rho * (ratio + gm1 / gp1) / (gm1 / gp1 * ratio + 1), u_star_, p_star_};
    }
    const double head = r_.u + cr_;  // right rarefaction (4.61-4.63)
    const double c_star = cr_ * std::pow(ratio, gm1 / (2 * g));
    const double tail = u_star_ + c_star;
    if (xi >= head) return r_;
    if (xi < tail) return {r_.rho * std::pow(ratio, 1 / g), u_star_, p_star_};
    const double f = 2 / gp1 - gm1 / (gp1 * cr_) * (r_.u - xi);
    return {r_.rho * std::pow(f, 2 / gm1), 2 / gp1 * (-cr_ + gm1 / 2 * r_.u + xi),
            r_.p * std::pow(f, 2 * g / gm1)};
  }

 private:
  // f_K(p) and its derivative (Toro 4.6, 4.7, 4.37).
  void side(double p, const GasState& k, double c, double& f, double& df) const {
    const double g = g_;
    if (p > k.p) {
      const double a = 2 / ((g + 1) * k.rho), b = (g - 1) / (g + 1) * k.p;
      const double q = std::sqrt(a / (p + b));
      f = (p - k.p) * q;
      df = q * (1 - (p - k.p) / (2 * (b + p)));
    } else {
      const double r = p / k.p;
      f = 2 * c / (g - 1) * (std::pow(r, (g - 1) / (2 * g)) - 1);
      df = std::pow(r, -(g + 1) / (2 * g)) / (k.rho * c);
    }
  }
  void solve_star() {
    double p = 0.5 * (l_.p + r_.p);
    for (int it = 0; it < 100; ++it) {
      double fl, dfl, fr, dfr;
      side(p, l_, cl_, fl, dfl);
      side(p, r_, cr_, fr, dfr);
      const double next = std::fmax(p - (fl + fr + r_.u - l_.u) / (dfl + dfr), 1e-12);
      const bool done = std::fabs(next - p) < 1e-15 * (next + p);
      p = next;
      if (done) {
        side(p, l_, cl_, fl, dfl);
        side(p, r_, cr_, fr, dfr);
        p_star_ = p;
        u_star_ = 0.5 * (l_.u + r_.u) + 0.5 * (fr - fl);
        return;
      }
    }
    throw std::runtime_error("exact Riemann solver did not converge");
  }

  GasState l_, r_;
  double g_, cl_ = 0, cr_ = 0, p_star_ = 0, u_star_ = 0;
};

}  // namespace testing
}  // namespace alfven
