/// @file miso_transfer.hpp
/// @brief An Alfven run in MISO's raw layout and a MISO run back in Alfven's (issue 14, part 3;
/// the layout: ../shared/spec/miso-layout.md, docs/miso-layout.md).
///
/// `alfven export --to miso RUN_DIR OUT_DIR` (export_to_miso) writes the snapshots of a run
/// directory as MISO writes its output, so that a MISO user's pymiso scripts read it:
/// config.yaml with MISO's keys, grid.bin, mpi/coords.csv, time/n_output.txt, time/time.N.txt
/// and mhd/mhd.N.R.bin per output N and rank R of a chosen decomposition, each block with the
/// ghost cells MISO would hold. Those come from the solver's own machinery: each snapshot is
/// restored into a Simulation on the host backend (as a restart does: state_io.hpp), whose ghost
/// cells the boundary conditions and the periodic wrap fill, and each rank's block is cut from it
/// with its ghosts, so that between two ranks they hold the neighbour's interior values and at
/// the domain's faces what the run's boundaries put there.
///
/// `alfven import --from miso MISO_DIR` (import_from_miso) reads one output of a MISO run, checks
/// every file against its config.yaml, and writes an Alfven snapshot (io/snapshot.hpp, through
/// write_state as a run writes them) that `alfven run CONFIG --restart FILE` continues on any
/// rank count. Export then import gives back the snapshot's fields bit for bit.
#pragma once

#include <string>
#include <vector>

#include "alfven/config/config.hpp"
#include "alfven/config/miso_keys.hpp"
#include "alfven/io/miso_layout.hpp"
#include "alfven/io/snapshot.hpp"

namespace alfven {
namespace mhd {

/// The layout of the files `config` (with its MISO layout keys) describes. `source` names the
/// configuration in messages.
/// @throws alfven::Error naming `source` when data_type.Endian is missing or neither little nor
///         big.
io::MisoLayout miso_layout_of(const RunConfig& config, const MisoLayoutKeys& keys,
                              const std::string& source);

/// What `alfven export --to miso` is asked to do.
struct MisoExportOptions {
  /// Output numbers N (snapshot_NNNN.h5) to export; empty: every snapshot the run's index
  /// (snapshots.txt) lists.
  std::vector<int> snapshots;
  /// Ranks per axis of the export's decomposition (each must divide the grid's cells on its
  /// axis); all 0: the run's mpi.*_procs, an axis the run left automatic (0) as 1.
  int procs[3] = {0, 0, 0};
};

/// What an export did.
struct MisoExportSummary {
  std::vector<int> outputs;        ///< the output numbers written, ascending
  int procs[3] = {1, 1, 1};        ///< the decomposition written
  io::DataType type{};             ///< the precision of the files (the run's)
  std::vector<std::string> files;  ///< every file written, relative to OUT_DIR
  /// Files an earlier export into OUT_DIR wrote that this one does not (other outputs or ranks),
  /// removed; nothing else is ever removed.
  std::vector<std::string> removed;
};

/// Name of the list of files an export wrote, kept in OUT_DIR: a later export into the same
/// folder replaces exactly those (and refuses a non-empty folder without it).
constexpr const char* kMisoExportManifest = "alfven_export.txt";

/// Writes the snapshots of the run directory `run_dir` (its config.yaml and snapshots.txt) into
/// `out_dir` in MISO's layout; see the file brief. Each file is written atomically; N is the
/// snapshot's number, time/n_output.txt the largest N written. Memory: one Simulation of the
/// whole grid on the host, plus one block.
/// @throws ConfigError for a run configuration that does not load; alfven::Error when run_dir is
///         no run directory or has no snapshot, a requested snapshot is not in its index, the
///         decomposition does not divide the grid, `out_dir` is not empty and not an earlier
///         export (nothing is written then), or a snapshot does not restore (restore_state's
///         message).
MisoExportSummary export_to_miso(const std::string& run_dir, const std::string& out_dir,
                                 const MisoExportOptions& options);

/// What `alfven import --from miso` is asked to do.
struct MisoImportOptions {
  int output = -1;  ///< the output N to import; -1: the latest (time/n_output.txt)
  /// The problem the snapshot belongs to (the `problem` of the configuration it will restart
  /// with); "": config.yaml's `problem` key (an Alfven export has it), which is then required.
  std::string problem;
  /// The snapshot to write; "": FOLDER_NNNN.h5 in the current directory (FOLDER: the last name
  /// of the MISO folder, NNNN: the output number, four digits at least).
  std::string file;
};

/// What an import wrote.
struct MisoImportSummary {
  std::string file;       ///< the snapshot written
  io::SnapshotMeta meta;  ///< time, step and output index from time/time.N.txt; problem; gamma
  io::DataType type{};    ///< the files' precision, kept in the snapshot
  int n[3] = {1, 1, 1};   ///< cells of the whole grid
  int ranks = 1;          ///< mhd files read
};

/// Reads output `options.output` of the MISO run folder `miso_dir` (config.yaml, grid.bin,
/// coords.csv, the time files and every rank's mhd file), checks them against one another and
/// writes the snapshot `options.file` (HDF5, atomically; the interior cells of the nine variables
/// in the files' precision, the time, step, output index, gamma (eos.gm) and problem), which
/// must not exist. Memory: the whole grid twice, plus one block.
/// @throws ConfigError for a config.yaml that does not load (naming FILE:LINE: key);
///         alfven::Error naming the file and what is wrong for anything else: a folder without
///         config.yaml, a configuration that is no MISO MHD run (physics.rt, no data_type.Endian,
///         sizes the decomposition does not divide), no problem name, a missing or malformed
///         file (n_output.txt, time.N.txt, coords.csv, grid.bin, an mhd file: truncated, wrong
///         element size or byte order, mixed precisions, a precision other than data_type.Real),
///         non-finite values, or the snapshot's file existing already.
MisoImportSummary import_from_miso(const std::string& miso_dir, const MisoImportOptions& options);

}  // namespace mhd
}  // namespace alfven
