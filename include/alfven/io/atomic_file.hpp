/// @file atomic_file.hpp
/// @brief Replacing a file atomically: write it under a temporary name, flush it to the disk and
/// rename it into place, so that a reader (or a restart after a crash, a kill, a full disk or a
/// power loss) sees either the old file or the complete new one, never a truncated one. Every
/// file Alfven rewrites goes through here (snapshots, XDMF, index, config copy, logs, CSV and
/// PNG outputs).
#pragma once

#include <string>

namespace alfven {
namespace io {

/// The temporary name used while `path` is being written: path + ".tmp".
inline std::string temporary_path(const std::string& path) {
  return path + ".tmp";
}

/// Refuses to write `path` through `temporary` when something is already at that name (a file
/// left by an interrupted write, a symbolic link, an input of the same name): writing would
/// truncate it or write through the link, and removing it would delete a file Alfven did not
/// write. Writers call it first, then create the temporary file exclusively (O_EXCL, which also
/// refuses a link), so that one appearing in between is refused too.
/// @throws alfven::Error naming `what`, both files and what to do.
void require_no_temporary(const std::string& temporary, const std::string& path, const char* what);

/// Flushes the file `path` to the disk (fsync), so that a rename after it never exposes an
/// empty or partial file after a power loss. Throws alfven::Error naming `what` and the file.
void sync_file(const std::string& path, const char* what);

/// Renames `temporary` to `path` (replacing it; atomic within one file system). With `durable`
/// the directory holding `path` is then flushed too (fsync), so that the rename itself survives
/// a power loss; a file system that cannot flush a directory (EINVAL) is taken as done. On
/// failure removes `temporary` and throws alfven::Error naming `what` (e.g. "snapshot") and both
/// files.
void move_into_place(const std::string& temporary, const std::string& path, const char* what,
                     bool durable = true);

/// Writes `content` to `path` through temporary_path(path) (require_no_temporary, then created
/// exclusively): write, fsync, rename, fsync of the directory.
/// @throws alfven::Error naming `what` and the file on any failure (a full disk included); the
///         earlier file of that name is then left as it was and no temporary file is left.
void write_file_atomically(const std::string& path, const std::string& content, const char* what);

}  // namespace io
}  // namespace alfven
