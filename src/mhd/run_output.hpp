// Everything a run writes into its run directory: config.yaml, one HDF5 snapshot per output
// (snapshot_NNNN.h5), the XDMF index run.xdmf, the CSV log log.csv and, for 2D runs, a density
// image per snapshot (density_NNNN.png).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "alfven/io/csv_log.hpp"
#include "alfven/io/grid_info.hpp"
#include "alfven/config/config.hpp"
#include "alfven/mhd/diagnostics.hpp"
#include "alfven/mhd/fields.hpp"

namespace alfven {
namespace mhd {

class RunOutput {
 public:
  /// Creates `dir` (and parents), removes a previous run's snapshots and images from it, writes
  /// config.yaml and starts log.csv. Throws alfven::Error naming the path on failure.
  ///
  /// Continuing (restart) after snapshot number `continue_after` >= 0 instead keeps the
  /// directory: snapshots up to that number stay in the index (snapshots.txt, run.xdmf), later
  /// ones are removed, log.csv is appended to and config.yaml is left as it is.
  RunOutput(const std::string& dir, const RunConfig& config, const Grid& grid, std::ostream& out,
            int continue_after = -1);

  /// Writes the next snapshot of the whole domain's interior (Simulation::gather_interior:
  /// nine variables, x fastest, variable-major; Real = float or double), updates run.xdmf and,
  /// for a 2D run, writes the density image. Returns the path.
  template <typename Real>
  std::string write_snapshot(const std::vector<Real>& interior, double time, long step);

  /// Appends a row to log.csv.
  void log(long step, double time, double dt, const Totals& totals, double cell_updates_per_second);

  const std::string& dir() const { return dir_; }
  int snapshots_written() const { return int(snapshots_.size()); }
  /// Path of the newest snapshot ("" if none).
  std::string last_snapshot() const;
  /// Time of the newest snapshot.
  double last_snapshot_time() const { return snapshots_.empty() ? 0 : snapshots_.back().second; }
  /// Index of the two active axes of a 2D run, or {-1, -1}.
  std::pair<int, int> image_axes() const;

 private:
  std::string dir_;
  RunConfig config_;
  Grid grid_;
  io::GridInfo info_;
  io::CsvLog log_;
  std::vector<std::pair<std::string, double>> snapshots_;  // file name, time
};

}  // namespace mhd
}  // namespace alfven
