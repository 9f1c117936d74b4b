/// @file simulation.hpp
/// @brief A simulation set up from a validated configuration: grid, problem, scheme, solver on
/// a chosen backend, time and step count. `alfven run` drives one; so can a user's program or
/// a test (see examples/ and tests/regression/).
#pragma once

#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "alfven/config/config.hpp"
#include "alfven/core/error.hpp"
#include "alfven/mhd/communicator.hpp"
#include "alfven/mhd/embedded/body.hpp"
#include "alfven/mhd/problem.hpp"
#include "alfven/mhd/solver_interface.hpp"

namespace alfven {
namespace mhd {

/// The grid a configuration describes (single block, ghost cells on active axes; with bodies,
/// at least embedded_image_reach of them: effective_margin).
Grid grid_from(const RunConfig& config);
/// grid.margin, raised to embedded_image_reach when the run has bodies.
int effective_margin(const RunConfig& config);
/// The bodies of a configuration, their geometry parsed (a mesh file is read). Throws
/// alfven::Error for a geometry that cannot be built.
std::vector<Body> bodies_from(const RunConfig& config);
/// The scheme parameters of a configuration, with the problem's boundary adjustments.
SchemeParameters scheme_from(const RunConfig& config, const Problem& problem);

/// Evaluates the problem's initial state at every cell of `grid` (ghost cells included) into
/// host fields of that grid. The problem must have been configured.
template <typename Real>
void fill_initial_state(const Problem& problem, const Grid& grid,
                        Fields<Real, backend::Host>& fields);

/// Thrown when a state becomes unphysical (NaN, rho <= 0, e < 0): the message names the step,
/// time, cell (global indices and coordinates) and variable.
class UnphysicalStateError : public Error {
 public:
  explicit UnphysicalStateError(const std::string& m) : Error(m) {}
};

/// Thrown when the radiative transfer of a state gives a mean intensity, flux or heating that is
/// not finite: the message names the step, time, cell and the medium there.
class RadiationRangeError : public UnphysicalStateError {
 public:
  explicit RadiationRangeError(const std::string& m) : UnphysicalStateError(m) {}
};

/// One run in precision Real. Not copyable.
template <typename Real>
class Simulation {
 public:
  /// Sets up `config` on `backend` ("host" or "cuda"): decomposes the grid over the MPI ranks
  /// (mpi.*_procs; one block without MPI), configures the problem, checks that the run fits in
  /// memory (memory_estimate.hpp; `restarting`: the state will be read from a snapshot, which
  /// needs room for the file's contents), evaluates its initial state in host memory, copies it
  /// to the backend and fills the ghost cells. Collective over all ranks. Throws alfven::Error
  /// for a problem, decomposition or backend that cannot be set up, ConfigError (on every rank)
  /// when the host or device memory is too small for the run, with both figures, and
  /// UnphysicalStateError if the initial state is unphysical or has a value out of the range of
  /// Real's arithmetic (state_range.hpp).
  Simulation(const RunConfig& config, const std::string& backend, bool restarting = false);
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  /// Takes one step with the CFL time step of the current state and checks the new state.
  /// With time.exact_times, a step that would pass `until` (a time ahead, e.g. the next output
  /// time or time.tend) is shortened to end exactly on it (time() == until afterwards); otherwise
  /// `until` is ignored. Returns the step size. Throws UnphysicalStateError (state left as it
  /// became), RadiationRangeError when radiation.heating's transfer is not finite.
  Real step(double until = std::numeric_limits<double>::infinity());
  /// Steps until time >= tend or `max_steps` steps in total have been taken (max_steps < 0: no
  /// limit); with time.exact_times the last step ends on tend exactly.
  void run_until(double tend, long max_steps = -1);

