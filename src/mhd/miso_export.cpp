// `alfven export --to miso`: a run directory's snapshots in MISO's raw layout (miso_transfer.hpp).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "alfven/core/text.hpp"
#include "alfven/io/atomic_file.hpp"
#include "alfven/mhd/miso_transfer.hpp"
#include "alfven/mhd/problem.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/state_io.hpp"
#include "run_index.hpp"

namespace alfven {
namespace mhd {

namespace {

namespace fs = std::filesystem;

const char* const kManifestHeader =
    "# alfven export --to miso: the files this export wrote (a later export into this folder "
    "replaces only these)";

/// A folder name of the layout: one path component of letters, digits, '_', '-' or '.'.
bool is_folder_name(const std::string& s) {
  if (s.empty() || s == "." || s == "..") return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '.';
  });
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// Whether `name` (relative to OUT_DIR) is a file an export writes: config.yaml, grid.bin, or
/// FOLDER/coords.csv, FOLDER/n_output.txt, FOLDER/time.N.txt, FOLDER/mhd.N.R.bin. Only such names
/// of a manifest are ever removed.
bool is_export_file(const std::string& name) {
  if (name == "config.yaml" || name == "grid.bin") return true;
  const std::vector<std::string> parts = text::split(name, '/');
  if (parts.size() != 2 || !is_folder_name(parts[0])) return false;
  const std::vector<std::string> dots = text::split(parts[1], '.');
  if (parts[1] == "coords.csv" || parts[1] == "n_output.txt") return true;
  if (dots.size() == 3 && dots[0] == "time" && all_digits(dots[1]) && dots[2] == "txt") return true;
  return dots.size() == 4 && dots[0] == "mhd" && all_digits(dots[1]) && all_digits(dots[2]) &&
         dots[3] == "bin";
}

/// Creates the folder `out_dir`. A failure names the folder and why (the system's reason, and a
/// file in the way when there is one), where the library's "filesystem error" gave only the
/// reason and the path.
void create_out_dir(const std::string& out_dir) {
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (!ec && fs::is_directory(out_dir, ec)) return;
  const std::string why = ec ? ec.message() : "it is not a folder";
  std::string in_the_way;  // the nearest existing part of the path, when it is no folder
  for (fs::path p = out_dir; !p.empty() && in_the_way.empty(); p = p.parent_path()) {
    std::error_code ignored;
    const fs::file_status st = fs::status(p, ignored);
    if (fs::exists(st)) {
      if (!fs::is_directory(st)) in_the_way = p.string();
      break;
    }
    if (p == p.parent_path()) break;
  }
  ALFVEN_REQUIRE(
      false, "export: cannot create the folder '"
                 << out_dir << "' (" << why << "): "
                 << (in_the_way.empty()
                         ? std::string("choose an OUT_DIR where you can write")
                         : "'" + in_the_way + "' is a file, not a folder; choose another OUT_DIR"));
}

/// The files an earlier export into `out_dir` wrote (its manifest), checked; empty for an empty
/// or missing folder.
/// @throws alfven::Error when `out_dir` holds files but no manifest, or a manifest that is not
///         one an export writes.
std::vector<std::string> earlier_export(const std::string& out_dir) {
  std::error_code ec;
  if (!fs::exists(out_dir, ec)) return {};
  ALFVEN_REQUIRE(fs::is_directory(out_dir, ec),
                 "export: '" << out_dir << "' exists and is not a folder; choose another OUT_DIR");
  const std::string manifest = out_dir + "/" + kMisoExportManifest;
  if (!fs::is_regular_file(manifest, ec)) {
    for (const auto& entry : fs::directory_iterator(out_dir, ec))
      ALFVEN_REQUIRE(false, "export: the folder '"
                                << out_dir << "' is not empty and holds no earlier export (e.g. '"
                                << entry.path().filename().string()
                                << "'); choose another OUT_DIR (export replaces only the files "
                                   "of an earlier export, listed in its "
                                << kMisoExportManifest << ")");
    return {};
  }
  ALFVEN_REQUIRE(fs::file_size(manifest, ec) <= (std::uintmax_t(64) << 20),
                 "export: '" << manifest << "' is larger than any list of an export's files");
  std::ifstream in(manifest);
  std::string line;
  std::vector<std::string> files;
  ALFVEN_REQUIRE(std::getline(in, line) && line == kManifestHeader,
                 "export: '" << manifest
                             << "' is not the list an export writes (its first line differs); "
                                "choose another OUT_DIR");
  for (int number = 2; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    ALFVEN_REQUIRE(is_export_file(line), "export: '" << manifest << "' line " << number << ": '"
                                                     << line
                                                     << "' is not a file an export writes; "
                                                        "choose another OUT_DIR");
    files.push_back(line);
  }
  return files;
}

void write_manifest(const std::string& out_dir, const std::vector<std::string>& files) {
  std::string content = std::string(kManifestHeader) + "\n";
  for (const std::string& f : files) content += f + "\n";
  io::write_file_atomically(out_dir + "/" + kMisoExportManifest, content, "export file list");
}

/// The snapshots to export: the index entries whose numbers `wanted` lists (all when empty).
std::vector<IndexEntry> chosen(const std::vector<IndexEntry>& index, const std::vector<int>& wanted,
                               const std::string& run_dir) {
  if (wanted.empty()) return index;
  std::vector<IndexEntry> out;
  for (int n : std::set<int>(wanted.begin(), wanted.end())) {
    const auto it = std::find_if(index.begin(), index.end(),
                                 [n](const IndexEntry& e) { return snapshot_number(e.name) == n; });
    ALFVEN_REQUIRE(it != index.end(), "export: --snapshot "
                                          << n << ": '" << run_dir << "' has snapshots 0 to "
                                          << index.size() - 1 << " (" << name_range(index) << ")");
    out.push_back(*it);
  }
  return out;
}

/// Copies rank `rank`'s block of `host` (the whole grid `g`, ghost cells of `g.margin`), with the
/// layout's ghost cells, into `out` in MISO's order (variable, i, j, k; k fastest).
template <typename Real>
void cut_block(const Fields<Real, backend::Host>& host, const Grid& g, const io::MisoLayout& layout,
               int rank, std::vector<Real>& out) {
  const std::array<int, 3> c = io::miso_cart_coords(layout, rank);
  int first[3], total[3];
  for (int a = 0; a < 3; ++a) {
    total[a] = io::miso_local_total(layout, a);
    // The block's first cell, ghost cells included, as an index of `host`.
    first[a] = c[std::size_t(a)] * io::miso_local_cells(layout, a) - io::miso_margin(layout, a) +
               g.margin[a];
  }
  out.resize(io::miso_block_values(layout));
  std::size_t n = 0;
  for (int v = 0; v < num_vars; ++v)
    for (int i = 0; i < total[0]; ++i)
      for (int j = 0; j < total[1]; ++j)
        for (int k = 0; k < total[2]; ++k)
          out[n++] = host(first[0] + i, first[1] + j, first[2] + k, v);
}

/// Restores each snapshot into one Simulation on the host (its ghost cells filled by the run's
/// boundaries) and writes every rank's block and the time file. The Simulation has neither the
/// run's bodies nor its output blocks: the nine fields of the bodies' cells are the snapshot's
/// (a body's geometry, a mesh file perhaps gone since, is never built).
template <typename Real>
void write_outputs(const RunConfig& cfg, const std::string& run_dir,
                   const std::vector<IndexEntry>& entries, const std::string& out_dir,
                   const io::MisoLayout& layout) {
  RunConfig one_block = cfg;
  for (int& p : one_block.procs) p = 1;
  one_block.bodies.clear();
  one_block.outputs.clear();
  Simulation<Real> sim(one_block, "host", true);
  Fields<Real, backend::Host> host(sim.grid());
  std::vector<Real> block;
  const io::DataType type = sizeof(Real) == 4 ? io::DataType::Float32 : io::DataType::Float64;
  for (const IndexEntry& e : entries) {
    const io::Snapshot snap = restore_state(sim, run_dir + "/" + e.name, RestorePurpose::Export);
    sim.copy_state_to(host);
    const int n = snapshot_number(e.name);
    for (int r = 0; r < io::miso_rank_count(layout); ++r) {
      cut_block(host, sim.grid(), layout, r, block);
      io::write_miso_block(out_dir, layout, n, r, type, block.data());
    }
    io::write_miso_time(out_dir, layout, n, snap.meta.time, snap.meta.step);
  }
}

}  // namespace

io::MisoLayout miso_layout_of(const RunConfig& c, const MisoLayoutKeys& keys,
                              const std::string& source) {
  io::MisoLayout l;
  const int n[3] = {c.i_size, c.j_size, c.k_size};
  const double lo[3] = {c.x_min, c.y_min, c.z_min}, hi[3] = {c.x_max, c.y_max, c.z_max};
  for (int a = 0; a < 3; ++a) {
    l.n[a] = n[a];
    l.procs[a] = c.procs[a];
    l.lo[a] = lo[a];
    l.hi[a] = hi[a];
  }
  l.margin = c.margin;
  l.time_dir = keys.time_dir;
  l.mpi_dir = keys.mpi_dir;
  l.mhd_dir = keys.mhd_dir;
  l.output_digits = keys.output_digits;
  l.rank_digits = keys.rank_digits;
  ALFVEN_REQUIRE(!keys.endian.empty(),
                 source << ": data_type.Endian is missing (little or big: the byte order of the "
                           "binary files, which MISO writes into its config.yaml)");
  ALFVEN_REQUIRE(keys.endian == "little" || keys.endian == "big",
                 source << ": data_type.Endian = '" << keys.endian << "': expected little or big");
  l.big_endian = keys.endian == "big";
  l.source = source;
  return l;
}

MisoExportSummary export_to_miso(const std::string& run_dir, const std::string& out_dir,
                                 const MisoExportOptions& options) {
  const std::string config_path = run_dir + "/config.yaml";
  std::error_code ec;
  ALFVEN_REQUIRE(fs::is_regular_file(config_path, ec),
                 "export: '" << run_dir << "' is not an Alfven run directory (it has no "
                             << "config.yaml)");
  // The bodies are kept in the exported config.yaml, never built (their meshes are not read).
  RunConfig cfg =
      load_config(config_path, {}, problem_catalog(), nullptr, BodyGeometryCheck::TextOnly);
  std::vector<std::string> notes;
  const std::vector<IndexEntry> index = load_index(run_dir, notes);
  ALFVEN_REQUIRE(!index.empty(), "export: '" << run_dir << "' holds no snapshot to export");
  const std::vector<IndexEntry> entries = chosen(index, options.snapshots, run_dir);

  // The decomposition: --procs, else the run's, an automatic axis as one rank.
  MisoExportSummary summary;
  const bool given = options.procs[0] || options.procs[1] || options.procs[2];
  for (int a = 0; a < 3; ++a) {
    const int p = given ? options.procs[a] : cfg.procs[a];
    summary.procs[a] = p > 0 ? p : 1;
  }
  const int n[3] = {cfg.i_size, cfg.j_size, cfg.k_size};
  for (int a = 0; a < 3; ++a)
    ALFVEN_REQUIRE(n[a] % summary.procs[a] == 0,
                   "export: " << summary.procs[a] << " ranks along "
                              << "xyz"[a] << " do not divide the grid's " << n[a] << " cells ("
                              << (given ? "--procs" : "the run's mpi.*_procs")
                              << "; MISO's blocks are equal): give --procs X,Y,Z with divisors of "
                              << n[0] << ", " << n[1] << ", " << n[2]);

  // The configuration MISO would have saved: the run's, with the export's decomposition and
  // MISO's layout keys (folders, digits, byte order, precision).
  MisoLayoutKeys keys;
  keys.endian = io::host_is_little_endian() ? "little" : "big";
  keys.real = cfg.precision == Precision::Float ? "float" : "double";
  RunConfig saved = cfg;
  for (int a = 0; a < 3; ++a) saved.procs[a] = summary.procs[a];
  saved.output_dir = out_dir;
  saved.restart = false;
  const io::MisoLayout layout = miso_layout_of(saved, keys, config_path);
  io::check_miso_layout(layout);
  summary.type = cfg.precision == Precision::Float ? io::DataType::Float32 : io::DataType::Float64;

  // Every file this export writes, listed (with an earlier export's) before any is written.
  const std::vector<std::string> earlier = earlier_export(out_dir);
  summary.files = {"config.yaml", io::miso_grid_file(), io::miso_coords_file(layout),
                   io::miso_n_output_file(layout)};
  for (const IndexEntry& e : entries) {
    const int number = snapshot_number(e.name);
    summary.outputs.push_back(number);
    summary.files.push_back(io::miso_time_file(layout, number));
    for (int r = 0; r < io::miso_rank_count(layout); ++r)
      summary.files.push_back(io::miso_mhd_file(layout, number, r));
  }
  std::sort(summary.outputs.begin(), summary.outputs.end());
  // An export writes and removes only inside OUT_DIR: a folder of it that is a symbolic link
  // (which would lead the writes, and the removal of an earlier export's files, elsewhere) is
  // refused before anything is written.
  {
    std::vector<std::string> names = earlier;
    names.insert(names.end(), summary.files.begin(), summary.files.end());
    for (const std::string& f : names) {
      const std::string::size_type slash = f.find('/');
      if (slash == std::string::npos) continue;
      const std::string folder = out_dir + "/" + f.substr(0, slash);
      ALFVEN_REQUIRE(!fs::is_symlink(folder, ec),
                     "export: '" << folder
                                 << "' is a symbolic link; an export writes and removes files "
                                    "only inside OUT_DIR: remove the link or choose another "
                                    "OUT_DIR");
    }
  }
  create_out_dir(out_dir);
  std::vector<std::string> both = earlier;
  both.insert(both.end(), summary.files.begin(), summary.files.end());
  std::sort(both.begin(), both.end());
  both.erase(std::unique(both.begin(), both.end()), both.end());
  write_manifest(out_dir, both);

  if (cfg.precision == Precision::Float)
    write_outputs<float>(cfg, run_dir, entries, out_dir, layout);
  else
    write_outputs<double>(cfg, run_dir, entries, out_dir, layout);
  io::write_miso_grid(out_dir, layout, summary.type);
  io::write_miso_coords(out_dir, layout);
  io::write_miso_n_output(out_dir, layout, summary.outputs.back());
  io::write_file_atomically(
      out_dir + "/config.yaml",
      to_miso_yaml(saved, keys,
                   "Written by `alfven export --to miso` from " + run_dir +
                       ": MISO's raw layout (docs/miso-layout.md), which pymiso.Data reads.\n"
                       "Alfven reads it too: alfven import --from miso " +
                       out_dir + " turns an output back into a snapshot."),
      "MISO configuration");

  // Files of the earlier export that this one did not write again.
  const std::set<std::string> now(summary.files.begin(), summary.files.end());
  for (const std::string& f : earlier) {
    if (now.count(f) || !fs::is_regular_file(out_dir + "/" + f, ec)) continue;
    ALFVEN_REQUIRE(fs::remove(out_dir + "/" + f, ec),
                   "export: cannot remove '" << out_dir << "/" << f
                                             << "' of the earlier export: " << ec.message());
    summary.removed.push_back(f);
  }
  write_manifest(out_dir, summary.files);
  return summary;
}

}  // namespace mhd
}  // namespace alfven
