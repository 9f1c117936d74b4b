// The snapshot index of a run directory (snapshots.txt: one line "snapshot_NNNN.h5 TIME" per
// snapshot, NNNN = 0, 1, 2, ...), read back with checks, rebuilt from the snapshot files when it
// is missing or damaged, and written atomically; and the names of the files a run writes.
#pragma once

#include <string>
#include <vector>

namespace alfven {
namespace mhd {

/// One snapshot of a run directory: its file name (snapshot_NNNN.h5) and exact time.
struct IndexEntry {
  std::string name;
  double time = 0;
  /// True when load_index read the file's metadata as a snapshot (so it need not be read again
  /// before the file is removed); not part of the comparison.
  bool read_as_snapshot = false;
  bool operator==(const IndexEntry& o) const { return name == o.name && time == o.time; }
};

/// "snapshot_0007.h5" for output number 7 (four digits at least).
std::string snapshot_name(int number);
/// "density_0007.png": the picture of snapshot 7 of a 2D run.
std::string image_name(int number);
/// The number of a name snapshot_name() writes, or -1 for any other name.
int snapshot_number(const std::string& name);

/// The snapshot index of `dir`. snapshots.txt is used when each line reads as
/// "snapshot_NNNN.h5 TIME" with NNNN = 0, 1, 2, ... in order and every file it lists exists
/// and, where it reads as a snapshot (its metadata: read_snapshot_metadata), is one of that
/// time; otherwise (missing, empty or damaged) it is rebuilt from the files snapshot_0000.h5,
/// snapshot_0001.h5, ... up to the first that is missing or does not read as a valid snapshot
/// (read_snapshot: checksums verified), with the times stored in them. Either way, snapshot
/// files that follow the last listed one and read as valid (written just before a kill, before
/// the index was updated) are added. Each repair appends a sentence to `notes`. Reads only.
std::vector<IndexEntry> load_index(const std::string& dir, std::vector<std::string>& notes);

/// True when the file at `path` may be removed as a snapshot an earlier run listed: it reads as
/// a snapshot (its metadata), or it is empty (a snapshot a crash left unwritten). A user's file
/// listed by an edited index is neither.
bool removable_snapshot(const std::string& path);

/// Replaces DIR/snapshots.txt by `entries` (written atomically: temporary file, fsync, rename).
/// Throws alfven::Error naming the file when it cannot be written.
void write_index(const std::string& dir, const std::vector<IndexEntry>& entries);

/// True when `dir` holds an earlier Alfven run (its run.xdmf or snapshots.txt).
bool holds_earlier_run(const std::string& dir);

/// "snapshot_0000.h5 to snapshot_0005.h5" (or the one name, or "" for none), for messages.
std::string name_range(const std::vector<IndexEntry>& entries);

}  // namespace mhd
}  // namespace alfven
