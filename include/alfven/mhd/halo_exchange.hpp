/// @file halo_exchange.hpp
/// @brief HaloExchange: fills the ghost layers that a block shares with its neighbours in a
/// Cartesian decomposition (Communicator), on the host or on a GPU, optionally overlapped with
/// computation.
///
/// It owns everything an exchange needs besides the fields: the pack/unpack buffers per axis and
/// face, the pinned host staging, the copy stream and its events, the parity of the node-shared
/// staging slots, the profile (HaloProfile) and the switches read from the environment
/// (HaloSwitches). The pack/unpack kernels are in halo.hpp; the transport (MPI, and the node
/// shared memory that ALFVEN_NODE_STAGING switches) is the Communicator's. The solver calls
/// exchange() or exchange_overlapping() and knows nothing of streams, staging or parity.
///
/// Paths (path(axis), reported in the log): host fields hand host buffers to MPI ("host
/// buffers"); device fields go to a CUDA-aware MPI directly ("direct") or are staged through
/// pinned host memory, either shared with a neighbour on the same node ("shared pinned" /
/// "shared pageable", MPI then carries only a "ready" message) or private and sent with MPI
/// ("pinned + MPI"). A non-CUDA-aware MPI never sees a device pointer.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <type_traits>

#include "alfven/core/core.hpp"
#include "alfven/core/device.hpp"
#include "alfven/core/env.hpp"
#include "alfven/core/stream.hpp"
#include "communicator.hpp"
#include "fields.hpp"
#include "grid.hpp"
#include "halo.hpp"
#include "halo_profile.hpp"

namespace alfven {
namespace mhd {

/// The run-time switches of a HaloExchange. from_environment() reads them with env_flag (1, true,
/// yes, on / 0, false, no, off; anything else keeps the default).
struct HaloSwitches {
  /// ALFVEN_PROFILE_HALO (default off): measure where exchange time goes (HaloProfile). A plain
  /// exchange then waits for the device before and after each phase, which slows the run a little.
  bool profile = false;
  /// ALFVEN_HALO_OVERLAP (default on): overlap the halo of the first split axis with computation
  /// (device fields only; see HaloExchange::overlap_axis).
  bool overlap = true;
  /// The switches as the environment sets them.
  static HaloSwitches from_environment() {
    HaloSwitches s;
    s.profile = env_flag("ALFVEN_PROFILE_HALO", false);
    s.overlap = env_flag("ALFVEN_HALO_OVERLAP", true);
    return s;
  }
};

/// Halo exchange of Fields<Real, Backend> between the blocks of a decomposition. One per solver;
/// not copyable. Buffers, staging, the copy stream and events are allocated on first use (per
/// axis: the slab sizes differ). Errors: alfven::Error on a call whose preconditions fail (named
/// in each docstring); allocation failures as in Array1D and PinnedBuffer.
template <typename Real, typename Backend>
class HaloExchange {
 public:
  /// `grid` is this rank's block; `comm` (may be null: one block, nothing to exchange) must
  /// outlive this object.
  HaloExchange(const Grid& grid, const Communicator* comm,
               HaloSwitches switches = HaloSwitches::from_environment())
      : grid_(grid),
        comm_(comm),
        profile_halo_(switches.profile),
        overlap_halo_(switches.overlap) {}
  HaloExchange(const HaloExchange&) = delete;
  HaloExchange& operator=(const HaloExchange&) = delete;

  /// True when `axis` is split between ranks, so that its ghost cells come from other blocks
  /// (except at a non-periodic domain edge). A periodic axis of one block is not exchanged: the
  /// boundary kernel copies it locally.
  bool exchanges(int axis) const { return comm_ && comm_->dims()[axis] > 1; }
  /// True when some axis is exchanged (exchanges(axis) for an axis).
  bool exchanges_any() const { return exchanges(0) || exchanges(1) || exchanges(2); }

  /// True when exchange() fills the ghost cells of face `side` (0: lower, 1: upper) of `axis`:
  /// the axis is exchanged and a block lies across that face. The other faces are domain edges,
  /// for the boundary conditions to fill.
  bool fills_face(int axis, int side) const {
    return exchanges(axis) && comm_->neighbour(axis, side) >= 0;
  }

  /// Fills the ghost layers of `f` on the faces of `axis` that fills_face() with the neighbours'
  /// interior layers (the slabs span the other axes' full extent, ghosts included). Device work
  /// is queued on the default stream and its last kernels (the unpacks) are not waited for, so
  /// later default-stream work sees the result. Collective: every rank calls it at the same
  /// point of the run. Throws alfven::Error unless exchanges(axis).
  void exchange(Fields<Real, Backend>& f, int axis) {
    ALFVEN_REQUIRE(exchanges(axis),
                   "HaloExchange::exchange: axis " << axis << " is not split between ranks");
    exchange_halo(f, axis, nullptr);
  }

