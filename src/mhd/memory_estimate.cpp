// The memory a run needs (memory_estimate.hpp) and the check against what the machine has.
#include "alfven/mhd/memory_estimate.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>

#include "alfven/core/error.hpp"
#include "alfven/core/memory_resource.hpp"
#include "alfven/mhd/variables.hpp"

namespace alfven {
namespace mhd {

namespace {

double gib(double bytes) {
  return bytes / (1024.0 * 1024.0 * 1024.0);
}

double cells_with_ghosts(const Grid& g) {
  return double(g.total[0]) * double(g.total[1]) * double(g.total[2]);
}

double interior_cells(const Grid& g, bool global) {
  const int* n = global ? g.global_n : g.n;
  return double(n[0]) * double(n[1]) * double(n[2]);
}

// Ghost layers of axis a over the block's cross-section: halo_cells (halo.hpp) in double.
double halo_cells_of(const Grid& g, int a) {
  double n = g.margin[a];
  for (int b = 0; b < 3; ++b)
    if (b != a) n *= g.total[b];
  return n;
}

}  // namespace

MemoryNeed estimate_run_memory(const MemoryEstimateInput& in) {
  const double s = in.real_size, vars = num_vars;
  const double T = cells_with_ghosts(in.local);
  const double n_local = interior_cells(in.local, false),
               n_global = interior_cells(in.global, true);
  const bool two_pass = !in.device && in.real_size == 4;  // the host stage in float
  const double solver = (3 * vars + 1 + (two_pass ? 3 * vars : 0)) * T * s;
  double halo = 0;
  for (int a = 0; a < 3; ++a)
    if (in.split[a]) halo += 4 * vars * halo_cells_of(in.local, a) * s;  // send + receive, 2 faces
  const int active =
      (in.global.global_n[0] > 1) + (in.global.global_n[1] > 1) + (in.global.global_n[2] > 1);
  const double setup = vars * T * s;
  double output = vars * T * s + vars * n_local * s + in.output_block_values * s;
  if (in.root) output += 2 * vars * n_global * s + (active == 2 ? 11 * n_global : 0);
  const double restart = in.restarting ? vars * n_global * (s + 8) + vars * T * s : 0;
  MemoryNeed need;
  need.host_bytes = (in.device ? (in.staged_halos ? halo : 0) : solver + halo) +
                    std::max({setup, output, restart}) + 16.0 * 1024 * 1024;
  need.device_bytes = in.device ? solver + halo : 0;
  return need;
}

double available_host_memory() {
  const std::size_t available = host_memory_available();
  if (available > 0) return double(available);
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? double(pages) * double(page) : 0.0;
}

void check_run_memory(const MemoryNeed& need, double host_available, double device_free,
                      double device_total, const std::string& what) {
  char line[512];
  if (host_available > 0 && need.host_bytes > host_available) {
    std::snprintf(line, sizeof line,
                  "the run (%s) needs about %.3g GiB of host memory, but %.3g GiB are available "
                  "(MemAvailable); "
                  "use a smaller grid, precision: float, or more MPI ranks on more nodes",
                  what.c_str(), gib(need.host_bytes), gib(host_available));
    throw Error(line);
  }
  if (device_free > 0 && need.device_bytes > device_free) {
    std::snprintf(
        line, sizeof line,
        "the run (%s) needs about %.3g GiB of device memory, but %.3g GiB of the device's %.3g GiB "
        "are "
        "free; use a smaller grid, precision: float, more GPUs (MPI ranks), or --backend host",
        what.c_str(), gib(need.device_bytes), gib(device_free), gib(device_total));
    throw Error(line);
  }
}

}  // namespace mhd
}  // namespace alfven
