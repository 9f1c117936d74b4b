/// @file solver.hpp
/// @brief The MISO-compatible MHD solver on one backend: state, time step, one full step.
///
/// One step (mhd-scheme.md, "Time step"): the caller takes dt from compute_time_step(); then
/// GLM parameters c_h = 0.8 cfl min(dx) / dt, tau = 2 dt; four low-storage stages
/// q_a <- L(q, q_a, s dt) for s = 1/4, 1/3, 1/2, 1, each followed by boundary conditions;
/// then the artificial viscosity along x, y, z, each pass preceded by the boundary conditions of
/// its axis and the last followed by those of every axis (apply_artificial_viscosity).
/// Resistivity and viscosity (dissipation.hpp), when the parameters or the source ask for them,
/// are part of every stage, and their stable step part of compute_time_step; otherwise the
/// kernels without them run (and give the results they always gave).
/// Every kernel is a functor from stage.hpp, viscosity.hpp, boundary.hpp, cfl.hpp run through
/// for_each/reduce, so this same class runs on the host and (compiled by nvcc) on a GPU. Fields
/// stay in the backend's memory for the whole run. Ghost cells shared with other blocks are
/// filled by a HaloExchange (halo_exchange.hpp), which owns buffers, staging, streams and
/// profiling; the solver only says which axis to exchange and which kernel may overlap it.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <utility>

#include "alfven/core/core.hpp"
#include "boundary.hpp"
#include "cfl.hpp"
#include "characteristic_speed.hpp"
#include "communicator.hpp"
#include "diagnostics.hpp"
#include "embedded/embedded_boundary.hpp"
#include "eos_table_storage.hpp"
#include "fields.hpp"
#include "floors.hpp"
#include "grid.hpp"
#include "halo_exchange.hpp"
#include "halo_profile.hpp"
#include "radiation/radiation_coupling.hpp"
#include "scheme.hpp"
#include "source.hpp"
#include "stage.hpp"
#include "stage_fluxes.hpp"
#include "stage_tile.hpp"
#include "viscosity.hpp"

namespace alfven {
namespace mhd {

/// MHD solver for precision Real on Backend, with source terms Source (source.hpp).
/// Not copyable. Errors: constructor throws alfven::Error on an invalid grid (see make_grid).
template <typename Real, typename Backend, typename Source = NoSource>
class Solver {
 public:
  /// `grid` is this rank's block; `comm` (may be null: one block) exchanges halos with the
  /// neighbouring blocks and must outlive the solver.
  Solver(const Grid& grid, const SchemeParameters& params, const Source& source = Source{},
         const Communicator* comm = nullptr)
      : grid_(grid),
        params_(params),
        source_(source),
        halo_(grid, comm),
        q_(grid),
        qa_(grid),
        qr_(grid),
        speed_(grid.total[0], grid.total[1], grid.total[2]) {
    eos_.gamma = Real(params.gamma);
    if (params.eos_table) {
      eos_table_ = EosTableStorage<Real, Backend>(*params.eos_table);
      eos_.table = eos_table_.view();
    }
    if (std::is_same<Backend, backend::Host>::value)
      stage_ = sizeof(Real) == 4 ? StageMethod::two_pass : StageMethod::fused;
    else
      stage_ = eos_.tabulated() ? StageMethod::two_pass : StageMethod::fused;
    floors_.rho_min = Real(params.density_floor);
    floors_.p_min = Real(params.pressure_floor);
    dissipation_.eta = Real(params.resistivity);
    dissipation_.nu = Real(params.viscosity);
    dissipation_.eta_cfl = Real(params.resistivity_cfl);
    dissipation_.nu_cfl = Real(params.viscosity_cfl);
    dissipative_ =
        params.resistivity > 0 || params.viscosity > 0 || source_has_resistivity<Source>::value;
  }
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  /// The grid (local block) this solver works on.
  const Grid& grid() const { return grid_; }
  /// Scheme parameters.
  const SchemeParameters& parameters() const { return params_; }
  /// The current state (primitive fields, ghost cells included).
  Fields<Real, Backend>& state() { return q_; }
  const Fields<Real, Backend>& state() const { return q_; }

