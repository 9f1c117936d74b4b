// Output written while the run continues: jobs (writing files from a host copy of the state) run
// one at a time on one background thread. One job is in flight at most: submit() first waits
// for the previous one, so a job may use buffers the next capture would overwrite only until the
// next submit() or wait(). An error of a job is rethrown by the next submit() or wait().
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace alfven {
namespace mhd {

class BackgroundWriter {
 public:
  /// `background` false: every job runs inside submit(), on the calling thread.
  explicit BackgroundWriter(bool background);
  /// Waits for the job in flight (its error, if any, is dropped: call wait() to see it).
  ~BackgroundWriter();
  BackgroundWriter(const BackgroundWriter&) = delete;
  BackgroundWriter& operator=(const BackgroundWriter&) = delete;

  /// Waits for the previous job (rethrowing its error), then starts `job`.
  void submit(std::function<void()> job);
  /// Waits for the job in flight, if any; rethrows its error.
  void wait();
  /// Whether jobs run on the background thread.
  bool background() const { return background_; }

 private:
  void loop();

  bool background_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::function<void()> job_;  // the job to run or running; empty when idle
  bool stop_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace mhd
}  // namespace alfven
