// Bow-shock stand-off distance of supersonic flow past a cylinder (2D) or a sphere (3D) against
// Billig's correlation (bow_shock.hpp), on either backend: the embedded-body check that is too
// costly for a test at fine resolution. Runs a configuration (problems/uniform_flow.yaml's
// cylinder, problems/mach3_sphere.yaml) to its end and prints one JSON line. The body must be
// centred at x = 0, y = 0 (and z = 0 in 3D; at the cell centres' z in 2D) with radius --radius,
// in a flow along x.
//
//   bench_bow_shock CONFIG.yaml --radius R [--backend host|cuda] [--set key=value]...
#include <chrono>
#include <cstdio>
#include <string>

#include "alfven/core/error.hpp"
#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"
#include "bow_shock.hpp"

using namespace alfven;
using namespace alfven::mhd;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: bench_bow_shock CONFIG.yaml --radius R [--backend host|cuda] [--set "
                 "key=value]...\n");
    return 2;
  }
  RunOptions o;
  o.config = argv[1];
  std::string backend = "host";
  double radius = 0;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--set")
      o.overrides.push_back(argv[i + 1]);
    else if (key == "--backend")
      backend = argv[i + 1];
    else if (key == "--radius")
      radius = std::atof(argv[i + 1]);
  }
  try {
    ALFVEN_REQUIRE(radius > 0, "bench_bow_shock: give the body's --radius");
    const RunConfig cfg = resolve_config(o);
    const double mach = parameter_as_double(cfg, "velocity_x");  // sound speed 1 (p = 1/gamma)
    const bool sphere = cfg.k_size > 1;
    const auto t0 = std::chrono::steady_clock::now();
    Simulation<double> sim(cfg, backend);
    sim.run_until(cfg.tend);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    Fields<double, backend::Host> q(sim.grid());
    sim.copy_state_to(q);
    const double shock = bench::shock_position(q, sim.grid(), 1.0, mach, cfg.gamma, 0.0,
                                               sphere ? 0.0 : sim.grid().centre(2, 0));
    const double standoff = (-radius - shock) / radius,
                 billig = bench::billig_standoff(mach, sphere);
    std::printf(
        "{\"name\": \"bow_shock_standoff\", \"body\": \"%s\", \"mach\": %g, \"cells_per_radius\": "
        "%.1f, "
        "\"time\": %.4g, \"steps\": %ld, \"standoff_over_radius\": %.4f, \"billig\": %.4f, "
        "\"relative_error\": %.4f, \"backend\": \"%s\", \"seconds\": %.2f}\n",
        sphere ? "sphere" : "cylinder", mach, radius / sim.grid().d[0], sim.time(), sim.steps(),
        standoff, billig, standoff / billig - 1, sim.solver().backend_name(), seconds);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_bow_shock: %s\n", e.what());
    return 1;
  }
}
