// Everything a run writes into its run directory: config.yaml, one HDF5 snapshot per output
// (snapshot_NNNN.h5), the snapshot index snapshots.txt, the XDMF index run.xdmf, the CSV log
// log.csv and a density image per snapshot (density_NNNN.png: the plane of a 2D run, the x-y plane
// through the middle of z in 3D). Every file that is
// rewritten is replaced atomically (alfven/io/atomic_file.hpp); files are removed only when the
// run's own index lists them.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "alfven/io/csv_log.hpp"
#include "alfven/io/grid_info.hpp"
#include "alfven/config/config.hpp"
#include "alfven/mhd/diagnostics.hpp"
#include "alfven/mhd/fields.hpp"
#include "run_index.hpp"

namespace alfven {
namespace mhd {

/// The first line of every config.yaml a run writes: a configuration file that starts with it is
/// a run's own copy, which rerunning it in place may replace.
const char* run_config_header();

/// A run continued in its own directory: the directory's index (load_index) and where in it the
/// run continues.
struct ContinueInPlace {
  std::vector<IndexEntry> index;  ///< the directory's snapshots, numbered 0, 1, 2, ...
  std::size_t from = 0;           ///< position in `index` of the snapshot continued from
  long step = 0;                  ///< the step of that snapshot
};

class RunOutput {
 public:
  /// A new run in `dir`: creates it (and its parents). When `dir` holds an earlier run, the
  /// snapshots its index lists (load_index, rebuilt from the files if need be) and their images
  /// are removed, and every other file is kept; `out` gets a note of what was removed and kept.
  /// config.yaml (the configuration with io.output_dir = dir and io.continue off, so that the
  /// command its header suggests reruns the run), an empty snapshots.txt and log.csv (header)
  /// are then written. Throws alfven::Error naming the path on any failure (a file that cannot
  /// be removed included).
  RunOutput(const std::string& dir, const RunConfig& config, const Grid& grid, std::ostream& out);

  /// Continuing in place after snapshot `from.index[from.from]`: later snapshots of the
  /// directory (listed or not) and their images are moved aside into
  /// dir/discarded_after_NNNN/ (a new folder each time: _2, _3, ...) with copies of the log,
  /// configuration and index they belong to, and `out` says so; log.csv keeps the rows up to
  /// `from.step` (the rest is computed again); snapshots.txt and run.xdmf list the snapshots up to
  /// `from`; config.yaml becomes this run's configuration. Throws alfven::Error naming the path on
  /// any failure.
  RunOutput(const std::string& dir, const RunConfig& config, const Grid& grid, std::ostream& out,
            const ContinueInPlace& from);

  /// Writes the next snapshot of the whole domain's interior (Simulation::gather_interior:
  /// nine variables, x fastest, variable-major; Real = float or double), then the index
  /// snapshots.txt, run.xdmf and the density image (2D and 3D runs). Returns the path.
  template <typename Real>
  std::string write_snapshot(const std::vector<Real>& interior, double time, long step);

  /// The signed distance to the embedded bodies at the cell centres of the whole domain
  /// (Simulation::gather_signed_distance, x fastest): from now on every snapshot holds it as the
  /// dataset `signed_distance` (listed in run.xdmf, so ParaView contours the bodies at 0), and
  /// the density images draw the bodies. Throws alfven::Error for a size other than the grid's.
  template <typename Real>
  void set_signed_distance(const std::vector<Real>& distance);

  /// Appends a row to log.csv.
  void log(long step, double time, double dt, const Totals& totals, double cell_updates_per_second);

  const std::string& dir() const { return dir_; }
  int snapshots_written() const { return int(snapshots_.size()); }
  /// Path of the newest snapshot ("" if none).
  std::string last_snapshot() const;
  /// Time of the newest snapshot.
  double last_snapshot_time() const { return snapshots_.empty() ? 0 : snapshots_.back().time; }
  /// The axes of the density image: the two active axes of a 2D run, x and y in 3D, or {-1, -1}.
  std::pair<int, int> image_axes() const;

 private:
  void write_config() const;
  void write_xdmf() const;

  std::string dir_;
  RunConfig config_;
  Grid grid_;
  io::GridInfo info_;
  std::unique_ptr<io::CsvLog> log_;
  std::vector<IndexEntry> snapshots_;
  std::vector<double> signed_distance_;  // empty: no bodies
};

}  // namespace mhd
}  // namespace alfven
