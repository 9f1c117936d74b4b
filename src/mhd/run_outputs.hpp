// The output of a running simulation, on every rank: when each output is due (snapshots every
// time.dt_output, output blocks every dt or every N steps, checkpoints every
// io.checkpoint_every steps, log rows every io.log_every steps and io.log_dt), and writing them
// from one host copy of the state (state_io.hpp: each rank its own block). On a CUDA run of one
// rank the copy goes to pinned memory and the files are written in the background while the run
// goes on (one copy in flight: the next output waits only if the last one is not written yet);
// io.async decides. Rank 0 keeps the run directory's indexes (RunOutput).
#pragma once

#include <atomic>
#include <chrono>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "alfven/mhd/eos_table_storage.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/state_io.hpp"
#include "background_writer.hpp"
#include "output_block.hpp"
#include "run_output.hpp"

namespace alfven {
namespace mhd {

/// The number of the first multiple of `step` (a time or a step count) after `now`: the smallest
/// n with step * n > now, the product formed as the schedule forms it. An output of cadence
/// `step` at the first step whose time reaches each multiple has written every n with
/// step * n <= now, so a run continued from time `now` goes on with this n, as the run that
/// never stopped does. kNoMultiple when now / step is 2^52 or more (or NaN), where doubles no
/// longer tell consecutive multiples apart: no configuration schedules that many.
long first_multiple_after(double now, double step);

/// first_multiple_after's "no multiple": 2^53, past every schedule a configuration allows.
constexpr long kNoMultiple = 1L << 53;

/// Where the output schedule of a run starts.
struct OutputStart {
  long next_snapshot = 0;      ///< number of the next scheduled snapshot (multiple of dt_output)
  bool state_on_disk = false;  ///< the start state is already a snapshot of the directory
  double restart_read_seconds =
      0;  ///< time the restart took to read (the first estimate of a write)
  /// A run continued in place: the dt of the step that reached the state continued from (the
  /// attribute `dt` of its file; 0 without one), and whether the run that never stopped logged
  /// that step (a snapshot's, or a multiple of io.log_every): initial() then logs its row when
  /// log.csv lacks it (a kill after the step's files, before its row).
  double start_dt = 0;
  bool start_row_due = false;
};

template <typename Real>
class RunOutputs {
 public:
  /// Collective. `output`: the run directory's bookkeeping on rank 0, nullptr elsewhere; `out`:
  /// where rank 0 reports; `backend`: "host" or "cuda".
  RunOutputs(Simulation<Real>& sim, RunOutput* output, std::ostream& out,
             const std::string& backend, const OutputStart& start);
  ~RunOutputs();
  RunOutputs(const RunOutputs&) = delete;
  RunOutputs& operator=(const RunOutputs&) = delete;

  /// Collective: the snapshot of the start state unless it is already on disk, and its log row
  /// (for a state on disk only when OutputStart::start_row_due and log.csv lacks it).
  void initial();
  /// Collective, after each step of `dt` that took `step_seconds`: writes what is due. `last`:
  /// the run ends after this step (time.tend or time.max_steps reached), so the final snapshot
  /// finish() keeps is written with whatever else is due now.
  void after_step(double dt, double step_seconds, bool last);
  /// Collective: a checkpoint of the current state now, complete on return (with every file in
  /// flight). Returns its path.
  std::string checkpoint_now();
  /// Collective: the final state's snapshot when the newest one is of another time, then waits
  /// until every file is written, then the final snapshot's log row (none when a file failed).
  void finish();
  /// Waits for the file in flight (rethrowing its error).
  void wait();

