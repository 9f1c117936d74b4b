// Runs a problem for a number of steps on however many MPI ranks it is started with, checks that
// no cell of any rank (ghost cells included) holds a NaN or infinity, and has rank 0 write the
// gathered interior of the whole domain as raw bytes. The MPI tests compare these files across
// decompositions with `cmp`: the scheme has no order-dependent sums, so they must be identical.
//
//   mpiexec -n N mpi_run_and_dump OUT.bin STEPS [--config FILE|PROBLEM] [--backend host|cuda]
//                                 [--set key=value]...
//
// --config: a configuration file or a built-in problem's name (its problems/NAME.yaml, bodies
// included); without it Orszag-Tang's.
// With --backend cuda and no visible device it exits with 77 (ctest: skipped).
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "alfven/core/device.hpp"
#include "alfven/mhd/parallel.hpp"
#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"

using namespace alfven;
using namespace alfven::mhd;

int main(int argc, char** argv) {
  ParallelEnvironment mpi(argc, argv);
  if (argc < 3) {
    std::cerr << "usage: mpi_run_and_dump OUT.bin STEPS [--config FILE|PROBLEM] [--backend B] "
                 "[--set key=value]...\n";
    return 2;
  }
  if (world_rank() == 0) std::remove(argv[1]);  // a stale dump must never pass a comparison
  try {
    RunOptions o;
    std::string backend = "host";
    for (int i = 3; i + 1 < argc; i += 2) {
      if (std::string(argv[i]) == "--set") o.overrides.push_back(argv[i + 1]);
      if (std::string(argv[i]) == "--backend") backend = argv[i + 1];
      if (std::string(argv[i]) == "--config") o.config = argv[i + 1];
    }
    if (backend == "cuda" && !device_available()) {
      if (world_rank() == 0) std::printf("no CUDA device visible: skipped\n");
      return 77;
    }
    const RunConfig cfg = resolve_config(o);
    Simulation<double> sim(cfg, backend);
    sim.run_until(1e30, std::stol(argv[2]));
    Fields<double, backend::Host> local(sim.grid());
    sim.copy_state_to(local);
    long bad = 0;
    for (long n = 0; n < local.array().size(); ++n) bad += std::isfinite(local.array()[n]) ? 0 : 1;
    const double total_bad = sim.communicator().sum(double(bad));
    const std::vector<double> all = sim.gather_interior();
    const int* d = sim.communicator().dims();
    if (sim.communicator().rank() == 0) {
      std::printf(
          "%d ranks as %d x %d x %d: %ld steps to t = %.17g, %ld solid cells, %g non-finite "
          "cells (ghosts included)\n",
          sim.communicator().size(), d[0], d[1], d[2], sim.steps(), sim.time(), sim.solid_cells(),
          total_bad);
      std::ofstream f(argv[1], std::ios::binary);
      f.write(reinterpret_cast<const char*>(&all[0]), std::streamsize(all.size() * sizeof(double)));
      const double t = sim.time();
      f.write(reinterpret_cast<const char*>(&t), sizeof t);
    }
    return total_bad == 0 ? 0 : 3;
  } catch (const std::exception& e) {
    std::cerr << "rank " << world_rank() << ": " << e.what() << "\n";
    abort_all(1);
  }
}