  /// From now on exchanges only grid.halo_depth = depth[a] layers along each axis a (the
  /// neighbours must do the same). Throws alfven::Error when a depth exceeds the margin or lies
  /// below 2 on an active axis, or after the first exchange (the node's shared staging is sized
  /// by it).
  void set_halo_depth(const int depth[3]) {
    for (int a = 0; a < 3; ++a) {
      ALFVEN_REQUIRE(halo_send_[a][0].size() == 0 && halo_send_[a][1].size() == 0,
                     "HaloExchange::set_halo_depth: called after the first exchange");
      const int d = grid_.active(a) ? depth[a] : 0;
      ALFVEN_REQUIRE(d <= grid_.margin[a] && (!grid_.active(a) || d >= 2),
                     "HaloExchange::set_halo_depth: depth " << depth[a] << " along "
                                                            << "xyz"[a] << " must lie in [2, "
                                                            << grid_.margin[a] << "]");
      grid_.halo_depth[a] = d;
    }
  }

  /// The axis whose exchange can overlap a kernel run over `range`, or -1: the first active axis,
  /// when it is exchanged, the fields are on a device, the overlap switch is on, `range` spans the
  /// block's interior along it ([m, m + n) with margin m and n interior cells) and n > 2m (so that
  /// something is left to overlap once the layers the neighbours need are computed).
  int overlap_axis(const Range3D& range) const {
    if (host_fields || !overlap_halo_) return -1;
    int a = 0;
    while (a < 3 && !grid_.active(a)) ++a;
    return a < 3 && overlappable(a, range) ? a : -1;
  }

  /// Runs kernel k (a per-cell functor k(i, j, l) that writes `f` at that cell and reads no cell
  /// of `f`) over `range`, and meanwhile exchanges the halo of `axis` as exchange(f, axis) does:
  /// the cells the neighbours need (the `margin` layers next to each face) are computed first,
  /// their halo is packed, staged and exchanged on a copy stream while the rest of `range` is
  /// computed, then unpacked. Every cell gets the value of for_each(range, k) followed by
  /// exchange(f, axis) (same kernel per cell, same halo values). Meant for overlap_axis(range);
  /// host fields take the same sequence with no streams. Throws alfven::Error unless
  /// exchanges(axis) and `range` spans the interior along `axis` with n > 2m.
  template <typename K>
  void exchange_overlapping(Fields<Real, Backend>& f, int axis, const Range3D& range, const K& k) {
    ALFVEN_REQUIRE(overlappable(axis, range),
                   "HaloExchange::exchange_overlapping: axis "
                       << axis << " must be split between ranks and the range must span its "
                       << "interior [m, m + n) with n > 2m (m: margin)");
    const int m = grid_.margin[axis], n = grid_.n[axis];
    Range3D layers = range, rest = range;
    layers.begin[axis] = 0;  // [m, 2m) and [n, n + m): what the neighbours read
    layers.end[axis] = 2 * m;
    rest.begin[axis] = 2 * m;
    rest.end[axis] = n;
    for_each(Backend{}, layers, FaceLayersKernel<K>{k, axis, m, n});
    const std::function<void()> work = [&] { for_each(Backend{}, rest, k); };
    exchange_halo(f, axis, &work);
  }

  /// As exchange_overlapping, with the update given as `run(box)`, a callable that updates the
  /// cells of a box (a tile loop, Solver::run_tiles_and_refresh): run over the two face layers
  /// first, then over the rest of `range` while the halo travels. Same requirements and errors.
  template <typename Run>
  void exchange_overlapping_boxes(Fields<Real, Backend>& f, int axis, const Range3D& range,
                                  const Run& run) {
    ALFVEN_REQUIRE(overlappable(axis, range),
                   "HaloExchange::exchange_overlapping_boxes: axis "
                       << axis << " must be split between ranks and the range must span its "
                       << "interior [m, m + n) with n > 2m (m: margin)");
    const int m = grid_.margin[axis], n = grid_.n[axis];
    Range3D low = range, high = range, rest = range;
    low.end[axis] = 2 * m;  // [m, 2m) and [n, n + m): what the neighbours read
    high.begin[axis] = n;
    rest.begin[axis] = 2 * m;
    rest.end[axis] = n;
    run(low);
    run(high);
    const std::function<void()> work = [&] { run(rest); };
    exchange_halo(f, axis, &work);
  }

