// The collective snapshot writer (parallel HDF5, MPI-IO): every process writes its own block of
// one file. Reference: HDF5 "Parallel HDF5" user guide (H5Pset_fapl_mpio, H5Pset_dxpl_mpio with
// H5FD_MPIO_COLLECTIVE); writing filtered (checksummed, compressed) chunks in parallel needs
// HDF5 1.10.2 or newer and collective transfers (HDF5 1.10.2 release notes, "Parallel
// compression"). Compiled in every build; without parallel HDF5 the writer refuses.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/io/snapshot.hpp"
#include "atomic_file.hpp"
#include "hdf5_support.hpp"

#if defined(ALFVEN_HAVE_PARALLEL_HDF5)
#include <mpi.h>
#endif

namespace alfven {
namespace io {

bool parallel_writes_available() {
#if defined(ALFVEN_HAVE_PARALLEL_HDF5)
  return true;
#else
  return false;
#endif
}

std::string hdf5_description() {
  unsigned major = 0, minor = 0, release = 0;
  H5get_libversion(&major, &minor, &release);
  std::string s =
      std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(release);
#if defined(ALFVEN_HAVE_PARALLEL_HDF5)
  return s +
         ", parallel (MPI-IO: each rank writes its block of one file; a restart reads its block)";
#elif defined(H5_HAVE_PARALLEL)
  return s +
         ", parallel but older than 1.10.2: used as serial (MPI runs write through rank 0; a "
         "restart "
         "reads each rank's block)";
#else
  return s +
         ", serial (MPI runs write through rank 0, one block at a time; a restart reads each "
         "rank's block)";
#endif
}

#if defined(ALFVEN_HAVE_PARALLEL_HDF5)

namespace {

using hdf5::FileWriter;
using hdf5::Handle;

/// Collective: when any process's `mine` is not empty, every process throws the message of the
/// lowest such rank (the others name that rank); otherwise returns.
void agree(MPI_Comm comm, const std::string& mine) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  int bad = mine.empty() ? INT_MAX : rank;
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MIN, comm);
  if (bad == INT_MAX) return;
  int n = rank == bad ? int(std::min<std::size_t>(mine.size(), 1 << 16)) : 0;
  MPI_Bcast(&n, 1, MPI_INT, bad, comm);
  std::string message =
      rank == bad ? mine.substr(0, std::size_t(n)) : std::string(std::size_t(n), ' ');
  MPI_Bcast(&message[0], n, MPI_CHAR, bad, comm);
  throw Error(rank == bad ? message : message + " (on rank " + std::to_string(bad) + ")");
}

/// The collective steps of a write in lockstep: after each step every process learns whether
/// any failed (an allreduce), and once one has, every process skips the remaining steps, so no
/// process waits in a collective call the others have left. A full disk that rank 0 alone sees
/// (it writes the metadata) made it skip to the closing while rank 1 created the next dataset:
/// a 2-rank run hung for good.
class Lockstep {
 public:
  Lockstep(MPI_Comm comm, std::string& mine) : comm_(comm), mine_(mine) {}
  /// Runs f unless a step failed; an Error it throws is kept as this process's message.
  template <typename F>
  void step(F&& f) {
    if (failed_) return;
    try {
      f();
    } catch (const Error& e) {
      if (mine_.empty()) mine_ = e.what();
    }
    int bad = mine_.empty() ? 0 : 1;
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, comm_);
    failed_ = bad != 0;
  }

 private:
  MPI_Comm comm_;
  std::string& mine_;
  bool failed_ = false;
};

/// Writes this process's block of every field, collectively, in pieces of whole z-planes of at
/// most max_piece_bytes (every process makes as many calls as the one with the most pieces).
void write_blocks(MPI_Comm comm, Lockstep& steps, FileWriter& w, const std::vector<hid_t>& sets,
                  const std::vector<FieldRef>& fields, const CellBox& block,
                  std::size_t max_piece_bytes, hid_t transfer) {
  const std::size_t cells = cell_count(block);
  const DataType type = fields.front().type;
  const std::size_t plane =
      cells == 0 ? 0 : std::size_t(block.count[0]) * std::size_t(block.count[1]);
  const long planes_per_piece =
      plane == 0 ? 1
                 : std::max<long>(
                       1, long(max_piece_bytes / std::max<std::size_t>(1, plane * size_of(type))));
  long pieces = cells == 0 ? 0 : (block.count[2] + planes_per_piece - 1) / planes_per_piece;
  MPI_Allreduce(MPI_IN_PLACE, &pieces, 1, MPI_LONG, MPI_MAX, comm);
  for (std::size_t f = 0; f < fields.size(); ++f)
    for (long p = 0; p < pieces; ++p) {
      CellBox piece = block;
      const long first = p * planes_per_piece;
      piece.offset[2] = block.offset[2] + int(first);
      piece.count[2] =
          int(std::max<long>(0, std::min<long>(planes_per_piece, long(block.count[2]) - first)));
      if (cells == 0) piece.count[2] = 0;
      hsize_t offset[3], count[3];
      hdf5::hyperslab_of(piece, offset, count);
      const auto* data = static_cast<const unsigned char*>(fields[f].data) +
                         (cell_count(piece) == 0 ? 0 : std::size_t(first) * plane * size_of(type));
      steps.step(
          [&] { w.write_hyperslab(sets[f], fields[f].name, offset, count, type, data, transfer); });
    }
}

}  // namespace

