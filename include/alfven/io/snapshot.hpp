/// @file snapshot.hpp
/// @brief One HDF5 file per output time of the MHD solver: the cell-centred fields without ghost
/// cells, the cell-centre coordinates and the run's metadata; and the reader that restores them
/// bit-exactly (for restarts and for tests).
///
/// File layout (format_version 2; docs/output.md has the full description):
///   /<field>   one dataset per field, shape (nz, ny, nx), float32 or float64 (as written)
///   /x /y /z   1D float64 datasets of cell-centre coordinates, lengths nx, ny, nz
///   root attributes: format_version (int), fields (1D array of fixed-length strings: the field
///   names in order), time, gamma, x_min, x_max, y_min, y_max, z_min, z_max (float64), step
///   (int64), index, nx, ny, nz (int32), problem (fixed-length string), and one float64
///   attribute per `extra` entry; a grid that is no run's state (SnapshotMeta::run_state false)
///   has no time, step, index, problem and gamma.
/// Integrity: the HDF5 1.10 file format (checksums on the superblock, object headers with their
/// attributes, and chunk indexes) and every dataset chunked with a Fletcher32 checksum, so that
/// read_snapshot refuses a damaged file; no variable-length strings. Reading needs HDF5 1.10 or
/// newer. Format 1 files (variable-length strings, no checksums) are still read, unverified.
///
/// Vectors (StorageOptions::vectors, e.g. velocity) are virtual datasets of shape (nz, ny, nx, 3)
/// mapped onto their stored components, which ParaView's XDMF readers show as 3-component vectors.
///
/// Writers: one process with all the data (write_snapshot); one process that receives the data
/// block by block (write_snapshot_by_blocks: an MPI run on serial HDF5 writes through rank 0); or
/// every process of an MPI communicator writing its own block collectively (parallel HDF5,
/// write_snapshot_collective). All three write the same values into the same layout.
/// Readers: the whole file (read_snapshot) or one box of cells (read_snapshot_block: a restart
/// reads only its rank's block).
///
/// The HDF5 C API is used in src/io/ only: this header includes no HDF5 header, so CUDA
/// translation units may include it.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "alfven/io/grid_info.hpp"