  /// Seconds spent in exchanges since construction, measured only with HaloSwitches::profile
  /// (ALFVEN_PROFILE_HALO=1); zeros otherwise.
  const HaloProfile& profile() const { return halo_profile_; }

  /// How the halos of `axis` travel once exchanged: "none" (not exchanged yet, or no neighbour
  /// ranks), "host buffers", "direct" (device pointers to a CUDA-aware MPI), "shared pinned" /
  /// "shared pageable" (node shared memory), "pinned + MPI". Known after the first exchange.
  const char* path(int axis) const { return halo_path_[axis]; }

 private:
  static constexpr bool host_fields = std::is_same<Backend, backend::Host>::value;

  // Whether `axis` is exchanged and `range` spans its interior [m, m + n) with n > 2m.
  bool overlappable(int axis, const Range3D& range) const {
    if (axis < 0 || axis > 2 || !exchanges(axis)) return false;
    const int m = grid_.margin[axis], n = grid_.n[axis];
    return range.begin[axis] == m && range.end[axis] == m + n && n > 2 * m;
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
  // for the bulk kernel's blocks to drain. With `work` and host fields there is no device work to
  // order: `work` runs after the packs, before MPI, and no stream or event is used.
  void exchange_halo(Fields<Real, Backend>& f, int axis, const std::function<void()>* work) {
    using clock = std::chrono::steady_clock;
    const bool timing = profile_halo_;
    const bool streams = work && !host_fields;  // the copy stream and its events are used
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
    if (streams && !copy_stream_created_) {
      copy_stream_ = Stream::create();
      packed_ = Event::create(timing);
      out_done_ = Event::create(timing);
      work_done_ = Event::create(timing);
      in_done_ = Event::create();
      copy_stream_created_ = true;
    }
    const Stream& stream = streams ? copy_stream_ : default_stream;
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
    const Communicator::SharedStaging* shared =
        direct ? nullptr : comm_->shared_staging(axis, bytes);
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
               HaloPackBothKernel<Real>{
                   f.const_view(), {send_buf[0].data(), send_buf[1].data()}, grid_, axis});
    } else {
      for (int side = 0; side < 2; ++side)
        if (has[side])
          for_each(Backend{}, Range1D{0, cells},
                   HaloPackKernel<Real>{f.const_view(), send_buf[side].data(), grid_, axis, side});
    }
    if (streams) {  // the copy stream starts once the packs are done
      packed_.record(default_stream);
      copy_stream_.wait(packed_);
    }
    for (int side = 0; side < 2; ++side) {
      if (!has[side] || direct) continue;
      out[side] = shared && shared->send[side][parity]
                      ? shared->send[side][parity]
                      : static_cast<void*>(staged_send[side].data());
      alfven::detail::Copier<backend::Host, Backend>::copy_async(out[side], send_buf[side].data(),
                                                                 bytes, stream.handle());
    }
    if (work) {  // the overlapped work runs while the halo goes out
      if (streams) out_done_.record(stream);
      (*work)();
      if (streams) {
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
    if (streams) {  // the default stream's unpacks (queued after the overlapped work) wait for the
                    // copies
      in_done_.record(stream);
      default_stream.wait(in_done_);
    }
    if (has[0] && has[1]) {
      for_each(Backend{}, Range1D{0, 2 * cells},
               HaloUnpackBothKernel<Real>{
                   f.view(), {recv_buf[0].data(), recv_buf[1].data()}, grid_, axis});
    } else {
      for (int side = 0; side < 2; ++side)
        if (has[side])
          for_each(Backend{}, Range1D{0, cells},
                   HaloUnpackKernel<Real>{f.view(), recv_buf[side].data(), grid_, axis, side});
    }
    lap(t, halo_profile_.copy_in_and_unpack);
  }

  Grid grid_;
  const Communicator* comm_ = nullptr;
  bool profile_halo_;                                         // HaloSwitches::profile
  bool overlap_halo_;                                         // HaloSwitches::overlap
  Array1D<Real, Backend> halo_send_[3][2], halo_recv_[3][2];  // [axis][side]
  PinnedBuffer<Real> staged_send_[3][2], staged_recv_[3][2];  // staged device fields only
  HaloProfile halo_profile_{};
  const char* halo_path_[3] = {"none", "none", "none"};
  int halo_parity_[3] = {0, 0, 0};    // which shared staging slot the next exchange of an axis uses
  bool copy_stream_created_ = false;  // the stream and events are made on first overlapped exchange
  Stream copy_stream_;
  Event packed_, out_done_, in_done_, work_done_;  // work_done_: profiling only
};

}  // namespace mhd
}  // namespace alfven
