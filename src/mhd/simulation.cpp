// Simulation: set-up from a configuration, stepping with validity checks.
#include "alfven/mhd/simulation.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <sstream>

#include "alfven/core/device.hpp"
#include "alfven/geom/scene.hpp"
#include "alfven/mhd/memory_estimate.hpp"
#include "alfven/mhd/parallel.hpp"
#include "alfven/mhd/state_io.hpp"
#include "alfven/mhd/state_range.hpp"
#include "output_block.hpp"

namespace alfven {
namespace mhd {

namespace {

BoundaryConditions boundaries_from(const RunConfig& c) {
  BoundaryConditions bc{};
  for (int f = 0; f < 6; ++f)
    for (int v = 0; v < num_vars; ++v) {
      switch (c.boundary.kind[f][v]) {
        case BoundaryKind::Periodic:
          bc.code[f][v] = bc_periodic;
          break;
        case BoundaryKind::Outflow:
          bc.code[f][v] = bc_outflow;
          break;
        case BoundaryKind::Symmetric:
          bc.code[f][v] = bc_symmetric;
          break;
        case BoundaryKind::Antisymmetric:
          bc.code[f][v] = bc_antisymmetric;
          break;
        case BoundaryKind::Fixed:
          bc.code[f][v] = bc_fixed;
          break;
      }
    }
  return bc;
}

// Which variable of a bad cell is wrong, where it is, and its value.
template <typename Real>
std::string describe_bad_cell(const Fields<Real, backend::Host>& host, const Grid& g, long cell) {
  const int i = int(cell % g.total[0]), j = int((cell / g.total[0]) % g.total[1]),
            k = int(cell / (long(g.total[0]) * g.total[1]));
  const auto q = host.const_view();
  int var = -1;
  for (int v = 0; v < num_vars && var < 0; ++v)
    if (!std::isfinite(double(q(i, j, k, v)))) var = v;
  if (var < 0) var = q(i, j, k, density) > 0 ? int(internal_energy) : int(density);
  const double value = double(q(i, j, k, var));
  std::ostringstream os;
  os << describe_cell(g, i, j, k) << " has " << var_name(var) << " = " << value;
  if (std::isfinite(value)) os << (var == density ? " (must be > 0)" : " (must be >= 0)");
  return os.str();
}

}  // namespace

template <typename Real>
void fill_initial_state(const Problem& problem, const Grid& g, Fields<Real, backend::Host>& f) {
  auto q = f.view();
  for (int k = 0; k < g.total[2]; ++k)
    for (int j = 0; j < g.total[1]; ++j)
      for (int i = 0; i < g.total[0]; ++i) {
        const InitialState s =
            problem.initial_state(g.centre(0, i), g.centre(1, j), g.centre(2, k));
        q(i, j, k, density) = Real(s.density);
        for (int b = 0; b < 3; ++b) {
          q(i, j, k, velocity_x + b) = Real(s.velocity[b]);
          q(i, j, k, magnetic_field_x + b) = Real(s.magnetic_field[b]);
        }
        q(i, j, k, internal_energy) = Real(s.internal_energy);
        q(i, j, k, psi) = Real(s.psi);
      }
}

template void fill_initial_state<float>(const Problem&, const Grid&, Fields<float, backend::Host>&);
template void fill_initial_state<double>(const Problem&, const Grid&,
                                         Fields<double, backend::Host>&);

Grid grid_from(const RunConfig& c) {
  const double lo[3] = {c.x_min, c.y_min, c.z_min};
  const double hi[3] = {c.x_max, c.y_max, c.z_max};
  return make_grid(c.i_size, c.j_size, c.k_size, lo, hi, effective_margin(c));
}

int effective_margin(const RunConfig& c) {
  return c.bodies.empty() ? c.margin : std::max(c.margin, embedded_image_reach);
}

std::vector<Body> bodies_from(const RunConfig& c) {
  std::vector<Body> bodies;
  ALFVEN_REQUIRE(int(c.bodies.size()) <= max_bodies, c.source << ": bodies: at most " << max_bodies
                                                              << " bodies, got "
                                                              << c.bodies.size());
  for (std::size_t i = 0; i < c.bodies.size(); ++i) {
    const BodyConfig& b = c.bodies[i];
    const std::string name = "bodies[" + std::to_string(i) + "]";
    Body body{geom::parse_geometry_yaml(b.geometry, c.source + ": " + name + ".geometry"),
              WallRule{}, name};
    body.rule.wall = b.wall == "fixed" ? WallKind::Fixed
                                       : (b.wall == "no_slip" ? WallKind::NoSlip : WallKind::Slip);
    body.rule.magnetic = b.magnetic == "copy" ? MagneticWall::Copy : MagneticWall::Reflect;
    bodies.push_back(std::move(body));
  }
  return bodies;
}

SchemeParameters scheme_from(const RunConfig& c, const Problem& problem) {
  SchemeParameters p;
  p.gamma = c.gamma;
  p.eos_table = c.eos_table_data;
  p.radiation = c.radiation;
  p.cfl_number = c.cfl_number;
  p.ep = c.ep;
  p.fh = c.fh;
  p.cs_fac = c.cs_fac;
  p.ca_fac = c.ca_fac;
  p.vv_fac = c.vv_fac;
  p.density_floor = c.density_floor;
  p.pressure_floor = c.pressure_floor;
  p.resistivity = c.resistivity;
  p.resistivity_cfl = c.resistivity_cfl;
  p.viscosity = c.viscosity;
  p.viscosity_cfl = c.viscosity_cfl;
  p.boundaries = boundaries_from(c);
  problem.adjust_boundaries(p.boundaries);
  return p;
}

template <typename Real>
Simulation<Real>::Simulation(const RunConfig& config, const std::string& backend, bool restarting)
    : config_(config),
      global_(grid_from(config)),
      comm_(make_communicator(config.procs, config.periodic, global_)),
      grid_(comm_->local_grid(global_)),
      problem_(make_problem(config.problem)) {
  ALFVEN_REQUIRE(problem_,
                 "unknown problem '" << config.problem << "' (alfven problems lists them)");
  problem_->configure(config_);
  const SchemeParameters scheme = scheme_from(config_, *problem_);
  SourceParameters sources;
  for (int a = 0; a < 3; ++a) sources.gravity[a] = config_.gravity[a];
  sources.heating_rate = config_.heating_rate;
  if (backend == "cuda" && device_available())
    select_device(node_local_rank());  // one GPU per rank on a node
  check_memory(backend, restarting);   // before anything large is allocated
  solver_ =
      problem_->make_solver(SolverSetup{grid_, scheme, sources, comm_.get(), backend}, Real(0));
  Fields<Real, backend::Host> host(grid_);
  fill_initial_state(*problem_, grid_, host);
  throw_if_out_of_range(host, Checked::Initial);
  solver_->set_fixed_boundaries(host);
  if (!config_.bodies.empty()) set_up_bodies(host);
  solver_->set_state(host);
  next_ = global_time_step();
  throw_if_unphysical(next_, Checked::Initial);
}

template <typename Real>
void Simulation<Real>::set_up_bodies(const Fields<Real, backend::Host>& initial) {
  const std::vector<Body> bodies = bodies_from(config_);
  solver_->set_bodies(bodies, initial);
  // Checks that need the whole domain, made on every rank with the same sums (collective).
  const EmbeddedCounts local = solver_->embedded_counts();
  double solid = 0;
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    const double n = comm_->sum(double(local.solid_per_body[b]));
    solid += n;
    if (!(n > 0)) {  // every rank has the same sums: each raises the same error (collective)
      std::ostringstream m;
      m << config_.source << ": " << bodies[b].name << " has no cell centre inside the domain ["
        << global_.lo[0] << ", " << global_.hi[0] << "] x [" << global_.lo[1] << ", "
        << global_.hi[1] << "] x [" << global_.lo[2] << ", " << global_.hi[2]
        << "] that is not deeper inside another body (a cell inside two bodies belongs to the one "
           "whose surface is farther): move it into the domain, enlarge it, or refine the grid; a "
           "body lying entirely within another adds nothing, remove it";
      throw CollectiveError(m.str());
    }
  }
  const double cells = double(global_.global_n[0]) * global_.global_n[1] * global_.global_n[2];
  if (!(solid < cells))
    throw CollectiveError(
        config_.source + ": the bodies cover every cell of the domain: no fluid is left to evolve");
  const long failing =
      comm_->min(solver_->embedded_error().empty() ? LONG_MAX : long(comm_->rank()));
  if (failing != LONG_MAX)  // the first failing rank's message, raised on every rank
    throw CollectiveError(config_.source + ": " +
                          comm_->broadcast(solver_->embedded_error(), int(failing)));
  // Every rank refreshes the ghost layers alike: as deep as any rank's image stencils read, and
  // again after the bodies' cells where those reach a face of any block.
  const BodyReach reach = solver_->embedded_reach();
  solver_->set_body_reach(
      {int(comm_->max(double(reach.layers_read))), int(comm_->min(long(reach.face_distance)))});
  grid_ = solver_->grid();  // with the halo depth the solver keeps
  ghost_cells_ = long(comm_->sum(double(local.ghost)));
  nearest_fluid_cells_ = long(comm_->sum(double(local.nearest_fluid)));
  two_sided_cells_ = long(comm_->sum(double(local.two_sided)));
  solid_cells_ = long(solid);
}

template <typename Real>
void Simulation<Real>::check_memory(const std::string& backend, bool restarting) const {
  MemoryEstimateInput in;
  in.local = grid_;
  in.global = global_;
  in.real_size = int(sizeof(Real));
  in.device = backend == "cuda";
  in.staged_halos = in.device && !comm_->device_pointers_allowed();
  for (int a = 0; a < 3; ++a) in.split[a] = comm_->dims()[a] > 1;
  in.root = comm_->rank() == 0;
  in.restarting = restarting;
  for (const OutputBlockConfig& c : config_.outputs) {
    const OutputBlock block = resolve_output_block(c, global_);
    in.output_block_values += double(block.variables.size()) *
                              double(io::cell_count(intersect(block_box(grid_), block.region)));
  }
  const MemoryNeed need = estimate_run_memory(in);
  double device_free = 0, device_total = 0;
  if (in.device) alfven::device_memory_info(device_free, device_total);
  std::ostringstream what;
  what << "grid " << global_.global_n[0] << " x " << global_.global_n[1] << " x "
       << global_.global_n[2];
  if (comm_->size() > 1)
    what << ", blocks of " << grid_.n[0] << " x " << grid_.n[1] << " x " << grid_.n[2];
  what << " with " << *std::max_element(grid_.margin, grid_.margin + 3) << " ghost cells, "
       << (sizeof(Real) == 4 ? "float" : "double") << ", " << backend << " backend";
  std::string message;
  try {
    check_run_memory(need, available_host_memory(), device_free, device_total, what.str());
  } catch (const Error& e) {
    message = e.what();
    if (comm_->size() > 1) message += " (rank " + std::to_string(comm_->rank()) + ")";
  }
  // Collective: every rank stops with the message of the lowest rank that does not fit.
  const long bad_rank = comm_->min(message.empty() ? LONG_MAX : long(comm_->rank()));
  if (bad_rank == LONG_MAX) return;
  throw ConfigError({comm_->broadcast(message, int(bad_rank))});
}

template <typename Real>
TimeStepCheck<Real> Simulation<Real>::global_time_step() {
  // The minimum of exact values is exact: every decomposition takes the same step.
  TimeStepCheck<Real> c = solver_->compute_time_step();
  c.dt = Real(comm_->min(double(c.dt)));
  return c;
}

template <typename Real>
Totals Simulation<Real>::totals() const {
  const Totals t = solver_->totals();
  return {comm_->sum(t.mass), comm_->sum(t.energy), comm_->max(t.max_div_b)};
}

template <typename Real>
long Simulation<Real>::cells_outside_eos_table() const {
  if (!config_.eos_table_data) return 0;  // the same answer on every rank
  return long(comm_->sum(double(solver_->cells_outside_eos_table())));
}

template <typename Real>
std::vector<Real> Simulation<Real>::gather_interior() const {
  Fields<Real, backend::Host> host(grid_);
  solver_->get_state(host);
  return gather_block(host.const_view());
}

template <typename Real>
std::vector<Real> Simulation<Real>::gather_signed_distance() const {
  if (config_.bodies.empty()) return {};  // the same answer on every rank
  Array3D<Real> host(grid_.total[0], grid_.total[1], grid_.total[2]);
  solver_->get_signed_distance(host);
  const View<const Real, 3> v = host.const_view();
  return gather_block(View<const Real, 4>{v.ptr, {v.extents[0], v.extents[1], v.extents[2], 1}});
}

template <typename Real>
std::vector<Real> Simulation<Real>::gather_block(const View<const Real, 4>& local_fields) const {
  const int nx = grid_.n[0], ny = grid_.n[1], nz = grid_.n[2], vars = local_fields.extent(3);
  const std::size_t local = std::size_t(nx) * ny * nz;
  std::vector<Real> block(local * vars);
  for (int v = 0; v < vars; ++v)
    for (int k = 0; k < nz; ++k)
      for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i)
          block[v * local + i + std::size_t(nx) * (j + std::size_t(ny) * k)] =
              local_fields(i + grid_.margin[0], j + grid_.margin[1], k + grid_.margin[2], v);
  const std::vector<unsigned char> all = comm_->gather(block.data(), block.size() * sizeof(Real));
  const std::vector<unsigned char> offsets = comm_->gather(grid_.offset, sizeof(grid_.offset));
  if (comm_->rank() != 0) return {};
  const int gx = global_.global_n[0], gy = global_.global_n[1], gz = global_.global_n[2];
  const std::size_t global = std::size_t(gx) * gy * gz;
  std::vector<Real> out(global * vars);
  for (int r = 0; r < comm_->size(); ++r) {
    int off[3];
    std::memcpy(off, offsets.data() + r * sizeof(off), sizeof(off));
    const Real* src =
        reinterpret_cast<const Real*>(all.data() + std::size_t(r) * block.size() * sizeof(Real));
    for (int v = 0; v < vars; ++v)
      for (int k = 0; k < nz; ++k)
        for (int j = 0; j < ny; ++j)
          for (int i = 0; i < nx; ++i)
            out[v * global + (off[0] + i) +
                std::size_t(gx) * ((off[1] + j) + std::size_t(gy) * (off[2] + k))] =
                src[v * local + i + std::size_t(nx) * (j + std::size_t(ny) * k)];
  }
  return out;
}

