// checkpoints.txt and outputs.txt (file_index.hpp).
#include "file_index.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "alfven/io/atomic_file.hpp"

namespace alfven {
namespace mhd {

const char* const kCheckpointIndex = "checkpoints.txt";
const char* const kOutputIndex = "outputs.txt";

std::string checkpoint_name(long step) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "checkpoint_%08ld.h5", step);
  return buf;
}

std::string block_file_name(const std::string& block, long number) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "_%04ld.h5", number);
  return block + buf;
}

std::vector<FileEntry> read_file_index(const std::string& dir, const char* index,
                                       std::vector<std::string>& notes) {
  std::vector<FileEntry> entries;
  std::ifstream in(dir + "/" + index);
  std::string line;
  int skipped = 0;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    FileEntry e;
    std::string rest;
    std::error_code ec;
    if (!(words >> e.name >> e.time >> e.step >> e.group) || (words >> rest) ||
        e.name.find('/') != std::string::npos ||
        !std::filesystem::is_regular_file(dir + "/" + e.name, ec)) {
      ++skipped;
      continue;
    }
    entries.push_back(e);
  }
  if (skipped > 0)
    notes.push_back(dir + "/" + index + ": skipped " + std::to_string(skipped) +
                    " line(s) that do not read or name a missing file");
  return entries;
}

void write_file_index(const std::string& dir, const char* index,
                      const std::vector<FileEntry>& entries) {
  std::string text;
  char line[512];
  for (const FileEntry& e : entries) {
    std::snprintf(line, sizeof line, "%s %.17g %ld %s\n", e.name.c_str(), e.time, e.step,
                  e.group.c_str());
    text += line;
  }
  io::write_file_atomically(dir + "/" + index, text, index);
}

}  // namespace mhd
}  // namespace alfven