  /// Replaces the state by `src` (any backend) and fills the ghost cells (and the cells of
  /// embedded bodies). Ghost layers beyond grid().halo_depth keep src's values from then on, in
  /// the state and in the stages' work fields alike.
  template <typename B>
  void set_state(const Fields<Real, B>& src) {
    q_.copy_from(src);
    refresh(q_);
    qa_.copy_from(q_);  // the work fields become the state in turn: no unset ghost layer in any
    qr_.copy_from(q_);
  }

  /// Makes `bodies` embedded boundaries of this block (embedded/embedded_boundary.hpp): the
  /// ghost-cell tables are built now, with `initial` (the block's initial state on the host, ghost
  /// cells included) as the state solid cells keep, and the refreshes are set from this block's
  /// bodies alone (set_body_reach(bodies().reach())). Call before set_state; on several ranks call
  /// set_body_reach with every rank's answer combined afterwards. An axis whose faces are periodic
  /// for every variable wraps: a body across such a face is whole (BodyGeometry).
  void set_bodies(const std::vector<Body>& bodies, const Fields<Real, backend::Host>& initial) {
    std::array<bool, 3> periodic{};  // an axis whose faces copy every variable across the domain
    for (int a = 0; a < 3; ++a) {
      bool wraps = true;
      for (int face = 2 * a; face <= 2 * a + 1; ++face)
        for (int v = 0; v < num_vars; ++v)
          wraps = wraps && params_.boundaries.code[face][v] == bc_periodic;
      periodic[std::size_t(a)] = wraps;
    }
    bodies_.build(grid_, bodies, initial, periodic);
    set_body_reach(bodies_.reach());
  }
  /// Sets the refreshes of a run with bodies from `reach`: this block's bodies().reach(), or on
  /// several ranks every rank's combined (the largest layers_read, the smallest face_distance),
  /// so that every decomposition gives the same values. The ghost layers refreshed
  /// (grid.halo_depth): the scheme's 2, or as many as the image stencils read; they are filled
  /// again after the bodies' cells when one of those lies within that depth of a block's face; the
  /// viscosity refreshes every axis after each pass only when image stencils read ghost layers.
  /// Call before set_state; nothing without bodies. Throws alfven::Error when reach.layers_read
  /// exceeds grid.margin.
  void set_body_reach(const BodyReach& reach) {
    if (!bodies_.active()) return;
    const int depth = std::max(embedded_stencil_reach, reach.layers_read);
    int depths[3];
    for (int a = 0; a < 3; ++a) {
      ALFVEN_REQUIRE(!grid_.active(a) || depth <= grid_.margin[a],
                     "the bodies' image stencils read " << reach.layers_read
                                                        << " ghost layers, more than grid.margin ("
                                                        << grid_.margin[a] << ")");
      depths[a] = grid_.active(a) ? depth : 0;
      grid_.halo_depth[a] = depths[a];
    }
    halo_.set_halo_depth(depths);
    refresh_after_fill_ = reach.face_distance < depth;
    stencils_read_halo_ = reach.layers_read > 0;
  }

  /// Keeps the ghost values of `initial` (the block's initial state on the host, ghost cells
  /// included) for the faces whose boundary kind is bc_fixed. Call before set_state; without
  /// such faces it keeps nothing.
  void set_fixed_boundaries(const Fields<Real, backend::Host>& initial) {
    for (int axis = 0; axis < 3; ++axis) {
      if (!grid_.active(axis) || !has_fixed_face(params_.boundaries, axis)) continue;
      const long cells = margin_cells_of(grid_, axis);  // every margin layer, whatever the depth
      Array1D<Real> slab(cells * num_vars);
      gather_boundary_slab(grid_, axis, initial.const_view(), slab.data());
      fixed_slab_[axis] = Array1D<Real, Backend>(cells * num_vars);
      fixed_slab_[axis].copy_from(slab);
    }
  }
  /// The embedded bodies of this block (empty when the run has none).
  const EmbeddedBoundary<Real, Backend>& bodies() const { return bodies_; }

