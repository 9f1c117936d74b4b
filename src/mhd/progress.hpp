// A console progress line for long runs: refreshed in place on a terminal, printed as a new
// line every few seconds otherwise (logs, CI, and every run started by an MPI launcher, whose
// output goes through a pseudo-terminal whatever its destination).
#pragma once

#include <chrono>
#include <ostream>
#include <string>

namespace alfven {
namespace mhd {

/// The progress line of a run: `enabled` on the rank that reports; the line is refreshed in
/// place only when `out` is std::cout, standard output is a terminal, the run has one rank
/// (`ranks`) and no MPI launcher started it (launched_by_mpi()).
class ProgressLine {
 public:
  ProgressLine(std::ostream& out, bool enabled, double tend, long max_steps, int ranks);
  /// Called after every step; prints at most every 0.5 s (terminal) or 5 s (otherwise).
  void update(long step, double time, double dt, double cell_updates_per_second);
  /// Ends the line (on a terminal) so that later output starts on a fresh line.
  void finish();

 private:
  std::ostream& out_;
  bool enabled_, tty_, dirty_ = false;
  double tend_;
  long max_steps_;
  double start_time_ = -1;
  long start_step_ = 0;
  std::chrono::steady_clock::time_point start_, last_;
};

/// True when an MPI launcher started this process: mpirun/mpiexec of Open MPI
/// (OMPI_COMM_WORLD_SIZE), MPICH or Intel MPI (PMI_SIZE), or a PMIx launcher (PMIX_RANK). Open
/// MPI forwards the output of its processes through a pseudo-terminal, so isatty() is true even
/// when mpirun's output goes to a file.
bool launched_by_mpi();

/// "1:02:03", "4:05" or "12 s".
std::string format_duration(double seconds);

}  // namespace mhd
}  // namespace alfven
