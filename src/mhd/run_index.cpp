// The snapshot index of a run directory: reading with checks, rebuilding, writing atomically.
#include "run_index.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "alfven/core/error.hpp"
#include "alfven/io/atomic_file.hpp"
#include "alfven/io/snapshot.hpp"

namespace fs = std::filesystem;

namespace alfven {
namespace mhd {

namespace {

std::string numbered(const char* stem, int number, const char* ext) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s_%04d.%s", stem, number, ext);
  return buf;
}

bool exists(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

/// The time stored in DIR/NAME if it reads as a valid snapshot (checksums verified), else false.
bool valid_snapshot(const std::string& dir, const std::string& name, double& time) {
  if (!exists(dir + "/" + name)) return false;
  try {
    time = io::read_snapshot(dir + "/" + name).meta.time;
    return true;
  } catch (const Error&) {
    return false;
  }
}

/// The time in the metadata of the snapshot at `path`, or false if it does not read as one.
bool snapshot_metadata_time(const std::string& path, double& time) {
  try {
    time = io::read_snapshot_metadata(path).meta.time;
    return true;
  } catch (const Error&) {
    return false;
  }
}

/// snapshots.txt as written by write_index, or false with the reason.
bool read_index_file(const std::string& dir, std::vector<IndexEntry>& entries, std::string& why) {
  const std::string path = dir + "/snapshots.txt";
  std::ifstream in(path);
  if (!in) {
    why = "is missing";
    return false;
  }
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    std::istringstream words(line);
    IndexEntry e;
    std::string rest;
    if (!(words >> e.name >> e.time) || (words >> rest) ||
        snapshot_number(e.name) != int(entries.size())) {
      why = "is damaged at line " + std::to_string(line_no);
      return false;
    }
    if (!exists(dir + "/" + e.name)) {
      why = "lists " + e.name + ", which is missing";
      return false;
    }
    // A snapshot's time must be the line's (its metadata alone: cheap), so that an edited index
    // does not order the snapshots wrongly. A file that does not read is left to the reader of
    // its data (a continued run names it and the checkpoint to take instead).
    double own = e.time;
    e.read_as_snapshot = snapshot_metadata_time(dir + "/" + e.name, own);
    if (e.read_as_snapshot && own != e.time) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "gives t = %.17g for %s, whose own time is %.17g", e.time,
                    e.name.c_str(), own);
      why = buf;
      return false;
    }
    entries.push_back(e);
  }
  if (entries.empty()) {
    why = "is empty";
    return false;
  }
  return true;
}

}  // namespace

std::string snapshot_name(int number) {
  return numbered("snapshot", number, "h5");
}

std::string image_name(int number) {
  return numbered("density", number, "png");
}

int snapshot_number(const std::string& name) {
  const std::string prefix = "snapshot_", suffix = ".h5";
  if (name.size() <= prefix.size() + suffix.size() || name.compare(0, prefix.size(), prefix) != 0 ||
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
    return -1;
  const std::string digits =
      name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  const int n = std::atoi(digits.c_str());
  return snapshot_name(n) == name ? n : -1;
}

std::vector<IndexEntry> load_index(const std::string& dir, std::vector<std::string>& notes) {
  std::vector<IndexEntry> entries;
  std::string why;
  if (!read_index_file(dir, entries, why)) {
    entries.clear();
    double time = 0;
    while (valid_snapshot(dir, snapshot_name(int(entries.size())), time))
      entries.push_back({snapshot_name(int(entries.size())), time, true});
    if (!entries.empty() || why != "is missing")
      notes.push_back(
          dir + "/snapshots.txt " + why + "; rebuilt it from the snapshot files: " +
          (entries.empty() ? std::string("none reads as a snapshot") : name_range(entries)));
    return entries;
  }
  // Written just before a kill, before the index was updated: complete snapshots are kept.
  double time = 0;
  const std::size_t listed = entries.size();
  while (valid_snapshot(dir, snapshot_name(int(entries.size())), time))
    entries.push_back({snapshot_name(int(entries.size())), time, true});
  if (entries.size() > listed)
    notes.push_back(
        dir + "/snapshots.txt did not list " +
        name_range(std::vector<IndexEntry>(entries.begin() + long(listed), entries.end())) +
        " (written just before the run stopped); added");
  return entries;
}

void write_index(const std::string& dir, const std::vector<IndexEntry>& entries) {
  std::string text;
  char line[128];
  for (const IndexEntry& e : entries) {
    std::snprintf(line, sizeof line, "%s %.17g\n", e.name.c_str(), e.time);
    text += line;
  }
  io::write_file_atomically(dir + "/snapshots.txt", text, "snapshot index");
}

bool removable_snapshot(const std::string& path) {
  std::error_code ec;
  if (fs::is_regular_file(path, ec) && fs::file_size(path, ec) == 0 && !ec) return true;
  double time = 0;
  return snapshot_metadata_time(path, time);
}

bool holds_earlier_run(const std::string& dir) {
  std::error_code ec;
  return fs::exists(fs::path(dir) / "run.xdmf", ec) ||
         fs::exists(fs::path(dir) / "snapshots.txt", ec);
}

std::string name_range(const std::vector<IndexEntry>& entries) {
  if (entries.empty()) return "";
  if (entries.size() == 1) return entries.front().name;
  return entries.front().name + " to " + entries.back().name;
}

}  // namespace mhd
}  // namespace alfven
