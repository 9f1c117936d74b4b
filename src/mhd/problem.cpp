// The default solver of a Problem: the standard solver with the configuration's uniform sources.
#include "alfven/mhd/problem.hpp"

namespace alfven {
namespace mhd {

namespace {

template <typename Real>
std::unique_ptr<SolverInterface<Real>> standard_solver(const SolverSetup& s) {
  if (s.backend == "cuda") return make_cuda_solver<Real>(s.grid, s.scheme, s.sources, s.comm);
  return make_host_solver<Real>(s.grid, s.scheme, s.sources, s.comm);
}

}  // namespace

std::unique_ptr<SolverInterface<float>> Problem::make_solver(const SolverSetup& setup,
                                                             float) const {
  return standard_solver<float>(setup);
}

std::unique_ptr<SolverInterface<double>> Problem::make_solver(const SolverSetup& setup,
                                                              double) const {
  return standard_solver<double>(setup);
}

}  // namespace mhd
}  // namespace alfven
