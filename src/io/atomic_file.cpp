// Writing files under a temporary name and renaming them into place (POSIX rename is atomic on
// one file system).
#include "atomic_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "alfven/core/error.hpp"

namespace alfven {
namespace io {
namespace detail {

void move_into_place(const std::string& temporary, const std::string& path, const char* what) {
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temporary.c_str());
    ALFVEN_REQUIRE(false, what << " '" << path << "': cannot rename '" << temporary
                               << "' into place: " << why);
  }
}

void write_file_atomically(const std::string& path, const std::string& content, const char* what) {
  const std::string tmp = temporary_path(path);
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  ALFVEN_REQUIRE(f != nullptr, what << " '" << path << "': cannot create '" << tmp
                                    << "': " << std::strerror(errno));
  const bool written = std::fwrite(content.data(), 1, content.size(), f) == content.size();
  const int saved_errno = errno;
  const bool closed = std::fclose(f) == 0;
  if (!written || !closed) {
    std::remove(tmp.c_str());
    ALFVEN_REQUIRE(false, what << " '" << path << "': cannot write '" << tmp
                               << "': " << std::strerror(written ? errno : saved_errno));
  }
  move_into_place(tmp, path, what);
}

}  // namespace detail
}  // namespace io
}  // namespace alfven
