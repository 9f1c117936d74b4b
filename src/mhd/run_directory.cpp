// An earlier run's directory: remove only what its index lists, or set later files aside.
#include "run_directory.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>

#include "alfven/core/error.hpp"
#include "file_index.hpp"
#include "run_lock.hpp"

namespace fs = std::filesystem;

namespace alfven {
namespace mhd {

namespace {

/// The files a run writes under fixed names (replaced, never listed as kept).
const std::set<std::string>& fixed_names() {
  static const std::set<std::string> names = {"config.yaml",     "log.csv",     "snapshots.txt",
                                              "checkpoints.txt", "outputs.txt", "run.xdmf"};
  return names;
}

/// The number NNNN of density_NNNN.png as image_name() writes it, or -1.
int image_number(const std::string& name) {
  if (name.size() < 13 || name.compare(0, 8, "density_") != 0 ||
      name.compare(name.size() - 4, 4, ".png") != 0)
    return -1;
  const int n = snapshot_number("snapshot_" + name.substr(8, name.size() - 12) + ".h5");
  return n >= 0 && image_name(n) == name ? n : -1;
}

/// One more than the largest snapshot number DIR/snapshots.txt names on its lines, whatever
/// else they say (0 without the file).
int snapshots_named(const std::string& dir) {
  std::ifstream in(dir + "/snapshots.txt");
  std::string line, name;
  int most = 0;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    if (words >> name) most = std::max(most, snapshot_number(name) + 1);
  }
  return most;
}

void remove_file(const std::string& path, const std::string& dir) {
  std::error_code ec;
  fs::remove(path, ec);
  ALFVEN_REQUIRE(!ec,
                 "cannot remove '"
                     << path << "' of the earlier run in '" << dir << "': " << ec.message()
                     << "; remove it yourself (or give the folder write permission), or choose "
                        "another --output");
}

std::string listed_names(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size() && i < 5; ++i) s += (i ? ", " : "") + names[i];
  if (names.size() > 5) s += " and " + std::to_string(names.size() - 5) + " more";
  return s;
}

/// "the 2 later snapshots (snapshot_0003.h5 to snapshot_0004.h5), 2 images and 3 later
/// checkpoints and output files": the non-empty groups of what set_aside_later_snapshots moves.
std::string moved_list(const std::vector<std::string>& snapshots,
                       const std::vector<std::string>& images,
                       const std::vector<std::string>& also_move,
                       const std::vector<IndexEntry>& later) {
  std::vector<std::string> parts;
  if (!snapshots.empty())
    parts.push_back("the " + std::to_string(snapshots.size()) + " later snapshot" +
                    (snapshots.size() == 1 ? "" : "s") + " (" + name_range(later) + ")");
  if (!images.empty())
    parts.push_back(std::to_string(images.size()) + " image" + (images.size() == 1 ? "" : "s"));
  if (!also_move.empty())
    parts.push_back(std::to_string(also_move.size()) + " later checkpoint and output file" +
                    (also_move.size() == 1 ? "" : "s"));
  if (parts.empty()) return "no file";
  std::string text = parts[0];
  for (std::size_t i = 1; i < parts.size(); ++i)
    text += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return text;
}

}  // namespace

void clear_earlier_run(const std::string& dir, std::ostream& out,
                       const std::vector<std::string>& blocks) {
  if (!holds_earlier_run(dir)) return;
  std::vector<std::string> notes;
  const std::vector<IndexEntry> index = load_index(dir, notes);
  std::vector<FileEntry> files;  // checkpoints and output-block files the earlier run listed
  for (const char* listing : {kCheckpointIndex, kOutputIndex})
    for (const FileEntry& e : read_file_index(dir, listing, notes)) files.push_back(e);
  for (const std::string& note : notes) out << "note: " << note << "\n";

  // Files the earlier run did not list under names this run writes (numbered snapshots,
  // images, checkpoints, this run's output blocks): the run would write over them, so it is
  // refused before anything is removed.
  std::set<std::string> listed;
  for (std::size_t n = 0; n < index.size(); ++n) listed.insert(index[n].name);
  // Images of the snapshots snapshots.txt names, present or not (a snapshot removed by hand
  // leaves its image to the run that wrote it).
  const int images_listed = std::max(int(index.size()), snapshots_named(dir));
  for (const FileEntry& e : files) {
    listed.insert(e.name);
    if (e.group != "-") listed.insert(e.group + ".xdmf");
  }
  std::vector<std::string> clash;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (listed.count(name) || fixed_names().count(name)) continue;
    bool ours = snapshot_number(name) >= 0 || image_number(name) >= images_listed ||
                is_checkpoint_name(name);
    for (const std::string& block : blocks)
      ours = ours || is_block_file_name(name, block) || name == block + ".xdmf";
    if (ours) clash.push_back(name);
  }
  // Snapshots the index lists are removed only if they are snapshots (an edited index could
  // name a user's file).
  std::vector<std::string> not_snapshots;
  for (const IndexEntry& e : index)
    if (!e.read_as_snapshot && !removable_snapshot(dir + "/" + e.name))
      not_snapshots.push_back(e.name);
  ALFVEN_REQUIRE(not_snapshots.empty(),
                 "the folder '" << dir << "' holds " << listed_names(not_snapshots)
                                << ", which its snapshots.txt lists but which does not read as a "
                                   "snapshot, and this run would write over; move them to "
                                   "another folder (or choose another --output). Nothing was "
                                   "changed");
  std::sort(clash.begin(), clash.end());
  ALFVEN_REQUIRE(clash.empty(), "the folder '"
                                    << dir << "' holds " << listed_names(clash)
                                    << ", which the earlier run there did not list and this run "
                                       "would write over; move them to another folder (or choose "
                                       "another --output). Nothing was changed");

  std::size_t images = 0;
  for (std::size_t n = 0; n < index.size(); ++n) {
    remove_file(dir + "/" + index[n].name, dir);
    if (fs::exists(dir + "/" + image_name(int(n)), ec)) {
      remove_file(dir + "/" + image_name(int(n)), dir);
      ++images;
    }
  }
  remove_file(dir + "/run.xdmf", dir);  // it lists the snapshots just removed
  // Checkpoints and output-block files the earlier run listed, and the blocks' indexes.
  std::set<std::string> groups;
  const std::size_t other_files = files.size();
  for (const FileEntry& e : files) {
    remove_file(dir + "/" + e.name, dir);
    if (e.group != "-") groups.insert(e.group);
  }
  for (const std::string& group : groups) remove_file(dir + "/" + group + ".xdmf", dir);
  remove_temporaries(dir);
  std::vector<std::string> kept;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (!fixed_names().count(name) && name != kRunLockName) kept.push_back(name);
  }
  std::sort(kept.begin(), kept.end());
  out << "note: replaced the output of an earlier run in " << dir << ": removed " << index.size()
      << " snapshots" << (index.empty() ? "" : " (" + name_range(index) + ")")
      << (other_files > 0 ? ", " : " and ") << images << " images";
  if (other_files > 0) out << " and " << other_files << " checkpoints and output-block files";
  if (!kept.empty())
    out << "; kept " << kept.size() << " other file" << (kept.size() == 1 ? "" : "s")
        << " that run did not list: " << listed_names(kept);
  out << "\n";
}

