// The magnetosphere (MISO's mhd3d_magnetosphere): 50 steps at 64^3 on the CPU without NaN, the
// planet's interior (a `wall: fixed` body) kept at its initial state bit for bit, the solar wind
// kept in the ghost cells of the inflow face, and the planet's cells left out of the time step.
// tests/gpu/test_mhd_device.cpp checks that the CUDA backend gives the same run to rounding.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"

using namespace alfven;
using namespace alfven::mhd;

TEST(Magnetosphere, RunsFiftyStepsAt64CubedWithThePlanetKeptAtItsState) {
  RunOptions o;
  o.config = "magnetosphere";
  const RunConfig cfg = resolve_config(o);
  ASSERT_EQ(cfg.i_size, 64);
  Simulation<double> sim(cfg, "host");
  Fields<double, backend::Host> initial(sim.grid());
  sim.copy_state_to(initial);
  sim.run_until(1e30, 50);
  ASSERT_EQ(sim.steps(), 50);
  Fields<double, backend::Host> q(sim.grid());
  sim.copy_state_to(q);
  const Grid& g = sim.grid();
  long inside = 0, bad = 0;
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i) {
        for (int v = 0; v < num_vars; ++v) bad += std::isfinite(q(i, j, k, v)) ? 0 : 1;
        const double r = std::sqrt(std::pow(g.centre(0, i), 2) + std::pow(g.centre(1, j), 2) +
                                   std::pow(g.centre(2, k), 2));
        if (r >= 3.5 * (1 - 1e-12)) continue;  // inside the planet: a solid cell of the fixed body
        ++inside;
        for (int v = 0; v < num_vars; ++v)
          ASSERT_EQ(q(i, j, k, v), initial(i, j, k, v)) << i << " " << j << " " << k;
      }
  EXPECT_EQ(bad, 0);
  EXPECT_GT(inside, 0);
  EXPECT_EQ(sim.solid_cells(), inside);  // every solid cell was checked
  // The inflow face's ghost cells still hold the solar wind.
  for (int k = g.margin[2]; k < g.margin[2] + g.n[2]; k += 7)
    for (int j = g.margin[1]; j < g.margin[1] + g.n[1]; j += 7)
      for (int i = 0; i < g.margin[0]; ++i) {
        ASSERT_EQ(q(i, j, k, density), 5e-4);
        ASSERT_EQ(q(i, j, k, velocity_x), 0.05);
        ASSERT_EQ(q(i, j, k, magnetic_field_z), -1.5e-4);
      }
  // The wind has started to push in: the gas next to the inflow face moves along +x.
  EXPECT_GT(q(g.margin[0], g.margin[1] + 32, g.margin[2] + 32, velocity_x), 0.0);
  std::printf("magnetosphere 64^3: 50 steps to t = %.4g, %ld solid cells (%ld checked)\n",
              sim.time(), sim.solid_cells(), inside);
}
