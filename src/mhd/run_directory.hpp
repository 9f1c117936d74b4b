// What a run does to a directory an earlier run left: removes only what that run's index lists
// (a new run), or sets later files aside (a run continued in place from an earlier snapshot),
// and says what it did. Rank 0 only.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "run_index.hpp"

namespace alfven {
namespace mhd {

/// For a new run in `dir` (which exists): when it holds an earlier run, removes the snapshots
/// its index lists (load_index) with their density images, its run.xdmf, the checkpoints and
/// output-block files its checkpoints.txt and outputs.txt list and the blocks' NAME.xdmf; every
/// other file stays. Prints to `out` what was removed and which other files were kept (up to five
/// names). Throws alfven::Error naming a file that cannot be removed (a folder in its place, no
/// write permission) and what to do, and, before removing anything, when a file the earlier run
/// did not list has a name this run writes (snapshot_NNNN.h5, density_NNNN.png,
/// checkpoint_NNNNNNNN.h5, or BLOCK_NNNN.h5 and BLOCK.xdmf of `blocks`, this run's output
/// blocks), which the run would otherwise write over.
void clear_earlier_run(const std::string& dir, std::ostream& out,
                       const std::vector<std::string>& blocks);

/// For a run continued in `dir` after index[from]: moves every later snapshot file of the
/// directory (listed in `index` or not, numbered after `from`) and its image into a new folder
/// dir/discarded_after_NNNN (NNNN = from; "_2", "_3", ... appended when it exists), with copies
/// of log.csv, config.yaml, snapshots.txt, checkpoints.txt and outputs.txt, and the files
/// `also_move` (later checkpoints and output-block files), and prints what was moved where,
/// naming `continued_from` when it is not index[from] (a checkpoint continued from).
/// Nothing is moved (and no folder made) when there is nothing later. Returns the folder ("" if
/// none). Throws alfven::Error naming the file that cannot be moved.
std::string set_aside_later_snapshots(const std::string& dir, const std::vector<IndexEntry>& index,
                                      std::size_t from, std::ostream& out,
                                      const std::vector<std::string>& also_move = {},
                                      const std::string& continued_from = "");

/// Removes the temporary files a stopped run may have left (NAME.tmp of the files a run writes:
/// snapshots, images, checkpoints, snapshots.txt, checkpoints.txt, outputs.txt, run.xdmf,
/// config.yaml, log.csv, and NAME_NNNN.h5 / NAME.xdmf of output blocks whose name is in
/// `blocks`). Only plain files of names a run writes. A run calls it before it writes any file: a
/// writer refuses to write through a temporary name that exists (io::require_no_temporary).
void remove_temporaries(const std::string& dir, const std::vector<std::string>& blocks = {});

}  // namespace mhd
}  // namespace alfven