  /// True when the stages include resistivity or viscosity (dissipation.hpp).
  bool dissipative() const { return dissipative_; }

  /// The admissible time step of the current state and the first unphysical cell, if any
  /// (cfl.hpp; with resistivity or viscosity, their limit too). Synchronous.
  TimeStepCheck<Real> compute_time_step() {
    const auto min_over_interior = [&](const auto& k) {
      return reduce(Backend{}, grid_.interior(), TimeStepCheck<Real>::identity(), k, TimeStepMin{},
                    dt_helper_);
    };
    const Real cfl = Real(params_.cfl_number);
    if (dissipative_)
      return min_over_interior(TimeStepKernel<Real, Source, true>{
          q_.const_view(), grid_, eos_, cfl, bodies_.solid_mask(), dissipation_, source_});
    return min_over_interior(
        TimeStepKernel<Real>{q_.const_view(), grid_, eos_, cfl, bodies_.solid_mask()});
  }

  /// Advances the state by one full step of size dt (stages, then artificial viscosity).
  void advance(Real dt) { advance(dt, dt); }

  /// As advance(dt), with the GLM parameters (c_h, tau) taken from the admissible step glm_dt
  /// (>= dt) instead of dt: a step shortened to land on an output time (time.exact_times) then
  /// keeps the cleaning speed of the steps around it. advance(dt, dt) is advance(dt).
  void advance(Real dt, Real glm_dt) {
    const Real ch = Real(0.8 * params_.cfl_number * grid_.min_spacing() / double(glm_dt));
    const Real ch2 = ch * ch;
    const Real tau = Real(2) * glm_dt;
    // Four stages: q_a <- L(q, q_a, s dt); the first stage's argument is q itself.
    const Real fractions[4] = {Real(1) / Real(4), Real(1) / Real(3), Real(1) / Real(2), Real(1)};
    for (int s = 0; s < 4; ++s) {
      const Real dts = dt * fractions[s];
      const ConstFieldsView<Real> arg = s == 0 ? q_.const_view() : qa_.const_view();
      // into qr_, ghost cells filled; the last stage also takes the viscosity's speed
      stage_and_refresh(arg, dts, ch2, math::exp(-dts / tau), s == 3);
      qa_.swap(qr_);
    }
    q_.swap(qa_);
    apply_artificial_viscosity(dt);
  }

  /// Chooses how a stage is computed (StageMethod, stage.hpp): two passes (the default for float
  /// on the host and for a tabulated equation of state on a GPU), one fused kernel (the default
  /// for double on the host and for the ideal gas on a GPU), or tiles (never the default). The
  /// same bits on the host, the same to rounding on a GPU. By default a GPU without room for the
  /// two-pass flux arrays runs the fused stage; after this call the choice is kept.
  void set_stage_method(StageMethod method) {
    stage_ = method;
    stage_chosen_ = true;
  }
  /// The stage computation in use (set_stage_method).
  StageMethod stage_method() const { return stage_; }

  /// Total mass, total energy and max |div B| of the current state (interior cells).
  Totals totals() const {
    return reduce(Backend{}, grid_.interior(), Totals{0, 0, 0},
                  TotalsKernel<Real>{q_.const_view(), grid_, bodies_.solid_mask()}, TotalsOp{},
                  totals_helper_);
  }

  /// The equation of state the kernels evaluate (its table, if any, on Backend).
  const EquationOfState<Real>& eos() const { return eos_; }

