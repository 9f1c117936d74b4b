/// @file solver.hpp
/// @brief The MISO-compatible MHD solver on one backend: state, time step, one full step.
///
/// One step (mhd-scheme.md, "Time step"): the caller takes dt from compute_time_step(); then
/// GLM parameters c_h = 0.8 cfl min(dx) / dt, tau = 2 dt; four low-storage stages
/// q_a <- L(q, q_a, s dt) for s = 1/4, 1/3, 1/2, 1, each followed by boundary conditions;
/// then the artificial viscosity along x, y, z, each followed by boundary conditions.
/// Every kernel is a functor from stage.hpp, viscosity.hpp, boundary.hpp, cfl.hpp run through
/// for_each/reduce, so this same class runs on the host and (compiled by nvcc) on a GPU. Fields
/// stay in the backend's memory for the whole run.
#pragma once

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>

#include "alfven/core/core.hpp"
#include "alfven/core/device.hpp"
#include "alfven/core/stream.hpp"
#include "alfven/core/env.hpp"
#include "boundary.hpp"
#include "cfl.hpp"
#include "communicator.hpp"
#include "diagnostics.hpp"
#include "fields.hpp"
#include "grid.hpp"
#include "halo.hpp"
#include "scheme.hpp"
#include "source.hpp"
#include "stage.hpp"
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
      : grid_(grid), params_(params), source_(source), comm_(comm), q_(grid), qa_(grid), qr_(grid),
        speed_(grid.total[0], grid.total[1], grid.total[2]) {
    eos_.gamma = Real(params.gamma);
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

  /// Replaces the state by `src` (any backend) and fills the ghost cells.
  template <typename B>
  void set_state(const Fields<Real, B>& src) {
    q_.copy_from(src);
    apply_boundaries(q_);
  }

  /// The admissible time step of the current state and the first unphysical cell, if any
  /// (cfl.hpp). Synchronous.
  TimeStepCheck<Real> compute_time_step() {
    const TimeStepKernel<Real> k{q_.const_view(), grid_, eos_, Real(params_.cfl_number)};
    return reduce(Backend{}, grid_.interior(), TimeStepCheck<Real>::identity(), k, TimeStepMin{}, dt_helper_);
  }

  /// Advances the state by one full step of size dt (stages, then artificial viscosity).
  void advance(Real dt) {
    const Real ch = Real(0.8 * params_.cfl_number * grid_.min_spacing() / double(dt));
    const Real ch2 = ch * ch;
    const Real tau = Real(2) * dt;
    // Four stages: q_a <- L(q, q_a, s dt); the first stage's argument is q itself.
    const Real fractions[4] = {Real(1) / Real(4), Real(1) / Real(3), Real(1) / Real(2), Real(1)};
    for (int s = 0; s < 4; ++s) {
      const Real dts = dt * fractions[s];
      const ConstFieldsView<Real> arg = s == 0 ? q_.const_view() : qa_.const_view();
      stage_and_refresh(arg, dts, ch2, math::exp(-dts / tau));  // into qr_, ghost cells filled
      qa_.swap(qr_);
    }
    q_.swap(qa_);
    apply_artificial_viscosity(dt);
  }

  /// Chooses how a stage is computed: two passes (fluxes stored once per cell, then their
  /// derivatives; least arithmetic, the host default in float) or one fused kernel (fluxes
  /// recomputed at each stencil point; least memory traffic, the default on a GPU and for
  /// double on the host). Both give
  /// bit-identical results.
  void set_two_pass_stage(bool two_pass) { two_pass_ = two_pass; }
  bool two_pass_stage() const { return two_pass_; }

  /// Total mass, total energy and max |div B| of the current state (interior cells).
  Totals totals() const {
    return reduce(Backend{}, grid_.interior(), Totals{0, 0, 0}, TotalsKernel<Real>{q_.const_view(), grid_}, TotalsOp{},
                  totals_helper_);
  }

  /// Fills the ghost cells of `f`, axis by axis (x, y, z): faces shared with another block by
  /// halo exchange, the others by the boundary conditions (periodic across one block included).
  /// Exchanging axis by axis with slabs that span the other axes' ghost layers fills edge and
  /// corner ghost cells too.
  void apply_boundaries(Fields<Real, Backend>& f) {
    for (int axis = 0; axis < 3; ++axis)
      if (grid_.active(axis)) refresh_axis(f, axis);
  }

  /// Seconds spent in halo exchanges since construction, measured only when the environment
  /// variable ALFVEN_PROFILE_HALO=1 is set (the measurement waits for the device before and after
  /// each exchange); zeros otherwise.
  const HaloProfile& halo_profile() const { return halo_profile_; }
  /// Total of halo_profile().
  double halo_seconds() const { return halo_profile_.total(); }
  /// How the halos of `axis` travel once exchanged: "none" (no neighbour ranks), "host buffers",
  /// "direct" (device pointers to a CUDA-aware MPI), "shared pinned" / "shared pageable" (node
  /// shared memory), "pinned + MPI". Known after the first exchange of the axis.
  const char* halo_path(int axis) const { return halo_path_[axis]; }

 private:
  // Ghost cells of `axis` only: halo exchange with the neighbouring blocks, boundary conditions
  // on the faces that are domain edges. `work` (only with a halo exchange): device work queued
  // while the halo is in flight (see exchange_halo).
  void refresh_axis(Fields<Real, Backend>& f, int axis, const std::function<void()>* work = nullptr) {
    BoundaryKernel<Real> k{f.view(), grid_, params_.boundaries, axis};
    if (comm_ && comm_->dims()[axis] > 1) {
      exchange_halo(f, axis, work);
      k.apply[0] = comm_->neighbour(axis, 0) < 0;
      k.apply[1] = comm_->neighbour(axis, 1) < 0;
      if (!k.apply[0] && !k.apply[1]) return;
    }
    for_each(Backend{}, Range1D{0, boundary_cells(grid_, axis)}, k);
  }

  static constexpr bool host_fields = std::is_same<Backend, backend::Host>::value;

  // Runs kernel k (which writes f) over `range`, then fills f's ghost cells (apply_boundaries).
  // On device fields whose first active axis is split between ranks, the halo of that axis is
  // overlapped with the kernel: the cells the neighbours need (the `margin` layers next to each
  // face) are computed first, their halo is packed, staged and exchanged on a copy stream while
  // the rest of the block is computed, and only then are the remaining axes refreshed. Every cell
  // gets the value of the plain sequence (same kernel per cell, same halo values).
  template <typename K>
  void run_and_refresh(const Range3D& range, const K& k, Fields<Real, Backend>& f) {
    int a = 0;
    while (a < 3 && !grid_.active(a)) ++a;
    const bool split = a < 3 && comm_ && comm_->dims()[a] > 1;
    const int m = split ? grid_.margin[a] : 0, n = split ? grid_.n[a] : 0;
    if (host_fields || !overlap_halo_ || !split || range.begin[a] != m || range.end[a] != m + n || n <= 2 * m) {
      for_each(Backend{}, range, k);
      apply_boundaries(f);
      return;
    }
    Range3D layers = range, rest = range;
    layers.begin[a] = 0;  // [m, 2m) and [n, n + m): what the neighbours read
    layers.end[a] = 2 * m;
    rest.begin[a] = 2 * m;
    rest.end[a] = n;
    for_each(Backend{}, layers, FaceLayersKernel<K>{k, a, m, n});
    const std::function<void()> work = [&] { for_each(Backend{}, rest, k); };
    refresh_axis(f, a, &work);
    for (int b = a + 1; b < 3; ++b)
      if (grid_.active(b)) refresh_axis(f, b);
  }

  // Packs the faces' interior layers, exchanges them with the neighbours and unpacks into the
  // ghost layers. Three paths: host fields (MPI on host buffers), device fields staged through
  // pinned host buffers (default: a non-CUDA-aware MPI never sees a device pointer), device
  // fields handed to a CUDA-aware MPI directly. A periodic axis of one block never gets here (the
  // boundary kernel copies it locally). Without `work`, device work is queued on the default
  // stream: packs and device-to-host copies, one wait before MPI, then host-to-device copies and
  // unpacks queued without waiting (the next exchange's wait orders them before the staging
  // buffers are reused). With `work` (device fields), packs and unpacks stay on the default
  // stream but the copies go on a copy stream: it starts once the packs are done, `work` is then
  // queued on the default stream (so the copies, done by the copy engines, overlap it), the host
  // waits for the copy stream alone, and the unpacks wait for the host-to-device copies. Packs
  // and unpacks are small; keeping them off the copy stream means no kernel of the exchange waits
  // for the bulk kernel's blocks to drain.
  void exchange_halo(Fields<Real, Backend>& f, int axis, const std::function<void()>* work = nullptr) {
    using clock = std::chrono::steady_clock;
    const bool timing = profile_halo_;
    // Profiling waits for the device around each phase, except in an overlapped exchange, where
    // it counts only the time the host is held up (the exposed part of the exchange).
    auto lap = [&](clock::time_point& t, double& into) {  // adds the time since t, restarts t
      if (!timing) return;
      if (!work) device_synchronize();
      const auto now = clock::now();
      into += std::chrono::duration<double>(now - t).count();
      t = now;
    };
    clock::time_point t = timing && !work ? (device_synchronize(), clock::now()) : clock::now();
    const Stream default_stream;  // the legacy default stream
    if (work && !copy_stream_created_) {
      copy_stream_ = Stream::create();
      packed_ = Event::create(timing);
      out_done_ = Event::create(timing);
      work_done_ = Event::create(timing);
      in_done_ = Event::create();
      copy_stream_created_ = true;
    }
    const Stream& stream = work ? copy_stream_ : default_stream;
    const long cells = halo_cells(grid_, axis);
    const long count = cells * num_vars;
    const std::size_t bytes = std::size_t(count) * sizeof(Real);
    // Buffers per axis (slab sizes differ between axes), allocated on first use.
    auto& send_buf = halo_send_[axis];
    auto& recv_buf = halo_recv_[axis];
    auto& staged_send = staged_send_[axis];
    auto& staged_recv = staged_recv_[axis];
    // Host fields, or device fields with a CUDA-aware MPI: MPI reads and writes the buffers
    // directly. Otherwise device buffers are staged through pinned host memory: shared with the
    // neighbour when it runs on this node (MPI then carries only a "ready" message), else
    // private and sent with MPI.
    const bool direct = host_fields || comm_->device_pointers_allowed();
    const Communicator::SharedStaging* shared = direct ? nullptr : comm_->shared_staging(axis, bytes);
    halo_path_[axis] = host_fields ? "host buffers"
                       : direct    ? "direct"
                       : shared    ? (shared->pinned ? "shared pinned" : "shared pageable")
                                   : "pinned + MPI";
    const int parity = halo_parity_[axis];
    halo_parity_[axis] ^= 1;
    bool has[2];
    void* out[2] = {nullptr, nullptr};
    for (int side = 0; side < 2; ++side) {
      has[side] = comm_->neighbour(axis, side) >= 0;
      if (send_buf[side].size() != count) {
        send_buf[side] = Array1D<Real, Backend>(count);
        recv_buf[side] = Array1D<Real, Backend>(count);
        if (!direct) {
          staged_send[side] = PinnedBuffer<Real>(std::size_t(count));
          staged_recv[side] = PinnedBuffer<Real>(std::size_t(count));
        }
      }
    }
    if (has[0] && has[1]) {  // one launch for both faces
      for_each(Backend{}, Range1D{0, 2 * cells},
               HaloPackBothKernel<Real>{f.const_view(), {send_buf[0].data(), send_buf[1].data()}, grid_, axis});
    } else {
      for (int side = 0; side < 2; ++side)
        if (has[side])
          for_each(Backend{}, Range1D{0, cells},
                   HaloPackKernel<Real>{f.const_view(), send_buf[side].data(), grid_, axis, side});
    }
    if (work) {  // the copy stream starts once the packs are done
      packed_.record(default_stream);
      copy_stream_.wait(packed_);
    }
    for (int side = 0; side < 2; ++side) {
      if (!has[side] || direct) continue;
      out[side] = shared && shared->send[side][parity] ? shared->send[side][parity]
                                                       : static_cast<void*>(staged_send[side].data());
      alfven::detail::Copier<backend::Host, Backend>::copy_async(out[side], send_buf[side].data(), bytes,
                                                                 stream.handle());
    }
    if (work) {  // the overlapped work runs while the halo goes out
      out_done_.record(stream);
      (*work)();
      if (timing) {
        work_done_.record(default_stream);
        t = clock::now();
      }
      out_done_.synchronize();
      if (timing) {
        work_done_.synchronize();
        halo_profile_.overlap_copy_out += 1e-3 * Event::elapsed_milliseconds(packed_, out_done_);
        halo_profile_.overlap_work += 1e-3 * Event::elapsed_milliseconds(packed_, work_done_);
      }
    } else if (!host_fields) {
      device_synchronize();  // packs (and device-to-host copies) done
    }
    lap(t, halo_profile_.pack_and_copy_out);
    const void* send[2];
    void* recv[2];
    std::size_t sizes[2];
    for (int side = 0; side < 2; ++side) {
      const bool via_shared = !direct && shared && shared->send[side][parity];
      sizes[side] = via_shared ? 0 : bytes;
      send[side] = !has[side] ? nullptr
                   : direct   ? static_cast<const void*>(send_buf[side].data())
                              : out[side];
      recv[side] = !has[side] ? nullptr
                   : direct   ? static_cast<void*>(recv_buf[side].data())
                              : staged_recv[side].data();
    }
    comm_->exchange(axis, send, recv, sizes);
    lap(t, halo_profile_.mpi);
    for (int side = 0; side < 2; ++side) {
      if (!has[side] || direct) continue;
      const void* in = sizes[side] == 0 ? shared->recv[side][parity] : staged_recv[side].data();
      alfven::detail::Copier<Backend, backend::Host>::copy_async(recv_buf[side].data(), in, bytes,
                                                                 stream.handle());
    }
    if (work) {  // the default stream's unpacks (queued after the overlapped work) wait for the copies
      in_done_.record(stream);
      default_stream.wait(in_done_);
    }
    if (has[0] && has[1]) {
      for_each(Backend{}, Range1D{0, 2 * cells},
               HaloUnpackBothKernel<Real>{f.view(), {recv_buf[0].data(), recv_buf[1].data()}, grid_, axis});
    } else {
      for (int side = 0; side < 2; ++side)
        if (has[side])
          for_each(Backend{}, Range1D{0, cells},
                   HaloUnpackKernel<Real>{f.view(), recv_buf[side].data(), grid_, axis, side});
    }
    lap(t, halo_profile_.copy_in_and_unpack);
  }

  // q_r <- L(q, arg, dts) on the interior, then the ghost cells of q_r.
  void stage_and_refresh(ConstFieldsView<Real> arg, Real dts, Real ch2, Real psi_damping) {
    if (!two_pass_) {
      const StageKernel<Real, Source> k{q_.const_view(), arg, qr_.view(), grid_, eos_, dts, ch2, psi_damping, source_};
      run_and_refresh(grid_.interior(), k, qr_);
      return;
    }
    StageFromFluxKernel<Real, Source> k{q_.const_view(), arg, qr_.view(), {}, grid_, dts, psi_damping, source_};
    for (int axis = 0; axis < 3; ++axis) {
      if (!grid_.active(axis)) continue;
      if (flux_[axis].array().size() == 0) flux_[axis] = Fields<Real, Backend>(grid_);
      for_each(Backend{}, flux_range(grid_, axis), FluxKernel<Real>{arg, flux_[axis].view(), axis, eos_, ch2});
      k.flux[axis] = flux_[axis].const_view();
    }
    for_each(Backend{}, grid_.interior(), k);
    apply_boundaries(qr_);
  }

  // The artificial viscosity along x, y, z, one directional pass after the other. A pass along
  // `axis` reads only neighbours along `axis` and writes the interior, so before it only the
  // ghost cells of `axis` must be current: the first pass finds them current (the stages ended
  // with apply_boundaries), each later pass refreshes its own axis, and after the last one every
  // axis is refreshed. The result, ghost cells included, is that of refreshing every axis after
  // every pass, with fewer halo exchanges (5 per step instead of 7 for a split along x).
  void apply_artificial_viscosity(Real dt) {
    // The characteristic speed is taken once, from the state after the stages (as MISO does).
    const CharacteristicSpeedKernel<Real> ck{q_.const_view(), speed_.view(), eos_, Real(params_.cs_fac),
                                             Real(params_.ca_fac), Real(params_.vv_fac)};
    for_each(Backend{}, grid_.all(), ck);
    int last = 2;
    while (last > 0 && !grid_.active(last)) --last;
    bool first = true;
    for (int axis = 0; axis < 3; ++axis) {
      if (!grid_.active(axis)) continue;
      if (!first) refresh_axis(q_, axis);
      first = false;
      const ViscosityKernel<Real> vk{q_.const_view(), qr_.view(), speed_.const_view(), axis, grid_.stride(axis),
                                     Real(dt / Real(grid_.d[axis])), Real(params_.ep), Real(params_.fh)};
      if (axis == last)
        run_and_refresh(viscosity_range(grid_, axis), vk, qr_);  // the last pass: every axis
      else
        for_each(Backend{}, viscosity_range(grid_, axis), vk);
      q_.swap(qr_);
    }
  }

  Grid grid_;
  SchemeParameters params_;
  Source source_;
  const Communicator* comm_ = nullptr;
  Array1D<Real, Backend> halo_send_[3][2], halo_recv_[3][2];          // [axis][side]
  PinnedBuffer<Real> staged_send_[3][2], staged_recv_[3][2];  // staged device fields only
  bool profile_halo_ = env_flag("ALFVEN_PROFILE_HALO", false);
  HaloProfile halo_profile_{};
  const char* halo_path_[3] = {"none", "none", "none"};
  int halo_parity_[3] = {0, 0, 0};  // which shared staging slot the next exchange of an axis uses
  // Overlap of the first split axis's halo with computation (device fields); ALFVEN_HALO_OVERLAP=0
  // turns it off.
  bool overlap_halo_ = env_flag("ALFVEN_HALO_OVERLAP", true);
  bool copy_stream_created_ = false;  // the stream and events are made on first overlapped exchange
  Stream copy_stream_;
  Event packed_, out_done_, in_done_, work_done_;  // work_done_: profiling only
  IdealGas<Real> eos_{};
  Fields<Real, Backend> q_, qa_, qr_;
  Array3D<Real, Backend> speed_;
  ReduceHelper<TimeStepCheck<Real>, Backend> dt_helper_;
  mutable ReduceHelper<Totals, Backend> totals_helper_;  // reused: no allocation per log row
  // Measured (bench_mhd --stage, 64^3, one core): two passes win in float on both CPUs we have
  // (AMD EPYC 1.25e6 vs 1.08e6, Xeon 5.7e5 vs 5.2e5), tie or lose in double (EPYC 1.04e6 vs
  // 1.03e6, Xeon 3.9e5 vs 5.1e5), where the stored fluxes double the memory traffic.
  bool two_pass_ = std::is_same<Backend, backend::Host>::value && sizeof(Real) == 4;
  Fields<Real, Backend> flux_[3];  // two-pass stage only, allocated on first use
};

}  // namespace mhd
}  // namespace alfven
