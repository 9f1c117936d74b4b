// make_cuda_solver in a build without the CUDA backend: a clear error.
#include "alfven/core/error.hpp"
#include "alfven/mhd/solver_interface.hpp"

namespace alfven {
namespace mhd {

bool cuda_backend_usable() {
  return false;
}

template <typename Real>
std::unique_ptr<SolverInterface<Real>> make_cuda_solver(const Grid&, const SchemeParameters&,
                                                        const SourceParameters&,
                                                        const Communicator*) {
  ALFVEN_REQUIRE(false,
                 "this build has no CUDA backend; rebuild with `make cuda` (CMake preset `cuda`, "
                 "-DALFVEN_ENABLE_CUDA=ON) or run with --backend host");
}

template std::unique_ptr<SolverInterface<float>> make_cuda_solver<float>(const Grid&,
                                                                         const SchemeParameters&,
                                                                         const SourceParameters&,
                                                                         const Communicator*);
template std::unique_ptr<SolverInterface<double>> make_cuda_solver<double>(const Grid&,
                                                                           const SchemeParameters&,
                                                                           const SourceParameters&,
                                                                           const Communicator*);

}  // namespace mhd
}  // namespace alfven