  /// Number of interior fluid cells whose (rho, e) lies outside the table of a tabulated
  /// equation of state (their p and c_s are clamped to the table's edge); 0 without a table.
  /// Synchronous.
  long cells_outside_eos_table() const {
    if (!eos_.tabulated()) return 0;
    return reduce(
        Backend{}, grid_.interior(), 0L,
        OutsideEosTableKernel<Real>{q_.const_view(), grid_, eos_.table, bodies_.solid_mask()},
        reduce_op::Sum{}, outside_helper_);
  }

  /// Fills the ghost layers of `f` (grid().halo_depth of them), axis by axis (x, y, z): faces
  /// shared with another block by halo exchange, the others by the boundary conditions (periodic
  /// across one block included); slabs that span the other axes' ghost layers fill edges and
  /// corners too. Without neighbour ranks, every axis in one launch (GhostLayerKernel, same bits).
  void apply_boundaries(Fields<Real, Backend>& f) {
    if (!halo_.exchanges_any()) {
      GhostLayerKernel<Real> k{f.view(), grid_, params_.boundaries};
      for (int axis = 0; axis < 3; ++axis) k.fixed[axis] = fixed_slab_[axis].data();
      for_each(Backend{}, Range1D{0, ghost_layer_cells(grid_)}, k);
      return;
    }
    for (int axis = 0; axis < 3; ++axis)
      if (grid_.active(axis)) refresh_axis(f, axis);
  }

  /// Seconds spent in halo exchanges since construction, measured only when the environment
  /// variable ALFVEN_PROFILE_HALO=1 is set (the measurement waits for the device before and after
  /// each exchange); zeros otherwise.
  const HaloProfile& halo_profile() const { return halo_.profile(); }
  /// Total of halo_profile().
  double halo_seconds() const { return halo_.profile().total(); }
  /// How the halos of `axis` travel once exchanged: "none" (no neighbour ranks), "host buffers",
  /// "direct" (device pointers to a CUDA-aware MPI), "shared pinned" / "shared pageable" (node
  /// shared memory), "pinned + MPI". Known after the first exchange of the axis.
  const char* halo_path(int axis) const { return halo_.path(axis); }

  /// Adds dt * heat[c] (energy per volume per time at every cell of the block, on Backend) to
  /// the internal energy of the fluid cells (radiation/radiation_coupling.hpp, HeatingKernel)
  /// and fills the ghost cells again: an operator-split energy source such as radiative heating.
  void add_heating(const Real* heat, Real dt) {
    for_each(Backend{}, grid_.interior(),
             HeatingKernel<Real>{q_.view(), grid_, heat, dt, bodies_.solid_mask()});
    refresh(q_);
  }

 private:
  // The ghost layers of `f` (grid.halo_depth of them), then the cells of the embedded bodies (whose
  // image points read the ghost cells), then, where a body's cells reach into a neighbour's ghost
  // layers, the ghost cells again. `which`: every stored cell of the bodies, or (after the updates
  // inside a step) only those fluid stencils read (EmbeddedBoundary::apply).
  void refresh(Fields<Real, Backend>& f, BodyFill which = BodyFill::Everything) {
    apply_boundaries(f);
    fill_bodies(f, which);
  }
  // The bodies' cells of `f` (after its ghost cells are current); nothing without bodies.
  void fill_bodies(Fields<Real, Backend>& f, BodyFill which = BodyFill::Everything) {
    if (!bodies_.active()) return;
    bodies_.apply(f, which);
    if (refresh_after_fill_) apply_boundaries(f);
  }

  // Ghost cells of `axis` only: halo exchange with the neighbouring blocks, boundary conditions
  // on the faces that are domain edges.
  void refresh_axis(Fields<Real, Backend>& f, int axis) {
    if (halo_.exchanges(axis)) halo_.exchange(f, axis);
    fill_domain_edges(f, axis);
  }

