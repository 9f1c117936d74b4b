// The run driver: configuration -> problem set-up -> time loop with output -> summary.
#include "alfven/mhd/run.hpp"

#include <chrono>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "alfven/core/device.hpp"
#include "alfven/core/env.hpp"
#include "alfven/core/text.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/parallel.hpp"
#include "alfven/mhd/problem.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/state_io.hpp"
#include "alfven/mhd/variables.hpp"
#include "file_index.hpp"
#include "output_block.hpp"
#include "progress.hpp"
#include "restart_bodies.hpp"
#include "run_control.hpp"
#include "run_index.hpp"
#include "run_output.hpp"
#include "run_outputs.hpp"

namespace alfven {
namespace mhd {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// True when `file` lies in directory `dir` (a run continued in place).
bool file_in_directory(const std::string& file, const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path parent = fs::path(file).parent_path();
  return fs::exists(file, ec) && fs::equivalent(parent.empty() ? fs::path(".") : parent, dir, ec);
}

// Where a run starts: from scratch, from a snapshot elsewhere (its directory starts anew with
// the restored state), or continued in its own directory after one of its snapshots.
struct Start {
  std::string restart_file;       // "" from scratch
  bool in_place = false;          // restart_file is snapshot index[position] of the run directory
  std::vector<IndexEntry> index;  // the run directory's index (in place)
  std::size_t position = 0;
  std::vector<std::string> notes;  // repairs of the index, for rank 0 to print
  std::string checkpoint;          // io.continue from a snapshot: the newest checkpoint, if any
  bool bodies_stated = false;      // --set bodies: a restart may change the snapshot's bodies
};

template <typename Real>
RunSummary run_with(const RunConfig& cfg, const std::string& dir, const std::string& backend,
                    bool quiet, std::ostream& out, const Start& start,
                    Clock::time_point program_start) {
  const std::string& restart_file = start.restart_file;
  // Set-up errors (and a run too large for the memory) surface before anything is written.
  Simulation<Real> sim(cfg, backend, !restart_file.empty());
  const Grid& grid = sim.global_grid();
  const bool root = sim.communicator().rank() == 0;
  const bool continuing = start.in_place;
  // Before anything is read or written: the continued run's output blocks are the earlier's.
  if (continuing) require_blocks_match_earlier_files(dir, cfg.outputs, grid);
  OutputStart output_start;  // a new run: snapshot 0 is the start state
  long restored_step = 0;
  if (!restart_file.empty()) {
    const auto t_read = Clock::now();
    // An analysis snapshot is not flushed to the disk by default (io.fsync): after a crash of
    // the machine the newest may not read, while the checkpoint before it was flushed.
    const io::Snapshot snap = [&] {
      try {
        return restore_state(sim, restart_file);  // each rank reads its block
      } catch (const Error& e) {
        if (start.checkpoint.empty()) throw;
        throw Error(std::string(e.what()) + "; the newest checkpoint, " + start.checkpoint +
                    ", is older but was flushed to the disk: continue from it with --restart " +
                    start.checkpoint);
      }
    }();
    // A body changed, added or removed since the snapshot is refused unless --set bodies says so.
    const std::string bodies_note =
        check_restart_bodies(sim, snap, restart_file, start.bodies_stated);
    output_start.restart_read_seconds = seconds_since(t_read);
    output_start.next_snapshot = first_multiple_after(snap.meta.time, cfg.dt_output);
    restored_step = snap.meta.step;
    if (continuing) {
      // The step's log row, should a kill have come between its files and the row.
      const auto dt = snap.meta.extra.find("dt");
      output_start.start_dt = dt != snap.meta.extra.end() ? dt->second : 0.0;
      output_start.start_row_due =
          start.index[start.position].time == snap.meta.time || snap.meta.step % cfg.log_every == 0;
    }
    if (root) {
      out << "alfven run: restarting from " << restart_file << " (step " << snap.meta.step
          << ", t = " << snap.meta.time << ")\n";
      if (!snap.checksummed)
        out << "note: " << restart_file << " is a format " << snap.format_version
            << " snapshot (written before checksums): it was read unverified\n";
      out << bodies_note;
    }
  }
  output_start.state_on_disk = continuing;
  std::unique_ptr<RunOutput> output;  // rank 0 keeps the run directory's indexes
  if (root) {
    for (const std::string& note : start.notes) out << "note: " << note << "\n";
    if (continuing)
      output = std::make_unique<RunOutput>(
          dir, cfg, grid, out,
          ContinueInPlace{start.index, start.position, restored_step, start.notes,
                          std::filesystem::path(restart_file).filename().string()});
    else
      output = std::make_unique<RunOutput>(dir, cfg, grid, out);
  }
  // The set-up report (the run, the halo exchange, the devices, the output path): not when quiet.
  const bool report = root && !quiet;
  if (report) {
    const int* dims = sim.communicator().dims();
    out << "alfven run: " << cfg.problem << ", " << grid.global_n[0] << " x " << grid.global_n[1]
        << " x " << grid.global_n[2] << " cells, " << (sizeof(Real) == 4 ? "float" : "double")
        << ", backend " << sim.solver().backend_name() << ", " << sim.communicator().size()
        << " rank(s) as " << dims[0] << " x " << dims[1] << " x " << dims[2]
        << ", t_end = " << cfg.tend << ", output every " << cfg.dt_output << " -> " << dir << "\n";
  }
  if (report && sim.communicator().size() > 1) {
    const bool node_staging = env_flag("ALFVEN_NODE_STAGING", true);
    const char* path =
        backend != "cuda" ? "host buffers"
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
                       std::to_string(current_device()) + " (" + device_name(current_device()) +
                       ")";
    line.resize(128, ' ');  // gather takes the same size from every rank
    const std::vector<unsigned char> all = sim.communicator().gather(line.data(), line.size());
    for (std::size_t r = 0; report && r < all.size() / 128; ++r) {
      std::string one(all.begin() + long(r * 128), all.begin() + long((r + 1) * 128));
      out << one.substr(0, one.find_last_not_of(' ') + 1) << "\n";
    }
  }

  if (root && !cfg.bodies.empty()) {
    out << "bodies: " << cfg.bodies.size() << ", " << sim.solid_cells() << " solid cells of which "
        << sim.body_ghost_cells() << " ghost cells";
    if (sim.body_nearest_fluid_cells() > 0)
      out << " (" << sim.body_nearest_fluid_cells()
          << " of them next to gaps or parts thinner than the grid resolves: set from the fluid "
             "cells around them, not from an image point)";
    if (sim.body_two_sided_cells() > 0)
      out << "; " << sim.body_two_sided_cells()
          << " solid cells in parts thinner than 4 cells, read by the fluid on both sides (one "
             "ghost state, from one side, serves both)";
    if (effective_margin(cfg) != cfg.margin)
      out << "; grid.margin raised from " << cfg.margin << " to " << effective_margin(cfg)
          << " (the image points of the bodies' cells reach that far)";
    out << "\n";
  }
  // Snapshots, output blocks, checkpoints and log rows (run_outputs.hpp), and the signed
  // distance of the bodies in every snapshot.
  RunOutputs<Real> outputs(sim, output.get(), out, backend, output_start);
  if (report) out << "output: " << outputs.writing() << "\n";
  StopSignals signals;
  StopControl stop(cfg.walltime, program_start);

  RunSummary summary;
  summary.output_dir = dir;
  summary.backend = sim.solver().backend_name();
  summary.cells = grid.interior_cells();
  summary.async_output = outputs.background();

  outputs.initial();  // the initial (or restored) state is the first snapshot of a new directory

  const auto t0 = Clock::now();
  const double output_seconds_before = outputs.seconds();  // the time loop's share only
  const double output_wait_before = outputs.wait_seconds();
  double loop_seconds = 0;              // time-loop wall time without output
  const long first_step = sim.steps();  // a restarted run starts past 0
  if (root && sim.time() >= cfg.tend)
    out << "alfven run: nothing to do: the state is at t = " << sim.time()
        << ", at or past time.tend = " << cfg.tend << " (raise time.tend to continue)\n";
  else if (root && cfg.max_steps >= 0 && first_step >= cfg.max_steps && restart_file.empty()) {
    // time.max_steps: 0 asks for the start state's files alone (searchlight: radiation only).
    out << "alfven run: wrote the start state and took no step (time.max_steps = 0): "
        << snapshot_name(0);
    for (const OutputBlockConfig& b : cfg.outputs) {
      out << ", output block " << b.name << " (";
      for (std::size_t v = 0; v < b.variables.size(); ++v)
        out << (v > 0 ? ", " : "") << b.variables[v];
      out << ")";
    }
    out << "\n";
  } else if (root && cfg.max_steps >= 0 && first_step >= cfg.max_steps)
    out << "alfven run: nothing to do: the state is at step " << first_step
        << ", at or past time.max_steps = " << cfg.max_steps
        << " (the step count goes on from the snapshot's step, as the time does; raise "
           "time.max_steps to continue)\n";
  ProgressLine progress(out, !quiet && root, cfg.tend, cfg.max_steps, sim.communicator().size());
  double output_seconds_before_end = -1;  // output time before the last step's outputs
  // Whether another step is to be taken (a signal or the wall-time limit may still stop the run).
  const auto steps_left = [&] {
    return sim.time() < cfg.tend && (cfg.max_steps < 0 || sim.steps() < cfg.max_steps);
  };
  while (steps_left()) {
    const auto ts = Clock::now();
    double dt = 0;
    try {
      // time.exact_times: the step lands on the next output time or tend (ignored otherwise).
      dt = double(sim.step(std::min(cfg.tend, outputs.next_output_time())));
    } catch (const UnphysicalStateError& e) {
      progress.finish();
      outputs.wait();  // the snapshot in flight is complete and listed
      std::ostringstream os;
      os << e.what() << ". ";
      if (output && output->snapshots_written() > 0)
        os << "The last good snapshot is kept: " << output->last_snapshot()
           << " (t = " << output->last_snapshot_time() << ").";
      if (dynamic_cast<const RadiationRangeError*>(&e) != nullptr)
        throw RadiationRangeError(os.str());  // its message says what to change
      if (cfg.radiation.heating)
        os << " With radiation.heating the gas gains 4 pi chi (J - S) dt per step: a source "
              "function S above the mean intensity J cools it, without limit for a fixed "
              "radiation.source (use radiation.planck with a tabulated equation of state, or a "
              "shorter run or step).";
      os << " Try a smaller mhd.cfl_number or more artificial viscosity "
            "(mhd.artificial_viscosity.ep).";
      throw UnphysicalStateError(os.str());
    }
    const double step_seconds = seconds_since(ts);
    loop_seconds += step_seconds;
    const long step = sim.steps();
    progress.update(step, sim.time(), dt,
                    double(summary.cells) * (step - first_step) / std::max(loop_seconds, 1e-12));
    const bool last = !steps_left();
    // What the run pays after its last step counts from here: that step's files (with the final
    // snapshot, written with them) and the wait for every file.
    if (last) output_seconds_before_end = outputs.seconds();
    outputs.after_step(dt, step_seconds, last);
    // A cluster job's end: a signal or the wall-time limit stops every rank after this step.
    summary.stop = stop.check(sim.communicator(), step_seconds, outputs.write_seconds());
    if (summary.stop != StopReason::None) break;
  }
  if (output_seconds_before_end < 0) output_seconds_before_end = outputs.seconds();  // a stop
  if (summary.stop != StopReason::None) {
    progress.finish();
    summary.checkpoint = outputs.checkpoint_now();
    if (root)
      out << "alfven run: "
          << (summary.stop == StopReason::Signal ? "stopped by a signal (SIGTERM or SIGUSR1)"
                                                 : "stopped before the wall-time limit")
          << " at step " << sim.steps() << ", t = " << sim.time() << ", after " << stop.elapsed()
          << " s"
          << (cfg.walltime > 0 ? " of the " + std::to_string(long(cfg.walltime)) + " s limit"
                               : std::string())
          << "; checkpoint " << summary.checkpoint << " (continue with --set io.continue=true)\n";
    outputs.wait();
  } else {
    outputs.finish();  // the final state is always kept; every file complete
  }
  progress.finish();

  summary.steps = sim.steps() - first_step;
  summary.time = sim.time();
  summary.wall_seconds = seconds_since(t0);
  summary.cell_updates_per_second =
      summary.steps > 0 ? double(summary.cells) * summary.steps / std::max(loop_seconds, 1e-12)
                        : 0.0;
  summary.snapshots = outputs.snapshots();
  for (const OutputBlockConfig& b : cfg.outputs)  // the run directory's files (rank 0)
    summary.output_blocks.push_back(
        {b.name, b.variables, output ? output->block_file_count(b.name) : 0});
  summary.checkpoints = output ? int(output->checkpoints().size()) : 0;
  summary.images = cfg.write_png && image_axes(grid).first >= 0;
  summary.image_z = image_height(grid, cfg.png_z);
  summary.halo_seconds = sim.communicator().max(sim.solver().halo_seconds());
  summary.loop_seconds = loop_seconds;
  summary.output_seconds = outputs.seconds() - output_seconds_before;
  summary.output_wait_seconds = outputs.wait_seconds() - output_wait_before;
  summary.output_end_seconds = outputs.seconds() - output_seconds_before_end;
  summary.output_job_seconds = outputs.job_seconds();
  summary.cells_outside_eos_table = outputs.most_cells_outside_eos_table();
  summary.first_step_outside_eos_table = outputs.first_step_outside_eos_table();
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
void check_output_directory(const std::string& dir, const RunConfig&, const RunOptions& o,
                            bool continuing) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (continuing || !fs::is_directory(dir, ec)) return;
  if (!o.config.empty() && fs::is_regular_file(o.config) &&
      fs::exists(fs::path(dir) / "config.yaml") &&
      fs::equivalent(o.config, fs::path(dir) / "config.yaml", ec)) {
    std::ifstream file(o.config);
    std::string first_line;
    std::getline(file, first_line);
    ALFVEN_REQUIRE(first_line == run_config_header(),
                   "the run would write its config.yaml over the configuration file being read ('"
                       << o.config
                       << "'); choose another --output directory or copy the file elsewhere");
  }
  if (holds_earlier_run(dir)) return;  // an earlier Alfven run: replaced (its own files only)
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().filename() == kRunLockName) continue;  // a run stopped as it began
    ALFVEN_REQUIRE(false,
                   "the output directory '"
                       << dir << "' exists and holds files that are not an earlier "
                       << "Alfven run (e.g. '" << entry.path().filename().string()
                       << "'); choose another --output (Alfven replaces only its own output)");
  }
}

