#include "run_output.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <ostream>
#include <set>

#include "alfven/core/error.hpp"
#include "alfven/core/shell_word.hpp"
#include "alfven/io/atomic_file.hpp"
#include "alfven/io/field_image.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/io/xdmf.hpp"
#include "alfven/mhd/state_io.hpp"
#include "run_directory.hpp"

namespace fs = std::filesystem;

namespace alfven {
namespace mhd {

namespace {

std::vector<std::string> log_columns() {
  return {
      "step", "time", "dt", "total_mass", "total_energy", "max_div_b", "cell_updates_per_second"};
}

/// The first line of every config.yaml a run writes (run.cpp recognises its own file by it).
const char* const kConfigHeader =
    "# The complete configuration of this run (every default filled in).";

}  // namespace

const char* run_config_header() {
  return kConfigHeader;
}

RunOutput::RunOutput(const std::string& dir, const RunConfig& config, const Grid& grid,
                     std::ostream& out)
    : dir_(dir), config_(config), grid_(grid), info_(grid_info(grid)) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  ALFVEN_REQUIRE(!ec && fs::is_directory(dir),
                 "cannot create the run directory '" << dir << "': " << ec.message());
  lock_ = std::make_unique<RunLock>(dir_, out);
  std::vector<std::string> blocks;
  for (const OutputBlockConfig& b : config.outputs) blocks.push_back(b.name);
  clear_earlier_run(dir_, out, blocks);
  remove_temporaries(dir_, blocks);
  write_index(dir_, snapshots_);
  write_file_index(dir_, kCheckpointIndex, checkpoints_);
  write_file_index(dir_, kOutputIndex, block_files_);
  write_config();
  log_ = std::make_unique<io::CsvLog>(dir_ + "/log.csv", log_columns(), false);
}

RunOutput::RunOutput(const std::string& dir, const RunConfig& config, const Grid& grid,
                     std::ostream& out, const ContinueInPlace& from)
    : dir_(dir), config_(config), grid_(grid), info_(grid_info(grid)) {
  lock_ = std::make_unique<RunLock>(dir_, out);
  ALFVEN_REQUIRE(from.from < from.index.size(), "cannot continue the run in '"
                                                    << dir << "': snapshot number " << from.from
                                                    << " is not in its index");
  // The log must take this run's rows before anything in the folder changes.
  io::check_log_header(dir_ + "/log.csv", log_columns());
  // Before any file is written: a run killed while it wrote one (checkpoints.txt.tmp, a block's
  // file) left its temporary name, which the writers refuse to write through.
  std::vector<std::string> blocks;
  for (const OutputBlockConfig& b : config.outputs) blocks.push_back(b.name);
  remove_temporaries(dir_, blocks);
  // Checkpoints and output-block files of later steps belong to the discarded continuation too.
  std::vector<std::string> notes, later;
  std::set<std::string> listed;
  for (const char* index : {kCheckpointIndex, kOutputIndex})
    for (const FileEntry& e : read_file_index(dir_, index, notes)) {
      listed.insert(e.name);
      if (e.step > from.step)
        later.push_back(e.name);
      else
        (index == kCheckpointIndex ? checkpoints_ : block_files_).push_back(e);
    }
  // So do files no index lists under a name this run writes (checkpoints, this run's output
  // blocks): the run would write over them (a user's file, or one a killed run wrote last). The
  // file continued from stays (the run writes only later steps).
  std::error_code ec;
  const std::string continued_from = fs::path(from.file).filename().string();
  for (const auto& entry : fs::directory_iterator(dir_, ec)) {
    const std::string name = entry.path().filename().string();
    if (name == continued_from) continue;
    bool ours = is_checkpoint_name(name);
    for (const OutputBlockConfig& b : config.outputs)
      ours = ours || is_block_file_name(name, b.name);
    if (ours && !listed.count(name)) later.push_back(name);
  }
  std::sort(later.begin(), later.end());
  for (const std::string& note : notes)
    if (std::find(from.notes_said.begin(), from.notes_said.end(), note) == from.notes_said.end())
      out << "note: " << note << "\n";
  set_aside_later_snapshots(dir_, from.index, from.from, out, later, from.file);
  write_file_index(dir_, kCheckpointIndex, checkpoints_);
  write_file_index(dir_, kOutputIndex, block_files_);
  // The log goes on from the snapshot: rows a stopped run logged after it are computed again.
  double last_row = 0;
  const std::size_t dropped = io::keep_rows_up_to(dir_ + "/log.csv", double(from.step), &last_row);
  if (last_row >= 0) last_logged_step_ = long(last_row);  // not NaN: a row is kept
  if (dropped > 0)
    out << "note: " << dir_ << "/log.csv: dropped " << dropped << " row"
        << (dropped == 1 ? "" : "s") << " logged after step " << from.step
        << " (this run computes those steps again)\n";
  snapshots_.assign(from.index.begin(), from.index.begin() + long(from.from) + 1);
  write_index(dir_, snapshots_);
  write_xdmf();
  write_config();
  log_ = std::make_unique<io::CsvLog>(dir_ + "/log.csv", log_columns(), true);
}

void RunOutput::write_config() const {
  // The configuration of what is on disk, rerunnable as its header says: into this directory,
  // from the start.
  RunConfig c = config_;
  c.output_dir = dir_;
  c.restart = false;
  io::write_file_atomically(dir_ + "/config.yaml",
                            std::string(kConfigHeader) + "\n# Re-run it with: alfven run " +
                                shell_word(dir_ + "/config.yaml") +
                                "\n# (which replaces the snapshots of this run in " + dir_ + ")\n" +
                                to_yaml(c),
                            "configuration copy");
}

void RunOutput::write_xdmf() const {
  const io::DataType type =
      config_.precision == Precision::Float ? io::DataType::Float32 : io::DataType::Float64;
  std::vector<std::string> names;
  std::vector<std::pair<std::string, double>> files;
  for (int v = 0; v < num_vars; ++v) names.push_back(var_name(v));
  if (bodies_) names.push_back("signed_distance");
  for (const IndexEntry& e : snapshots_) files.emplace_back(e.name, e.time);
  io::write_xdmf(dir_ + "/run.xdmf", info_, type, names, files, io::XdmfCentring::Cell,
                 {"velocity", "magnetic_field"});
}

void RunOutput::write_block_xdmf(const std::string& block, const io::GridInfo& info,
                                 io::DataType type, const std::vector<std::string>& names,
                                 const std::vector<std::string>& vectors) const {
  std::vector<std::pair<std::string, double>> files;
  for (const FileEntry& e : block_files_)
    if (e.group == block) files.emplace_back(e.name, e.time);
  io::write_xdmf(dir_ + "/" + block + ".xdmf", info, type, names, files, io::XdmfCentring::Cell,
                 vectors);
}

std::pair<int, int> image_axes(const Grid& grid) {
  int axes[3], n = 0;
  for (int a = 0; a < 3; ++a)
    if (grid.active(a)) axes[n++] = a;
  if (n == 3) return {0, 1};  // a 3D run: the x-y plane through the middle of z
  return n == 2 ? std::make_pair(axes[0], axes[1]) : std::make_pair(-1, -1);
}

io::CellBox image_plane(const Grid& grid, double z) {
  const auto axes = image_axes(grid);
  if (axes.first < 0) return io::CellBox{};
  io::CellBox plane;
  for (int a = 0; a < 3; ++a) plane.count[a] = grid.global_n[a];
  if (grid.active(0) && grid.active(1) && grid.active(2)) {
    plane.offset[2] = grid.global_n[2] / 2;
    if (std::isfinite(z))
      plane.offset[2] = std::min(grid.global_n[2] - 1,
                                 std::max(0, int(std::floor((z - grid.lo[2]) / grid.d[2]))));
    plane.count[2] = 1;
  }
  return plane;
}

double image_height(const Grid& grid, double z) {
  if (!(grid.active(0) && grid.active(1) && grid.active(2)))
    return std::numeric_limits<double>::quiet_NaN();
  return grid.lo[2] + (image_plane(grid, z).offset[2] + 0.5) * grid.d[2];
}

std::string RunOutput::last_snapshot() const {
  return snapshots_.empty() ? std::string() : dir_ + "/" + snapshots_.back().name;
}

std::string RunOutput::add_snapshot(const std::string& name, double time,
                                    const std::vector<double>& density_plane) {
  const int index = int(snapshots_.size());
  ALFVEN_REQUIRE(name == snapshot_name(index),
                 "add_snapshot: expected " << snapshot_name(index) << ", got " << name);
  // The snapshot first, then the indexes: a kill in between leaves a complete snapshot that the
  // index does not list yet, which load_index adds back.
  snapshots_.push_back({name, time});
  write_index(dir_, snapshots_);
  write_xdmf();

  const auto axes = image_axes(grid_);
  if (config_.write_png && axes.first >= 0 && !density_plane.empty()) {
    // The density as a 2D picture of the two active axes (first axis to the right); in 3D the
    // x-y plane of image_plane (io.png_z). The plane's values are x fastest, so pixel (a, b)
    // is element a + w b whatever the two axes.
    const int w = grid_.global_n[axes.first], h = grid_.global_n[axes.second];
    ALFVEN_REQUIRE(
        density_plane.size() == std::size_t(w) * h,
        "add_snapshot: the density plane has " << density_plane.size() << " values, not " << w * h);
    const std::vector<double>& image = density_plane;
    const std::vector<double>& body = body_plane_;
    // The colour range of the fluid (the cells inside bodies hold their stored states).
    double lo = 1e300, hi = -1e300;
    for (std::size_t c = 0; c < image.size(); ++c)
      if (body.empty() || body[c] >= 0) {
        lo = std::min(lo, image[c]);
        hi = std::max(hi, image[c]);
      }
    if (lo > hi) lo = hi = 0;
    const double z = image_height(grid_, config_.png_z);
    char title[96];
    if (!std::isnan(z))
      std::snprintf(title, sizeof title, "density  t = %.4f  z = %.4g", time, z);
    else
      std::snprintf(title, sizeof title, "density  t = %.4f", time);
    io::write_field_png(dir_ + "/" + image_name(index), image.data(), w, h, title, lo, hi,
                        body.empty() ? nullptr : body.data());
  }
  return dir_ + "/" + name;
}

void RunOutput::set_signed_distance(const std::vector<double>& plane) {
  bodies_ = true;
  body_plane_ = plane;
  write_xdmf();
}

std::string RunOutput::add_checkpoint(const std::string& name, double time, long step) {
  checkpoints_.push_back({name, time, step, "-"});
  write_file_index(dir_, kCheckpointIndex, checkpoints_);
  // The oldest beyond io.checkpoint_keep go, once the new one is complete and listed.
  while (int(checkpoints_.size()) > std::max(1, config_.checkpoint_keep)) {
    std::error_code ec;
    fs::remove(dir_ + "/" + checkpoints_.front().name, ec);
    ALFVEN_REQUIRE(!ec, "cannot remove the old checkpoint '"
                            << dir_ << "/" << checkpoints_.front().name << "': " << ec.message());
    checkpoints_.erase(checkpoints_.begin());
    write_file_index(dir_, kCheckpointIndex, checkpoints_);
  }
  return dir_ + "/" + name;
}

void RunOutput::add_block_file(const std::string& block, const std::string& name, double time,
                               long step, const io::GridInfo& info, io::DataType type,
                               const std::vector<std::string>& names,
                               const std::vector<std::string>& vectors) {
  // A continued run writes a number again (the same state): one entry per file.
  block_files_.erase(std::remove_if(block_files_.begin(), block_files_.end(),
                                    [&](const FileEntry& e) { return e.name == name; }),
                     block_files_.end());
  block_files_.push_back({name, time, step, block});
  write_file_index(dir_, kOutputIndex, block_files_);
  write_block_xdmf(block, info, type, names, vectors);
}

void RunOutput::log(long step, double time, double dt, const Totals& t, double rate) {
  log_->append({double(step), time, dt, t.mass, t.energy, t.max_div_b, rate});
  last_logged_step_ = step;
}

int RunOutput::block_file_count(const std::string& block) const {
  return int(std::count_if(block_files_.begin(), block_files_.end(),
                           [&](const FileEntry& e) { return e.group == block; }));
}

}  // namespace mhd
}  // namespace alfven
