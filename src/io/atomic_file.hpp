// Private helpers of alfven_io: writing a file under a temporary name and renaming it into place,
// so that a reader (or a restart after a crash) never sees a half-written file.
#pragma once

#include <string>

namespace alfven {
namespace io {
namespace detail {

/// The temporary name used while `path` is being written: path + ".tmp".
inline std::string temporary_path(const std::string& path) {
  return path + ".tmp";
}

/// Renames `temporary` to `path` (replacing it). On failure removes `temporary` and throws
/// alfven::Error naming `what` (e.g. "snapshot") and both files.
void move_into_place(const std::string& temporary, const std::string& path, const char* what);

/// Writes `content` to `path` through temporary_path(path) and move_into_place.
/// @throws alfven::Error naming `what` and the file on any failure; no temporary file is left.
void write_file_atomically(const std::string& path, const std::string& content, const char* what);

}  // namespace detail
}  // namespace io
}  // namespace alfven
