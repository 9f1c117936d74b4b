// The output of a running simulation: schedule and writing (run_outputs.hpp).
#include "run_outputs.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "alfven/core/device.hpp"
#include "alfven/core/env.hpp"
#include "alfven/mhd/state_io.hpp"
#include "file_index.hpp"
#include "run_index.hpp"

namespace alfven {
namespace mhd {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// ALFVEN_TRACE_OUTPUT=1: each phase of each output job on stderr (what the files cost), from
// every rank (named when there are several: each writes its block, rank 0 the indexes).
void trace(const Communicator& comm, long step, const std::string& what, Clock::time_point t0) {
  static const bool on = env_flag("ALFVEN_TRACE_OUTPUT", false);
  if (!on) return;
  const std::string rank = comm.size() > 1 ? "rank " + std::to_string(comm.rank()) + ": " : "";
  std::fprintf(stderr, "output trace: %sstep %ld: %s %.4f s\n", rank.c_str(), step, what.c_str(),
               seconds_since(t0));
}

/// The values of a block-interior array (x fastest over `block`) on `box` (within it), as doubles.
template <typename Real>
std::vector<double> sub_box(const std::vector<Real>& interior, const io::CellBox& block,
                            const io::CellBox& box) {
  std::vector<double> out;
  out.reserve(io::cell_count(box));
  for (int k = 0; k < box.count[2]; ++k)
    for (int j = 0; j < box.count[1]; ++j)
      for (int i = 0; i < box.count[0]; ++i)
        out.push_back(double(interior[std::size_t(box.offset[0] - block.offset[0] + i) +
                                      std::size_t(block.count[0]) *
                                          (std::size_t(box.offset[1] - block.offset[1] + j) +
                                           std::size_t(block.count[1]) *
                                               std::size_t(box.offset[2] - block.offset[2] + k))]));
  return out;
}

}  // namespace

long first_multiple_after(double now, double step) {
  // Beyond 2^52 multiples a double no longer tells n from n + 1 (the loops below never ended for
  // a restart at t = 1e20) and long(floor(1e300)) is undefined: no configuration numbers that
  // many (at most 1e15 before time.tend), so the next multiple is "never".
  const double q = now / step;
  if (!(q < 4503599627370496.0)) return kNoMultiple;
  long n = long(std::floor(q)) + 1;
  while (n > 0 && step * double(n - 1) > now) --n;
  while (step * double(n) <= now) ++n;
  return n;
}

template <typename Real>
RunOutputs<Real>::RunOutputs(Simulation<Real>& sim, RunOutput* output, std::ostream& out,
                             const std::string& backend, const OutputStart& start)
    : sim_(sim),
      output_(output),
      out_(out),
      cfg_(sim.config()),
      next_snapshot_(start.next_snapshot),
      last_dt_(start.start_dt),
      start_row_due_(start.start_row_due),
      start_on_disk_(start.state_on_disk),
      writer_((cfg_.async_output == "on" || (cfg_.async_output == "auto" && backend == "cuda")) &&
              sim.communicator().size() == 1) {
  const Communicator& comm = sim.communicator();
  const bool root = comm.rank() == 0;
  eos_.gamma = cfg_.gamma;
  if (cfg_.eos_table_data) {
    eos_table_ = EosTableStorage<double, backend::Host>(*cfg_.eos_table_data);
    eos_.table = eos_table_.view();
  }
  dir_ = comm.broadcast(output ? output->dir() : std::string(), 0);
  snapshots_ = int(comm.max(output ? double(output->snapshots_written()) : 0.0));
  last_snapshot_time_ =
      comm.max(output && output->snapshots_written() > 0 ? output->last_snapshot_time() : -1.0);
  write_seconds_ = start.restart_read_seconds;
  const double t = sim.time();
  const long step = sim.steps();
  for (const OutputBlockConfig& c : cfg_.outputs) {
    blocks_.push_back(resolve_output_block(c, sim.global_grid()));
    for (const OutputVariable& v : blocks_.back().variables)
      needs_radiation_ = needs_radiation_ || v.quantity == OutputQuantity::MeanIntensity ||
                         v.quantity == OutputQuantity::RadiativeFlux ||
                         v.quantity == OutputQuantity::RadiativeHeating;
    // A new run writes number 0 with its start state; a continued one goes on after it.
    next_block_.push_back(!start_on_disk_ ? 0
                          : c.dt > 0      ? first_multiple_after(t, c.dt)
                                          : first_multiple_after(double(step), double(c.every)));
  }
  // The buffers the files are packed into, allocated and faulted in now, not by the first
  // output's write (a run waits for that file when it takes longer than the steps until the
  // next output: about 0.3 s of page faults for a 256^3 float state on the H200's host).
  block_values_.resize(blocks_.size());
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    const io::CellBox part = intersect(block_box(sim.grid()), blocks_[b].region);
    block_values_[b].resize(blocks_[b].variables.size());
    for (std::vector<Real>& values : block_values_[b]) values.resize(io::cell_count(part));
  }
  packed_.reserve(packed_state_values(sim.grid()), true);  // every run writes a snapshot
  next_log_time_ =
      cfg_.log_dt > 0 ? double(start_on_disk_ ? first_multiple_after(t, cfg_.log_dt) : 0) : 0;
  log_step_ = step;
  last_logged_step_ = start_on_disk_ ? step : -1;
  last_checkpoint_step_ = start_on_disk_ ? step : -1;
  if (!cfg_.bodies.empty()) {
    // The bodies' signed distance, once: every snapshot holds it (and the images draw it).
    const Grid& g = sim.grid();
    Array3D<Real> host(g.total[0], g.total[1], g.total[2]);
    sim.solver().get_signed_distance(host);
    for (int k = 0; k < g.n[2]; ++k)
      for (int j = 0; j < g.n[1]; ++j)
        for (int i = 0; i < g.n[0]; ++i)
          signed_distance_.push_back(host(i + g.margin[0], j + g.margin[1], k + g.margin[2]));
    const io::CellBox block = block_box(g), plane = image_plane(sim.global_grid(), cfg_.png_z);
    const io::CellBox part = intersect(block, plane);
    const std::vector<double> values = sub_box(signed_distance_, block, part);
    const std::vector<double> all = gather_plane(comm, part, values, plane);
    if (root) output_->set_signed_distance(all);
  }
  if (root) {
    for (const OutputBlock& b : blocks_) {
      std::vector<std::string> names, vectors;
      for (const OutputVariable& v : b.variables) names.push_back(v.name);
      for (const io::VectorRef& v : b.vectors) vectors.push_back(v.name);
      output_->write_block_xdmf(b.config.name, b.info,
                                sizeof(Real) == 4 ? io::DataType::Float32 : io::DataType::Float64,
                                names, vectors);
    }
    if (cfg_.async_output == "on" && comm.size() > 1)  // a note: printed when quiet too
      out_ << "note: files are written in the foreground: io.async: on needs a run of one rank "
              "(collective HDF5 calls from a second thread would need MPI_THREAD_MULTIPLE)\n";
  }
  writing_ = describe(write_path(comm));
  if (writer_.background())  // the copy is page-locked only for a device's state (capture())
    writing_ += std::string("; files written in the background from a ") +
                (backend == "cuda" && device_available() ? "pinned " : "") + "host copy";
}

