// The indexes of a run directory's checkpoints (checkpoints.txt) and output-block files
// (outputs.txt): one line "FILE TIME STEP GROUP" per file, in the order written (GROUP: "-" for
// a checkpoint, the output block's name otherwise). Like snapshots.txt they say which files the
// run wrote, so that a new run removes exactly those and a continued run sets later ones aside.
#pragma once

#include <string>
#include <vector>

namespace alfven {
namespace mhd {

/// One file a run wrote: its name in the run directory, the time and step of the state, and its
/// group.
struct FileEntry {
  std::string name;
  double time = 0;
  long step = 0;
  std::string group = "-";
  bool operator==(const FileEntry& o) const {
    return name == o.name && time == o.time && step == o.step && group == o.group;
  }
};

/// "checkpoints.txt" and "outputs.txt".
extern const char* const kCheckpointIndex;
extern const char* const kOutputIndex;

/// "checkpoint_00001234.h5": the checkpoint of step 1234 (eight digits at least).
std::string checkpoint_name(long step);
/// "NAME_0007.h5": output number 7 of the output block NAME.
std::string block_file_name(const std::string& block, long number);

/// True for a name checkpoint_name gives (checkpoint_ and at least eight digits, .h5).
bool is_checkpoint_name(const std::string& name);
/// True for a name block_file_name(block, n) gives (BLOCK_ and at least four digits, .h5).
bool is_block_file_name(const std::string& name, const std::string& block);

/// The entries of DIR/INDEX (a missing file: none). Lines that do not read, entries whose file
/// is missing, and entries that name no file a run writes (a checkpoint_NNNNNNNN.h5 of group
/// "-", or BLOCK_NNNN.h5 of a group BLOCK that is a valid output-block name: an index edited
/// by hand or by an attacker must not make a run remove other files) are skipped; `notes` gets
/// a sentence when any were.
std::vector<FileEntry> read_file_index(const std::string& dir, const char* index,
                                       std::vector<std::string>& notes);

/// Replaces DIR/INDEX by `entries`, atomically. Throws alfven::Error naming the file.
void write_file_index(const std::string& dir, const char* index,
                      const std::vector<FileEntry>& entries);

}  // namespace mhd
}  // namespace alfven
