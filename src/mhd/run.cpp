// The run driver: configuration -> problem set-up -> time loop with output -> summary.
#include "alfven/mhd/run.hpp"

#include "alfven/core/device.hpp"
#include "alfven/core/env.hpp"

#include <cstdlib>
#include <chrono>
#include <climits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/problem.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/parallel.hpp"
#include "alfven/mhd/variables.hpp"
#include "progress.hpp"
#include "run_index.hpp"
#include "run_output.hpp"

namespace alfven {
namespace mhd {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// True when `file` lies in directory `dir` (a run continued in place).
bool file_in_directory(const std::string& file, const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path parent = fs::path(file).parent_path();
  return fs::exists(file, ec) && fs::equivalent(parent.empty() ? fs::path(".") : parent, dir, ec);
}

// The number of the first scheduled output after time t: the smallest k with dt_output * k > t.
// The time loop writes output k at the first step whose time reaches dt_output * k, so a run
// continued from a snapshot at time t has written every k with dt_output * k <= t (the snapshot
// itself may be an off-schedule final state) and goes on with this k, as the run that never
// stopped does. The product is formed as in the time loop.
long next_output_after(double t, double dt_output) {
  long k = long(std::floor(t / dt_output)) + 1;
  while (k > 0 && dt_output * double(k - 1) > t) --k;
  while (dt_output * double(k) <= t) ++k;
  return k;
}

// Whether the final state still needs a snapshot (decided on rank 0, agreed by all ranks).
template <typename Real>
bool last_output_time_differs(const RunOutput* output, const Simulation<Real>& sim) {
  const double flag = output && (output->snapshots_written() == 0 || output->last_snapshot_time() != sim.time()) ? 1.0 : 0.0;
  return sim.communicator().max(flag) > 0;
}

// Replaces the simulation's state by the snapshot's (this rank's block, exact bytes), with its
// time and step. Every rank reads the file. Throws alfven::Error if the snapshot does not fit.
template <typename Real>
void restore_from(Simulation<Real>& sim, const io::Snapshot& snap, const std::string& file) {
  ALFVEN_REQUIRE(snap.meta.run_state, "cannot restart from '" << file << "': it is no run's snapshot (it has no "
                                      "time, step or problem; e.g. a grid written by `alfven sdf`)");
  const Grid& g = sim.grid();
  const Grid& global = sim.global_grid();
  for (int a = 0; a < 3; ++a)
    ALFVEN_REQUIRE(snap.grid.n[a] == global.global_n[a],
                   "cannot restart from '" << file << "': it has " << snap.grid.n[0] << " x " << snap.grid.n[1] << " x "
                                           << snap.grid.n[2] << " cells, the configuration " << global.global_n[0]
                                           << " x " << global.global_n[1] << " x " << global.global_n[2]);
  // A restart continues the same problem: a different problem, box or gas would silently give
  // a state the configuration does not describe.
  const RunConfig& cfg = sim.config();
  std::ostringstream differ;
  if (!snap.meta.problem.empty() && snap.meta.problem != cfg.problem)
    differ << " problem '" << snap.meta.problem << "' (configuration: '" << cfg.problem << "');";
  for (int a = 0; a < 3; ++a)
    if (snap.grid.lo[a] != global.lo[a] || snap.grid.hi[a] != global.hi[a])
      differ << " " << "xyz"[a] << " in [" << snap.grid.lo[a] << ", " << snap.grid.hi[a] << "] (configuration: ["
             << global.lo[a] << ", " << global.hi[a] << "]);";
  if (snap.meta.gamma != 0 && snap.meta.gamma != cfg.gamma)
    differ << " gamma " << snap.meta.gamma << " (configuration: " << cfg.gamma << ");";
  if (!differ.str().empty())
    throw ConfigError({"cannot restart from '" + file + "': the snapshot was written with" + differ.str() +
                       " restart with the configuration of the run that wrote it"});
  const bool is_float = snap.type == io::DataType::Float32;
  ALFVEN_REQUIRE(is_float == (sizeof(Real) == 4), "cannot restart from '" << file << "': it holds "
                                                                         << (is_float ? "float" : "double")
                                                                         << " fields; set precision: "
                                                                         << (is_float ? "float" : "double"));
  Fields<Real, backend::Host> host(g);
  const long gx = global.global_n[0], gy = global.global_n[1];
  for (int v = 0; v < num_vars; ++v) {
    const auto it = snap.raw.find(var_name(v));
    ALFVEN_REQUIRE(it != snap.raw.end(), "cannot restart from '" << file << "': no dataset " << var_name(v));
    const Real* values = reinterpret_cast<const Real*>(it->second.data());
    for (int k = 0; k < g.n[2]; ++k)
      for (int j = 0; j < g.n[1]; ++j)
        for (int i = 0; i < g.n[0]; ++i)
          host(i + g.margin[0], j + g.margin[1], k + g.margin[2], v) =
              values[(g.offset[0] + i) + gx * ((g.offset[1] + j) + gy * long(g.offset[2] + k))];
  }
  sim.restore(host, snap.meta.time, snap.meta.step);  // fills ghost cells (halos, boundaries)
}

// Where a run starts: from scratch, from a snapshot elsewhere (its directory starts anew with
// the restored state), or continued in its own directory after one of its snapshots.
struct Start {
  std::string restart_file;            // "" from scratch
  bool in_place = false;               // restart_file is snapshot index[position] of the run directory
  std::vector<IndexEntry> index;       // the run directory's index (in place)
  std::size_t position = 0;
  std::vector<std::string> notes;      // repairs of the index, for rank 0 to print
};

template <typename Real>
RunSummary run_with(const RunConfig& cfg, const std::string& dir, const std::string& backend, bool quiet,
                    std::ostream& out, const Start& start) {
  const std::string& restart_file = start.restart_file;
  // Set-up errors (and a run too large for the memory) surface before anything is written.
  Simulation<Real> sim(cfg, backend, !restart_file.empty());
  const Grid& grid = sim.global_grid();
  const bool root = sim.communicator().rank() == 0;
  const bool continuing = start.in_place;
  long next_output = 0;  // number of the next scheduled output
  long restored_step = 0;
  if (!restart_file.empty()) {
    const io::Snapshot snap = io::read_snapshot(restart_file);
    restore_from(sim, snap, restart_file);
    next_output = next_output_after(snap.meta.time, cfg.dt_output);
    restored_step = snap.meta.step;
    if (root) {
      out << "alfven run: restarting from " << restart_file << " (step " << snap.meta.step << ", t = " << snap.meta.time
          << ")\n";
      if (!snap.checksummed)
        out << "note: " << restart_file << " is a format " << snap.format_version
            << " snapshot (written before checksums): it was read unverified\n";
    }
  }
  std::unique_ptr<RunOutput> output;  // rank 0 writes the run directory
  if (root) {
    for (const std::string& note : start.notes) out << "note: " << note << "\n";
    if (continuing)
      output = std::make_unique<RunOutput>(dir, cfg, grid, out, ContinueInPlace{start.index, start.position, restored_step});
    else
      output = std::make_unique<RunOutput>(dir, cfg, grid, out);
    const int* dims = sim.communicator().dims();
    out << "alfven run: " << cfg.problem << ", " << grid.global_n[0] << " x " << grid.global_n[1] << " x "
        << grid.global_n[2] << " cells, " << (sizeof(Real) == 4 ? "float" : "double") << ", backend "
        << sim.solver().backend_name() << ", " << sim.communicator().size() << " rank(s) as " << dims[0] << " x "
        << dims[1] << " x " << dims[2] << ", t_end = " << cfg.tend << ", output every " << cfg.dt_output << " -> "
        << dir << "\n";
  }
  if (root && sim.communicator().size() > 1) {
    const bool node_staging = env_flag("ALFVEN_NODE_STAGING", true);
    const char* path = backend != "cuda" ? "host buffers"
                       : sim.communicator().device_pointers_allowed()
                           ? "direct (CUDA-aware MPI takes device pointers)"
                       : node_staging ? "staged through pinned host memory (MPI is not known to be CUDA-aware); "
                                        "between ranks of one node through shared memory, MPI carrying only a "
                                        "ready signal (ALFVEN_NODE_STAGING=0 sends every halo with MPI)"
                                      : "staged through pinned host memory, every halo sent with MPI";
    out << "halo exchange: " << path << "; periodic axes of one block: local copy\n";
  }
  if (backend == "cuda" && sim.communicator().size() > 1) {
    // Every rank reports the device it drives (node-local rank modulo the visible devices).
    std::string line = "rank " + std::to_string(sim.communicator().rank()) + ": device " +
                       std::to_string(current_device()) + " (" + device_name(current_device()) + ")";
    line.resize(128, ' ');  // gather takes the same size from every rank
    const std::vector<unsigned char> all = sim.communicator().gather(line.data(), line.size());
    for (std::size_t r = 0; root && r < all.size() / 128; ++r) {
      std::string one(all.begin() + long(r * 128), all.begin() + long((r + 1) * 128));
      out << one.substr(0, one.find_last_not_of(' ') + 1) << "\n";
    }
  }

  if (!cfg.bodies.empty()) {
    const std::vector<Real> distance = sim.gather_signed_distance();  // collective
    if (root) {
      output->set_signed_distance(distance);
      out << "bodies: " << cfg.bodies.size() << ", " << sim.solid_cells() << " solid cells of which "
          << sim.body_ghost_cells() << " ghost cells";
      if (effective_margin(cfg) != cfg.margin)
        out << "; grid.margin raised from " << cfg.margin << " to " << effective_margin(cfg)
            << " (the image points of the bodies' cells reach that far)";
      out << "\n";
    }
  }

  RunSummary summary;
  summary.output_dir = dir;
  summary.backend = sim.solver().backend_name();
  summary.cells = grid.interior_cells();

  long last_logged_step = continuing ? sim.steps() : -1;
  auto log_row = [&](double dt, double rate) {
    const Totals totals = sim.totals();  // collective
    if (root && sim.steps() != last_logged_step) output->log(sim.steps(), sim.time(), dt, totals, rate);
    last_logged_step = sim.steps();
  };
  auto write_output = [&](double dt, double rate) {
    const std::vector<Real> interior = sim.gather_interior();  // collective
    if (root) output->write_snapshot(interior, sim.time(), sim.steps());
    log_row(dt, rate);
    ++next_output;
  };
  if (!continuing) {
    // The initial (or restored) state is the first snapshot of this directory.
    const long cadence = next_output;
    write_output(0.0, 0.0);
    if (!restart_file.empty()) next_output = cadence;
  }

  const auto t0 = Clock::now();
  double loop_seconds = 0, log_seconds = 0;  // time-loop wall time without output
  const long first_step = sim.steps();       // a restarted run starts past 0
  long log_step = first_step;
  if (root && sim.time() >= cfg.tend)
    out << "alfven run: nothing to do: the state is at t = " << sim.time() << ", at or past time.tend = " << cfg.tend
        << " (raise time.tend to continue)\n";
  double last_dt = 0, last_rate = 0;
  ProgressLine progress(out, !quiet && root, cfg.tend, cfg.max_steps);
  while (sim.time() < cfg.tend && (cfg.max_steps < 0 || sim.steps() < cfg.max_steps)) {
    const auto ts = Clock::now();
    double dt = 0;
    try {
      // time.exact_times: the step lands on the next output time or tend (ignored otherwise).
      dt = double(sim.step(std::min(cfg.tend, cfg.dt_output * double(next_output))));
    } catch (const UnphysicalStateError& e) {
      progress.finish();
      std::ostringstream os;
      os << e.what() << ". ";
      if (output && output->snapshots_written() > 0)
        os << "The last good snapshot is kept: " << output->last_snapshot() << " (t = " << output->last_snapshot_time()
           << ").";
      os << " Try a smaller mhd.cfl_number or more artificial viscosity (mhd.artificial_viscosity.ep).";
      throw UnphysicalStateError(os.str());
    }
    const double step_seconds = seconds_since(ts);
    loop_seconds += step_seconds;
    log_seconds += step_seconds;
    const long step = sim.steps();
    const double rate = double(summary.cells) * double(step - log_step) / std::max(log_seconds, 1e-12);
    progress.update(step, sim.time(), dt, double(summary.cells) * (step - first_step) / std::max(loop_seconds, 1e-12));
    // MISO's cadence: a snapshot at the first step whose time reaches each multiple of dt_output.
    if (sim.time() >= cfg.dt_output * double(next_output)) {
      write_output(dt, rate);
      log_step = step;
      log_seconds = 0;
    } else if (step - log_step >= cfg.log_every) {
      log_row(dt, rate);
      log_step = step;
      log_seconds = 0;
    }
    last_dt = dt;
    last_rate = rate;
  }
  // The final state is always kept, even when it does not fall on the output cadence.
  if (last_output_time_differs(output.get(), sim)) write_output(last_dt, last_rate);
  progress.finish();

  summary.steps = sim.steps() - first_step;
  summary.time = sim.time();
  summary.wall_seconds = seconds_since(t0);
  summary.cell_updates_per_second =
      summary.steps > 0 ? double(summary.cells) * summary.steps / std::max(loop_seconds, 1e-12) : 0.0;
  summary.snapshots = output ? output->snapshots_written() : 0;
  summary.halo_seconds = sim.communicator().max(sim.solver().halo_seconds());
  summary.loop_seconds = loop_seconds;
  return summary;
}

std::string choose_backend(const RunOptions& o, const RunConfig& c) {
  std::string b = !o.backend.empty() ? o.backend : c.backend;
  ALFVEN_REQUIRE(b == "auto" || b == "host" || b == "cuda",
                 "--backend must be host, cuda or auto, got '" << b << "'");
  if (b == "auto") {
    // The CUDA backend when this build has it and a device is visible.
    b = cuda_backend_usable() ? "cuda" : "host";
  }
  return b;
}

// Refuses, before anything is written, runs that would lose data: an output directory holding
// files that are not an earlier Alfven run, or one whose config.yaml is the configuration file
// being read and was not written by a run (a run's own copy is rewritten from what was read: the
// command its header suggests). A run continued in place keeps its directory. Same answer on
// every rank.
void check_output_directory(const std::string& dir, const RunConfig&, const RunOptions& o, bool continuing) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (continuing || !fs::is_directory(dir, ec)) return;
  if (!o.config.empty() && fs::is_regular_file(o.config) && fs::exists(fs::path(dir) / "config.yaml") &&
      fs::equivalent(o.config, fs::path(dir) / "config.yaml", ec)) {
    std::ifstream file(o.config);
    std::string first_line;
    std::getline(file, first_line);
    ALFVEN_REQUIRE(first_line == run_config_header(),
                   "the run would write its config.yaml over the configuration file being read ('"
                       << o.config << "'); choose another --output directory or copy the file elsewhere");
  }
  if (holds_earlier_run(dir)) return;  // an earlier Alfven run: replaced (its own files only)
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    ALFVEN_REQUIRE(false, "the output directory '" << dir << "' exists and holds files that are not an earlier "
                                                    << "Alfven run (e.g. '" << entry.path().filename().string()
                                                    << "'); choose another --output (Alfven replaces only its own output)");
  }
}

