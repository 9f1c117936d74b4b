/// @file memory_estimate.hpp
/// @brief The memory a run needs, estimated before anything is allocated, and the check that
/// refuses a run the machine cannot hold (with the figures), instead of an out-of-memory crash
/// part way through the set-up or the first output.
///
/// The estimate counts what the code allocates for one rank's block (ghost cells included) and
/// the rank's share of the output, in bytes (Real = 4 or 8 bytes):
///   - the solver's fields on its backend: the state and two Runge-Kutta work copies
///     (3 x 9 variables), the characteristic speed (1 array), and for the two-pass host stage in
///     float the three flux arrays (3 x 9); a GPU allocates its flux arrays only when its free
///     memory holds them (else it runs the fused stage), so they are not counted there;
///   - halo buffers: send and receive, both faces, 9 variables, per axis split between ranks (on
///     the backend), and for a device run staged through the host, as many pinned host bytes;
///   - the set-up: the initial state evaluated in host memory (9 variables with ghosts);
///   - the output: gather_interior's host copy of the block (9 x cells with ghosts), the block's
///     interior, and on rank 0 the gathered interiors of all ranks and the assembled global
///     fields (2 x 9 x global cells), plus the density picture of a 2D run (11 bytes a cell);
///     and the output blocks' variables over the rank's part of their regions, which a run
///     keeps from its set-up to its end (output_block_values);
///   - a restart: every rank reads the whole snapshot (its stored bytes and a float64 copy, 9
///     fields) and a host copy of its block;
///   - 16 MiB for everything small (libraries, reduction buffers, images of small grids).
/// Set-up, output and restart happen at different times, so the host peak counts the largest
/// of them on top of what stays allocated (the host solver, pinned buffers). Each rank compares
/// its own need with what its machine reports as available: several ranks of one node are not
/// summed (they start together), so such a check is optimistic by up to the ranks per node.
#pragma once

#include <cstddef>
#include <string>

#include "alfven/mhd/grid.hpp"

namespace alfven {
namespace mhd {

/// What one rank needs, in bytes.
struct MemoryNeed {
  double host_bytes = 0;    ///< peak host memory of this rank
  double device_bytes = 0;  ///< peak device memory of this rank (0 for a host run)
};

/// What the estimate depends on.
struct MemoryEstimateInput {
  Grid local;                             ///< this rank's block (n, margin, total)
  Grid global;                            ///< the whole grid (global_n)
  int real_size = 8;                      ///< sizeof(Real): 4 or 8
  bool device = false;                    ///< the solver's fields live on a CUDA device
  bool staged_halos = false;              ///< device halos staged through pinned host memory
  bool split[3] = {false, false, false};  ///< axes split between ranks (halo buffers)
  bool root = true;                       ///< rank 0: gathers and writes the global output
  bool restarting = false;                ///< the run starts from a snapshot
  double output_block_values = 0;         ///< values of this rank's output blocks (outputs:)
};

/// The estimate described in the file brief.
MemoryNeed estimate_run_memory(const MemoryEstimateInput& in);

/// Host memory available for a new run, in bytes: alfven::host_memory_available()
/// (MemAvailable), else the physical memory (sysconf), else 0 (unknown). The device's free
/// memory is alfven::device_memory_info (core/device.hpp).
double available_host_memory();

/// Refuses a run that does not fit: throws alfven::Error when need.host_bytes exceeds
/// `host_available` (> 0; 0 = unknown, not checked) or need.device_bytes exceeds
/// `device_free` (> 0; 0 = unknown). The message gives the figures in GiB, what the run is
/// (`what`, e.g. "grid 400 x 400 x 400, double"), and what to change.
void check_run_memory(const MemoryNeed& need, double host_available, double device_free,
                      double device_total, const std::string& what);

}  // namespace mhd
}  // namespace alfven
