// One run at a time in a run directory: an advisory lock held while a run writes there.
#pragma once

#include <iosfwd>
#include <string>

namespace alfven {
namespace mhd {

/// Name of the lock file a run keeps in its directory (left in place after the run: removing a
/// lock file another run may be opening would let two runs in).
constexpr const char* kRunLockName = ".alfven.lock";

/// An exclusive lock on DIR/.alfven.lock (flock), held from construction to destruction, so
/// that two runs writing into one directory cannot interleave their snapshots and indexes. The
/// operating system releases it when the process ends, however it ends (a kill -9 included), so
/// a stopped run never leaves the directory locked. The file holds the process id of the run
/// that holds the lock, for the message of the next one. On a file system without locks (some
/// network file systems) the run goes on unlocked and `out` gets a note saying so.
class RunLock {
 public:
  /// Locks `dir` (which exists). Throws alfven::Error when another run holds the lock, naming
  /// the directory and the other run's process id and saying what to do, or when the lock file
  /// cannot be created (no write permission).
  RunLock(const std::string& dir, std::ostream& out);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace mhd
}  // namespace alfven
