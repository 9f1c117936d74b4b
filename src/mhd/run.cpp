// The run driver: configuration -> problem set-up -> time loop with output -> summary.
#include "alfven/mhd/run.hpp"

#include <chrono>
#include <climits>
#include <cmath>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "alfven/mhd/problem.hpp"
#include "alfven/mhd/solver_interface.hpp"
#include "alfven/mhd/variables.hpp"
#include "progress.hpp"
#include "run_output.hpp"

namespace alfven {
namespace mhd {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Solver boundary codes from the configuration's boundary table.
BoundaryConditions boundaries_from(const RunConfig& c) {
  BoundaryConditions bc{};
  for (int f = 0; f < 6; ++f)
    for (int v = 0; v < num_vars; ++v) {
      switch (c.boundary.kind[f][v]) {
        case BoundaryKind::Periodic: bc.code[f][v] = bc_periodic; break;
        case BoundaryKind::Outflow: bc.code[f][v] = bc_outflow; break;
        case BoundaryKind::Symmetric: bc.code[f][v] = bc_symmetric; break;
        case BoundaryKind::Antisymmetric: bc.code[f][v] = bc_antisymmetric; break;
      }
    }
  return bc;
}

SchemeParameters scheme_from(const RunConfig& c, const Problem& problem) {
  SchemeParameters p;
  p.gamma = c.gamma;
  p.cfl_number = c.cfl_number;
  p.ep = c.ep;
  p.fh = c.fh;
  p.cs_fac = c.cs_fac;
  p.ca_fac = c.ca_fac;
  p.vv_fac = c.vv_fac;
  p.boundaries = boundaries_from(c);
  problem.adjust_boundaries(p.boundaries);
  return p;
}

Grid grid_from(const RunConfig& c) {
  const double lo[3] = {c.x_min, c.y_min, c.z_min};
  const double hi[3] = {c.x_max, c.y_max, c.z_max};
  return make_grid(c.i_size, c.j_size, c.k_size, lo, hi, c.margin);
}

// Evaluates the problem's initial state at every cell (ghosts too) in host memory.
template <typename Real>
void fill_initial_state(const Problem& problem, const Grid& g, Fields<Real, backend::Host>& f) {
  auto q = f.view();
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i) {
        const InitialState s = problem.initial_state(g.centre(0, i), g.centre(1, j), g.centre(2, k));
        q(i, j, k, density) = Real(s.density);
        for (int b = 0; b < 3; ++b) {
          q(i, j, k, velocity_x + b) = Real(s.velocity[b]);
          q(i, j, k, magnetic_field_x + b) = Real(s.magnetic_field[b]);
        }
        q(i, j, k, internal_energy) = Real(s.internal_energy);
        q(i, j, k, psi) = Real(s.psi);
      }
}

// Describes the first unphysical cell: which variable, where, and what is wrong.
template <typename Real>
std::string describe_bad_cell(const Fields<Real, backend::Host>& host, const Grid& g, long cell) {
  const int i = int(cell % g.total[0]), j = int((cell / g.total[0]) % g.total[1]),
            k = int(cell / (long(g.total[0]) * g.total[1]));
  const auto q = host.const_view();
  std::ostringstream os;
  int var = -1;
  for (int v = 0; v < num_vars && var < 0; ++v)
    if (!std::isfinite(double(q(i, j, k, v)))) var = v;
  if (var < 0) var = q(i, j, k, density) > 0 ? internal_energy : density;
  const double value = double(q(i, j, k, var));
  os << "cell (i, j, k) = (" << g.offset[0] + i - g.margin[0] << ", " << g.offset[1] + j - g.margin[1] << ", "
     << g.offset[2] + k - g.margin[2] << ") at (x, y, z) = (" << g.centre(0, i) << ", " << g.centre(1, j) << ", "
     << g.centre(2, k) << ") has " << var_name(var) << " = " << value;
  if (std::isfinite(value)) os << (var == density ? " (must be > 0)" : " (must be >= 0)");
  return os.str();
}

template <typename Real>
RunSummary run_with(const RunConfig& cfg, Problem& problem, const std::string& dir, const std::string& backend,
                    bool quiet, std::ostream& out) {
  const Grid grid = grid_from(cfg);
  problem.configure(cfg);
  const SchemeParameters scheme = scheme_from(cfg, problem);
  SourceParameters sources;
  for (int a = 0; a < 3; ++a) sources.gravity[a] = cfg.gravity[a];
  sources.heating_rate = cfg.heating_rate;

  std::unique_ptr<SolverInterface<Real>> solver = backend == "cuda" ? make_cuda_solver<Real>(grid, scheme, sources)
                                                                    : make_host_solver<Real>(grid, scheme, sources);
  Fields<Real, backend::Host> host(grid);
  fill_initial_state(problem, grid, host);
  solver->set_state(host);

  RunOutput output(dir, cfg, grid, out);
  out << "alfven run: " << cfg.problem << ", " << grid.global_n[0] << " x " << grid.global_n[1] << " x "
      << grid.global_n[2] << " cells, " << (sizeof(Real) == 4 ? "float" : "double") << ", backend "
      << solver->backend_name() << ", t_end = " << cfg.tend << ", output every " << cfg.dt_output << " -> "
      << dir << "\n";

  RunSummary summary;
  summary.output_dir = dir;
  summary.backend = solver->backend_name();
  summary.cells = grid.interior_cells();

  double time = 0;
  long step = 0;
  int next_output = 0;
  double loop_seconds = 0;  // time-loop wall time without output
  const auto t0 = Clock::now();
  ProgressLine progress(out, !quiet, cfg.tend, cfg.max_steps);

  auto check = solver->compute_time_step();
  auto stop_if_unphysical = [&](const TimeStepCheck<Real>& c) {
    if (c.bad_cell == LONG_MAX) return;
    progress.finish();
    solver->get_state(host);
    std::ostringstream os;
    os << "the run became unphysical after step " << step << " (t = " << time << "): "
       << describe_bad_cell(host, grid, c.bad_cell) << ". ";
    if (output.snapshots_written() > 0)
      os << "The last good snapshot is " << output.last_snapshot() << " (t = " << output.last_snapshot_time() << ").";
    else
      os << "No snapshot was written.";
    os << " Try a smaller mhd.cfl_number or stronger artificial viscosity (mhd.artificial_viscosity.ep).";
    throw UnphysicalStateError(os.str());
  };
  stop_if_unphysical(check);

  auto write_output = [&](double dt, double rate) {
    solver->get_state(host);
    output.write_snapshot(host, time, step);
    output.log(step, time, dt, solver->totals(), rate);
    ++next_output;
  };
  write_output(0.0, 0.0);  // the initial state is snapshot 0

  long log_step = step;
  double log_seconds = 0;
  while (time < cfg.tend && (cfg.max_steps < 0 || step < cfg.max_steps)) {
    const auto ts = Clock::now();
    const Real dt = check.dt;
    solver->advance(dt);
    time += double(dt);
    ++step;
    check = solver->compute_time_step();  // also checks the new state before it is written
    const double step_seconds = seconds_since(ts);
    loop_seconds += step_seconds;
    log_seconds += step_seconds;
    stop_if_unphysical(check);
    const double rate = double(summary.cells) * double(step - log_step) / std::max(log_seconds, 1e-12);
    progress.update(step, time, double(dt), double(summary.cells) * step / std::max(loop_seconds, 1e-12));
    // MISO's cadence: a snapshot at the first step whose time reaches each multiple of dt_output.
    if (time >= cfg.dt_output * next_output) {
      write_output(double(dt), rate);
      log_step = step;
      log_seconds = 0;
    } else if ((step - log_step) >= cfg.log_every) {
      output.log(step, time, double(dt), solver->totals(), rate);
      log_step = step;
      log_seconds = 0;
    }
  }
  // The final state is always kept, even if it does not fall on the output cadence.
  if (output.last_snapshot_time() != time) write_output(0.0, 0.0);
  progress.finish();

  summary.steps = step;
  summary.time = time;
  summary.wall_seconds = seconds_since(t0);
  summary.cell_updates_per_second = double(summary.cells) * step / std::max(loop_seconds, 1e-12);
  summary.snapshots = output.snapshots_written();
  return summary;
}

std::string choose_backend(const RunOptions& o, const RunConfig& c) {
  std::string b = !o.backend.empty() ? o.backend : c.backend;
  ALFVEN_REQUIRE(b == "auto" || b == "host" || b == "cuda",
                 "--backend must be host, cuda or auto, got '" << b << "'");
  if (b == "auto") {
    // The CUDA backend when this build has it and a device is visible.
    b = cuda_backend_usable() ? "cuda" : "host";
  }
  return b;
}

}  // namespace