std::string set_aside_later_snapshots(const std::string& dir, const std::vector<IndexEntry>& index,
                                      std::size_t from, std::ostream& out,
                                      const std::vector<std::string>& also_move,
                                      const std::string& continued_from) {
  // Later snapshots and images: listed after `from`, or present with a later number.
  std::vector<std::string> snapshots, images;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (snapshot_number(name) > int(from)) snapshots.push_back(name);
    if (image_number(name) > int(from)) images.push_back(name);
  }
  if (snapshots.empty() && images.empty() && also_move.empty()) return "";
  std::sort(snapshots.begin(), snapshots.end());
  std::sort(images.begin(), images.end());
  char base[64];
  std::snprintf(base, sizeof base, "discarded_after_%04d", int(from));
  std::string aside = dir + "/" + base;
  for (int k = 2; fs::exists(aside, ec); ++k) aside = dir + "/" + base + "_" + std::to_string(k);
  fs::create_directories(aside, ec);
  ALFVEN_REQUIRE(!ec, "cannot create '" << aside << "' to keep the later snapshots of '" << dir
                                        << "': " << ec.message());
  for (const std::string& name : fixed_names()) {
    if (name == "run.xdmf" || !fs::exists(dir + "/" + name, ec))
      continue;  // the XDMF would list files not there
    fs::copy_file(dir + "/" + name, aside + "/" + name, ec);
    ALFVEN_REQUIRE(
        !ec, "cannot copy '" << dir << "/" << name << "' to '" << aside << "': " << ec.message());
  }
  for (const std::vector<std::string>* names :
       std::initializer_list<const std::vector<std::string>*>{&snapshots, &images, &also_move})
    for (const std::string& name : *names) {
      fs::rename(dir + "/" + name, aside + "/" + name, ec);
      ALFVEN_REQUIRE(
          !ec, "cannot move '" << dir << "/" << name << "' to '" << aside << "': " << ec.message());
    }
  std::vector<IndexEntry> later;
  for (const std::string& name : snapshots) later.push_back({name, 0.0});
  // A checkpoint continued from is named, with the snapshot the kept files end at.
  const bool checkpoint = !continued_from.empty() && continued_from != index[from].name;
  out << "note: continuing from " << (checkpoint ? continued_from : index[from].name)
      << (checkpoint ? " (the snapshots kept end at " + index[from].name + ", t = "
                     : std::string(" (t = "))
      << index[from].time << ") in " << dir << ": moved "
      << moved_list(snapshots, images, also_move, later) << " to " << aside
      << ", with the log.csv, config.yaml and snapshots.txt they belong to\n";
  return aside;
}

void remove_temporaries(const std::string& dir, const std::vector<std::string>& blocks) {
  std::error_code ec;
  std::vector<fs::path> stale;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() <= 4 || name.compare(name.size() - 4, 4, ".tmp") != 0) continue;
    // A writer creates a plain file: a folder or link of that name is not ours.
    if (entry.symlink_status(ec).type() != fs::file_type::regular) continue;
    const std::string base = name.substr(0, name.size() - 4);
    bool ours = fixed_names().count(base) || snapshot_number(base) >= 0 ||
                image_number(base) >= 0 || is_checkpoint_name(base);
    for (const std::string& block : blocks)
      ours = ours || base == block + ".xdmf" || is_block_file_name(base, block);
    if (ours) stale.push_back(entry.path());
  }
  for (const fs::path& p : stale) fs::remove(p, ec);
}

}  // namespace mhd
}  // namespace alfven
