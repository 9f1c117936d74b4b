// parallel.hpp in a build without MPI: one process.
#include <algorithm>
#include <cstdlib>

#include "alfven/config/config.hpp"
#include "alfven/mhd/parallel.hpp"
#include "alfven/mhd/simulation.hpp"

namespace alfven {
namespace mhd {

ParallelEnvironment::ParallelEnvironment(int&, char**&) {}
ParallelEnvironment::~ParallelEnvironment() = default;
bool mpi_built() {
  return false;
}
std::size_t max_message_bytes() {
  return std::size_t(1) << 30;
}
int world_rank() {
  return 0;
}
int world_size() {
  return 1;
}
int node_local_rank() {
  return 0;
}
bool gpu_aware_mpi() {
  return false;
}
const char* mpi_library() {
  return "none (built without MPI)";
}
void abort_all(int code) {
  std::exit(code);
}
void synchronize_ranks() {}

bool collective_error(const std::exception& e) {
  return dynamic_cast<const ConfigError*>(&e) != nullptr ||
         dynamic_cast<const UnphysicalStateError*>(&e) != nullptr ||
         dynamic_cast<const CollectiveError*>(&e) != nullptr;
}

std::unique_ptr<Communicator> make_communicator(const int procs[3], const bool periodic[3],
                                                const Grid&) {
  for (int a = 0; a < 3; ++a)
    ALFVEN_REQUIRE(procs[a] <= 1,
                   "mpi."
                       << "xyz"[a] << "_procs = " << procs[a]
                       << " but this build has no MPI; install libopenmpi-dev, rebuild, and "
                          "start with mpiexec, or set the procs to 1");
  return std::make_unique<SerialCommunicator>(periodic);
}

}  // namespace mhd
}  // namespace alfven