  // Boundary conditions on the faces of `axis` that the halo exchange does not fill (all of them
  // when the axis is not split; a periodic axis of one block is copied here).
  void fill_domain_edges(Fields<Real, Backend>& f, int axis) {
    BoundaryKernel<Real> k{f.view(), grid_, params_.boundaries, axis};
    k.fixed = fixed_slab_[axis].data();
    k.apply[0] = !halo_.fills_face(axis, 0);
    k.apply[1] = !halo_.fills_face(axis, 1);
    if (k.apply[0] || k.apply[1]) for_each(Backend{}, Range1D{0, boundary_cells(grid_, axis)}, k);
  }

  // Runs kernel k (which writes f) over `range`, then the floors (with `eos`) and f's ghost cells
  // (run_and_refresh_cells). With Speed (the last stage), the characteristic speed of each
  // written cell after its floors (SpeedAfterKernel), then of the refreshed ghost cells
  // (GhostSpeedKernel): speed_ is then f's.
  template <bool Speed = false, typename K, typename Eos>
  void run_and_refresh(const Range3D& range, const K& k, Fields<Real, Backend>& f, const Eos& eos) {
    const auto run = [&](const auto& kf) {  // kf: k, or k then the floors
      if constexpr (!Speed) {
        run_and_refresh_cells(range, kf, f);
      } else {
        using KF = std::decay_t<decltype(kf)>;
        const SpeedFactors<Real> sf{Real(params_.cs_fac), Real(params_.ca_fac),
                                    Real(params_.vv_fac)};
        run_and_refresh_cells(
            range, SpeedAfterKernel<KF, Real, Eos>{kf, f.const_view(), speed_.view(), eos, sf}, f);
        for_each(Backend{}, Range1D{0, ghost_layer_cells(grid_)},
                 GhostSpeedKernel<Real>{f.const_view(), speed_.view(), grid_, eos_, sf});
        speed_current_ = true;
      }
    };
    if (floors_.active()) return run(FlooredKernel<K, Real, Eos>{k, f.view(), floors_, eos});
    run(k);
  }
  // Runs k over `range`, then refreshes f. When the halo exchange can overlap the kernel
  // (HaloExchange::overlap_axis: device fields whose first active axis is split between ranks),
  // that axis's halo travels while the bulk of the kernel runs, then the other axes are refreshed:
  // the values of the plain sequence. `which`: the bodies' cells to restore (refresh).
  template <typename K>
  void run_and_refresh_cells(const Range3D& range, const K& k, Fields<Real, Backend>& f,
                             BodyFill which = BodyFill::ReadByFluid) {
    const int a = halo_.overlap_axis(range);
    if (a < 0) {
      for_each(Backend{}, range, k);
      refresh(f, which);
      return;
    }
    halo_.exchange_overlapping(f, a, range, k);
    refresh_after_overlap(f, a, which);
  }
  // As run_and_refresh_cells for a tile kernel of stage_tile.hpp (cover, then for_each_tile):
  // with an overlapped exchange, over the face layers first, then over the rest.
  template <typename K>
  void run_tiles_and_refresh(const Range3D& range, K k, Fields<Real, Backend>& f) {
    const auto run = [&](const Range3D& box) {
      k.cover(box, stage_tile_planes);
      for_each_tile(Backend{}, k.tiles(), k);
    };
    const int a = halo_.overlap_axis(range);
    if (a < 0) {
      run(range);
      refresh(f, BodyFill::ReadByFluid);
      return;
    }
    halo_.exchange_overlapping_boxes(f, a, range, run);
    refresh_after_overlap(f, a, BodyFill::ReadByFluid);
  }
  // After an exchange of axis a overlapped with an update: the domain's edges of a, the later
  // axes, the bodies' cells.
  void refresh_after_overlap(Fields<Real, Backend>& f, int a, BodyFill which) {
    fill_domain_edges(f, a);
    for (int b = a + 1; b < 3; ++b)
      if (grid_.active(b)) refresh_axis(f, b);
    fill_bodies(f, which);
  }

