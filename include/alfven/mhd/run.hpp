/// @file run.hpp
/// @brief `alfven run`: configure, set up, run a simulation to the end and write its output.
#pragma once

#include <iosfwd>
#include <limits>
#include <string>
#include <vector>

#include "alfven/config/config.hpp"
#include "alfven/core/error.hpp"
#include "alfven/mhd/simulation.hpp"

namespace alfven {
namespace mhd {

/// What the command line says about a run.
struct RunOptions {
  /// A YAML file, or the name of a built-in problem (`alfven problems` lists them); empty means
  /// the default problem (orszag_tang).
  std::string config;
  std::vector<std::string> overrides;  ///< `--set key=value`, applied in order
  std::string output_dir;  ///< `--output DIR`; empty: io.output_dir, else the problem name
  std::string backend;     ///< `--backend host|cuda`; empty: the config's backend key
  /// `--restart FILE`: continue from this snapshot (any rank count). io.continue: true does the
  /// same with the newest snapshot of the run directory. A snapshot that the run directory's
  /// index lists is continued in place (later snapshots moved aside into
  /// discarded_after_NNNN/, log rows after its step dropped, then appended to); otherwise the
  /// run directory starts with the restored state. docs/output.md, "The run directory".
  std::string restart_file;
  /// No progress line and no report of the set-up (the run, its decomposition, the halo
  /// exchange, the devices, how files are written); notes, warnings and what the run did
  /// instead of the steps asked (restart, nothing to do, an early stop) are still printed, and
  /// `alfven run` still prints its summary.
  bool quiet = false;
  /// `--walltime HH:MM:SS`: as io.walltime (this wins); empty: the configuration's. A value that
  /// is no such limit is a ConfigError naming `--walltime`.
  std::string walltime;
};

/// Why a run ended.
enum class StopReason {
  None,      ///< it reached time.tend or time.max_steps
  WallTime,  ///< the wall-time limit (io.walltime, --walltime) was near: checkpoint written
  Signal,    ///< SIGTERM or SIGUSR1 arrived: checkpoint written
};

/// The exit status of `alfven run` on every rank when it stopped early (StopReason WallTime or
/// Signal) with a complete checkpoint: 75 (EX_TEMPFAIL of sysexits.h, "try again later"): a job
/// script resubmits the run with io.continue: true.
constexpr int kExitStoppedEarly = 75;

/// What a finished run reports.
struct RunSummary {
  std::string output_dir;   ///< the run directory
  std::string backend;      ///< "host" or "cuda"
  long steps = 0;           ///< steps taken in this run
  double time = 0;          ///< simulation time reached
  double wall_seconds = 0;  ///< wall time of the time loop (output included)
  double cell_updates_per_second =
      0;              ///< interior cells x steps / time-loop wall time (output excluded)
  int snapshots = 0;  ///< snapshots written
  /// One output block's files (outputs: in the configuration).
  struct BlockFiles {
    std::string name;                    ///< the block's name: files NAME_NNNN.h5, index NAME.xdmf
    std::vector<std::string> variables;  ///< its variables as configured
    int files = 0;                       ///< its files in the run directory (outputs.txt)
  };
  std::vector<BlockFiles> output_blocks;  ///< in the order of outputs: (counts on rank 0)
  /// checkpoint_NNNNNNNN.h5 files in the run directory: the last io.checkpoint_keep (rank 0).
  int checkpoints = 0;
  /// Each snapshot has its density picture density_NNNN.png (io.png on, a 2D or 3D run).
  bool images = false;
  /// The height z of the x-y plane a 3D run's pictures show (io.png_z, else the middle cell of
  /// z); NaN for a 2D run.
  double image_z = std::numeric_limits<double>::quiet_NaN();
  long cells = 0;           ///< interior cells
  double loop_seconds = 0;  ///< wall time of the time steps alone (output excluded)
  double halo_seconds = 0;  ///< halo exchange time, slowest rank (ALFVEN_PROFILE_HALO=1 only)
  /// Time the time loop spent on output (copies of the state, writing, waiting for a write in
  /// flight), rank 0; with asynchronous output the writing itself overlaps the steps.
  double output_seconds = 0;
  /// The part of output_seconds spent waiting for a file still being written in the background
  /// (the next output came first, or the run ended); the rest is copying the state.
  double output_wait_seconds = 0;
  /// The part of output_seconds spent after the last step: that step's files with the final
  /// snapshot (or the early stop's checkpoint) and waiting for every file to be complete. It is
  /// paid once a run (the last files' writing), not once an output; output_seconds -
  /// output_end_seconds is the part paid during the steps.
  double output_end_seconds = 0;
  /// Seconds the writing of the last output took (every file due at its step: snapshot,
  /// checkpoint, output blocks, indexes, pictures); with asynchronous output, outputs further
  /// apart than this are hidden entirely.
  double output_job_seconds = 0;
  bool async_output = false;           ///< files were written in the background
  StopReason stop = StopReason::None;  ///< why the run ended
  std::string checkpoint;              ///< the checkpoint written at an early stop ("" otherwise)
  /// eos.table: the most fluid cells found outside the table at a log row (their p and c_s
  /// clamped to its edge), and the first step with any (-1: none, or no table).
  long cells_outside_eos_table = 0;
  long first_step_outside_eos_table = -1;
};

/// The validated configuration a RunOptions describes (built-in problem text or file, then
/// overrides). Throws ConfigError before anything is written.
RunConfig resolve_config(const RunOptions& options);

/// Runs the simulation described by `options`, printing progress and a summary to `out`.
/// Throws ConfigError (bad configuration; nothing written), UnphysicalStateError, or
/// alfven::Error (I/O failure, unusable problem set-up).
RunSummary run(const RunOptions& options, std::ostream& out);

}  // namespace mhd
}  // namespace alfven
