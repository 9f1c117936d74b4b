// `alfven info`: build configuration and visible devices.
#include <cstdio>

#include "alfven/core/device.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/parallel.hpp"
#include "alfven/mhd/solver_interface.hpp"
#include "commands.hpp"

namespace alfven {
namespace app {

void add_info_command(CLI::App& app) {
  CLI::App* cmd =
      app.add_subcommand("info", "Print how this program was built and which devices it sees");
  cmd->callback([]() {
    std::printf("alfven %s (%s build)\n", ALFVEN_VERSION, ALFVEN_BUILD_TYPE);
    std::printf("compiler:       %s\n", ALFVEN_COMPILER);
#ifdef _OPENMP
    std::printf("OpenMP:         yes (%d)\n", _OPENMP);
#else
    std::printf("OpenMP:         no (host loops run serially)\n");
#endif
    std::printf("HDF5:           %s\n", io::hdf5_description().c_str());
    std::printf("MPI:            %s\n", mhd::mpi_library());
#ifdef ALFVEN_HAVE_CUDA
    std::printf("CUDA backend:   yes (CUDA %s, architectures %s)\n", ALFVEN_CUDA_VERSION,
                ALFVEN_CUDA_ARCHITECTURES);
#else
    std::printf("CUDA backend:   no (build with `make cuda` for it)\n");
#endif
    const int n = device_count();
    std::printf("CUDA devices:   %d visible\n", n);
    for (int d = 0; d < n; ++d) std::printf("  device %d:     %s\n", d, device_name(d).c_str());
    std::printf("default backend for `alfven run`: %s\n",
                mhd::cuda_backend_usable() ? "cuda" : "host");
  });
}

}  // namespace app
}  // namespace alfven
