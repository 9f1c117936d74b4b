// One background thread that runs output jobs one at a time (background_writer.hpp).
#include "background_writer.hpp"

#include <utility>

namespace alfven {
namespace mhd {

BackgroundWriter::BackgroundWriter(bool background) : background_(background) {
  if (background_) thread_ = std::thread([this] { loop(); });
}

BackgroundWriter::~BackgroundWriter() {
  if (!background_) return;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return !job_; });
    stop_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void BackgroundWriter::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stop_ || bool(job_); });
    if (!job_) return;  // stop_ and idle
    std::function<void()> job = job_;
    lock.unlock();
    std::exception_ptr error;
    try {
      job();
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    error_ = error;
    job_ = nullptr;
    changed_.notify_all();
  }
}

void BackgroundWriter::wait() {
  if (!background_) return;
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] { return !job_; });
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void BackgroundWriter::submit(std::function<void()> job) {
  if (!background_) {
    job();
    return;
  }
  wait();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = std::move(job);
  }
  changed_.notify_all();
}

}  // namespace mhd
}  // namespace alfven
