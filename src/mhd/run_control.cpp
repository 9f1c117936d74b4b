// Signals and the wall-time limit (run_control.hpp).
#include "run_control.hpp"

#include <algorithm>
#include <csignal>

namespace alfven {
namespace mhd {

namespace {

volatile std::sig_atomic_t g_received = 0;

extern "C" void record_signal(int signal) {
  g_received = signal;
}

struct sigaction g_previous[2];
const int kSignals[2] = {SIGTERM, SIGUSR1};

}  // namespace

StopSignals::StopSignals() {
  g_received = 0;
  struct sigaction action {};
  action.sa_handler = record_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // system calls in progress (MPI, file writes) go on
  for (int i = 0; i < 2; ++i) sigaction(kSignals[i], &action, &g_previous[i]);
}

StopSignals::~StopSignals() {
  for (int i = 0; i < 2; ++i) sigaction(kSignals[i], &g_previous[i], nullptr);
}

int StopSignals::received() {
  return int(g_received);
}

StopReason StopControl::check(const Communicator& comm, double step_seconds, double write_seconds) {
  slowest_step_ = std::max(slowest_step_, step_seconds);
  double local = 0;
  if (walltime_ > 0 && walltime_ - elapsed() < 2 * slowest_step_ + 2 * write_seconds + 0.5)
    local = 1;
  if (StopSignals::received() != 0) local = 2;
  const double agreed = comm.size() > 1 ? comm.max(local) : local;
  return agreed >= 2 ? StopReason::Signal : agreed >= 1 ? StopReason::WallTime : StopReason::None;
}

}  // namespace mhd
}  // namespace alfven