template <typename Real>
RunOutputs<Real>::~RunOutputs() {
  try {
    writer_.wait();
  } catch (...) {  // already reported, or the run is failing for another reason
  }
  sim_.solver().wait_state_copy();  // a copy into frame_ may be in flight if a job never started
  if (frame_pinned_) unregister_host_memory(frame_.array().data());
}

template <typename Real>
io::SnapshotMeta RunOutputs<Real>::meta(double time, long step, int index) const {
  io::SnapshotMeta m;
  m.time = time;
  m.step = step;
  m.index = index;
  m.problem = cfg_.problem;
  m.gamma = cfg_.gamma;
  m.extra["cfl_number"] = cfg_.cfl_number;
  m.extra["dt"] = frame_dt_;  // the log row of a continued run's start (OutputStart::start_dt)
  return m;
}

template <typename Real>
double RunOutputs<Real>::next_output_time() const {
  double t = cfg_.dt_output * double(next_snapshot_);
  for (std::size_t b = 0; b < blocks_.size(); ++b)
    if (blocks_[b].config.dt > 0) t = std::min(t, blocks_[b].config.dt * double(next_block_[b]));
  if (cfg_.log_dt > 0) t = std::min(t, next_log_time_);
  return t;
}

template <typename Real>
typename RunOutputs<Real>::Due RunOutputs<Real>::due_now(double time, long step) const {
  Due d;
  d.snapshot = time >= cfg_.dt_output * double(next_snapshot_);
  for (std::size_t b = 0; b < blocks_.size(); ++b) {
    const OutputBlockConfig& c = blocks_[b].config;
    if (c.dt > 0 ? time >= c.dt * double(next_block_[b]) : step >= c.every * next_block_[b])
      d.blocks.emplace_back(b, next_block_[b]);
  }
  d.checkpoint = cfg_.checkpoint_every > 0 && step % cfg_.checkpoint_every == 0 &&
                 step != last_checkpoint_step_;
  d.log = cfg_.log_dt > 0 && time >= next_log_time_;
  return d;
}