  double time() const { return time_; }
  long steps() const { return steps_; }
  /// This rank's block.
  const Grid& grid() const { return grid_; }
  /// The whole grid.
  const Grid& global_grid() const { return global_; }
  const Communicator& communicator() const { return *comm_; }
  /// Totals over all ranks (mass, energy, max |div B|). Collective.
  Totals totals() const;
  /// Collective: fluid cells of the whole domain whose (rho, e) lies outside the table of a
  /// tabulated equation of state (clamped there); 0 without a table.
  long cells_outside_eos_table() const;
  /// Collective: the interior of the whole domain on rank 0 (empty elsewhere), nine variables,
  /// each global_n[0] x global_n[1] x global_n[2] values, x fastest, variable-major.
  std::vector<Real> gather_interior() const;
  /// Collective: the signed distance to the nearest body at the cell centres of the whole
  /// domain's interior on rank 0 (empty elsewhere), x fastest; empty without bodies.
  std::vector<Real> gather_signed_distance() const;
  const RunConfig& config() const { return config_; }
  SolverInterface<Real>& solver() { return *solver_; }
  /// Copies the current state (ghost cells included) into host memory.
  void copy_state_to(Fields<Real, backend::Host>& host) const { solver_->get_state(host); }
  /// Replaces the state and the clock (restart). Throws UnphysicalStateError when the state has
  /// a value out of the range of Real's arithmetic (state_range.hpp) or an unphysical cell.
  void restore(const Fields<Real, backend::Host>& host, double time, long steps);
  /// Collective: throws RadiationRangeError on every rank when some rank's `report` (of a
  /// radiative transfer solve of the current state) found a cell whose J, F or heating is not
  /// finite, naming the lowest such rank's cell, the step and the time.
  void throw_if_radiation_not_finite(const RadiationSolveReport& report) const;
  /// Cells inside bodies and ghost cells of bodies over the whole domain (0 without bodies).
  long solid_cells() const { return solid_cells_; }
  long body_ghost_cells() const { return ghost_cells_; }
  /// Ghost cells whose image points found no fluid (gaps or parts thinner than the grid
  /// resolves), set from the fluid cells next to them instead; whole domain.
  long body_nearest_fluid_cells() const { return nearest_fluid_cells_; }
  /// Solid cells that fluid stencils read from both sides along an axis (parts thinner than 4
  /// cells: one ghost state serves both sides, EmbeddedCounts::two_sided); whole domain.
  long body_two_sided_cells() const { return two_sided_cells_; }

 private:
  TimeStepCheck<Real> global_time_step();
  void set_up_bodies(const Fields<Real, backend::Host>& initial);
  // Collective: this block's interior of each of local_fields' variables (extent 3) gathered
  // into the whole domain on rank 0, variable-major, x fastest.
  std::vector<Real> gather_block(const View<const Real, 4>& local_fields) const;
  /// Throws ConfigError on every rank when a rank's estimated memory need exceeds what its host
  /// (or device) has available.
  void check_memory(const std::string& backend, bool restarting) const;
  /// Which state throw_if_unphysical checks, for its message.
  enum class Checked { Initial, Restored, AfterStep };
  /// Throws UnphysicalStateError on every rank when check found a bad cell on some rank.
  void throw_if_unphysical(const TimeStepCheck<Real>& check,
                           Checked checked = Checked::AfterStep) const;
  /// Throws UnphysicalStateError on every rank when some rank's block of `host` (the initial or
  /// restored state) has a value the scheme's arithmetic in Real would overflow
  /// (describe_state_out_of_range, state_range.hpp).
  void throw_if_out_of_range(const Fields<Real, backend::Host>& host, Checked checked) const;
  /// Collective: throws UnphysicalStateError (`radiation`: RadiationRangeError) with the message
  /// of the lowest rank whose `local` is not empty, with " on rank N" in a run of several ranks,
  /// on every rank; returns when every rank's `local` is empty.
  void throw_first_message(const std::string& local, bool radiation = false) const;
  /// "the initial state", "the restored state (step N, t = T)" or "the state (step N, t = T)".
  std::string checked_state_name(Checked checked) const;

  RunConfig config_;
  Grid global_;
  std::unique_ptr<Communicator> comm_;
  Grid grid_;
  std::unique_ptr<Problem> problem_;
  std::unique_ptr<SolverInterface<Real>> solver_;
  TimeStepCheck<Real> next_{};
  double time_ = 0;
  long steps_ = 0;
  long solid_cells_ = 0, ghost_cells_ = 0, nearest_fluid_cells_ = 0, two_sided_cells_ = 0;
};

}  // namespace mhd
}  // namespace alfven