void write_snapshot_collective(const std::string& path, const GridInfo& grid,
                               const SnapshotMeta& meta, const std::vector<FieldRef>& fields,
                               const CellBox& block, const Collective& collective,
                               const StorageOptions& options) {
  ALFVEN_REQUIRE(collective.mpi_comm != nullptr,
                 "cannot write snapshot '" << path << "': no MPI communicator");
  const MPI_Comm comm = *static_cast<const MPI_Comm*>(collective.mpi_comm);
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<std::string> names;
  std::vector<DataType> types;
  std::string mine;
  for (const FieldRef& f : fields) {
    names.push_back(f.name);
    types.push_back(f.type);
    if (f.data == nullptr && cell_count(block) > 0)
      mine = "cannot write snapshot '" + path + "': field '" + f.name + "' has no data";
  }
  for (int a = 0; a < 3; ++a)
    if (cell_count(block) > 0 &&
        (block.offset[a] < 0 || block.offset[a] + block.count[a] > grid.n[a]))
      mine = "cannot write snapshot '" + path + "': the block of rank " + std::to_string(rank) +
             " reaches outside the grid along " + "xyz"[a];
  hdf5::check_arguments(path, grid, meta, names, types, options);  // the same on every process
  agree(comm, mine);

  // Room on the disk, checked by rank 0 before anything is created: parallel HDF5 meets a full
  // disk in rank 0's metadata writes inside collective calls (a dataset's creation), which it
  // then leaves while the other processes wait in them for good (a 2-rank run on a full disk
  // hung). The values and the rest, as every writer counts them (hdf5::disk_space_problem).
  if (rank == 0 && mine.empty())
    mine = hdf5::disk_space_problem(path, grid, types, options.deflate);
  agree(comm, mine);

  hdf5::QuietHdf5 quiet;
  const std::string tmp = detail::temporary_path(path);
  Handle access(hdf5::make_file_access(path), H5Pclose);
  if (H5Pset_fapl_mpio(access.get(), comm, MPI_INFO_NULL) < 0)
    mine = "cannot write snapshot '" + path + "': cannot use MPI-IO" + hdf5::detail();
  agree(comm, mine);
  if (rank == 0 && mine.empty()) {
    try {
      detail::require_no_temporary(tmp, path, "snapshot");
    } catch (const Error& e) {
      mine = e.what();
    }
  }
  agree(comm, mine);
  // Exclusive: a file that appeared at tmp since the check is refused, not truncated.
  Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, access.get()), hdf5::close_file);
  if (!file.valid())
    mine = "cannot write snapshot '" + path + "': cannot create '" + tmp + "'" + hdf5::detail();
  agree(comm, mine);

  Handle transfer(H5Pcreate(H5P_DATASET_XFER), H5Pclose);
  FileWriter w(path, file.get(), options.durable);
  std::vector<hid_t> sets;
  Lockstep steps(comm, mine);
  steps.step([&] {
    if (!transfer.valid() || H5Pset_dxpl_mpio(transfer.get(), H5FD_MPIO_COLLECTIVE) < 0)
      w.fail("cannot set up collective transfers");
    // Metadata: every process makes the same calls; rank 0 alone writes the coordinates.
    w.header(grid, meta, names);
  });
  steps.step([&] { w.coordinates(grid, transfer.get(), rank == 0); });
  hsize_t dims[3];
  hdf5::dims_of(grid, dims);
  // Chunks within one process's block each (chunk_alignment): parallel filtered writes then
  // move no chunk between processes. 256^3 float on 2 ranks of the development VM: 1.43-1.61 s
  // a file with shared chunks (split along x or y), 0.91-0.94 s with aligned ones (along z).
  hsize_t mine_box[6];
  hdf5::hyperslab_of(block, mine_box, mine_box + 3);
  int processes = 1;
  MPI_Comm_size(comm, &processes);
  std::vector<hsize_t> boxes(std::size_t(processes) * 6);
  static_assert(sizeof(hsize_t) == sizeof(std::uint64_t), "hsize_t is 64 bits");
  MPI_Allgather(mine_box, 6, MPI_UINT64_T, boxes.data(), 6, MPI_UINT64_T, comm);
  const std::vector<hsize_t> align = hdf5::chunk_alignment(3, dims, boxes.data(), processes);
  for (const std::string& name : names)
    steps.step([&] {
      sets.push_back(w.create_dataset(name, 3, dims, types.front(), options.deflate, align.data()));
    });
  if (sets.size() == names.size())
    write_blocks(comm, steps, w, sets, fields, block, collective.max_piece_bytes, transfer.get());
  for (hid_t s : sets) H5Dclose(s);
  for (const VectorRef& v : options.vectors)
    steps.step([&] { w.virtual_vector(v, grid, types.front()); });
  // Closing flushes every process's part (MPI_File_close); then rank 0 makes the file durable
  // and renames it.
  if (!file.close() && mine.empty())
    mine =
        "cannot write snapshot '" + path + "': cannot close (flush) '" + tmp + "'" + hdf5::detail();
  try {
    agree(comm, mine);
  } catch (const Error&) {
    if (rank == 0) std::remove(tmp.c_str());
    throw;
  }
  if (rank == 0) {
    try {
      if (options.durable) detail::sync_file(tmp, "snapshot");
      detail::move_into_place(tmp, path, "snapshot", options.durable);
    } catch (const Error& e) {
      std::remove(tmp.c_str());
      mine = e.what();
    }
  }
  agree(comm, mine);
}

#else

void write_snapshot_collective(const std::string& path, const GridInfo&, const SnapshotMeta&,
                               const std::vector<FieldRef>&, const CellBox&, const Collective&,
                               const StorageOptions&) {
  ALFVEN_REQUIRE(false, "cannot write snapshot '"
                            << path << "' collectively: this build's HDF5 is not parallel "
                            << "(install libhdf5-openmpi-dev and rebuild)");
}

#endif

}  // namespace io
}  // namespace alfven
