// Each rank's peak memory while a snapshot is written and while a restart reads it is
// proportional to its block, not to the global grid (issue 15). Every heap allocation of the
// process (new, malloc, aligned_alloc: ours, HDF5's and MPI's) is counted by replacing glibc's
// allocation functions in this program; the peak above the level before each call is compared
// with the size of the rank's block (its state with ghost cells, 9 variables) and with the
// global grid.
//
//   mpiexec -n 8 mpi_io_memory DIR N_SMALL N_LARGE   (N^3 Orszag-Tang grids in float)
//
// Each peak also holds buffers of HDF5 (chunk caches) and MPI-IO (collective buffers) whose size
// does not depend on the grid. So the run is made at two sizes: passes (exit 0) when on every
// rank the growth of each peak from the small grid to the large one is at most 2.5 times the
// growth of the block and less than half the growth of the global fields (which a gather to
// one rank would need at least once), and each peak is at most 2.5 blocks + 64 MiB.
#include <malloc.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>

#include "alfven/mhd/parallel.hpp"
#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/state_io.hpp"

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);
}

namespace {

std::atomic<long long> g_current{0}, g_peak{0};

void added(void* p) {
  if (!p) return;
  const long long now = g_current += (long long)malloc_usable_size(p);
  long long peak = g_peak.load();
  while (now > peak && !g_peak.compare_exchange_weak(peak, now)) {
  }
}

void removed(void* p) {
  if (p) g_current -= (long long)malloc_usable_size(p);
}

/// Starts a measurement: the peak from now on, above the current level.
long long start_window() {
  const long long now = g_current.load();
  g_peak = now;
  return now;
}

}  // namespace

extern "C" {
void* malloc(std::size_t n) {
  void* p = __libc_malloc(n);
  added(p);
  return p;
}
void* calloc(std::size_t n, std::size_t size) {
  void* p = __libc_calloc(n, size);
  added(p);
  return p;
}
void* realloc(void* old, std::size_t n) {
  removed(old);
  void* p = __libc_realloc(old, n);
  added(p ? p : (n == 0 ? nullptr : old));
  return p;
}
void free(void* p) {
  removed(p);
  __libc_free(p);
}
void* aligned_alloc(std::size_t alignment, std::size_t n) {
  void* p = __libc_memalign(alignment, n);
  added(p);
  return p;
}
void* memalign(std::size_t alignment, std::size_t n) {
  void* p = __libc_memalign(alignment, n);
  added(p);
  return p;
}
int posix_memalign(void** out, std::size_t alignment, std::size_t n) {
  *out = __libc_memalign(alignment, n);
  added(*out);
  return *out ? 0 : 12;  // ENOMEM
}
}

using namespace alfven;
using namespace alfven::mhd;

namespace {

/// What one rank measured on an N^3 grid (bytes).
struct Measured {
  double block = 0;    // the rank's state with ghost cells, 9 variables
  double global = 0;   // the global grid's 9 fields
  double write = 0;    // peak above the level before write_state
  double restart = 0;  // peak above the level before restore_state
};

Measured measure(const std::string& dir, const std::string& n) {
  RunOptions o;
  o.overrides = {"grid.i_size=" + n, "grid.j_size=" + n, "grid.k_size=" + n, "precision=float"};
  const RunConfig cfg = resolve_config(o);
  Simulation<float> sim(cfg, "host");
  const Communicator& comm = sim.communicator();
  if (comm.rank() == 0) std::filesystem::create_directories(dir);
  comm.max(0.0);  // the directory exists for every rank
  const Grid& g = sim.grid();
  Measured m;
  m.block = double(g.total[0]) * g.total[1] * g.total[2] * num_vars * sizeof(float);
  m.global = double(cfg.i_size) * cfg.j_size * cfg.k_size * num_vars * sizeof(float);
  Fields<float, backend::Host> state(g);
  sim.copy_state_to(state);
  io::SnapshotMeta meta;
  meta.problem = cfg.problem;
  meta.gamma = cfg.gamma;
  const std::string path = dir + "/memory_test_" + n + ".h5";
  long long base = start_window();
  write_state(comm, g, sim.global_grid(), state, std::vector<float>{}, path, meta);
  m.write = double(g_peak.load() - base);
  base = start_window();
  restore_state(sim, path);
  m.restart = double(g_peak.load() - base);
  comm.max(0.0);
  if (comm.rank() == 0) std::filesystem::remove(path);
  return m;
}

double mib(double bytes) {
  return bytes / 1048576;
}

}  // namespace

int main(int argc, char** argv) {
  ParallelEnvironment mpi(argc, argv);
  if (argc != 4) {
    std::fprintf(stderr, "usage: mpi_io_memory DIR N_SMALL N_LARGE\n");
    return 2;
  }
  try {
    // The same run at two sizes: what HDF5 and MPI-IO hold whatever the grid (chunk caches,
    // collective buffers) cancels in the difference, which must follow the block.
    const Measured small = measure(argv[1], argv[2]), large = measure(argv[1], argv[3]);
    const double mine[8] = {small.write, small.restart, large.write,  large.restart,
                            large.block, small.block,   large.global, small.global};
    RunOptions o;
    const RunConfig cfg = resolve_config(o);
    const std::unique_ptr<Communicator> comm =
        make_communicator(cfg.procs, cfg.periodic, grid_from(cfg));
    const std::vector<unsigned char> all = comm->gather(mine, sizeof mine);
    int bad = 0;
    if (comm->rank() == 0) {
      const double growth_block = large.block - small.block,
                   growth_global = large.global - small.global;
      std::printf(
          "%d ranks, float, grids %s^3 -> %s^3: the block grows by %.1f MiB (with ghost cells), "
          "the global "
          "fields by %.1f MiB; allowed growth of a peak: 2.5 blocks = %.1f MiB\n",
          comm->size(), argv[2], argv[3], mib(growth_block), mib(growth_global),
          mib(2.5 * growth_block));
      for (int r = 0; r < comm->size(); ++r) {
        double v[8];
        std::memcpy(v, all.data() + r * sizeof v, sizeof v);
        const double grow_write = v[2] - v[0], grow_restart = v[3] - v[1];
        const bool ok = grow_write <= 2.5 * growth_block && grow_restart <= 2.5 * growth_block &&
                        grow_write < 0.5 * growth_global && grow_restart < 0.5 * growth_global &&
                        v[2] <= 2.5 * v[4] + 64.0 * (1 << 20) &&
                        v[3] <= 2.5 * v[4] + 64.0 * (1 << 20);
        bad += ok ? 0 : 1;
        std::printf(
            "rank %d: peak above the level before: write %.1f -> %.1f MiB, restart %.1f -> %.1f "
            "MiB%s\n",
            r, mib(v[0]), mib(v[2]), mib(v[1]), mib(v[3]),
            ok ? "" : "  <- grows with the global grid");
      }
      std::printf("%s\n", bad == 0 ? "memory per rank proportional to its block" : "FAILED");
    }
    return int(comm->max(double(bad))) == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rank %d: %s\n", world_rank(), e.what());
    abort_all(1);
  }
}
