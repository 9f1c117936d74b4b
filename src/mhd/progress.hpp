// A console progress line for long runs: refreshed in place on a terminal, printed as a new
// line every few seconds otherwise (logs, CI).
#pragma once

#include <chrono>
#include <ostream>
#include <string>

namespace alfven {
namespace mhd {

class ProgressLine {
 public:
  ProgressLine(std::ostream& out, bool enabled, double tend, long max_steps);
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

/// "1:02:03", "4:05" or "12 s".
std::string format_duration(double seconds);

}  // namespace mhd
}  // namespace alfven