template <typename Real>
void Simulation<Real>::throw_first_message(const std::string& local, bool radiation) const {
  // Collective: every rank learns whether any rank has a message; the lowest such rank's
  // message is thrown on every rank.
  const long bad_rank = comm_->min(local.empty() ? LONG_MAX : long(comm_->rank()));
  if (bad_rank == LONG_MAX) return;
  std::string message = local;
  if (comm_->size() > 1) message += " on rank " + std::to_string(bad_rank);
  message = comm_->broadcast(message, int(bad_rank));
  if (radiation) throw RadiationRangeError(message);
  throw UnphysicalStateError(message);
}

template <typename Real>
void Simulation<Real>::throw_if_radiation_not_finite(const RadiationSolveReport& report) const {
  std::string message;
  if (!report.nonfinite.empty()) {
    std::ostringstream os;
    os << "the radiative transfer of the state at step " << steps_ << " (t = " << time_
       << ") is not finite: " << report.nonfinite
       << ". Choose units in which chi and S are nearer 1"
       << (sizeof(Real) == sizeof(float) ? ", or run with precision: double" : "");
    message = os.str();
  }
  throw_first_message(message, true);
}

template <typename Real>
std::string Simulation<Real>::checked_state_name(Checked checked) const {
  if (checked == Checked::Initial) return "the initial state";
  std::ostringstream os;
  os << (checked == Checked::Restored ? "the restored state" : "the state") << " (step " << steps_
     << ", t = " << time_ << ")";
  return os.str();
}

