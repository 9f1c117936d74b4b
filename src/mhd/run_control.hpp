// How a cluster job ends well: SIGTERM and SIGUSR1 (what Slurm and other batch systems send
// before they kill a job) and a wall-time limit make every rank finish its step, write a
// checkpoint and stop with the exit status kExitStoppedEarly (docs/output.md, "Cluster runs").
#pragma once

#include <chrono>

#include "alfven/mhd/communicator.hpp"
#include "alfven/mhd/run.hpp"

namespace alfven {
namespace mhd {

/// Catches SIGTERM and SIGUSR1 while alive and restores the previous handlers after. A caught
/// signal only records its number (async-signal-safe); the run reads it after each step. One
/// object at a time.
class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
  /// The last signal caught (SIGTERM or SIGUSR1), or 0.
  static int received();
};

/// Decides after each step, on every rank alike, whether the run stops early.
class StopControl {
 public:
  using Clock = std::chrono::steady_clock;
  /// `walltime`: the limit in seconds from `start` (0: none).
  StopControl(double walltime, Clock::time_point start) : walltime_(walltime), start_(start) {}

  /// Collective (one reduction over `comm`): Signal when any rank caught a signal; WallTime when
  /// on any rank the time left before the limit is less than what one more step and the
  /// checkpoint need: 2 x the slowest step so far (`step_seconds` is the last one) + 2 x
  /// `write_seconds` (the measured time of one full-state write; one may still be in flight) +
  /// 0.5 s; otherwise None.
  StopReason check(const Communicator& comm, double step_seconds, double write_seconds);

  /// Seconds since `start`.
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  double walltime() const { return walltime_; }

 private:
  double walltime_;
  Clock::time_point start_;
  double slowest_step_ = 0;
};

}  // namespace mhd
}  // namespace alfven