  // q_r <- L(q, arg, dts) on the interior (with resistivity or viscosity when the run has them),
  // then q_r's ghost cells. With `last` the fused stage takes the characteristic speed too, where
  // no body's cells change after it and the refreshes fill every ghost layer.
  void stage_and_refresh(ConstFieldsView<Real> arg, Real dts, Real ch2, Real psi_damping,
                         bool last) {
    if (dissipative_)
      stage_and_refresh_with<true>(arg, dts, ch2, psi_damping, last);
    else
      stage_and_refresh_with<false>(arg, dts, ch2, psi_damping, last);
  }
  template <bool Dissipative>
  void stage_and_refresh_with(ConstFieldsView<Real> arg, Real dts, Real ch2, Real psi_damping,
                              bool last) {
    // The kernels see the ideal gas as a type when there is no table: a table branch compiled
    // into the fused stage halves it on an H200 (docs/performance.md). The host's bits are the
    // same; on a GPU nvcc contracts differently with the type, so they changed at rounding level.
    if (eos_.tabulated())
      stage_and_refresh_with<Dissipative>(arg, dts, ch2, psi_damping, last, eos_);
    else
      stage_and_refresh_with<Dissipative>(arg, dts, ch2, psi_damping, last, eos_.ideal());
  }
  template <bool Dissipative, typename Eos>
  void stage_and_refresh_with(ConstFieldsView<Real> arg, Real dts, Real ch2, Real psi_damping,
                              bool last, const Eos& eos) {
    if (stage_ == StageMethod::two_pass && !flux_.allocate(grid_, !stage_chosen_))
      stage_ = StageMethod::fused;  // the device is too full
    if (stage_ == StageMethod::tiled) {
      StageTileKernel<Real, Source, Dissipative, Eos> k{
          q_.const_view(), arg, qr_.view(), grid_, eos, dts, ch2, psi_damping, source_};
      k.dissipation = dissipation_;
      k.floored = floors_.active();
      k.floors = floors_;
      run_tiles_and_refresh(grid_.interior(), k, qr_);
      return;
    }
    if (stage_ == StageMethod::fused) {
      StageKernel<Real, Source, Dissipative, Eos> k{
          q_.const_view(), arg, qr_.view(), grid_, eos, dts, ch2, psi_damping, source_};
      k.dissipation = dissipation_;
      if (last && !bodies_.active() && refreshes_every_ghost_layer(grid_))
        run_and_refresh<true>(grid_.interior(), k, qr_, eos);
      else
        run_and_refresh(grid_.interior(), k, qr_, eos);
      return;
    }
    StageFromFluxKernel<Real, Source, Dissipative> k{q_.const_view(), arg, qr_.view(),  {},
                                                     grid_,           dts, psi_damping, source_};
    k.dissipation = dissipation_;
    for (int axis = 0; axis < 3; ++axis) {
      if (!grid_.active(axis)) continue;
      for_each(Backend{}, flux_range(grid_, axis),
               FluxKernel<Real, Eos>{arg, flux_[axis].view(), axis, eos, ch2});
      k.flux[axis] = flux_[axis].const_view();
    }
    run_and_refresh(grid_.interior(), k, qr_, eos);  // floors, overlapped halo exchange as above
  }

