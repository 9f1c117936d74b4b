// The run directory's lock (flock on DIR/.alfven.lock).
#include "run_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ostream>
#include <string>

#include "alfven/core/error.hpp"

namespace alfven {
namespace mhd {

namespace {
/// The process id written in the lock file (digits only, at most 20 bytes read), or "".
std::string holder_of(int fd) {
  char text[21] = {};
  const ssize_t n = pread(fd, text, sizeof text - 1, 0);
  std::string pid;
  for (ssize_t i = 0; i < n && text[i] >= '0' && text[i] <= '9'; ++i) pid += text[i];
  return pid;
}
}  // namespace

RunLock::RunLock(const std::string& dir, std::ostream& out) {
  const std::string path = dir + "/" + kRunLockName;
  // O_NOFOLLOW: a link planted in the directory is not followed to lock (and write) elsewhere.
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  ALFVEN_REQUIRE(fd_ >= 0 || errno != ELOOP,
                 "the run directory's lock file '"
                     << path
                     << "' is a symbolic link; the lock is a file the run creates itself: remove "
                        "the link, or choose another --output");
  ALFVEN_REQUIRE(fd_ >= 0, "cannot create the lock file '"
                               << path << "' of the run directory: " << std::strerror(errno)
                               << "; give the folder write permission or choose another --output");
  // A run writes only its process id there: anything else is a user's file, kept.
  {
    char text[64];
    const ssize_t n = ::pread(fd_, text, sizeof text, 0);
    bool pid_only = n >= 0 && n < ssize_t(sizeof text);
    for (ssize_t i = 0; pid_only && i < n; ++i)
      pid_only = (text[i] >= '0' && text[i] <= '9') || (text[i] == '\n' && i == n - 1);
    if (!pid_only) {
      ::close(fd_);
      fd_ = -1;
      ALFVEN_REQUIRE(false, "'" << path
                                << "' holds something other than the process id a run writes "
                                   "there (it is the run directory's lock file): move it away, "
                                   "or choose another --output");
    }
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int e = errno;
    if (e == EWOULDBLOCK) {
      const std::string pid = holder_of(fd_);
      ::close(fd_);
      fd_ = -1;
      ALFVEN_REQUIRE(false, "another Alfven run"
                                << (pid.empty() ? std::string() : " (process " + pid + ")")
                                << " is writing into '" << dir
                                << "'; wait until it ends, or choose another --output directory "
                                   "(two runs in one directory would mix their snapshots)");
    }
    out << "note: cannot lock " << path << " (" << std::strerror(e)
        << "): the file system has no locks, so nothing stops a second run from writing into "
        << dir << " at the same time\n";
    return;
  }
  const std::string pid = std::to_string(long(::getpid())) + "\n";
  if (::ftruncate(fd_, 0) == 0) {
    const ssize_t written = ::pwrite(fd_, pid.data(), pid.size(), 0);
    (void)written;  // the process id only improves the next run's message
  }
}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the lock
}

}  // namespace mhd
}  // namespace alfven
