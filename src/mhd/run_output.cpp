#include "run_output.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>

#include "alfven/core/error.hpp"
#include "alfven/io/atomic_file.hpp"
#include "alfven/io/field_image.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/io/xdmf.hpp"
#include "run_directory.hpp"

namespace fs = std::filesystem;

namespace alfven {
namespace mhd {

namespace {

std::vector<std::string> log_columns() {
  return {"step", "time", "dt", "total_mass", "total_energy", "max_div_b", "cell_updates_per_second"};
}

/// The first line of every config.yaml a run writes (run.cpp recognises its own file by it).
const char* const kConfigHeader = "# The complete configuration of this run (every default filled in).";

io::GridInfo grid_info(const Grid& grid) {
  io::GridInfo info{};
  for (int a = 0; a < 3; ++a) {
    info.n[a] = grid.global_n[a];
    info.lo[a] = grid.lo[a];
    info.hi[a] = grid.hi[a];
  }
  return info;
}

}  // namespace

const char* run_config_header() {
  return kConfigHeader;
}

RunOutput::RunOutput(const std::string& dir, const RunConfig& config, const Grid& grid, std::ostream& out)
    : dir_(dir), config_(config), grid_(grid), info_(grid_info(grid)) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  ALFVEN_REQUIRE(!ec && fs::is_directory(dir), "cannot create the run directory '" << dir << "': " << ec.message());
  clear_earlier_run(dir_, out);
  remove_temporaries(dir_);
  write_index(dir_, snapshots_);
  write_config();
  log_ = std::make_unique<io::CsvLog>(dir_ + "/log.csv", log_columns(), false);
}

RunOutput::RunOutput(const std::string& dir, const RunConfig& config, const Grid& grid, std::ostream& out,
                     const ContinueInPlace& from)
    : dir_(dir), config_(config), grid_(grid), info_(grid_info(grid)) {
  ALFVEN_REQUIRE(from.from < from.index.size(), "cannot continue the run in '" << dir << "': snapshot number "
                                                                              << from.from << " is not in its index");
  set_aside_later_snapshots(dir_, from.index, from.from, out);
  // The log goes on from the snapshot: rows a stopped run logged after it are computed again.
  const std::size_t dropped = io::keep_rows_up_to(dir_ + "/log.csv", double(from.step));
  if (dropped > 0)
    out << "note: " << dir_ << "/log.csv: dropped " << dropped << " row" << (dropped == 1 ? "" : "s")
        << " logged after step " << from.step << " (this run computes those steps again)\n";
  remove_temporaries(dir_);
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
                            std::string(kConfigHeader) + "\n# Re-run it with: alfven run " + dir_ +
                                "/config.yaml\n# (which replaces the snapshots of this run in " + dir_ + ")\n" +
                                to_yaml(c),
                            "configuration copy");
}

void RunOutput::write_xdmf() const {
  const io::DataType type = config_.precision == Precision::Float ? io::DataType::Float32 : io::DataType::Float64;
  std::vector<std::string> names;
  std::vector<std::pair<std::string, double>> files;
  for (int v = 0; v < num_vars; ++v) names.push_back(var_name(v));
  if (!signed_distance_.empty()) names.push_back("signed_distance");
  for (const IndexEntry& e : snapshots_) files.emplace_back(e.name, e.time);
  io::write_xdmf(dir_ + "/run.xdmf", info_, type, names, files);
}

std::pair<int, int> RunOutput::image_axes() const {
  int axes[3], n = 0;
  for (int a = 0; a < 3; ++a)
    if (grid_.active(a)) axes[n++] = a;
  if (n == 3) return {0, 1};  // a 3D run: the x-y plane through the middle of z
  return n == 2 ? std::make_pair(axes[0], axes[1]) : std::make_pair(-1, -1);
}

std::string RunOutput::last_snapshot() const {
  return snapshots_.empty() ? std::string() : dir_ + "/" + snapshots_.back().name;
}

