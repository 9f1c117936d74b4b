/// @file problem_sources.hpp
/// @brief A problem's own source terms, written in C++ and run inside the solver's kernels on the
/// host and the GPU: a force density, a heating rate and a magnetic diffusivity that varies in
/// space (MISO's external sources and ResistiveSource).
///
/// A problem derives from ProblemWithSources<Itself> instead of Problem and adds
///   template <typename Real> MySources<Real> sources() const;
/// which returns a trivially copyable functor with the members source.hpp describes
/// (`active` and operator() for a force and heating; `varying_resistivity` and resistivity(x) for
/// eta(x)), built from the problem's parameters (read in configure()). The solver adds it to the
/// configuration's uniform sources (sources.gravity, sources.heating_rate) and its eta(x) to
/// resistivity.eta. examples/custom_problem/main.cpp is a complete program; docs/problems.md
/// explains it.
///
/// This header instantiates the whole solver for the problem's source type: include it only in
/// the translation unit of such a problem. For the CUDA backend that unit must be compiled by
/// nvcc (in CMake: set_source_files_properties(FILE PROPERTIES LANGUAGE CUDA) in a CUDA build);
/// compiled by a plain C++ compiler, the problem runs on the host backend only and a CUDA run
/// says so.
#pragma once

#include <memory>

#include "alfven/core/device.hpp"
#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"
#include "alfven/mhd/solver_adapter.hpp"
#include "alfven/mhd/source.hpp"

namespace alfven {
namespace mhd {

/// Base of a problem with sources of its own; Derived implements `template <typename Real>
/// auto sources() const` (see the file comment).
template <typename Derived>
class ProblemWithSources : public Problem {
 public:
  std::unique_ptr<SolverInterface<float>> make_solver(const SolverSetup& setup,
                                                      float) const override {
    return build<float>(setup);
  }
  std::unique_ptr<SolverInterface<double>> make_solver(const SolverSetup& setup,
                                                       double) const override {
    return build<double>(setup);
  }

 private:
  template <typename Real>
  std::unique_ptr<SolverInterface<Real>> build(const SolverSetup& s) const {
    using Own = decltype(static_cast<const Derived&>(*this).template sources<Real>());
    using Sources = SumOfSources<UniformSources<Real>, Own>;
    const UniformSources<Real> uniform{
        {Real(s.sources.gravity[0]), Real(s.sources.gravity[1]), Real(s.sources.gravity[2])},
        Real(s.sources.heating_rate)};
    const Sources sources{uniform, static_cast<const Derived&>(*this).template sources<Real>()};
    if (s.backend == "cuda") {
#if defined(__CUDACC__)
      ALFVEN_REQUIRE(device_available(),
                     "--backend cuda: no CUDA device is visible (nvidia-smi lists none); "
                     "use --backend host");
      return std::make_unique<SolverAdapter<Real, backend::CUDA, Sources>>(s.grid, s.scheme,
                                                                           sources, s.comm);
#else
      ALFVEN_REQUIRE(
          false, "problem '"
                     << name()
                     << "': its sources were compiled without nvcc, so it runs on the "
                        "host backend only; run with --backend host (or compile its file as CUDA)");
#endif
    }
    return std::make_unique<SolverAdapter<Real, backend::Host, Sources>>(s.grid, s.scheme, sources,
                                                                         s.comm);
  }
};

}  // namespace mhd
}  // namespace alfven
