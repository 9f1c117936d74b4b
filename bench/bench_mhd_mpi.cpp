// bench_mhd_mpi: MHD cell updates per second on several MPI ranks (and GPUs), for weak and strong
// scaling. Every rank steps its block of a 3D Orszag-Tang problem (the built-in problem extruded
// in z, periodic on every axis); no output is written. Prints one JSON line (rank 0):
//   {"bench":"mhd_mpi","ranks":2,"dims":[2,1,1],"grid":[512,256,256],"local":[256,256,256],
//    "precision":"float","backend":"cuda","steps":20,"seconds":...,"cell_updates_per_second":...,
//    "halo_seconds":...}
// halo_seconds is filled when ALFVEN_PROFILE_HALO=1 (exchanges then wait for the device).
//
//   mpiexec -n 2 bench_mhd_mpi --grid 512 256 256 --precision float --backend cuda --steps 20
// Weak-scaling efficiency = rate(N ranks, N blocks of B) / (N * rate(1 rank, B)).
//
// --snapshot DIR also writes the state as one snapshot DIR/bench_snapshot.h5 the way a run does
// (mhd/state_io.hpp: one process, every rank its hyperslab with parallel HDF5, or through rank 0)
// after the steps, and adds "snapshot_seconds" (slowest rank, from the copy of the state to the
// host to the rename of the complete file) and "snapshot_GBps" (nine fields' bytes over that
// time) to the line; the file is removed afterwards. --steps 0 measures the write alone. The
// file is flushed to the disk (fsync) and renamed into place, as a run's snapshots; --no-fsync
// only renames it (what the flush costs). --write-only (with --snapshot) builds no solver: each
// rank fills its block of the initial state on the host and writes it the same way, so the write of
// a grid too large for the machine's memory with a solver (512^3 float needs 46 GiB) can be
// measured; it writes twice into one packed buffer, as a run does (the first write allocates
// it, the second reuses it), and prints {"bench":"snapshot_write",...,"snapshot_seconds":...,
// "snapshot_GBps":..., "reused_buffer_seconds":...}.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "alfven/mhd/parallel.hpp"
#include "alfven/mhd/problem.hpp"
#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/state_io.hpp"

namespace {

struct Args {
  int n[3] = {128, 128, 128};
  int procs[3] = {0, 0, 0};
  std::string precision = "float", backend = "cuda";
  int steps = 20, warmup = 3;
  std::string snapshot_dir;  // --snapshot: where to write the timed snapshot ("" = none)
  bool fsync = true;         // --no-fsync: renamed into place without flushing it to the disk
  bool write_only = false;   // --write-only: no solver, only the initial state and its snapshot
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string s = argv[i];
    auto need = [&](int k) {
      if (i + k >= argc) {
        std::fprintf(stderr, "bench_mhd_mpi: %s needs %d value(s)\n", s.c_str(), k);
        std::exit(2);
      }
    };
    if (s == "--grid") {
      need(3);
      for (int d = 0; d < 3; ++d) a.n[d] = std::atoi(argv[++i]);
    } else if (s == "--procs") {
      need(3);
      for (int d = 0; d < 3; ++d) a.procs[d] = std::atoi(argv[++i]);
    } else if (s == "--precision") {
      need(1);
      a.precision = argv[++i];
    } else if (s == "--backend") {
      need(1);
      a.backend = argv[++i];
    } else if (s == "--steps") {
      need(1);
      a.steps = std::atoi(argv[++i]);
    } else if (s == "--warmup") {
      need(1);
      a.warmup = std::atoi(argv[++i]);
    } else if (s == "--snapshot") {
      need(1);
      a.snapshot_dir = argv[++i];
    } else if (s == "--no-fsync") {
      a.fsync = false;
    } else if (s == "--write-only") {
      a.write_only = true;
    } else {
      std::fprintf(
          stderr,
          "usage: bench_mhd_mpi [--grid NX NY NZ] [--procs PX PY PZ] [--precision float|double]\n"
          "                     [--backend host|cuda] [--steps N] [--warmup N] [--snapshot DIR]\n"
          "                     [--no-fsync] [--write-only]\n");
      std::exit(2);
    }
  }
  return a;
}