template <typename Real>
void RunOutputs<Real>::capture() {
  wait_for_writer();  // the frame may still be in use by the last output
  if (frame_.array().size() == 0) {
    frame_ = Fields<Real, backend::Host>(sim_.grid());
    // Page-locked for full-speed device-to-host copies (a CUDA build with a device).
    if (device_available())
      frame_pinned_ = register_host_memory(frame_.array().data(),
                                           std::size_t(frame_.array().size()) * sizeof(Real));
  }
  // On a device the copy overlaps the next steps; each job waits for it (wait_state_copy).
  sim_.solver().begin_state_copy(frame_);
  // Radiation only for the output blocks that ask for it: solved for the state written.
  if (sim_.solver().radiation_enabled() && needs_radiation_) {
    const RadiationSolveReport r = sim_.solver().solve_radiation();  // collective
    if (!r.converged && output_)
      out_ << "warning: step " << sim_.steps() << ": the radiative transfer did not converge in "
           << r.iterations << " iterations (last relative change " << r.change
           << "; radiation.tolerance " << cfg_.radiation.tolerance << ")\n";
    sim_.throw_if_radiation_not_finite(r);  // collective
    sim_.solver().get_radiation(radiation_mean_, radiation_flux_, radiation_heating_);
  }
}

template <typename Real>
void RunOutputs<Real>::write(const Due& due) {
  const auto t0 = Clock::now();
  const double time = sim_.time();
  const long step = sim_.steps();
  capture();  // no job in flight from here on: the frame and its dt are this output's
  frame_dt_ = last_dt_;
  std::string snapshot, checkpoint;
  if (due.snapshot) {
    snapshot = snapshot_name(snapshots_++);
    last_snapshot_time_ = time;
    // MISO's cadence: one snapshot at the first step whose time reaches each multiple.
    if (time >= cfg_.dt_output * double(next_snapshot_)) ++next_snapshot_;
  }
  if (due.checkpoint) {
    checkpoint = checkpoint_name(step);
    last_checkpoint_step_ = step;
  }
  std::vector<std::pair<std::size_t, long>> blocks;
  for (const auto& [b, first] : due.blocks) {
    // The file is numbered by the newest multiple reached; the next one is after it.
    const OutputBlockConfig& c = blocks_[b].config;
    const long reached = c.dt > 0 ? first_multiple_after(time, c.dt) - 1 : step / c.every;
    const long number = std::max(first, reached);
    next_block_[b] = number + 1;
    blocks.emplace_back(b, number);
  }
  writer_.submit([this, snapshot, checkpoint, blocks, time, step] {
    const auto copy = Clock::now();
    sim_.solver().wait_state_copy();  // frame_ holds the state
    trace(sim_.communicator(), step, "wait for the state copy", copy);
    const auto start = Clock::now();
    // The files a run can continue from (io.continue) last: one continued from them finds the
    // output blocks of their step written, since a failure before them leaves the step to it.
    for (const auto& [b, number] : blocks) write_block_job(b, number, time, step);
    if (!snapshot.empty()) write_snapshot_job(snapshot, time, step);
    if (!checkpoint.empty()) write_checkpoint_job(checkpoint, time, step);
    job_seconds_ = seconds_since(start);
    trace(sim_.communicator(), step, "job", start);
  });
  seconds_ += seconds_since(t0);
}