// Where the run starts (see Start): the newest snapshot of the run directory for io.continue
// (its index, rebuilt from the files when missing or damaged), or --restart FILE, continued in
// place when FILE is one of the directory's indexed snapshots.
Start where_to_start(const std::string& dir, const RunConfig& cfg, const RunOptions& o) {
  Start start;
  if (cfg.restart) {
    start.index = load_index(dir, start.notes);
    ALFVEN_REQUIRE(!start.index.empty(), cfg.source << ": io.continue is true but '" << dir
                                                    << "' holds no snapshot to continue from (no snapshots.txt, and "
                                                       "no snapshot_0000.h5 that reads); set io.continue: false to "
                                                       "start the run");
    start.position = start.index.size() - 1;
    start.restart_file = dir + "/" + start.index.back().name;
    start.in_place = true;
    return start;
  }
  start.restart_file = o.restart_file;
  if (start.restart_file.empty() || !file_in_directory(start.restart_file, dir)) return start;
  // A snapshot of the run directory itself: continued in place when its index lists it.
  std::vector<IndexEntry> index = load_index(dir, start.notes);
  const std::string name = std::filesystem::path(start.restart_file).filename().string();
  for (std::size_t p = 0; p < index.size(); ++p)
    if (index[p].name == name && std::filesystem::equivalent(dir + "/" + name, start.restart_file)) {
      start.index = std::move(index);
      start.position = p;
      start.in_place = true;
      return start;
    }
  start.notes.push_back(start.restart_file + " is not one of the snapshots " + dir +
                        "/snapshots.txt lists: the directory starts anew with its state");
  return start;
}

}  // namespace

