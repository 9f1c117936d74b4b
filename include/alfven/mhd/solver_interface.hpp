/// @file solver_interface.hpp
/// @brief A solver behind a virtual interface, so that the run driver (host code with HDF5,
/// YAML, ...) can drive a solver instantiated for the host or, in a .cu file, for CUDA.
#pragma once

#include <memory>

#include "alfven/mhd/cfl.hpp"
#include "alfven/mhd/communicator.hpp"
#include "alfven/mhd/diagnostics.hpp"
#include "alfven/mhd/fields.hpp"
#include "alfven/mhd/grid.hpp"
#include "alfven/mhd/halo_profile.hpp"
#include "alfven/mhd/scheme.hpp"

namespace alfven {
namespace mhd {

/// Uniform source terms as configured (sources.gravity, sources.heating_rate).
struct SourceParameters {
  double gravity[3] = {0, 0, 0};
  double heating_rate = 0;
  /// True if any source term is non-zero.
  bool any() const { return gravity[0] != 0 || gravity[1] != 0 || gravity[2] != 0 || heating_rate != 0; }
};

/// What the run driver needs of a solver; see Solver for the meaning of each call.
template <typename Real>
class SolverInterface {
 public:
  virtual ~SolverInterface() = default;
  /// Copies a host state (ghost cells included) in and fills the ghost cells.
  virtual void set_state(const Fields<Real, backend::Host>& host) = 0;
  /// Copies the current state (ghost cells included) out to host memory.
  virtual void get_state(Fields<Real, backend::Host>& host) const = 0;
  /// Admissible step and first unphysical cell of the current state.
  virtual TimeStepCheck<Real> compute_time_step() = 0;
  /// One full step of size dt.
  virtual void advance(Real dt) = 0;
  /// Total mass, energy and max |div B|.
  virtual Totals totals() const = 0;
  /// Seconds spent in halo exchanges (0 unless ALFVEN_PROFILE_HALO=1; see Solver::halo_profile).
  virtual HaloProfile halo_profile() const = 0;
  double halo_seconds() const { return this->halo_profile().total(); }
  /// How the halos of `axis` travel (see Solver::halo_path).
  virtual const char* halo_path(int axis) const = 0;
  /// "host" or "cuda".
  virtual const char* backend_name() const = 0;
};

/// A solver on the host backend (OpenMP threads) for this rank's block `grid`; `comm` (may be
/// null for one block) must outlive it.
template <typename Real>
std::unique_ptr<SolverInterface<Real>> make_host_solver(const Grid& grid, const SchemeParameters& scheme,
                                                        const SourceParameters& sources,
                                                        const Communicator* comm = nullptr);

/// True when this build has the CUDA backend and a CUDA device is visible.
bool cuda_backend_usable();

/// A solver on the CUDA backend. Throws alfven::Error in a build without CUDA or when no device
/// is visible.
template <typename Real>
std::unique_ptr<SolverInterface<Real>> make_cuda_solver(const Grid& grid, const SchemeParameters& scheme,
                                                        const SourceParameters& sources,
                                                        const Communicator* comm = nullptr);

}  // namespace mhd
}  // namespace alfven