// Where the run starts (see Start): the newest snapshot of the run directory for io.continue
// (its index, rebuilt from the files when missing or damaged), or --restart FILE, continued in
// place when FILE is one of the directory's indexed snapshots.
Start where_to_start(const std::string& dir, const RunConfig& cfg, const RunOptions& o) {
  Start start;
  // A checkpoint of the directory (checkpoints.txt) continues in place after the last snapshot
  // at or before its time.
  auto from_checkpoint = [&](const FileEntry& checkpoint) {
    start.restart_file = dir + "/" + checkpoint.name;
    start.in_place = true;
    start.position = 0;
    for (std::size_t p = 0; p < start.index.size(); ++p)
      if (start.index[p].time <= checkpoint.time) start.position = p;
  };
  if (cfg.restart) {
    start.index = load_index(dir, start.notes);
    ALFVEN_REQUIRE(!start.index.empty(),
                   cfg.source << ": io.continue is true but '" << dir
                              << "' holds no snapshot to continue from (no snapshots.txt, and "
                                 "no snapshot_0000.h5 that reads); set io.continue: false to "
                                 "start the run");
    // The newest state: the last snapshot, or a checkpoint as new or newer (a checkpoint is
    // flushed to the disk; a snapshot only with io.fsync: all).
    const std::vector<FileEntry> checkpoints = read_file_index(dir, kCheckpointIndex, start.notes);
    if (!checkpoints.empty() && checkpoints.back().time >= start.index.back().time) {
      from_checkpoint(checkpoints.back());
      return start;
    }
    if (!checkpoints.empty()) start.checkpoint = dir + "/" + checkpoints.back().name;
    start.position = start.index.size() - 1;
    start.restart_file = dir + "/" + start.index.back().name;
    start.in_place = true;
    return start;
  }
  start.restart_file = o.restart_file;
  if (start.restart_file.empty() || !file_in_directory(start.restart_file, dir)) return start;
  // A snapshot or checkpoint of the run directory itself: continued in place when its index
  // lists it.
  std::vector<IndexEntry> index = load_index(dir, start.notes);
  const std::string name = std::filesystem::path(start.restart_file).filename().string();
  for (std::size_t p = 0; p < index.size(); ++p)
    if (index[p].name == name &&
        std::filesystem::equivalent(dir + "/" + name, start.restart_file)) {
      start.index = std::move(index);
      start.position = p;
      start.in_place = true;
      return start;
    }
  const std::vector<FileEntry> checkpoints = read_file_index(dir, kCheckpointIndex, start.notes);
  for (const FileEntry& c : checkpoints)
    if (c.name == name && !index.empty() &&
        std::filesystem::equivalent(dir + "/" + name, start.restart_file)) {
      start.index = std::move(index);
      from_checkpoint(c);
      return start;
    }
  // Starting anew removes the files the earlier run listed: never the one to restart from (an
  // output block of the nine fields reads as a snapshot, but is not continued in place).
  const std::vector<FileEntry> outputs = read_file_index(dir, kOutputIndex, start.notes);
  for (const std::vector<FileEntry>* listed : {&checkpoints, &outputs})
    for (const FileEntry& e : *listed)
      ALFVEN_REQUIRE(
          e.name != name || !std::filesystem::equivalent(dir + "/" + name, start.restart_file),
          "--restart " << start.restart_file << ": the earlier run in '" << dir
                       << "' wrote this file ("
                       << (listed == &outputs ? kOutputIndex : kCheckpointIndex)
                       << " lists it), and a run that starts anew there removes that "
                          "run's files; copy it out of '"
                       << dir << "' and restart from the copy, or choose another "
                       << "--output");
  start.notes.push_back(
      start.restart_file + " is not one of the snapshots or checkpoints " + dir +
      "/snapshots.txt and checkpoints.txt list: the directory starts anew with its state");
  return start;
}

}  // namespace