/// The snapshot of `host` (this rank's block of `global`) written as a run writes it, timed on
/// the slowest rank, the file removed afterwards; seconds.
template <typename Real>
double timed_snapshot(const Args& a, const alfven::mhd::RunConfig& cfg,
                      const alfven::mhd::Communicator& comm, const alfven::mhd::Grid& local,
                      const alfven::mhd::Grid& global,
                      const alfven::mhd::Fields<Real, alfven::backend::Host>& host, double time,
                      long step, alfven::mhd::PackedBuffer<Real>* packed = nullptr) {
  const std::string path = a.snapshot_dir + "/bench_snapshot.h5";
  alfven::io::SnapshotMeta meta;
  meta.problem = cfg.problem;
  meta.time = time;
  meta.step = step;
  meta.gamma = cfg.gamma;
  alfven::io::StorageOptions options;
  options.durable = a.fsync;
  comm.min(0.0);  // start together
  const auto w0 = std::chrono::steady_clock::now();
  alfven::mhd::write_state(comm, local, global, host, std::vector<Real>{}, path, meta, options,
                           packed);
  const double seconds =
      comm.max(std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count());
  if (comm.rank() == 0) std::filesystem::remove(path);
  return seconds;
}

/// --write-only: the initial state of every rank's block, written as one snapshot.
template <typename Real>
void bench_write_only(const Args& a, const alfven::mhd::RunConfig& cfg) {
  const alfven::mhd::Grid global = alfven::mhd::grid_from(cfg);
  const auto comm = alfven::mhd::make_communicator(cfg.procs, cfg.periodic, global);
  const alfven::mhd::Grid local = comm->local_grid(global);
  const auto problem = alfven::mhd::make_problem(cfg.problem);
  alfven::mhd::RunConfig configured = cfg;
  problem->configure(configured);
  alfven::mhd::Fields<Real, alfven::backend::Host> host(local);
  alfven::mhd::fill_initial_state(*problem, local, host);
  // Twice into one packed buffer, as a run writes: the first allocates it, the second reuses it.
  alfven::mhd::PackedBuffer<Real> packed;
  const double seconds = timed_snapshot(a, cfg, *comm, local, global, host, 0.0, 0, &packed);
  const double reused = timed_snapshot(a, cfg, *comm, local, global, host, 0.0, 0, &packed);
  if (comm->rank() != 0) return;
  const double cells = double(global.n[0]) * global.n[1] * global.n[2];
  std::printf(
      "{\"bench\":\"snapshot_write\",\"ranks\":%d,\"grid\":[%d,%d,%d],\"precision\":\"%s\","
      "\"fsync\":%s,\"snapshot_seconds\":%.4f,\"snapshot_GBps\":%.3f,"
      "\"reused_buffer_seconds\":%.4f}\n",
      comm->size(), global.n[0], global.n[1], global.n[2], a.precision.c_str(),
      a.fsync ? "true" : "false", seconds, 9.0 * sizeof(Real) * cells / seconds / 1e9, reused);
}

