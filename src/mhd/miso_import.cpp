// `alfven import --from miso`: one output of a MISO run folder as an Alfven snapshot
// (miso_transfer.hpp). Every file is checked against config.yaml before the fields are read.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "alfven/core/text.hpp"
#include "alfven/mhd/communicator.hpp"
#include "alfven/mhd/miso_transfer.hpp"
#include "alfven/mhd/problem.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/state_io.hpp"
#include "alfven/mhd/variables.hpp"

namespace alfven {
namespace mhd {

namespace {

namespace fs = std::filesystem;

/// pymiso's names of the nine arrays, for messages.
const char* const kMisoNames[num_vars] = {"ro", "vx", "vy", "vz", "bx", "by", "bz", "ei", "ph"};

/// The problem name of the snapshot: --problem, else config.yaml's `problem` key.
std::string problem_name(const RunConfig& cfg, const MisoLayoutKeys& keys,
                         const MisoImportOptions& options, const std::string& config_path) {
  if (!options.problem.empty()) {
    // A restart needs the configuration's problem to be this one: a misspelt name would only
    // be found then.
    if (!make_problem(options.problem)) {
      std::string known;
      for (const auto& p : builtin_problems()) known += (known.empty() ? "" : ", ") + p->name();
      ALFVEN_REQUIRE(false, "import: --problem '" << text::excerpt(options.problem)
                                                  << "' is no known problem; known: " << known);
    }
    return options.problem;
  }
  ALFVEN_REQUIRE(keys.problem_given,
                 "import: " << config_path
                            << " does not name an Alfven problem (a MISO configuration has no "
                               "`problem` key): give --problem NAME, the problem of the "
                               "configuration you will restart with (`alfven problems` lists the "
                               "built-in ones)");
  return cfg.problem;
}

/// Places every rank's block (its interior) into `host`, the whole grid `g`, after reading it.
template <typename Real>
void place_blocks(const std::string& dir, const io::MisoLayout& layout,
                  const std::vector<std::array<int, 3>>& coords, int output, const Grid& g,
                  Fields<Real, backend::Host>& host) {
  int local[3], total[3], m[3];
  for (int a = 0; a < 3; ++a) {
    local[a] = io::miso_local_cells(layout, a);
    total[a] = io::miso_local_total(layout, a);
    m[a] = io::miso_margin(layout, a);
  }
  for (int r = 0; r < io::miso_rank_count(layout); ++r) {
    const io::MisoBlock block = io::read_miso_block(dir, layout, output, r);
    const Real* values = reinterpret_cast<const Real*>(block.bytes.data());
    const std::array<int, 3>& c = coords[std::size_t(r)];
    for (int v = 0; v < num_vars; ++v)
      for (int i = 0; i < local[0]; ++i)
        for (int j = 0; j < local[1]; ++j)
          for (int k = 0; k < local[2]; ++k) {
            const Real x =
                values[((std::size_t(v) * std::size_t(total[0]) + std::size_t(i + m[0])) *
                            std::size_t(total[1]) +
                        std::size_t(j + m[1])) *
                           std::size_t(total[2]) +
                       std::size_t(k + m[2])];
            const int gi = c[0] * local[0] + i, gj = c[1] * local[1] + j, gk = c[2] * local[2] + k;
            // Finite everywhere; density positive and internal energy not negative (what the
            // scheme's unphysical-state check demands of a state it steps).
            const bool physical = std::isfinite(double(x)) && (v != density || x > Real(0)) &&
                                  (v != internal_energy || x >= Real(0));
            ALFVEN_REQUIRE(physical, "MISO file '"
                                         << dir << "/" << io::miso_mhd_file(layout, output, r)
                                         << "': " << kMisoNames[v] << " (" << var_name(v)
                                         << ") of cell (i, j, k) = (" << gi << ", " << gj << ", "
                                         << gk << ") is " << double(x)
                                         << ": not a state to restart from");
            host(gi + g.margin[0], gj + g.margin[1], gk + g.margin[2], v) = x;
          }
  }
}

template <typename Real>
void write_imported(const std::string& dir, const io::MisoLayout& layout, const RunConfig& cfg,
                    const std::vector<std::array<int, 3>>& coords, int output,
                    const io::SnapshotMeta& meta, const std::string& file) {
  const Grid g = grid_from(cfg);  // the whole grid, one block, ghost cells unused
  Fields<Real, backend::Host> host(g);
  place_blocks(dir, layout, coords, output, g, host);
  const SerialCommunicator one(cfg.periodic);
  write_state(one, g, g, host, std::vector<Real>{}, file, meta);
}

void check_absent(const std::string& file) {
  std::error_code ec;
  ALFVEN_REQUIRE(!fs::exists(file, ec), "import: '" << file
                                                    << "' exists; remove it or choose another -o "
                                                       "(import never replaces a file)");
}

}  // namespace

MisoImportSummary import_from_miso(const std::string& miso_dir, const MisoImportOptions& options) {
  const std::string config_path = miso_dir + "/config.yaml";
  std::error_code ec;
  ALFVEN_REQUIRE(fs::is_regular_file(config_path, ec),
                 "import: '" << miso_dir << "' is not a MISO run folder (it has no config.yaml)");
  if (!options.file.empty()) check_absent(options.file);
  GivenKeys given;
  // Any problem name; bodies (an exported run's) are not built: their meshes are not read.
  RunConfig cfg =
      load_config(config_path, {}, ProblemCatalog{}, &given, BodyGeometryCheck::TextOnly);
  const MisoLayoutKeys keys = miso_layout_keys(given, config_path);
  ALFVEN_REQUIRE(keys.mhd && !keys.rt,
                 config_path << ": physics says " << (keys.rt ? "rt: true" : "mhd: false")
                             << ": not an MHD run, which has no mhd files to import");
  const io::MisoLayout layout = miso_layout_of(cfg, keys, config_path);
  io::check_miso_layout(layout);
  MisoImportSummary summary;
  summary.meta.problem = problem_name(cfg, keys, options, config_path);

  // The output: its time file (from n_output.txt when not given).
  int output = options.output;
  const bool latest = output < 0;
  if (latest) output = io::read_miso_n_output(miso_dir, layout);
  io::MisoTime time;
  try {
    time = io::read_miso_time(miso_dir, layout, output);
  } catch (const Error& e) {
    if (!latest) throw;
    throw Error(std::string(e.what()) + " (" + miso_dir + "/" + io::miso_n_output_file(layout) +
                " names output " + std::to_string(output) + " as the latest)");
  }
  std::string file = options.file;
  if (file.empty()) {
    char number[32];
    std::snprintf(number, sizeof number, "_%04d.h5", output);
    std::string folder = fs::path(miso_dir).lexically_normal().filename().string();
    if (folder.empty() || folder == ".")
      folder = fs::absolute(miso_dir, ec).lexically_normal().parent_path().filename().string();
    file =
        (folder.empty() || folder == "." || folder == ".." ? std::string("miso") : folder) + number;
    check_absent(file);
  }
  summary.file = file;
  const std::vector<std::array<int, 3>> coords = io::read_miso_coords(miso_dir, layout);
  io::check_miso_grid(miso_dir, layout);

  // Every rank's file has the size the layout implies, and all share one precision.
  const int ranks = io::miso_rank_count(layout);
  const io::DataType type = io::check_miso_block(miso_dir, layout, output, 0);
  for (int r = 1; r < ranks; ++r)
    ALFVEN_REQUIRE(io::check_miso_block(miso_dir, layout, output, r) == type,
                   "MISO file '" << miso_dir << "/" << io::miso_mhd_file(layout, output, r)
                                 << "': its element size differs from rank 0's ("
                                 << io::size_of(type) << " bytes): mixed precisions");
  if (!keys.real.empty()) {
    const bool is_float = type == io::DataType::Float32;
    ALFVEN_REQUIRE(keys.real == (is_float ? "float" : "double"),
                   "MISO file '" << miso_dir << "/" << io::miso_mhd_file(layout, output, 0)
                                 << "': element size " << io::size_of(type) << " ("
                                 << (is_float ? "float" : "double") << "), but " << config_path
                                 << " says data_type.Real: " << keys.real);
  }

  summary.meta.time = time.time;
  summary.meta.step = time.step;
  summary.meta.index = output;
  summary.meta.gamma = cfg.gamma;
  summary.meta.extra["cfl_number"] = cfg.cfl_number;
  summary.type = type;
  summary.n[0] = cfg.i_size;
  summary.n[1] = cfg.j_size;
  summary.n[2] = cfg.k_size;
  summary.ranks = ranks;
  if (type == io::DataType::Float32)
    write_imported<float>(miso_dir, layout, cfg, coords, output, summary.meta, file);
  else
    write_imported<double>(miso_dir, layout, cfg, coords, output, summary.meta, file);
  return summary;
}

}  // namespace mhd
}  // namespace alfven