RunConfig resolve_config(const RunOptions& options) {
  RunOptions o = options;
  // --walltime is checked here, so that its error names the option rather than the override that
  // carries it (--set io.walltime=...).
  if (!o.walltime.empty() && !(parse_walltime(o.walltime) > 0))
    throw ConfigError({"--walltime " + text::excerpt(o.walltime) +
                       ": expected a wall-time limit HH:MM:SS (minutes and seconds below 60, "
                       "more than 0 in all), e.g. --walltime 11:50:00, got \"" +
                       text::excerpt(o.walltime) + "\""});
  if (!o.walltime.empty()) o.overrides.push_back("io.walltime=" + o.walltime);  // --walltime wins
  const ProblemCatalog catalog = problem_catalog();
  if (o.config.empty()) {
    return load_config_from_string(make_problem("orszag_tang")->default_config(),
                                   "built-in:orszag_tang", o.overrides, catalog);
  }
  // A problem name wins over a directory of that name (the previous run's output directory).
  if (!std::filesystem::is_regular_file(o.config)) {
    if (auto p = make_problem(o.config)) {
      return load_config_from_string(p->default_config(), "built-in:" + o.config, o.overrides,
                                     catalog);
    }
  }
  return load_config(o.config, o.overrides, catalog);
}

RunSummary run(const RunOptions& o, std::ostream& out) {
  const auto started = Clock::now();  // the wall-time limit counts from here
  const RunConfig cfg = resolve_config(o);
  const std::string dir = !o.output_dir.empty()
                              ? o.output_dir
                              : (!cfg.output_dir.empty() ? cfg.output_dir : cfg.problem);
  const std::string backend = choose_backend(o, cfg);
  if (!o.restart_file.empty() && cfg.restart)
    throw ConfigError(
        {"--restart " + o.restart_file +
         " and io.continue: true both ask for a restart: give "
         "--restart FILE to continue from that snapshot, or io.continue: true (without --restart) "
         "to continue from the newest snapshot of the run directory"});
  Start start = where_to_start(dir, cfg, o);
  start.bodies_stated = overrides_set_bodies(o.overrides);
  check_output_directory(dir, cfg, o, start.in_place);
  if (cfg.precision == Precision::Float)
    return run_with<float>(cfg, dir, backend, o.quiet, out, start, started);
  return run_with<double>(cfg, dir, backend, o.quiet, out, start, started);
}

}  // namespace mhd
}  // namespace alfven
