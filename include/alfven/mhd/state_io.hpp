/// @file state_io.hpp
/// @brief A run's fields in files, whatever the decomposition: every rank writes its own part
/// of one file and a restart reads only each rank's block. No rank ever holds more than its own
/// block (and, writing through rank 0 without parallel HDF5, one other block at a time).
///
/// Three write paths (write_path): one process writes all of it (a run of one rank); every rank
/// writes its hyperslab collectively (MPI build with parallel HDF5, io::write_snapshot_collective);
/// or each rank sends its part to rank 0, which writes the parts one after the other (MPI build
/// with serial HDF5, io::write_snapshot_by_blocks). The files are identical in content.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/communicator.hpp"
#include "alfven/mhd/fields.hpp"
#include "alfven/mhd/grid.hpp"

namespace alfven {
namespace mhd {

template <typename Real>
class Simulation;

/// The cells of the block `local` (a rank's grid) in the cells of the whole grid.
io::CellBox block_box(const Grid& local);
/// The cells common to `a` and `b` (an empty box when they do not overlap).
io::CellBox intersect(const io::CellBox& a, const io::CellBox& b);
/// The whole grid's description for files: global cell counts and box.
io::GridInfo grid_info(const Grid& grid);

/// How a run writes its files.
enum class WritePath { OneProcess, Collective, ThroughRankZero };
/// The path this build takes for `comm`: OneProcess for one rank, else Collective with parallel
/// HDF5 (unless the environment sets ALFVEN_PARALLEL_HDF5=0), else ThroughRankZero.
WritePath write_path(const Communicator& comm);
/// A phrase for the run's log, e.g. "each rank writes its block of one file (parallel HDF5)".
const char* describe(WritePath path);

/// Collective over `comm`: writes the HDF5 file `path` (io/snapshot.hpp layout, atomically)
/// whose grid `file_grid` is the cells `file_box` of the whole grid, from every rank's `part`
/// (cells of the whole grid within file_box, disjoint over the ranks, together all of file_box;
/// an empty box for a rank with none of it) and its `fields` (names, type and order the same on
/// every rank; cell_count(part) values each, x fastest within the part).
/// @throws alfven::Error, identically on every rank (CollectiveError), when any rank fails.
void write_distributed(const Communicator& comm, const std::string& path,
                       const io::GridInfo& file_grid, const io::CellBox& file_box,
                       const io::CellBox& part, const io::SnapshotMeta& meta,
                       const std::vector<io::FieldRef>& fields,
                       const io::StorageOptions& options = {});

/// Copies the interior of variable `v` of `state` (a block with ghost cells, `local`) restricted
/// to `box` (cells of the whole grid, within the block) into `out`, x fastest: out has
/// cell_count(box) values afterwards.
template <typename Real>
void copy_interior(const Fields<Real, backend::Host>& state, const Grid& local, int v,
                   const io::CellBox& box, std::vector<Real>& out);

/// Collective: writes the snapshot of a run's state: the nine primitive variables of every
/// rank's block `state` (a host copy with ghost cells) and, when `signed_distance` is not empty,
/// the dataset signed_distance (this rank's block interior, x fastest), with the vectors
/// Storage that write_state packs a block's interior into, kept from one write to the next by
/// a caller that writes often (no allocation and no page faults per file). Grown when a write
/// needs more; never value-initialised (every value is overwritten by the write).
template <typename Real>
struct PackedBuffer {
  std::unique_ptr<Real[]> values;
  std::size_t size = 0;  ///< values allocated

  /// Room for at least n values (the old buffer is freed first: never two at once). With
  /// `fault_in`, every page is written now (zeros), so that the first file written into it does
  /// not pay the page faults: about 0.3 s for a 256^3 float state (604 MB) on the H200's host,
  /// which a run would otherwise wait for at its first outputs.
  void reserve(std::size_t n, bool fault_in = false) {
    if (size >= n) return;
    values.reset();
    values.reset(new Real[n]);  // not value-initialised: a write overwrites every value
    size = n;
    if (fault_in) std::fill_n(values.get(), n, Real(0));
  }
};

/// Values a write_state of a block of the grid `local` packs (its interior, num_vars fields).
std::size_t packed_state_values(const Grid& local);

/// velocity and magnetic_field (virtual datasets over their components, for ParaView). Memory:
/// one packed copy of the block's interior (9 x its cells), in `packed` when given, else
/// allocated for the call.
template <typename Real>
void write_state(const Communicator& comm, const Grid& local, const Grid& global,
                 const Fields<Real, backend::Host>& state, const std::vector<Real>& signed_distance,
                 const std::string& path, const io::SnapshotMeta& meta,
                 const io::StorageOptions& options = {}, PackedBuffer<Real>* packed = nullptr);

/// Collective: replaces the state of `sim` by this rank's block of the snapshot `file` (its exact
/// bytes: a restart continues bitwise), with its time and step, after checking that it
/// continues the run the configuration describes (problem, box, gamma, cell counts, precision).
/// Each rank reads only its own hyperslab (io::read_snapshot_block). Returns the snapshot's
/// metadata and, of the field values, only this rank's block of signed_distance (in `raw`, when
/// the file has one: the bodies it was written with).
/// `purpose` words the messages: "cannot restart from 'FILE': ..." with a restart's way out
/// (Restart), or "cannot export 'FILE': ..." with an export's (Export: the run directory's
/// config.yaml does not describe the file).
/// @throws ConfigError (a snapshot of another run) or CollectiveError (a missing or damaged
///         file) on every rank, with the message of the lowest rank that failed.
enum class RestorePurpose { Restart, Export };
template <typename Real>
io::Snapshot restore_state(Simulation<Real>& sim, const std::string& file,
                           RestorePurpose purpose = RestorePurpose::Restart);

/// Collective: assembles on rank 0 the values on the cells `plane` (a box of the whole grid,
/// e.g. one cell thick) from every rank's `values` on its `part` of it (part =
/// intersect(block_box(local), plane), x fastest; empty when the rank holds none of it). Returns
/// the plane's values, x fastest, on rank 0 and nothing elsewhere. Used for the density images.
std::vector<double> gather_plane(const Communicator& comm, const io::CellBox& part,
                                 const std::vector<double>& values, const io::CellBox& plane);

}  // namespace mhd
}  // namespace alfven