RunConfig resolve_config(const RunOptions& o) {
  const ProblemCatalog catalog = problem_catalog();
  if (o.config.empty()) {
    return load_config_from_string(make_problem("orszag_tang")->default_config(), "built-in:orszag_tang",
                                   o.overrides, catalog);
  }
  if (!std::filesystem::exists(o.config)) {
    if (auto p = make_problem(o.config)) {
      return load_config_from_string(p->default_config(), "built-in:" + o.config, o.overrides, catalog);
    }
  }
  return load_config(o.config, o.overrides, catalog);
}

RunSummary run(const RunOptions& o, std::ostream& out) {
  const RunConfig cfg = resolve_config(o);
  const long ranks = long(std::max(cfg.procs[0], 1)) * std::max(cfg.procs[1], 1) * std::max(cfg.procs[2], 1);
  ALFVEN_REQUIRE(ranks == 1, cfg.source << ": mpi.x_procs * y_procs * z_procs = " << ranks
                                        << " but this run has 1 process; set them to 1 (or omit them)");
  std::unique_ptr<Problem> problem = make_problem(cfg.problem);
  ALFVEN_REQUIRE(problem, "unknown problem '" << cfg.problem << "'");
  const std::string dir =
      !o.output_dir.empty() ? o.output_dir : (!cfg.output_dir.empty() ? cfg.output_dir : cfg.problem);
  const std::string backend = choose_backend(o, cfg);
  if (cfg.precision == Precision::Float) return run_with<float>(cfg, *problem, dir, backend, o.quiet, out);
  return run_with<double>(cfg, *problem, dir, backend, o.quiet, out);
}

}  // namespace mhd
}  // namespace alfven
