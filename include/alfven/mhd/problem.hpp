/// @file problem.hpp
/// @brief What a user writes to set up a run: the Problem interface and the registry of
/// built-in problems.
///
/// A problem supplies the initial condition (primitive variables at each cell centre), may
/// adjust the boundary conditions, and may bring source terms of its own (a force, a heating rate,
/// a magnetic diffusivity that varies in space), device-callable, through ProblemWithSources
/// (problem_sources.hpp). Everything else (grid, time,
/// scheme parameters, output) comes from the YAML configuration, which a problem ships as a
/// complete default file (problems/NAME.yaml, built into the program). See the README's "Writing
/// a new problem" and examples/custom_problem/main.cpp for a worked example of a new problem.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "alfven/config/config.hpp"
#include "alfven/mhd/boundary.hpp"
#include "alfven/mhd/solver_interface.hpp"

namespace alfven {
namespace mhd {

/// Primitive state of one cell at t = 0, in the solver's units (Gaussian, see variables.hpp).
struct InitialState {
  double density = 1;                    ///< rho
  double velocity[3] = {0, 0, 0};        ///< v
  double magnetic_field[3] = {0, 0, 0};  ///< B (Gaussian: magnetic pressure B^2 / 8 pi)
  double internal_energy = 1;            ///< e, specific internal energy (p = (gamma - 1) rho e)
  double psi = 0;                        ///< GLM potential (normally 0)
};

/// A problem set-up. Implement initial_state (and name, description, default_config); override
/// the rest when needed. Problems run on the host during set-up only: the state is built in host
/// memory and copied to the solver's backend once.
class Problem {
 public:
  virtual ~Problem() = default;
  /// Name used in configuration files (`problem: NAME`) and on the command line.
  virtual std::string name() const = 0;
  /// One line for `alfven problems`.
  virtual std::string description() const = 0;
  /// A complete YAML configuration that runs this problem (what `alfven run NAME` uses).
  virtual std::string default_config() const = 0;
  /// The problem_parameters this problem accepts, with types and defaults.
  virtual std::vector<ProblemParameterSpec> parameters() const { return {}; }
  /// Reads the validated configuration before initial_state is called (problem_parameters holds
  /// every parameter of parameters(), as text). Throws alfven::Error for a set-up that cannot
  /// run (e.g. a shock tube along an axis with one cell), saying what to change.
  virtual void configure(const RunConfig& config) { (void)config; }
  /// Primitive state at the cell centre (x, y, z) at t = 0. Called for every cell, ghost cells
  /// included (their values are then replaced by the boundary conditions).
  virtual InitialState initial_state(double x, double y, double z) const = 0;
  /// Adjusts the boundary conditions the configuration produced (default: leaves them).
  virtual void adjust_boundaries(BoundaryConditions& bc) const { (void)bc; }
  /// The solver of this problem's runs, for one rank's block, on setup.backend ("host" or
  /// "cuda"), in the precision of the tag argument (float or double). The default is the
  /// standard solver with the configuration's uniform sources (make_host_solver,
  /// make_cuda_solver). A problem with sources of its own derives from ProblemWithSources
  /// (problem_sources.hpp), which overrides both. Throws alfven::Error when the backend cannot be
  /// used (no CUDA in this build or no visible device).
  virtual std::unique_ptr<SolverInterface<float>> make_solver(const SolverSetup& setup,
                                                              float precision) const;
  /// See make_solver(const SolverSetup&, float).
  virtual std::unique_ptr<SolverInterface<double>> make_solver(const SolverSetup& setup,
                                                               double precision) const;
};

/// Creates a new instance of a problem.
using ProblemFactory = std::function<std::unique_ptr<Problem>()>;

/// Makes a problem of the user's own known to make_problem, problem_catalog and `run`, by the
/// name its instances report. Throws alfven::Error if that name is taken.
void register_problem(ProblemFactory factory);

/// Every known problem: the built-in ones (orszag_tang, sod, brio_wu, uniform_flow,
/// kelvin_helmholtz, ...; `alfven problems` lists them) then registered ones.
std::vector<std::unique_ptr<Problem>> builtin_problems();

/// A new instance of the built-in problem `name`, or nullptr if there is none.
std::unique_ptr<Problem> make_problem(const std::string& name);

/// The catalog of built-in problems and their parameters, for configuration validation.
ProblemCatalog problem_catalog();

/// Double value of problem parameter `key` of a validated config (throws alfven::Error if the
/// key is missing, which validation prevents).
double parameter_as_double(const RunConfig& config, const std::string& key);
/// Text value of problem parameter `key`.
std::string parameter_as_string(const RunConfig& config, const std::string& key);

}  // namespace mhd
}  // namespace alfven