template <typename Real>
void Simulation<Real>::throw_if_out_of_range(const Fields<Real, backend::Host>& host,
                                             Checked checked) const {
  std::string message = describe_state_out_of_range(host, grid_);
  if (!message.empty()) {
    message = checked_state_name(checked) + " is out of the range of its arithmetic: " + message;
    if (checked == Checked::Initial)
      message += std::string(
                     ". Choose units in which the problem's values (problem_parameters, "
                     "the initial state) are nearer 1") +
                 (sizeof(Real) == sizeof(float) ? ", or run with precision: double." : ".");
  }
  throw_first_message(message);
}

template <typename Real>
void Simulation<Real>::throw_if_unphysical(const TimeStepCheck<Real>& check,
                                           Checked checked) const {
  std::string message;
  if (check.bad_cell != LONG_MAX) {
    Fields<Real, backend::Host> host(grid_);
    solver_->get_state(host);
    std::ostringstream os;
    if (checked == Checked::AfterStep)
      os << "the state became unphysical after step " << steps_ << " (t = " << time_ << ")";
    else
      os << checked_state_name(checked) << " is unphysical";
    os << ": " << describe_bad_cell(host, grid_, check.bad_cell);
    message = os.str();
  }
  throw_first_message(message);
}

template <typename Real>
Real Simulation<Real>::step(double until) {
  Real dt = next_.dt;
  // time.exact_times: the step that would reach `until` (or end within a millionth of a step
  // short of it, which would leave a sliver of a step) ends on it exactly.
  const bool lands =
      config_.exact_times && time_ < until && time_ + double(dt) * (1 + 1e-6) >= until;
  if (lands) dt = Real(until - time_);
  solver_->advance(dt, next_.dt);  // the GLM speed of the admissible step
  // radiation.heating solved the transfer of the state at the step's start: stop if it overflowed
  if (config_.radiation.heating) throw_if_radiation_not_finite(solver_->radiation_report());
  time_ = lands ? until : time_ + double(dt);
  ++steps_;
  next_ = global_time_step();  // the next step's size, and a check of the new state
  throw_if_unphysical(next_);
  return dt;
}

template <typename Real>
void Simulation<Real>::run_until(double tend, long max_steps) {
  while (time_ < tend && (max_steps < 0 || steps_ < max_steps)) step(tend);
}

template <typename Real>
void Simulation<Real>::restore(const Fields<Real, backend::Host>& host, double time, long steps) {
  time_ = time;
  steps_ = steps;
  throw_if_out_of_range(host, Checked::Restored);
  solver_->set_state(host);
  next_ = global_time_step();
  throw_if_unphysical(next_, Checked::Restored);
}

template class Simulation<float>;
template class Simulation<double>;

}  // namespace mhd
}  // namespace alfven
