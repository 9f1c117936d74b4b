// The classic MHD problems (rotor, blast wave, field loop) on small periodic grids: no NaN, the
// point symmetry of the set-up kept to rounding, mass and total energy conserved to rounding (the
// scheme and its artificial viscosity are conservative; periodic boundaries let nothing out).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"

using namespace alfven;
using namespace alfven::mhd;

namespace {

RunConfig config_of(const std::string& problem, const std::vector<std::string>& overrides) {
  RunOptions o;
  o.config = problem;
  o.overrides = overrides;
  return resolve_config(o);
}

/// Largest violation of the point symmetry about the centre of a 2D n x n interior, relative to
/// each variable's largest magnitude: rho, e even; v odd; B and psi even for a uniform initial
/// field (the equations are unchanged by B -> -B, and R B = -B for the rotation R by pi).
double point_symmetry_error(const std::vector<double>& q, int n) {
  const std::size_t cells = std::size_t(n) * n;
  double worst = 0;
  for (int v = 0; v < num_vars; ++v) {
    const double sign = (v >= velocity_x && v <= velocity_z) ? -1.0 : 1.0;
    double scale = 1e-300, err = 0;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        const double a = q[v * cells + i + std::size_t(n) * j];
        const double b = q[v * cells + (n - 1 - i) + std::size_t(n) * (n - 1 - j)];
        scale = std::max(scale, std::fabs(a));
        err = std::max(err, std::fabs(a - sign * b));
      }
    if (v == psi) continue;  // psi is cleaning noise: its symmetry is checked through B
    worst = std::max(worst, err / scale);
  }
  return worst;
}

void check_symmetric_and_conservative(const std::string& problem, int n, double tend) {
  const RunConfig cfg =
      config_of(problem, {"grid.i_size=" + std::to_string(n), "grid.j_size=" + std::to_string(n),
                          "time.tend=" + std::to_string(tend)});
  Simulation<double> sim(cfg, "host");
  const Totals before = sim.totals();
  sim.run_until(cfg.tend);  // throws UnphysicalStateError on a NaN or a negative density or energy
  const Totals after = sim.totals();
  const std::vector<double> q = sim.gather_interior();
  const double symmetry = point_symmetry_error(q, n);
  std::printf(
      "%s %d x %d to t = %.3g (%ld steps): symmetry %.2e, mass %+.2e, energy %+.2e (relative)\n",
      problem.c_str(), n, n, sim.time(), sim.steps(), symmetry, after.mass / before.mass - 1,
      after.energy / before.energy - 1);
  for (double value : q) ASSERT_TRUE(std::isfinite(value));
  EXPECT_LT(symmetry, 1e-10);
  EXPECT_NEAR(after.mass, before.mass, 1e-13 * before.mass);
  EXPECT_NEAR(after.energy, before.energy, 1e-13 * before.energy);
}

}  // namespace

// Rounding, not exactness: the mirrored cell sums the same terms in another order.
TEST(Rotor, StaysPointSymmetricAndConservesMassAndEnergy) {
  check_symmetric_and_conservative("rotor", 64, 0.15);
}

TEST(BlastWave, StaysPointSymmetricAndConservesMassAndEnergy) {
  check_symmetric_and_conservative("blast_wave", 64, 0.05);
}

// The loop comes back after one crossing of the box (t = 1): its magnetic energy, carried by a
// uniform flow, is only what the scheme dissipates; at 128 x 64 most of it survives, and div B
// stays small compared with |B| / dx.
TEST(FieldLoop, IsCarriedAcrossTheBoxAndKeepsMostOfItsEnergy) {
  const RunConfig cfg = config_of(
      "field_loop", {"grid.i_size=128", "grid.j_size=64", "time.tend=1", "time.exact_times=true"});
  Simulation<double> sim(cfg, "host");
  auto magnetic_energy = [&]() {
    const std::vector<double> q = sim.gather_interior();
    const std::size_t cells = q.size() / num_vars;
    double e = 0;
    for (std::size_t c = 0; c < cells; ++c)
      e += std::pow(q[magnetic_field_x * cells + c], 2) +
           std::pow(q[magnetic_field_y * cells + c], 2);
    return e;
  };
  const double e0 = magnetic_energy();
  sim.run_until(cfg.tend);
  const double e1 = magnetic_energy();
  const double b0 = 1e-3 * std::sqrt(4 * M_PI), dx = 2.0 / 128;
  std::printf(
      "field loop 128 x 64, t = 1: magnetic energy %.4f of the initial, max |div B| dx / B0 = "
      "%.3f\n",
      e1 / e0, sim.totals().max_div_b * dx / b0);
  EXPECT_EQ(sim.time(), 1.0);
  EXPECT_GT(e1 / e0, 0.8);
  EXPECT_LE(e1 / e0, 1.0);
  EXPECT_LT(sim.totals().max_div_b * dx / b0, 0.5);
}
