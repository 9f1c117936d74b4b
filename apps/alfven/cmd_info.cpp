// `alfven info`: build configuration and visible devices.
#include <cstdio>

#include "alfven/mhd/solver_interface.hpp"
#include "commands.hpp"

namespace alfven {
namespace app {

void add_info_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("info", "Print how this program was built and which devices it sees");
  cmd->callback([]() {
    std::printf("alfven %s (%s build)\n", ALFVEN_VERSION, ALFVEN_BUILD_TYPE);
    std::printf("compiler:   %s\n", ALFVEN_COMPILER);
#ifdef _OPENMP
    std::printf("OpenMP:     yes (%d)\n", _OPENMP);
#else
    std::printf("OpenMP:     no\n");
#endif
    std::printf("HDF5:       %s\n", ALFVEN_HDF5_VERSION);
    std::printf("backends:   host%s\n", mhd::cuda_backend_usable() ? ", cuda" : "");
  });
}

}  // namespace app
}  // namespace alfven