  // The artificial viscosity along x, y, z, one directional pass after the other. A pass along
  // `axis` reads only neighbours along `axis` and writes the interior, so before it only the
  // ghost cells of `axis` must be current: the first pass finds them current (the stages ended
  // with apply_boundaries), each later pass refreshes its own axis, and after the last one every
  // axis is refreshed. The result, ghost cells included, is that of refreshing every axis after
  // every pass, with fewer halo exchanges (5 per step instead of 7 for a split along x).
  // With embedded bodies each pass is followed by the bodies' cells (their image points read
  // neighbours along every axis): when those image points read only interior cells
  // (set_body_reach), directly, else after a refresh of every axis.
  void apply_artificial_viscosity(Real dt) {
    // The characteristic speed is taken once, from the state after the stages (as MISO does):
    // by the last stage (speed_current_), or here.
    const SpeedFactors<Real> sf{Real(params_.cs_fac), Real(params_.ca_fac), Real(params_.vv_fac)};
    if (!speed_current_)
      for_each(Backend{}, grid_.all(),
               CharacteristicSpeedKernel<Real>{q_.const_view(), speed_.view(), eos_, sf});
    speed_current_ = false;
    int last = 2;
    while (last > 0 && !grid_.active(last)) --last;
    bool first = true;
    for (int axis = 0; axis < 3; ++axis) {
      if (!grid_.active(axis)) continue;
      if (!first && !stencils_read_halo_) refresh_axis(q_, axis);
      first = false;
      // Runs of cells along the axis (viscosity_run_length); single cells along an axis whose
      // halo exchange is overlapped with the pass, which computes its face layers first.
      const int run = axis == halo_.overlap_axis(viscosity_range(grid_, axis))
                          ? 1
                          : viscosity_run_length<Backend>(axis, grid_);
      ViscosityKernel<Real> vk{q_.const_view(),
                               qr_.view(),
                               speed_.const_view(),
                               axis,
                               grid_.stride(axis),
                               Real(dt / Real(grid_.d[axis])),
                               Real(params_.ep),
                               Real(params_.fh),
                               run,
                               grid_.margin[axis],
                               grid_.margin[axis] + grid_.n[axis]};
      vk.floored = floors_.active();
      vk.floors = floors_;
      vk.eos = eos_;
      const Range3D runs = viscosity_runs(grid_, axis, run);
      if (axis == last) {
        run_and_refresh_cells(runs, vk, qr_, BodyFill::Everything);  // the step's last update
      } else if (stencils_read_halo_) {
        run_and_refresh_cells(runs, vk, qr_);  // every axis and the bodies; floors in vk
      } else {
        for_each(Backend{}, runs, vk);
        bodies_.apply(qr_, BodyFill::ReadByFluid);  // image stencils on interior cells only
      }
      q_.swap(qr_);
    }
  }

  Grid grid_;
  SchemeParameters params_;
  Source source_;
  HaloExchange<Real, Backend> halo_;        // ghost cells shared with other blocks
  EmbeddedBoundary<Real, Backend> bodies_;  // embedded bodies (none by default)
  bool refresh_after_fill_ = false;  // ghost layers again after the bodies' cells (set_body_reach)
  bool stencils_read_halo_ = false;  // image stencils read ghost layers (set_body_reach)
  Array1D<Real, Backend> fixed_slab_[3];      // initial ghost values of bc_fixed faces, per axis
  EosTableStorage<Real, Backend> eos_table_;  // eos.table on this backend (none: ideal gas)
  EquationOfState<Real> eos_{};
  Floors<Real> floors_{};
  DissipationCoefficients<Real> dissipation_{};  // resistivity.eta, viscosity.nu
  bool dissipative_ = false;                     // stages with resistivity or viscosity
  Fields<Real, Backend> q_, qa_, qr_;
  Array3D<Real, Backend> speed_;
  bool speed_current_ = false;  // speed_ is that of q_ (taken by the last stage)
  ReduceHelper<TimeStepCheck<Real>, Backend> dt_helper_;
  mutable ReduceHelper<Totals, Backend> totals_helper_;  // reused: no allocation per log row
  mutable ReduceHelper<long, Backend> outside_helper_;   // cells_outside_eos_table
  StageMethod stage_ = StageMethod::fused;  // default: constructor, from docs/performance.md
  bool stage_chosen_ = false;               // set_stage_method was called: no memory fallback
  StageFluxes<Real, Backend> flux_;         // two-pass stage only, allocated on first use
};

}  // namespace mhd
}  // namespace alfven
