// The bookkeeping of a run directory (rank 0): config.yaml, the snapshot index snapshots.txt
// and the XDMF index run.xdmf of the snapshots (snapshot_NNNN.h5, which every rank writes
// together: state_io.hpp), the CSV log log.csv, a density image per snapshot (density_NNNN.png:
// the plane of a 2D run, the x-y plane through the middle of z in 3D), the checkpoint index
// checkpoints.txt and the index of the output blocks' files outputs.txt with one NAME.xdmf per
// block. Every file that is
// rewritten is replaced atomically (alfven/io/atomic_file.hpp); files are removed only when the
// run's own index lists them.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "alfven/config/config.hpp"
#include "alfven/io/csv_log.hpp"
#include "alfven/io/grid_info.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/diagnostics.hpp"
#include "alfven/mhd/fields.hpp"
#include "file_index.hpp"
#include "run_index.hpp"
#include "run_lock.hpp"

namespace alfven {
namespace mhd {

/// The first line of every config.yaml a run writes: a configuration file that starts with it is
/// a run's own copy, which rerunning it in place may replace.
const char* run_config_header();

/// A run continued in its own directory: the directory's index (load_index) and where in it the
/// run continues.
struct ContinueInPlace {
  std::vector<IndexEntry> index;  ///< the directory's snapshots, numbered 0, 1, 2, ...
  /// Position in `index` of the snapshot continued from, or (a checkpoint continued from) of the
  /// last snapshot at or before the checkpoint's time.
  std::size_t from = 0;
  long step = 0;  ///< the step of the state continued from (snapshot or checkpoint)
  /// Notes already printed about the directory's indexes (where the run starts): not repeated.
  std::vector<std::string> notes_said;
  /// The file continued from (a snapshot of `index` or a checkpoint), as the notes name it.
  std::string file;
};

class RunOutput {
 public:
  /// A new run in `dir`: creates it (and its parents) and locks it for this run (RunLock:
  /// throws alfven::Error when another run is writing there). When `dir` holds an earlier run, the
  /// snapshots its index lists (load_index, rebuilt from the files if need be) and their images
  /// are removed, and every other file is kept; `out` gets a note of what was removed and kept.
  /// config.yaml (the configuration with io.output_dir = dir and io.continue off, so that the
  /// command its header suggests reruns the run), an empty snapshots.txt and log.csv (header)
  /// are then written. Throws alfven::Error naming the path on any failure (a file that cannot
  /// be removed included).
  RunOutput(const std::string& dir, const RunConfig& config, const Grid& grid, std::ostream& out);

  /// Continuing in place after snapshot `from.index[from.from]` (the directory locked first, as
  /// above): later snapshots of the
  /// directory (listed or not) and their images are moved aside into
  /// dir/discarded_after_NNNN/ (a new folder each time: _2, _3, ...) with copies of the log,
  /// configuration and index they belong to, together with the checkpoints and output-block
  /// files of later steps (checkpoints.txt, outputs.txt), and `out` says so; log.csv keeps the rows
  /// up to `from.step` (the rest is computed again); snapshots.txt and run.xdmf list the snapshots
  /// up to `from`; config.yaml becomes this run's configuration. Throws alfven::Error naming the
  /// path on any failure.
  RunOutput(const std::string& dir, const RunConfig& config, const Grid& grid, std::ostream& out,
            const ContinueInPlace& from);

  /// File name of the next snapshot (snapshot_NNNN.h5, NNNN = snapshots_written()).
  std::string next_snapshot_name() const { return snapshot_name(snapshots_written()); }

  /// Records the snapshot `name` (complete on disk: state_io's write_state wrote it) of the state
  /// at `time`: the index snapshots.txt and run.xdmf are rewritten, and the density image is
  /// drawn from `density_plane` (the density on image_plane(grid), x fastest) when it is not
  /// empty and io.png is on. Returns the path.
  std::string add_snapshot(const std::string& name, double time,
                           const std::vector<double>& density_plane);

  /// The run has embedded bodies: from now on every snapshot lists the dataset
  /// `signed_distance` in run.xdmf (ParaView contours the bodies at 0), and the density images
  /// draw the bodies from `plane`, the signed distance on image_plane(grid) (empty: no image).
  void set_signed_distance(const std::vector<double>& plane);

  /// Records the checkpoint `name` (complete on disk) of the state at `time`, `step` in
  /// checkpoints.txt, then removes the oldest checkpoints listed there beyond
  /// io.checkpoint_keep. Returns the path.
  std::string add_checkpoint(const std::string& name, double time, long step);

  /// Records the file `name` of output block `block` (complete on disk) in outputs.txt and
  /// rewrites NAME.xdmf, the index of that block's files (`info`, `type`, datasets `names` and
  /// the vectors among them).
  void add_block_file(const std::string& block, const std::string& name, double time, long step,
                      const io::GridInfo& info, io::DataType type,
                      const std::vector<std::string>& names,
                      const std::vector<std::string>& vectors);

  /// Appends a row to log.csv.
  void log(long step, double time, double dt, const Totals& totals, double cell_updates_per_second);
  /// The step of the last row of log.csv (-1: none yet): a continued run's is that of the last
  /// row kept (up to the step continued from).
  long last_logged_step() const { return last_logged_step_; }

  const std::string& dir() const { return dir_; }
  int snapshots_written() const { return int(snapshots_.size()); }
  /// Path of the newest snapshot ("" if none).
  std::string last_snapshot() const;
  /// Time of the newest snapshot.
  double last_snapshot_time() const { return snapshots_.empty() ? 0 : snapshots_.back().time; }
  /// Rewrites BLOCK.xdmf from outputs.txt (the files of output block `block` on disk), with the
  /// block's grid `info`, `type`, datasets `names` and vectors.
  void write_block_xdmf(const std::string& block, const io::GridInfo& info, io::DataType type,
                        const std::vector<std::string>& names,
                        const std::vector<std::string>& vectors) const;

  /// Files of output block `block` listed in outputs.txt (those in the directory).
  int block_file_count(const std::string& block) const;
  /// Checkpoints listed in checkpoints.txt, oldest first.
  const std::vector<FileEntry>& checkpoints() const { return checkpoints_; }

 private:
  void write_config() const;
  void write_xdmf() const;

  std::string dir_;
  std::unique_ptr<RunLock> lock_;  // held while this run writes into dir_ (released last)
  RunConfig config_;
  Grid grid_;
  io::GridInfo info_;
  std::unique_ptr<io::CsvLog> log_;
  long last_logged_step_ = -1;
  std::vector<IndexEntry> snapshots_;
  std::vector<FileEntry> checkpoints_;  // checkpoints.txt
  std::vector<FileEntry> block_files_;  // outputs.txt
  bool bodies_ = false;                 // snapshots hold signed_distance
  std::vector<double> body_plane_;      // signed distance on the image plane (bodies drawn)
};

/// The axes of the density image of `grid`: the two active axes of a 2D run, x and y in 3D, or
/// {-1, -1} (1D: no image).
std::pair<int, int> image_axes(const Grid& grid);
/// The cells of the density image: the whole grid of a 2D run; in 3D the x-y plane of the cells
/// holding height `z` (io.png_z, clamped to the grid), or through the middle cell of z when `z` is
/// NaN (not given); an empty box without an image.
io::CellBox image_plane(const Grid& grid, double z);
/// The height z of the cell centres of a 3D run's density image (image_plane of io.png_z `z`);
/// NaN for a grid without a third active axis.
double image_height(const Grid& grid, double z);

}  // namespace mhd
}  // namespace alfven