  /// Main-thread seconds spent on output so far.
  double seconds() const { return seconds_; }
  /// The part of seconds() spent waiting for the background writer to finish a file (the next
  /// output came before the last was written, or the run ended).
  double wait_seconds() const { return wait_seconds_; }
  /// Measured seconds of one full-state write (snapshot or checkpoint), or the first estimate.
  double write_seconds() const { return write_seconds_.load(); }
  /// Seconds the writing of the last output took: every file due at its step (snapshot,
  /// checkpoint, output blocks, indexes, pictures), from the end of the state's copy; 0 before
  /// the first. With background writing, outputs further apart than this are hidden.
  double job_seconds() const { return job_seconds_.load(); }
  /// Whether files are written in the background.
  bool background() const { return writer_.background(); }
  /// How the files are written, for the run's set-up report: which processes write each file,
  /// and whether in the background (e.g. "one process writes each file").
  const std::string& writing() const { return writing_; }
  /// Snapshots this run has scheduled so far (the directory's count, rank 0).
  int snapshots() const { return snapshots_; }
  /// Time of the newest snapshot of this directory (written or in flight), or -1.
  double last_snapshot_time() const { return last_snapshot_time_; }
  /// Smallest time at which an output of a time cadence is due next (snapshots, dt blocks,
  /// io.log_dt), e.g. for a run that shortens its steps to reach output times exactly.
  double next_output_time() const;
  /// With a tabulated equation of state: the most fluid cells found outside the table (values
  /// clamped to its edge) at any log row so far, and the first step at which some were (-1: none).
  long most_cells_outside_eos_table() const { return eos_outside_most_; }
  long first_step_outside_eos_table() const { return eos_outside_first_step_; }

 private:
  // writer_.wait(), its time added to wait_seconds_ (the caller counts it in seconds_).
  void wait_for_writer();
  struct Due {
    bool snapshot = false, checkpoint = false, log = false;
    std::vector<std::pair<std::size_t, long>> blocks;  // (block, file number)
    bool any() const { return snapshot || checkpoint || !blocks.empty(); }
  };
  Due due_now(double time, long step) const;
  void write(const Due& due);
  void log_row(double dt);
  void capture();
  void write_snapshot_job(const std::string& name, double time, long step);
  void write_checkpoint_job(const std::string& name, double time, long step);
  void write_block_job(std::size_t b, long number, double time, long step);
  io::SnapshotMeta meta(double time, long step, int index) const;

  Simulation<Real>& sim_;
  RunOutput* output_;
  std::ostream& out_;
  const RunConfig& cfg_;
  std::string dir_;
  std::string writing_;  // writing()
  std::vector<OutputBlock> blocks_;
  std::vector<long> next_block_;  // per block: next multiple of dt (file number), or next step
  long next_snapshot_ = 0;        // number of the next scheduled snapshot
  long last_checkpoint_step_ = -1;
  double next_log_time_ = 0;  // io.log_dt: next multiple
  long log_step_ = 0, last_logged_step_ = -1;
  double log_seconds_ = 0;
  double last_dt_ = 0;
  double frame_dt_ = 0;  // the dt of the step that reached the state in frame_ (attribute dt)
  bool start_row_due_ = false;
  int snapshots_ = 0;
  double last_snapshot_time_ = -1;
  bool start_on_disk_ = false;
  EosTableStorage<double, backend::Host> eos_table_;  // for derived variables (double)
  EquationOfState<double> eos_{};
  long eos_outside_most_ = 0, eos_outside_first_step_ = -1;
  bool needs_radiation_ = false;  // some output block writes a radiation variable
  Array1D<Real> radiation_mean_, radiation_flux_, radiation_heating_;  // of the last capture
  std::vector<Real> signed_distance_;  // block interior, empty without bodies
  Fields<Real, backend::Host> frame_;  // the host copy the files are written from
  bool frame_pinned_ = false;
  // Kept from one file to the next (the writer's jobs run one at a time): the packed interior of
  // snapshots and checkpoints, each output block's variables over its region, and the batch of
  // checksummed chunks (io::StorageOptions::chunk_scratch). A buffer allocated per file cost its
  // page faults again each time.
  PackedBuffer<Real> packed_;
  std::vector<std::vector<std::vector<Real>>> block_values_;  // per block, per variable
  std::vector<unsigned char> chunk_scratch_;
  double seconds_ = 0;
  double wait_seconds_ = 0;
  std::atomic<double> write_seconds_{0};
  std::atomic<double> job_seconds_{0};
  BackgroundWriter writer_;  // declared last: joined before the frame goes
};

}  // namespace mhd
}  // namespace alfven
