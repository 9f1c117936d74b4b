// checkpoints.txt and outputs.txt (file_index.hpp).
#include "file_index.hpp"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "alfven/config/block_name.hpp"
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

namespace {

// "DIGITS.h5" after `prefix`, at least `digits` digits (the names checkpoint_name and
// block_file_name give).
bool numbered_name(const std::string& name, const std::string& prefix, std::size_t digits) {
  const std::string suffix = ".h5";
  if (name.size() < prefix.size() + digits + suffix.size() ||
      name.compare(0, prefix.size(), prefix) != 0 ||
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
    return false;
  for (std::size_t i = prefix.size(); i < name.size() - suffix.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return false;
  return true;
}

// True when `e` names a file a run writes: a checkpoint (group "-"), or a file of an output
// block whose name is one a configuration accepts ([a-z0-9_], at most 64 characters). Anything
// else in an index was not written by a run, and a run must never remove it (nor the
// GROUP.xdmf a block's entry stands for).
bool names_a_run_file(const FileEntry& e) {
  if (e.group == "-") return is_checkpoint_name(e.name);
  return valid_output_block_name(e.group) && is_block_file_name(e.name, e.group);
}

}  // namespace

bool is_checkpoint_name(const std::string& name) {
  return numbered_name(name, "checkpoint_", 8);
}

bool is_block_file_name(const std::string& name, const std::string& block) {
  return numbered_name(name, block + "_", 4);
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
        !names_a_run_file(e) || !std::filesystem::is_regular_file(dir + "/" + e.name, ec)) {
      ++skipped;
      continue;
    }
    entries.push_back(e);
  }
  if (skipped > 0)
    notes.push_back(dir + "/" + index + ": skipped " + std::to_string(skipped) +
                    " line(s) that do not read, name a missing file or name no file a run "
                    "writes (those files are left alone)");
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