template <typename Real>
void bench(const Args& a, const alfven::mhd::RunConfig& cfg) {
  using clock = std::chrono::steady_clock;
  alfven::mhd::Simulation<Real> sim(cfg, a.backend);
  for (int s = 0; s < a.warmup; ++s) sim.step();
  const alfven::mhd::HaloProfile h0 = sim.solver().halo_profile();
  sim.communicator().min(0.0);  // start together
  const auto t0 = clock::now();
  for (int s = 0; s < a.steps; ++s) sim.step();  // each step ends with a global CFL reduction
  const double seconds =
      sim.communicator().max(std::chrono::duration<double>(clock::now() - t0).count());
  const alfven::mhd::HaloProfile h1 = sim.solver().halo_profile();
  const double halo = sim.communicator().max(h1.total() - h0.total());
  const double out = sim.communicator().max(h1.pack_and_copy_out - h0.pack_and_copy_out);
  const double mpi = sim.communicator().max(h1.mpi - h0.mpi);
  const double in = sim.communicator().max(h1.copy_in_and_unpack - h0.copy_in_and_unpack);
  double snapshot_seconds = 0;
  if (!a.snapshot_dir.empty()) {
    alfven::mhd::Fields<Real, alfven::backend::Host> host(sim.grid());
    sim.communicator().min(0.0);
    const auto c0 = clock::now();
    sim.copy_state_to(host);  // part of the time, as in a run
    const double copy = std::chrono::duration<double>(clock::now() - c0).count();
    snapshot_seconds = sim.communicator().max(copy) + timed_snapshot(a, cfg, sim.communicator(),
                                                                     sim.grid(), sim.global_grid(),
                                                                     host, sim.time(), sim.steps());
  }
  if (sim.communicator().rank() != 0) return;
  const auto& g = sim.global_grid();
  const auto& l = sim.grid();
  const auto& dims = sim.communicator().dims();
  const double cells = double(g.global_n[0]) * g.global_n[1] * g.global_n[2];
  std::printf(
      "{\"bench\":\"mhd_mpi\",\"ranks\":%d,\"dims\":[%d,%d,%d],\"grid\":[%d,%d,%d],\"local\":[%d,%"
      "d,%d],"
      "\"precision\":\"%s\",\"backend\":\"%s\",\"steps\":%d,\"seconds\":%.4f,\"cell_updates_per_"
      "second\":%.4g,"
      "\"halo_path_x\":\"%s\",\"halo_seconds\":%.4f,\"halo_pack_copy_out\":%.4f,\"halo_mpi\":%.4f,"
      "\"halo_copy_in_unpack\":%.4f,"
      "\"overlap_copy_out\":%.4f,\"overlap_work\":%.4f,\"snapshot_seconds\":%.4f,\"snapshot_GBps\":"
      "%.3f}\n",
      sim.communicator().size(), dims[0], dims[1], dims[2], g.global_n[0], g.global_n[1],
      g.global_n[2], l.n[0], l.n[1], l.n[2], a.precision.c_str(), a.backend.c_str(), a.steps,
      seconds, cells * a.steps / seconds, sim.solver().halo_path(0), halo, out, mpi, in,
      h1.overlap_copy_out - h0.overlap_copy_out, h1.overlap_work - h0.overlap_work,
      snapshot_seconds,
      snapshot_seconds > 0 ? 9.0 * sizeof(Real) * cells / snapshot_seconds / 1e9 : 0.0);
}

}  // namespace

int main(int argc, char** argv) {
  alfven::mhd::ParallelEnvironment mpi(argc, argv);
  const Args a = parse(argc, argv);
  try {
    alfven::mhd::RunOptions o;
    o.config = "orszag_tang";
    const char* axes = "ijk";
    for (int d = 0; d < 3; ++d) {
      o.overrides.push_back(std::string("grid.") + axes[d] + "_size=" + std::to_string(a.n[d]));
      o.overrides.push_back(std::string("mpi.") + "xyz"[d] +
                            "_procs=" + std::to_string(a.procs[d]));
    }
    o.overrides.push_back("precision=" + a.precision);
    const alfven::mhd::RunConfig cfg = alfven::mhd::resolve_config(o);
    if (a.write_only && a.snapshot_dir.empty())
      throw std::runtime_error("--write-only needs --snapshot DIR (where to write)");
    if (a.write_only && a.precision == "float")
      bench_write_only<float>(a, cfg);
    else if (a.write_only)
      bench_write_only<double>(a, cfg);
    else if (a.precision == "float")
      bench<float>(a, cfg);
    else
      bench<double>(a, cfg);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_mhd_mpi: rank %d: %s\n", alfven::mhd::world_rank(), e.what());
    alfven::mhd::abort_all(1);
  }
  return 0;
}