namespace alfven {
namespace io {

/// A field to write: a name and a pointer to cell_count(grid) values of type `type`, x fastest
/// (C order (nz, ny, nx)), interior cells only. The pointer must be host memory; it is only read
/// during write_snapshot.
struct FieldRef {
  std::string name;  ///< dataset name, e.g. "density"; non-empty, no '/', not "x", "y" or "z"
  DataType type;     ///< type of the values behind `data` and of the dataset written
  const void* data;  ///< cell_count(grid) values of `type`
};

/// Metadata stored as root attributes of a snapshot.
struct SnapshotMeta {
  double time = 0.0;    ///< simulation time (code units)
  long step = 0;        ///< time-step number of the run
  int index = 0;        ///< output number (0, 1, 2, ...): snap_<index>.h5
  std::string problem;  ///< problem name, e.g. "orszag_tang"
  double gamma = 0.0;   ///< adiabatic index of the ideal-gas equation of state
  /// Further scalars (e.g. "cfl_number"), each stored as a float64 root attribute of that name.
  /// Keys must not clash with the attributes listed in the file brief.
  std::map<std::string, double> extra;
  /// Further strings (e.g. "mesh_file"), each stored as a scalar UTF-8 string root attribute.
  /// Keys must not clash with the reserved attributes nor with `extra` or `vectors`.
  std::map<std::string, std::string> text;
  /// Further float64 vectors (e.g. "origin" = {x, y, z}), each stored as a 1D float64 root
  /// attribute of that length (>= 1). Keys must not clash with any other attribute.
  std::map<std::string, std::vector<double>> vectors;
  /// Whether the file holds a state of a run, for which time, step, index, problem and gamma mean
  /// something (written as attributes). False for other grids in this layout, e.g. the signed
  /// distance of `alfven sdf --grid`: those five attributes are then not written, and
  /// read_snapshot returns false here (and those members at their defaults) for a file with none
  /// of them.
  bool run_state = true;
};

/// A box of cells of a grid: cells offset[a] to offset[a] + count[a] - 1 along axis a (0 = x,
/// 1 = y, 2 = z). A count of 0 on any axis is the empty box.
struct CellBox {
  int offset[3] = {0, 0, 0};
  int count[3] = {0, 0, 0};
};

/// Number of cells of `b` (0 for an empty box).
inline std::size_t cell_count(const CellBox& b) {
  return std::size_t(b.count[0]) * std::size_t(b.count[1]) * std::size_t(b.count[2]);
}

/// A vector shown as one 3-component variable: the virtual dataset `name` of shape
/// (nz, ny, nx, 3) over the stored fields components[0..2] (x, y, z).
struct VectorRef {
  std::string name;           ///< e.g. "velocity"; obeys the rules of field names, unique
  std::string components[3];  ///< e.g. velocity_x, velocity_y, velocity_z: fields of the file
};

/// How the datasets of a snapshot are stored.
struct StorageOptions {
  /// 0: no compression; 1 to 9: HDF5 deflate at this level after a byte shuffle (lossless; the
  /// values read back identical). Every dataset keeps its Fletcher32 checksum either way.
  int deflate = 0;
  /// Vectors to expose as virtual datasets (their components must be among the fields).
  std::vector<VectorRef> vectors;
  /// Flush the file to the disk (fsync) before the rename, so that it survives a crash of the
  /// machine, not only of the process; its batches of chunks are also sent to the disk as they
  /// are stored. false only renames, and leaves the pages to the kernel's writeback: a run's
  /// analysis snapshots and output blocks unless io.fsync is "all" (docs/output.md).
  bool durable = true;
  /// A buffer the caller keeps from one file to the next for the batch of pre-filtered chunks of
  /// whole-dataset writes from one process (about 64 MiB; grown as needed), or nullptr for one
  /// per file. A new buffer for each file cost its page faults and zeroing again: 0.06-0.08 s of
  /// the 0.24 s a 604 MB file took on the H100's host (2026-12-05). Used by one write at a time.
  std::vector<unsigned char>* chunk_scratch = nullptr;
};

/// Writes one snapshot to `path` (HDF5, format 2), atomically: the file is written to
/// `path + ".tmp"`, closed, flushed to the disk (fsync, unless options.durable is false) and then
/// renamed to `path`, so a crash or a full disk never leaves a half-written file under the real
/// name (an existing `path` is replaced, or left as it was when the write fails). After a failed
/// write the process still exits cleanly: HDF5's exit handler, which crashed on the file HDF5
/// could not close, is off.
///
/// @param grid    cell counts and box; n >= 1 and hi > lo on each axis
/// @param meta    time, step, index, problem, gamma and extra scalars
/// @param fields  the fields, in the order they are listed in the file; all of one DataType,
///                names unique
/// @param options compression and vectors
/// @throws alfven::Error if the arguments are invalid or HDF5 fails; the message names the file and
///         the dataset or attribute being written, and the temporary file is removed.
/// HDF5's automatic error printing is switched off during the call (and restored afterwards).
void write_snapshot(const std::string& path, const GridInfo& grid, const SnapshotMeta& meta,
                    const std::vector<FieldRef>& fields, const StorageOptions& options = {});

/// Where write_snapshot_by_blocks gets the values: disjoint boxes that together cover the grid,
/// and a function that fills them one at a time.
struct BlockSource {
  std::vector<CellBox> blocks;  ///< in cells of the file's grid
  /// fill(b, out): writes cell_count(blocks[b]) values of field f (x fastest within the box)
  /// to out[f], for every field in file order; out[f] holds room for them. May throw.
  std::function<void(std::size_t, const std::vector<void*>&)> fill;
};

/// As write_snapshot, but the values of the fields `names` (all of type `type`) arrive block by
/// block from `source`: the memory held is one block of every field, whatever the grid. Used by
/// rank 0 of an MPI run without parallel HDF5, which receives the other ranks' blocks in turn.
/// @throws alfven::Error as write_snapshot, and for blocks outside the grid.
void write_snapshot_by_blocks(const std::string& path, const GridInfo& grid,
                              const SnapshotMeta& meta, const std::vector<std::string>& names,
                              DataType type, const BlockSource& source,
                              const StorageOptions& options = {});

/// What write_snapshot_collective needs of the MPI processes that write together.
struct Collective {
  /// Pointer to the MPI_Comm of the writing processes (e.g. the run's Cartesian communicator).
  const void* mpi_comm = nullptr;
  /// Largest number of bytes one process hands to one HDF5 write call: larger blocks are written
  /// in several collective calls of whole z-planes, so that no count reaching MPI can overflow
  /// an int (tests lower it to a few KB).
  std::size_t max_piece_bytes = std::size_t(1) << 30;
};

/// True when this build's HDF5 is parallel (MPI-IO) and write_snapshot_collective works.
bool parallel_writes_available();

/// "1.10.8, parallel (MPI-IO)" or "1.10.8, serial": the HDF5 library this build uses.
std::string hdf5_description();

/// Collective: every process of `comm` writes its own block `block` of the grid (disjoint boxes
/// that cover the grid; an empty box for a process that holds none of it) into one file, with
/// MPI-IO collective transfers of the checksummed (and optionally compressed) chunks; the file is
/// the one write_snapshot would write with the assembled fields. Atomic as write_snapshot: rank 0
/// of `comm` flushes the temporary file and renames it once every process has written.
/// @param fields  this process's values of each field: cell_count(block) values, x fastest
///                within the block; names, types and order identical on every process
/// @throws alfven::Error on every process when any of them fails (the failing one names what
///         failed; the others say which rank failed), and in a build without parallel HDF5.
void write_snapshot_collective(const std::string& path, const GridInfo& grid,
                               const SnapshotMeta& meta, const std::vector<FieldRef>& fields,
                               const CellBox& block, const Collective& comm,
                               const StorageOptions& options = {});

/// Number of files a failed write left that HDF5 could not close (its final flush failed: a full
/// disk). HDF5 keeps them until the process ends; a parallel HDF5 library would crash finishing
/// them when MPI is finalized, so a program that sees a non-zero count exits without finalizing
/// MPI (alfven::mhd::ParallelEnvironment does).
int abandoned_files();

/// The contents of a snapshot file, as returned by read_snapshot.
struct Snapshot {
  GridInfo grid{};                    ///< from the attributes nx..nz, x_min..z_max
  SnapshotMeta meta;                  ///< time, step, index, problem, gamma; extra = every other
                                      ///< float64 scalar root attribute, vectors = every other
                                      ///< 1D float64 attribute of length > 1, text = every other
                                      ///< scalar string attribute
  DataType type = DataType::Float64;  ///< stored type of the fields (one per file)
  std::vector<std::string> names;     ///< field names in file order (the `fields` attribute)
  /// Field values converted to double, cell_count(grid) values each, x fastest.
  std::map<std::string, std::vector<double>> values_as_double;
  /// The exact bytes of each field in its stored precision (cell_count(grid) * size_of(type)
  /// bytes, host byte order), for a bit-exact restart: reinterpret as float or double.
  std::map<std::string, std::vector<unsigned char>> raw;
  /// Cell-centre coordinates read from the datasets x, y, z (lengths nx, ny, nz).
  std::array<std::vector<double>, 3> centres;
  /// The file's format_version: 2 (current) or 1 (written before checksums).
  int format_version = 2;
  /// True when the file's metadata and every dataset carried checksums that were verified
  /// (format 2); false for a format 1 file, which was read unverified.
  bool checksummed = true;
  /// The cells read: the whole grid (read_snapshot) or one box (read_snapshot_block), whose
  /// values `raw` holds (x fastest within the box).
  CellBox box{};
};

/// Reads a snapshot written by write_snapshot (format 2, or format 1 unverified).
///
/// A file with none of the attributes time, step, index, problem and gamma is read as a grid that
/// is no run's state (meta.run_state false, those members left at their defaults); a file with
/// some of them but not all is an error.
/// @throws alfven::Error naming the file and what is wrong with it: the file is missing or not
///         HDF5; a metadata or data checksum does not match (a damaged file); an attribute is
///         missing or of the wrong type; time is not finite or negative, step negative or above
///         2^53, index outside 0..INT_MAX; strings longer than 64 KiB or more than 4096 of them; a
///         dataset listed in `fields` (or x, y, z) is missing, not floating point, without its
///         checksum (format 2), or its shape does not match nx, ny, nz; fields of mixed precision.
///         Example: "snapshot 'run/snap_0003.h5': dataset 'psi' missing". Never allocates from
///         an unchecked size.
Snapshot read_snapshot(const std::string& path);

/// Reads the metadata and only the cells `box` of every field (what one rank of a restart
/// needs): `raw` holds cell_count(box) values per field, x fastest within the box;
/// `values_as_double` is left empty; the coordinates are read whole. The checksum of every
/// chunk that holds part of the box is verified; the metadata is checked as by read_snapshot.
/// @throws alfven::Error as read_snapshot, and when `box` is empty or outside the file's grid.
Snapshot read_snapshot_block(const std::string& path, const CellBox& box);

/// Reads and checks only the metadata (grid, time, step, problem, precision, the list of
/// fields): `raw` and `values_as_double` are left empty. Cheap: no field is read.
/// @throws alfven::Error as read_snapshot for a missing, unreadable or malformed file.
Snapshot read_snapshot_metadata(const std::string& path);

}  // namespace io
}  // namespace alfven
