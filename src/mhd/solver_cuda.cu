// The solver instantiated for the CUDA backend, float and double. The same kernels as on the
// host (stage.hpp, viscosity.hpp, boundary.hpp, cfl.hpp), launched by the CUDA for_each/reduce.
// Kept free of yaml-cpp, HDF5 and CLI11: only the light solver headers are included.
#include <cuda_runtime.h>

#include "alfven/core/device.hpp"
#include "alfven/mhd/memory_estimate.hpp"
#include "alfven/mhd/solver_adapter.hpp"

namespace alfven {
namespace mhd {

bool cuda_backend_usable() {
  return device_available();
}

template <typename Real>
std::unique_ptr<SolverInterface<Real>> make_cuda_solver(const Grid& g, const SchemeParameters& p,
                                                        const SourceParameters& s,
                                                        const Communicator* c) {
  ALFVEN_REQUIRE(device_available(),
                 "--backend cuda: no CUDA device is visible (nvidia-smi lists none); "
                 "use --backend host");
  return make_solver_on<Real, backend::CUDA>(g, p, s, c);
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