template <typename Real>
void RunOutputs<Real>::write_snapshot_job(const std::string& name, double time, long step) {
  const auto t0 = Clock::now();
  const Communicator& comm = sim_.communicator();
  const int index = snapshot_number(name);
  io::StorageOptions options;
  options.durable = cfg_.fsync == "all";  // analysis output: the kernel's writeback by default
  options.chunk_scratch = &chunk_scratch_;
  write_state(comm, sim_.grid(), sim_.global_grid(), frame_, signed_distance_, dir_ + "/" + name,
              meta(time, step, index), options, &packed_);
  write_seconds_ = seconds_since(t0);
  trace(sim_.communicator(), step, name, t0);
  std::vector<double> plane;
  if (cfg_.write_png) {
    const io::CellBox box = image_plane(sim_.global_grid(), cfg_.png_z);
    const io::CellBox part = intersect(block_box(sim_.grid()), box);
    std::vector<Real> values;
    copy_interior(frame_, sim_.grid(), density, part, values);
    plane = gather_plane(comm, part, std::vector<double>(values.begin(), values.end()), box);
  }
  if (output_) {  // rank 0
    const auto t1 = Clock::now();
    output_->add_snapshot(name, time, plane);
    trace(sim_.communicator(), step, "index of " + name, t1);
  }
}

template <typename Real>
void RunOutputs<Real>::write_checkpoint_job(const std::string& name, double time, long step) {
  const auto t0 = Clock::now();
  io::StorageOptions options;  // durable: fsync, then rename
  options.chunk_scratch = &chunk_scratch_;
  write_state(sim_.communicator(), sim_.grid(), sim_.global_grid(), frame_, signed_distance_,
              dir_ + "/" + name, meta(time, step, snapshots_), options, &packed_);
  write_seconds_ = seconds_since(t0);
  trace(sim_.communicator(), step, name, t0);
  if (output_) {  // rank 0
    const auto t1 = Clock::now();
    output_->add_checkpoint(name, time, step);
    trace(sim_.communicator(), step, "index of " + name, t1);
  }
}

template <typename Real>
void RunOutputs<Real>::write_block_job(std::size_t b, long number, double time, long step) {
  const auto t0 = Clock::now();
  const OutputBlock& block = blocks_[b];
  ALFVEN_REQUIRE(number <= 2147483647L,
                 "output block '" << block.config.name << "': output number " << number
                                  << " does not fit the files' int index; give a larger `every`");
  const Grid& local = sim_.grid();
  const io::CellBox part = intersect(block_box(local), block.region);
  const io::DataType type = sizeof(Real) == 4 ? io::DataType::Float32 : io::DataType::Float64;
  std::vector<std::vector<Real>>& values = block_values_[b];  // kept: no allocation per file
  values.resize(block.variables.size());
  std::vector<io::FieldRef> fields;
  std::vector<std::string> names, vectors;
  for (std::size_t v = 0; v < block.variables.size(); ++v) {
    const RadiationOutput<Real> radiation{radiation_mean_.data(), radiation_flux_.data(),
                                          radiation_heating_.data()};
    compute_output_variable(block.variables[v], frame_, local, eos_, signed_distance_, radiation,
                            part, values[v]);
    fields.push_back({block.variables[v].name, type, values[v].data()});
    names.push_back(block.variables[v].name);
  }
  io::StorageOptions options;
  options.deflate = block.config.compression;
  options.durable = cfg_.fsync == "all";
  options.chunk_scratch = &chunk_scratch_;
  options.vectors = block.vectors;
  for (const io::VectorRef& v : block.vectors) vectors.push_back(v.name);
  const std::string name = block_file_name(block.config.name, number);
  trace(sim_.communicator(), step, "variables of " + name, t0);
  const auto t1 = Clock::now();
  write_distributed(sim_.communicator(), dir_ + "/" + name, block.info, block.region, part,
                    meta(time, step, int(number)), fields, options);
  trace(sim_.communicator(), step, name, t1);
  if (output_) {  // rank 0
    const auto t2 = Clock::now();
    output_->add_block_file(block.config.name, name, time, step, block.info, type, names, vectors);
    trace(sim_.communicator(), step, "index of " + name, t2);
  }
}

