/// @file parallel.hpp
/// @brief Starting and stopping MPI, and the communicator of a run.
///
/// In a build without MPI everything here works as one process.
#pragma once

#include <memory>

#include "alfven/mhd/communicator.hpp"

namespace alfven {
namespace mhd {

/// Initialises MPI (when built with it) for the lifetime of the object; finalises it after.
class ParallelEnvironment {
 public:
  ParallelEnvironment(int& argc, char**& argv);
  /// Finalizes MPI; but when a failed write left a file HDF5 could not close
  /// (io::abandoned_files()), exits at once with the status given to set_exit_status (default 1)
  /// instead: finalizing would make a parallel HDF5 touch that file again and crash.
  ~ParallelEnvironment();
  /// The status the program exits with (used when MPI cannot be finalized, see above).
  void set_exit_status(int status) { exit_status_ = status; }
  ParallelEnvironment(const ParallelEnvironment&) = delete;
  ParallelEnvironment& operator=(const ParallelEnvironment&) = delete;

 private:
  int exit_status_ = 1;
};

/// True when this program was built with MPI.
bool mpi_built();
/// Rank of this process in MPI_COMM_WORLD (0 without MPI).
int world_rank();
/// Number of processes (1 without MPI).
int world_size();
/// Whether MPI can take device pointers: ALFVEN_GPU_AWARE_MPI=0|1 decides when set; otherwise
/// MPIX_Query_cuda_support where the library has it; otherwise false (the staged path).
bool gpu_aware_mpi();
/// Rank of this process among the ranks on its node (MPI_Comm_split_type shared memory); 0
/// without MPI. A CUDA run uses device node_local_rank() % device_count().
int node_local_rank();
/// "Open MPI 4.1.4" or similar; "none" without MPI.
const char* mpi_library();
/// True for errors that every rank raises with the same message (configuration errors, an
/// unphysical state), so that ranks can exit together without MPI_Abort.
bool collective_error(const std::exception& e);

/// Waits until every rank of MPI_COMM_WORLD reaches this call (MPI_Barrier; nothing without MPI).
/// `alfven run` calls it before the ranks leave with a non-zero status, which makes mpiexec
/// stop the ranks still running.
void synchronize_ranks();

/// Stops every rank (MPI_Abort) or, without MPI, exits with `code`.
[[noreturn]] void abort_all(int code);

/// The Cartesian decomposition of the world's ranks over the grid: procs[a] ranks along axis
/// a, or chosen by MPI_Dims_create where procs[a] is 0 (only active axes are split). Throws
/// alfven::Error (identically on every rank) when the product does not equal the number of
/// ranks, saying which values would.
std::unique_ptr<Communicator> make_communicator(const int procs[3], const bool periodic[3],
                                                const Grid& global);

}  // namespace mhd
}  // namespace alfven
