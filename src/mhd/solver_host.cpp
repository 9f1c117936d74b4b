// The solver instantiated for the host backend, float and double.
#include "alfven/mhd/solver_adapter.hpp"

namespace alfven {
namespace mhd {

template <typename Real>
std::unique_ptr<SolverInterface<Real>> make_host_solver(const Grid& g, const SchemeParameters& p,
                                                        const SourceParameters& s,
                                                        const Communicator* c) {
  return make_solver_on<Real, backend::Host>(g, p, s, c);
}

template std::unique_ptr<SolverInterface<float>> make_host_solver<float>(const Grid&,
                                                                         const SchemeParameters&,
                                                                         const SourceParameters&,
                                                                         const Communicator*);
template std::unique_ptr<SolverInterface<double>> make_host_solver<double>(const Grid&,
                                                                           const SchemeParameters&,
                                                                           const SourceParameters&,
                                                                           const Communicator*);

}  // namespace mhd
}  // namespace alfven
