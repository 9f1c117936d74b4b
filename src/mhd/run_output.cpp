#include "run_output.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "alfven/core/error.hpp"
#include "alfven/io/field_image.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/io/xdmf.hpp"

namespace fs = std::filesystem;

namespace alfven {
namespace mhd {

namespace {

std::vector<std::string> log_columns() {
  return {"step", "time", "dt", "total_mass", "total_energy", "max_div_b", "cell_updates_per_second"};
}

std::string numbered(const char* stem, int index, const char* ext) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s_%04d.%s", stem, index, ext);
  return buf;
}

// Removes snapshot_*.h5 and density_*.png left by an earlier run in the same directory, so the
// directory describes one run only.
int remove_previous_run(const std::string& dir) {
  int removed = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    const bool snap = name.rfind("snapshot_", 0) == 0 && (entry.path().extension() == ".h5" || entry.path().extension() == ".tmp");
    const bool image = name.rfind("density_", 0) == 0 && entry.path().extension() == ".png";
    if (snap || image) removed += fs::remove(entry.path()) ? 1 : 0;
  }
  return removed;
}

// Creates the run directory and clears an earlier run's output; returns dir.
std::string prepare_directory(const std::string& dir, std::ostream& out) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  ALFVEN_REQUIRE(!ec && fs::is_directory(dir), "cannot create the run directory '" << dir << "': " << ec.message());
  const int removed = remove_previous_run(dir);
  if (removed > 0)
    out << "note: replaced the output of an earlier run in " << dir << " (" << removed << " snapshot and image file"
        << (removed == 1 ? "" : "s") << ")\n";
  return dir;
}

}  // namespace

RunOutput::RunOutput(const std::string& dir, const RunConfig& config, const Grid& grid, std::ostream& out,
                     int continue_after)
    : dir_(dir), config_(config), grid_(grid), info_{},
      log_((continue_after < 0 ? prepare_directory(dir, out) : dir) + "/log.csv", log_columns(), continue_after >= 0) {
  for (int a = 0; a < 3; ++a) {
    info_.n[a] = grid.global_n[a];
    info_.lo[a] = grid.lo[a];
    info_.hi[a] = grid.hi[a];
  }
  if (continue_after >= 0) {
    // Keep the index of the snapshots up to the one the run continues from.
    std::ifstream index(dir_ + "/snapshots.txt");
    std::string name;
    double time = 0;
    while (index >> name >> time && int(snapshots_.size()) <= continue_after) snapshots_.emplace_back(name, time);
    ALFVEN_REQUIRE(int(snapshots_.size()) == continue_after + 1,
                   "cannot continue the run in '" << dir_ << "': its snapshots.txt lists " << snapshots_.size()
                                                  << " snapshots, expected at least " << continue_after + 1);
    for (const auto& entry : fs::directory_iterator(dir_)) {
      const std::string n = entry.path().filename().string();
      int k = -1;
      if ((std::sscanf(n.c_str(), "snapshot_%d.h5", &k) == 1 || std::sscanf(n.c_str(), "density_%d.png", &k) == 1) &&
          k > continue_after)
        fs::remove(entry.path());
    }
    return;
  }
  std::ofstream f(dir_ + "/config.yaml");
  ALFVEN_REQUIRE(f, "cannot write '" << dir_ << "/config.yaml'");
  f << "# The complete configuration of this run (every default filled in).\n"
    << "# Re-run it with: alfven run " << dir_ << "/config.yaml\n"
    << to_yaml(config_);
}

std::pair<int, int> RunOutput::image_axes() const {
  int axes[3], n = 0;
  for (int a = 0; a < 3; ++a)
    if (grid_.active(a)) axes[n++] = a;
  return n == 2 ? std::make_pair(axes[0], axes[1]) : std::make_pair(-1, -1);
}

std::string RunOutput::last_snapshot() const {
  return snapshots_.empty() ? std::string() : dir_ + "/" + snapshots_.back().first;
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
  std::vector<std::string> names;
  for (int v = 0; v < num_vars; ++v) {
    fields.push_back({var_name(v), type, interior.data() + v * cells});
    names.push_back(var_name(v));
  }
  io::SnapshotMeta meta;
  meta.time = time;
  meta.step = step;
  meta.index = index;
  meta.problem = config_.problem;
  meta.gamma = config_.gamma;
  meta.extra["cfl_number"] = config_.cfl_number;
  const std::string name = numbered("snapshot", index, "h5");
  io::write_snapshot(dir_ + "/" + name, info_, meta, fields);
  snapshots_.emplace_back(name, time);
  io::write_xdmf(dir_ + "/run.xdmf", info_, type, names, snapshots_);
  {
    // The snapshot index a restart reads back (name and exact time per line).
    std::ofstream index(dir_ + "/snapshots.txt");
    char line[96];
    for (const auto& s : snapshots_) {
      std::snprintf(line, sizeof line, "%s %.17g\n", s.first.c_str(), s.second);
      index << line;
    }
  }

  const auto axes = image_axes();
  if (config_.write_png && axes.first >= 0) {
    // The density as a 2D picture of the two active axes (first axis to the right).
    const int w = grid_.global_n[axes.first], h = grid_.global_n[axes.second];
    std::vector<double> image(std::size_t(w) * h);
    const long sa = axes.first == 0 ? 1 : (axes.first == 1 ? nx : long(nx) * ny);
    const long sb = axes.second == 1 ? nx : long(nx) * ny;
    for (int b = 0; b < h; ++b)
      for (int a = 0; a < w; ++a) image[a + std::size_t(w) * b] = double(interior[a * sa + b * sb]);
    const auto mm = std::minmax_element(image.begin(), image.end());
    char title[96];
    std::snprintf(title, sizeof title, "density  t = %.4f", time);
    io::write_field_png(dir_ + "/" + numbered("density", index, "png"), image.data(), w, h, title, *mm.first,
                        *mm.second);
  }
  return dir_ + "/" + name;
}

void RunOutput::log(long step, double time, double dt, const Totals& t, double rate) {
  log_.append({double(step), time, dt, t.mass, t.energy, t.max_div_b, rate});
}

template std::string RunOutput::write_snapshot<float>(const std::vector<float>&, double, long);
template std::string RunOutput::write_snapshot<double>(const std::vector<double>&, double, long);

}  // namespace mhd
}  // namespace alfven
