/// @file solver_interface.hpp
/// @brief A solver behind a virtual interface, so that the run driver (host code with HDF5,
/// YAML, ...) can drive a solver instantiated for the host or, in a .cu file, for CUDA.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "alfven/core/array.hpp"
#include "alfven/mhd/cfl.hpp"
#include "alfven/mhd/communicator.hpp"
#include "alfven/mhd/diagnostics.hpp"
#include "alfven/mhd/embedded/body.hpp"
#include "alfven/mhd/fields.hpp"
#include "alfven/mhd/grid.hpp"
#include "alfven/mhd/halo_profile.hpp"
#include "alfven/mhd/radiation/radiative_transfer.hpp"
#include "alfven/mhd/scheme.hpp"

namespace alfven {
namespace mhd {

/// Uniform source terms as configured (sources.gravity, sources.heating_rate).
struct SourceParameters {
  double gravity[3] = {0, 0, 0};
  double heating_rate = 0;
  /// True if any source term is non-zero.
  bool any() const {
    return gravity[0] != 0 || gravity[1] != 0 || gravity[2] != 0 || heating_rate != 0;
  }
};

template <typename Real>
class SolverInterface;

/// What building a solver for one rank's block takes (Problem::make_solver).
struct SolverSetup {
  Grid grid;                 ///< this rank's block
  SchemeParameters scheme;   ///< scheme, boundaries, floors, resistivity, viscosity
  SourceParameters sources;  ///< the configuration's uniform sources
  const Communicator*
      comm;  ///< halo exchange with the other blocks (null: one block); outlives the solver
  std::string backend;  ///< "host" or "cuda"
};

/// What the run driver needs of a solver; see Solver for the meaning of each call.
template <typename Real>
class SolverInterface {
 public:
  virtual ~SolverInterface() = default;
  /// The block as the solver refreshes it: the grid it was built with, and grid.halo_depth as
  /// set_body_reach chose (the ghost layers kept current).
  virtual const Grid& grid() const = 0;
  /// Copies a host state (ghost cells included) in and fills the ghost cells.
  virtual void set_state(const Fields<Real, backend::Host>& host) = 0;
  /// Copies the current state (ghost cells included) out to host memory.
  virtual void get_state(Fields<Real, backend::Host>& host) const = 0;
  /// Starts copying the current state (ghost cells included) out to host memory `host` (best
  /// page-locked), which holds it once wait_state_copy() has returned; a CUDA solver returns at
  /// once and the copy overlaps the next steps (StateCopy, state_copy.hpp), the host solver
  /// copies before returning. Waits first for an earlier copy still in flight.
  virtual void begin_state_copy(Fields<Real, backend::Host>& host) = 0;
  /// Waits until begin_state_copy's data is in its host array; may be called from another
  /// thread than begin_state_copy, but not at the same time.
  virtual void wait_state_copy() = 0;
  /// Admissible step and first unphysical cell of the current state.
  virtual TimeStepCheck<Real> compute_time_step() = 0;
  /// One full step of size dt, with the GLM parameters of the admissible step glm_dt (>= dt;
  /// see Solver::advance).
  virtual void advance(Real dt, Real glm_dt) = 0;
  /// One full step of size dt.
  void advance(Real dt) { advance(dt, dt); }
  /// Total mass, energy and max |div B|.
  virtual Totals totals() const = 0;
  /// Whether the run has radiative transfer (scheme radiation.enabled).
  virtual bool radiation_enabled() const = 0;
  /// Collective: solves the radiative transfer for the current state (chi and S from it; the
  /// embedded bodies opaque, emitting radiation.wall_emission).
  virtual RadiationSolveReport solve_radiation() = 0;
  /// The report of the last solve: solve_radiation's, or that of the last step's heating (an
  /// empty report before the first).
  virtual RadiationSolveReport radiation_report() const = 0;
  /// The mean intensity J, flux F (3 x cells) and heating 4 pi chi (J - S) of the last solve,
  /// every cell of the block (ghosts included), copied into host arrays (resized).
  virtual void get_radiation(Array1D<Real>& mean, Array1D<Real>& flux,
                             Array1D<Real>& heating) const = 0;
  /// Fluid cells of this block outside the table of a tabulated equation of state (0 without).
  virtual long cells_outside_eos_table() const = 0;
  /// Seconds spent in halo exchanges (0 unless ALFVEN_PROFILE_HALO=1; see Solver::halo_profile).
  virtual HaloProfile halo_profile() const = 0;
  double halo_seconds() const { return this->halo_profile().total(); }
  /// How the halos of `axis` travel (see Solver::halo_path).
  virtual const char* halo_path(int axis) const = 0;
  /// Makes `bodies` embedded boundaries (see Solver::set_bodies); call before set_state.
  virtual void set_bodies(const std::vector<Body>& bodies,
                          const Fields<Real, backend::Host>& initial) = 0;
  /// Keeps the initial ghost values of bc_fixed faces (see Solver::set_fixed_boundaries).
  virtual void set_fixed_boundaries(const Fields<Real, backend::Host>& initial) = 0;
  /// Sets the refreshes from every rank's reach combined (see Solver::set_body_reach).
  virtual void set_body_reach(const BodyReach& reach) = 0;
  /// This block's cell counts of the bodies (EmbeddedBoundary::counts).
  virtual EmbeddedCounts embedded_counts() const = 0;
  /// Empty, or why a body's ghost cell has no image point (EmbeddedBoundary::error).
  virtual std::string embedded_error() const = 0;
  /// How far this block's bodies reach towards its faces (EmbeddedBoundary::reach).
  virtual BodyReach embedded_reach() const = 0;
  /// Copies the signed distance to the nearest body (ghost cells included) into `host`, which
  /// must have the block's extents (total[0], total[1], total[2]); no-op without bodies.
  virtual void get_signed_distance(Array3D<Real>& host) const = 0;
  /// "host" or "cuda".
  virtual const char* backend_name() const = 0;
};

/// A solver on the host backend (OpenMP threads) for this rank's block `grid`; `comm` (may be
/// null for one block) must outlive it.
template <typename Real>
std::unique_ptr<SolverInterface<Real>> make_host_solver(const Grid& grid,
                                                        const SchemeParameters& scheme,
                                                        const SourceParameters& sources,
                                                        const Communicator* comm = nullptr);

/// True when this build has the CUDA backend and a CUDA device is visible.
bool cuda_backend_usable();

/// A solver on the CUDA backend. Throws alfven::Error in a build without CUDA or when no device
/// is visible.
template <typename Real>
std::unique_ptr<SolverInterface<Real>> make_cuda_solver(const Grid& grid,
                                                        const SchemeParameters& scheme,
                                                        const SourceParameters& sources,
                                                        const Communicator* comm = nullptr);

}  // namespace mhd
}  // namespace alfven
