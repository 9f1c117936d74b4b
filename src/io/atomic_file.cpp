// Writing files under a temporary name, flushing them and renaming them into place (POSIX rename
// is atomic on one file system).
#include "atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "alfven/core/error.hpp"

namespace alfven {
namespace io {

void require_no_temporary(const std::string& temporary, const std::string& path, const char* what) {
  // Nothing seen there (or the folder cannot be read): the exclusive create reports the rest.
  struct stat st {};
  if (::lstat(temporary.c_str(), &st) != 0) return;
  ALFVEN_REQUIRE(false, what << " '" << path << "': '" << temporary
                             << "' exists (left by an interrupted write, or another file of that "
                                "name); the file is written under that name and renamed into "
                                "place, and Alfven deletes only files it wrote: remove '"
                             << temporary << "', or write elsewhere");
}

void sync_file(const std::string& path, const char* what) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  ALFVEN_REQUIRE(fd >= 0,
                 what << " '" << path << "': cannot open it to flush it: " << std::strerror(errno));
  const bool synced = ::fsync(fd) == 0;
  const int saved_errno = errno;
  ::close(fd);
  ALFVEN_REQUIRE(synced, what << " '" << path
                              << "': cannot flush it to the disk: " << std::strerror(saved_errno));
}

void move_into_place(const std::string& temporary, const std::string& path, const char* what,
                     bool durable) {
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temporary.c_str());
    ALFVEN_REQUIRE(false, what << " '" << path << "': cannot rename '" << temporary
                               << "' into place: " << why);
  }
  if (!durable) return;
  const std::string::size_type slash = path.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  ALFVEN_REQUIRE(fd >= 0, what << " '" << path << "': cannot open its directory to flush it: "
                               << std::strerror(errno));
  const bool synced = ::fsync(fd) == 0 || errno == EINVAL;
  const int saved_errno = errno;
  ::close(fd);
  ALFVEN_REQUIRE(synced, what << " '" << path << "': cannot flush its directory to the disk: "
                              << std::strerror(saved_errno));
}

void write_file_atomically(const std::string& path, const std::string& content, const char* what) {
  const std::string tmp = temporary_path(path);
  require_no_temporary(tmp, path, what);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  ALFVEN_REQUIRE(fd >= 0, what << " '" << path << "': cannot create '" << tmp
                               << "': " << std::strerror(errno));
  std::FILE* f = ::fdopen(fd, "wb");
  if (f == nullptr) {
    const int saved = errno;
    ::close(fd);
    std::remove(tmp.c_str());
    ALFVEN_REQUIRE(
        false, what << " '" << path << "': cannot write '" << tmp << "': " << std::strerror(saved));
  }
  bool ok =
      std::fwrite(content.data(), 1, content.size(), f) == content.size() && std::fflush(f) == 0;
  int saved_errno = errno;
  if (ok && ::fsync(::fileno(f)) != 0) {
    ok = false;
    saved_errno = errno;
  }
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    saved_errno = errno;
  }
  if (!ok) {
    std::remove(tmp.c_str());
    ALFVEN_REQUIRE(false, what << " '" << path << "': cannot write '" << tmp
                               << "': " << std::strerror(saved_errno));
  }
  move_into_place(tmp, path, what);
}

}  // namespace io
}  // namespace alfven