template <typename Real>
void RunOutputs<Real>::log_row(double dt) {
  const long step = sim_.steps();
  const double rate = double(sim_.global_grid().interior_cells()) * double(step - log_step_) /
                      std::max(log_seconds_, 1e-12);
  const Totals totals = sim_.totals();  // collective
  if (cfg_.eos_table_data) {
    const long outside = sim_.cells_outside_eos_table();  // collective
    if (outside > 0 && eos_outside_first_step_ < 0) {
      eos_outside_first_step_ = step;
      if (output_)
        out_ << "warning: step " << step << ": " << outside << " of "
             << sim_.global_grid().interior_cells()
             << " cells lie outside the equation-of-state table " << cfg_.eos_table
             << "; their pressure and sound speed are the table's edge values (clamped)\n";
    }
    eos_outside_most_ = std::max(eos_outside_most_, outside);
  }
  if (output_ && step != last_logged_step_)
    output_->log(step, sim_.time(), dt, totals, step > log_step_ ? rate : 0.0);
  last_logged_step_ = step;
  log_step_ = step;
  log_seconds_ = 0;
  if (cfg_.log_dt > 0)
    next_log_time_ = cfg_.log_dt * double(first_multiple_after(sim_.time(), cfg_.log_dt));
}

template <typename Real>
void RunOutputs<Real>::initial() {
  if (start_on_disk_) {
    // A step's log row follows its files: a run killed in between left the state continued from
    // without the row the run that never stopped has (a snapshot's row, or a checkpoint's at a
    // multiple of io.log_every). Logged now, with that step's dt.
    const bool missing = output_ && start_row_due_ && output_->last_logged_step() != sim_.steps();
    if (sim_.communicator().max(missing ? 1.0 : 0.0) > 0) {
      last_logged_step_ = -1;
      log_row(last_dt_);
    }
    return;
  }
  Due due = due_now(sim_.time(), sim_.steps());
  due.snapshot = true;  // the start state is the first snapshot of this directory
  due.checkpoint = false;
  write(due);
  log_row(0.0);
}

template <typename Real>
void RunOutputs<Real>::after_step(double dt, double step_seconds, bool last) {
  log_seconds_ += step_seconds;
  last_dt_ = dt;
  Due due = due_now(sim_.time(), sim_.steps());
  const bool snapshot_due = due.snapshot;
  // The last step's final snapshot (finish) joins what is due at it: one copy of the state and
  // one job for all the step's files, not a second copy after the first job. Its row is
  // finish()'s, once the files are written.
  if (last && due.any()) due.snapshot = true;
  if (due.any()) write(due);
  // Rows at the multiples of io.log_every (absolute step numbers, so that a continued run logs
  // the steps the run that never stopped logs), at every snapshot and at io.log_dt.
  if (snapshot_due || due.log || sim_.steps() % cfg_.log_every == 0) log_row(dt);
}

template <typename Real>
std::string RunOutputs<Real>::checkpoint_now() {
  const long step = sim_.steps();
  if (last_checkpoint_step_ != step) {
    Due due;
    due.checkpoint = true;
    write(due);
  }
  wait();
  return dir_ + "/" + checkpoint_name(step);
}

template <typename Real>
void RunOutputs<Real>::finish() {
  // The final state is always kept, even when it does not fall on the output cadence.
  bool final_row = false;
  if (snapshots_ == 0 || last_snapshot_time_ != sim_.time()) {
    Due due;
    due.snapshot = true;
    write(due);
    final_row = true;
  }
  wait();
  // The final snapshot's row, once every file is written (a failed file leaves no row for its
  // step); also when after_step wrote that snapshot with the last step's other files.
  if (final_row || last_logged_step_ != sim_.steps()) log_row(last_dt_);
}

template <typename Real>
void RunOutputs<Real>::wait() {
  const double before = wait_seconds_;
  wait_for_writer();
  seconds_ += wait_seconds_ - before;
}

template <typename Real>
void RunOutputs<Real>::wait_for_writer() {
  const auto t0 = Clock::now();
  writer_.wait();
  wait_seconds_ += seconds_since(t0);
}

template class RunOutputs<float>;
template class RunOutputs<double>;

}  // namespace mhd
}  // namespace alfven
