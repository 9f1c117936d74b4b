// The L1 error of the built-in linear_wave problem after whole periods, shared by the
// order-of-accuracy test (test_linear_wave.cpp) and its benchmark with N = 128
// (bench/bench_linear_wave.cpp).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"

namespace alfven_test {

/// Period of each wave of linear_wave on its box of length 1 (speeds 1, 2, 1/2; entropy at v_x =
/// 1).
inline double wave_period(const std::string& wave) {
  return wave == "fast" ? 0.5 : (wave == "slow" ? 2.0 : 1.0);
}

/// What one run gave.
struct WaveRun {
  double l1 =
      0;  ///< error norm: sqrt of the sum over rho, v (3), B / sqrt(4 pi) (3), p of (L1 error)^2
  double time = 0;  ///< time reached (one period exactly with time.exact_times)
  long steps = 0;
};

/// Runs `wave` on n cells for one period (time.exact_times) with `overrides` added (e.g. the
/// artificial viscosity off), and measures the L1 error against the initial state, which is the
/// exact solution after one period. Host backend, double precision.
inline WaveRun run_linear_wave(const std::string& wave, int n,
                               const std::vector<std::string>& overrides, double periods = 1) {
  using namespace alfven::mhd;
  RunOptions o;
  o.config = "linear_wave";
  o.overrides = {"problem_parameters.wave=" + wave, "grid.i_size=" + std::to_string(n),
                 "time.tend=" + std::to_string(periods * wave_period(wave)),
                 "time.exact_times=true"};
  o.overrides.insert(o.overrides.end(), overrides.begin(), overrides.end());
  const RunConfig cfg = resolve_config(o);
  Simulation<double> sim(cfg, "host");
  const std::vector<double> initial = sim.gather_interior();
  sim.run_until(cfg.tend);
  const std::vector<double> final_state = sim.gather_interior();
  const double to_hl = 1 / std::sqrt(4 * M_PI), gm1 = cfg.gamma - 1;
  auto quantity = [&](const std::vector<double>& q, int m, int c) {
    const std::size_t cells = std::size_t(n);
    switch (m) {
      case 0:
        return q[c];  // rho
      case 1:
      case 2:
      case 3:
        return q[m * cells + c];  // v
      case 4:
      case 5:
      case 6:
        return q[m * cells + c] * to_hl;  // B (Heaviside-Lorentz)
      default:
        return gm1 * q[c] * q[internal_energy * cells + c];  // p
    }
  };
  WaveRun r;
  double sum2 = 0;
  for (int m = 0; m < 8; ++m) {
    double l1 = 0;
    for (int c = 0; c < n; ++c)
      l1 += std::fabs(quantity(final_state, m, c) - quantity(initial, m, c));
    l1 /= n;
    sum2 += l1 * l1;
  }
  r.l1 = std::sqrt(sum2);
  r.time = sim.time();
  r.steps = sim.steps();
  return r;
}

/// The artificial viscosity off (what the order test measures).
inline std::vector<std::string> no_artificial_viscosity() {
  return {"mhd.artificial_viscosity.cs_fac=0", "mhd.artificial_viscosity.ca_fac=0",
          "mhd.artificial_viscosity.vv_fac=0"};
}

}  // namespace alfven_test
