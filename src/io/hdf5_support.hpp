// What the snapshot writers and readers of alfven_io share (internal; HDF5 C API 1.10 or newer):
// owning handles, quiet error handling with our own messages, the types and chunk shapes of
// format 2, and the FileWriter that writes the attributes and datasets of one open file, whole or
// by hyperslabs. Layout and integrity rules: include/alfven/io/snapshot.hpp, docs/output.md.
#pragma once

#include <hdf5.h>

#include <string>
#include <vector>

#include "alfven/io/snapshot.hpp"

namespace alfven {
namespace io {
namespace hdf5 {

/// Format 2: fixed-length strings, metadata and data checksums (see snapshot.hpp). Format 1
/// files (variable-length strings, no checksums) are still read.
constexpr int kFormatVersion = 2;
constexpr int kOldestReadableVersion = 1;
/// Target size of one chunk of a dataset (bytes): a few z-planes of a field, or a part of one.
/// Chunks also bound every MPI-IO transfer of a parallel write to about this size.
constexpr std::size_t kChunkBytes = std::size_t(1) << 20;
extern const char* const kAxisName[3];
extern const char* const kMinName[3];
extern const char* const kMaxName[3];
extern const char* const kCountName[3];

/// Root attributes with a fixed meaning; every other float64 scalar attribute is an `extra`.
bool is_reserved_attribute(const std::string& name);

/// Owns an HDF5 identifier and closes it with the matching H5*close function.
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t)) : id_(id), close_(close) {}
  ~Handle() {
    if (id_ >= 0) close_(id_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  /// Gives up ownership: the caller closes the returned identifier.
  hid_t release() {
    const hid_t id = id_;
    id_ = -1;
    return id;
  }
  /// Closes now and reports whether closing succeeded (for the file: the final flush).
  bool close() {
    const herr_t status = close_(id_);
    id_ = -1;
    return status >= 0;
  }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

/// H5Fclose for files being written: a file HDF5 cannot close (its final flush failed: a full
/// disk) is counted as abandoned (io::abandoned_files()).
herr_t close_file(hid_t file);

/// Switches off HDF5's automatic printing of its error stack while alive; we report errors
/// ourselves with the file and dataset names.
class QuietHdf5 {
 public:
  QuietHdf5();
  ~QuietHdf5();
  QuietHdf5(const QuietHdf5&) = delete;
  QuietHdf5& operator=(const QuietHdf5&) = delete;

 private:
  H5E_auto2_t func_ = nullptr;
  void* data_ = nullptr;
};

/// The description of the innermost entry of HDF5's current error stack (then cleared), as
/// "(hdf5: ...)", or "" if the stack is empty.
std::string detail();

/// Opens dataset `name` of `file` (the caller closes it). On failure returns a negative id and
/// sets `problem` to the end of a message about it: "missing", "is a group or a named datatype,
/// not a dataset", "cannot be read (damaged metadata)" followed by HDF5's detail(), when the
/// link or the object header cannot be read (e.g. a checksum fails), or why a dataset is not
/// read: a soft, external or user-defined link (never followed), a virtual dataset, or one whose
/// storage is not all allocated (never-written chunks would read as fill values).
hid_t open_dataset(hid_t file, const std::string& name, std::string& problem);

/// The rank of chunked dataset `set` (creation properties `create`), its extents in `dims` and
/// its chunk's in `chunk` (arrays of H5S_MAX_RANK); -1 when they cannot be read or a chunk
/// extent is 0.
int chunk_layout(hid_t set, hid_t create, hsize_t* dims, hsize_t* chunk);

/// HDF5 file type (little-endian IEEE) and native memory type of `t`.
hid_t file_type_of(DataType t);
hid_t memory_type_of(DataType t);
/// A variable-length UTF-8 string type (caller closes): what format 1 wrote; read only.
hid_t make_variable_string_type();
/// A fixed-length, NUL-padded UTF-8 string type of `width` bytes (caller closes): format 2.
hid_t make_fixed_string_type(std::size_t width);

/// Chunk shape of a dataset of shape dims (rank 1 to 4, C order) and `value_size`-byte values:
/// whole rows of the fastest axis, then whole planes, up to about kChunkBytes (at least one
/// value). Chunks are required by the Fletcher32 checksum filter. With `align` (C order, may be
/// null), the extent along each axis divides align[a] (the greatest common divisor of every
/// process's block offsets and ends along it: chunk_alignment), so that no chunk is shared by
/// two processes of a collective write, unless that would leave chunks thinner than 32 values
/// along the fastest axis (then the shape without `align`).
std::vector<hsize_t> chunk_shape(int rank, const hsize_t* dims, std::size_t value_size,
                                 const hsize_t* align = nullptr);

/// The `align` of chunk_shape for the blocks of `processes` processes, given one after another
/// in `boxes`, each as `rank` offsets then `rank` counts (C order; empty blocks are skipped): per
/// axis the greatest common divisor of the dataset's extent and every block's first and end.
std::vector<hsize_t> chunk_alignment(int rank, const hsize_t* dims, const hsize_t* boxes,
                                     int processes);

/// A file access property list in the HDF5 1.10 file format (checksummed metadata); the
/// caller adds a driver (MPI-IO) if needed. Throws Error naming `path`.
hid_t make_file_access(const std::string& path);

/// Writes into one open file; every failure throws an Error "cannot write snapshot '<path>': ..."
/// naming the object. In a collective (MPI-IO) file every process makes the same calls with the
/// same arguments (attributes, dataset creation), each with its own selection for the data.
class FileWriter {
 public:
  /// `early_writeback`: start writing each stored batch of a whole-dataset write to the disk at
  /// once (direct_chunks.hpp), for a file that is flushed (fsync) after it. `scratch`: the
  /// caller's buffer for those batches (StorageOptions::chunk_scratch), or nullptr for the
  /// writer's own.
  FileWriter(const std::string& path, hid_t file, bool early_writeback,
             std::vector<unsigned char>* scratch = nullptr)
      : path_(path),
        file_(file),
        early_writeback_(early_writeback),
        scratch_(scratch ? scratch : &own_scratch_) {}
  FileWriter(const FileWriter&) = delete;  // scratch_ may point at own_scratch_
  FileWriter& operator=(const FileWriter&) = delete;

  [[noreturn]] void fail(const std::string& what) const;

  /// A root attribute of `count` values (0: a scalar).
  void attribute(const char* name, hid_t file_type, hid_t memory_type, const void* value,
                 hsize_t count = 0);
  void attribute(const char* name, double v) {
    attribute(name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &v);
  }
  void attribute_int(const char* name, int v) {
    attribute(name, H5T_STD_I32LE, H5T_NATIVE_INT, &v);
  }
  void attribute_long(const char* name, long long v) {
    attribute(name, H5T_STD_I64LE, H5T_NATIVE_LLONG, &v);
  }
  /// Fixed-length strings, each stored in max length + 1 bytes (NUL-padded).
  void attribute_strings(const char* name, const std::vector<std::string>& v, bool scalar);

  /// The root attributes of a snapshot: format_version, fields, the run state (when
  /// meta.run_state), the box and cell counts, and meta's extra, text and vectors.
  void header(const GridInfo& grid, const SnapshotMeta& meta,
              const std::vector<std::string>& names);

  /// Creates a chunked dataset of shape dims (C order) with a Fletcher32 checksum per chunk, and
  /// with byte shuffle + deflate level `deflate` first when deflate > 0; chunks as chunk_shape
  /// gives them (aligned to the processes' blocks with `align`). Returns the open dataset
  /// (caller closes).
  hid_t create_dataset(const std::string& name, int rank, const hsize_t* dims, DataType type,
                       int deflate, const hsize_t* align = nullptr);

  /// Writes `data` (count values, C order, x fastest) to the hyperslab offset/count (C order,
  /// rank = the dataset's) of dataset `set`; a zero count selects nothing (a process of a
  /// collective write that holds none of it). `transfer`: H5P_DEFAULT or a collective list.
  void write_hyperslab(hid_t set, const std::string& name, const hsize_t* offset,
                       const hsize_t* count, DataType type, const void* data, hid_t transfer);

  /// The datasets x, y, z of cell centres; written by this process when `write_values` (the
  /// other processes of a collective write select nothing).
  void coordinates(const GridInfo& grid, hid_t transfer, bool write_values);

  /// A virtual dataset `vector.name` of shape (nz, ny, nx, 3) whose component c maps onto the
  /// stored field vector.components[c] of this file (no value is stored twice).
  void virtual_vector(const VectorRef& vector, const GridInfo& grid, DataType type);

 private:
  const std::string& path_;
  hid_t file_;
  bool early_writeback_;
  std::vector<unsigned char> own_scratch_;  // without the caller's: kept between fields
  std::vector<unsigned char>* scratch_;     // write_by_direct_chunks' batch
};

/// Checks the arguments of a snapshot write (grid, field names, extras, vectors); `names` and
/// `types` are the fields in file order. Throws Error "cannot write snapshot '<path>': ...".
void check_arguments(const std::string& path, const GridInfo& grid, const SnapshotMeta& meta,
                     const std::vector<std::string>& names, const std::vector<DataType>& types,
                     const StorageOptions& options);

/// Room on the disk for a snapshot of `grid` with fields of `types` at `path`: "" when the folder
/// of `path` has room for the values (uncompressed; with deflate > 0 only the rest is counted,
/// since the compressed size is unknown) and the metadata, chunk index, checksums and
/// coordinates (64 KiB and 1 % of the values), or when the free space cannot be read; else
/// "cannot write snapshot '<path>': the disk has 356 KiB free and the file needs about 558 KiB;
/// ..." (a message, not a throw, so that the collective writer can share it with every process
/// before anything is created).
std::string disk_space_problem(const std::string& path, const GridInfo& grid,
                               const std::vector<DataType>& types, int deflate);

/// The 3D dimensions (nz, ny, nx) of `grid` and the hyperslab of `box` in C order.
void dims_of(const GridInfo& grid, hsize_t dims[3]);
void hyperslab_of(const CellBox& box, hsize_t offset[3], hsize_t count[3]);

}  // namespace hdf5
}  // namespace io
}  // namespace alfven
