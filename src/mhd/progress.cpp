#include "progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace alfven {
namespace mhd {

std::string format_duration(double s) {
  if (!(s >= 0) || s > 1e7) return "?";
  char buf[32];
  const long t = std::lround(s);
  if (t >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, (t / 60) % 60, t % 60);
  else if (t >= 60)
    std::snprintf(buf, sizeof buf, "%ld:%02ld", t / 60, t % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld s", t);
  return buf;
}

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (const char* value = std::getenv(name); value && *value) return true;
  return false;
}

ProgressLine::ProgressLine(std::ostream& out, bool enabled, double tend, long max_steps, int ranks)
    : out_(out),
      enabled_(enabled),
      tty_(&out == &std::cout && ranks == 1 && !launched_by_mpi() && isatty(STDOUT_FILENO) != 0),
      tend_(tend),
      max_steps_(max_steps),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void ProgressLine::update(long step, double time, double dt, double rate) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (start_time_ < 0) {
    start_time_ = time;
    start_step_ = step;
  }
  const double since_last = std::chrono::duration<double>(now - last_).count();
  if (since_last < (tty_ ? 0.5 : 5.0)) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  // Remaining fraction by simulated time, or by steps if max_steps ends the run first.
  double remaining = (tend_ - time) / std::max(time - start_time_, 1e-300) * elapsed;
  if (max_steps_ > 0) {
    const double by_steps =
        double(max_steps_ - step) / std::max<long>(step - start_step_, 1) * elapsed;
    remaining = std::min(remaining, by_steps);
  }
  char line[200];
  std::snprintf(line, sizeof line,
                "step %7ld  t = %.6g / %.6g  dt = %.3e  ETA %s  %.3g cell updates/s", step, time,
                tend_, dt, format_duration(remaining).c_str(), rate);
  if (tty_) {
    out_ << "\r\033[K" << line << std::flush;
    dirty_ = true;
  } else {
    out_ << line << '\n' << std::flush;
  }
}

void ProgressLine::finish() {
  if (dirty_) out_ << '\n' << std::flush;
  dirty_ = false;
}

}  // namespace mhd
}  // namespace alfven