RunConfig resolve_config(const RunOptions& o) {
  const ProblemCatalog catalog = problem_catalog();
  if (o.config.empty()) {
    return load_config_from_string(make_problem("orszag_tang")->default_config(), "built-in:orszag_tang",
                                   o.overrides, catalog);
  }
  // A problem name wins over a directory of that name (the previous run's output directory).
  if (!std::filesystem::is_regular_file(o.config)) {
    if (auto p = make_problem(o.config)) {
      return load_config_from_string(p->default_config(), "built-in:" + o.config, o.overrides, catalog);
    }
  }
  return load_config(o.config, o.overrides, catalog);
}

RunSummary run(const RunOptions& o, std::ostream& out) {
  const RunConfig cfg = resolve_config(o);
  const std::string dir =
      !o.output_dir.empty() ? o.output_dir : (!cfg.output_dir.empty() ? cfg.output_dir : cfg.problem);
  const std::string backend = choose_backend(o, cfg);
  if (!o.restart_file.empty() && cfg.restart)
    throw ConfigError({"--restart " + o.restart_file + " and io.continue: true both ask for a restart: give "
                       "--restart FILE to continue from that snapshot, or io.continue: true (without --restart) "
                       "to continue from the newest snapshot of the run directory"});
  const Start start = where_to_start(dir, cfg, o);
  check_output_directory(dir, cfg, o, start.in_place);
  if (cfg.precision == Precision::Float) return run_with<float>(cfg, dir, backend, o.quiet, out, start);
  return run_with<double>(cfg, dir, backend, o.quiet, out, start);
}

}  // namespace mhd
}  // namespace alfven