template <typename Real>
std::string RunOutput::write_snapshot(const std::vector<Real>& interior, double time, long step) {
  const int index = int(snapshots_.size());
  const int nx = grid_.global_n[0], ny = grid_.global_n[1];
  const std::size_t cells = std::size_t(nx) * ny * grid_.global_n[2];
  ALFVEN_REQUIRE(interior.size() == cells * num_vars, "write_snapshot: expected " << cells * num_vars
                                                                                   << " values, got " << interior.size());
  const io::DataType type = sizeof(Real) == 4 ? io::DataType::Float32 : io::DataType::Float64;
  std::vector<io::FieldRef> fields;
  for (int v = 0; v < num_vars; ++v) fields.push_back({var_name(v), type, interior.data() + v * cells});
  const std::vector<Real> distance(signed_distance_.begin(), signed_distance_.end());
  if (!distance.empty()) fields.push_back({"signed_distance", type, distance.data()});
  io::SnapshotMeta meta;
  meta.time = time;
  meta.step = step;
  meta.index = index;
  meta.problem = config_.problem;
  meta.gamma = config_.gamma;
  meta.extra["cfl_number"] = config_.cfl_number;
  const std::string name = snapshot_name(index);
  io::write_snapshot(dir_ + "/" + name, info_, meta, fields);
  // The snapshot first, then the indexes: a kill in between leaves a complete snapshot that the
  // index does not list yet, which load_index adds back.
  snapshots_.push_back({name, time});
  write_index(dir_, snapshots_);
  write_xdmf();

  const auto axes = image_axes();
  if (config_.write_png && axes.first >= 0) {
    // The density as a 2D picture of the two active axes (first axis to the right); in 3D the
    // x-y plane through the middle cell of z.
    const int w = grid_.global_n[axes.first], h = grid_.global_n[axes.second];
    std::vector<double> image(std::size_t(w) * h), body;
    const long sa = axes.first == 0 ? 1 : (axes.first == 1 ? nx : long(nx) * ny);
    const long sb = axes.second == 1 ? nx : long(nx) * ny;
    const bool three_d = grid_.active(0) && grid_.active(1) && grid_.active(2);
    int k_image = grid_.global_n[2] / 2;
    if (three_d && std::isfinite(config_.png_z))
      k_image = std::min(grid_.global_n[2] - 1,
                         std::max(0, int(std::floor((config_.png_z - grid_.lo[2]) / grid_.d[2]))));
    const long slice = three_d ? long(k_image) * nx * ny : 0;
    for (int b = 0; b < h; ++b)
      for (int a = 0; a < w; ++a)
        image[a + std::size_t(w) * b] = double(interior[slice + a * sa + b * sb]);
    if (!signed_distance_.empty()) {
      body.resize(image.size());
      for (int b = 0; b < h; ++b)
        for (int a = 0; a < w; ++a)
          body[a + std::size_t(w) * b] = signed_distance_[slice + a * sa + b * sb];
    }
    // The colour range of the fluid (the cells inside bodies hold their stored states).
    double lo = 1e300, hi = -1e300;
    for (std::size_t c = 0; c < image.size(); ++c)
      if (body.empty() || body[c] >= 0) {
        lo = std::min(lo, image[c]);
        hi = std::max(hi, image[c]);
      }
    if (lo > hi) lo = hi = 0;
    char title[96];
    if (three_d)
      std::snprintf(title, sizeof title, "density  t = %.4f  z = %.4g", time,
                    grid_.lo[2] + (k_image + 0.5) * grid_.d[2]);
    else
      std::snprintf(title, sizeof title, "density  t = %.4f", time);
    io::write_field_png(dir_ + "/" + image_name(index), image.data(), w, h, title, lo, hi,
                        body.empty() ? nullptr : body.data());
  }
  return dir_ + "/" + name;
}

template <typename Real>
void RunOutput::set_signed_distance(const std::vector<Real>& distance) {
  const std::size_t cells = std::size_t(grid_.global_n[0]) * grid_.global_n[1] * grid_.global_n[2];
  ALFVEN_REQUIRE(distance.size() == cells, "set_signed_distance: expected " << cells << " values, got "
                                                                          << distance.size());
  signed_distance_.assign(distance.begin(), distance.end());
  write_xdmf();
}

void RunOutput::log(long step, double time, double dt, const Totals& t, double rate) {
  log_->append({double(step), time, dt, t.mass, t.energy, t.max_div_b, rate});
}

template std::string RunOutput::write_snapshot<float>(const std::vector<float>&, double, long);
template std::string RunOutput::write_snapshot<double>(const std::vector<double>&, double, long);
template void RunOutput::set_signed_distance<float>(const std::vector<float>&);
template void RunOutput::set_signed_distance<double>(const std::vector<double>&);

}  // namespace mhd
}  // namespace alfven
