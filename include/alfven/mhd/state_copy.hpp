/// @file state_copy.hpp
/// @brief StateCopy: a copy of a solver's state (ghost cells included) to host memory that, on a
/// CUDA device, returns before the data has arrived, so that the next steps run while it travels.
///
/// On a device the state is first copied into a device buffer of the copy's own (a
/// device-to-device copy, under a millisecond for 256^3 float), then from there to the host on a
/// stream of its own, which overlaps the kernels of the next steps. The host array should be
/// page-locked (register_host_memory): from pageable memory the runtime may make the copy
/// synchronous. The device buffer (one more state) is allocated at the first copy, and only when
/// the device then has its size free and 1 GiB or a tenth of its memory more; otherwise every
/// copy goes straight to the host and returns when it is done, as on the host backend.
/// Measured on one NVIDIA H200 (256^3 float, 260^3 cells with ghosts, 633 MB): see
/// docs/output.md.
#pragma once

#include <algorithm>
#include <type_traits>

#include "alfven/core/device.hpp"
#include "alfven/core/stream.hpp"
#include "alfven/mhd/fields.hpp"

namespace alfven {
namespace mhd {

/// Copies of one solver's state to host memory; see the file brief. Not copyable. begin() and
/// wait() may be called from different threads, but not at the same time.
template <typename Real, typename Backend>
class StateCopy {
 public:
  StateCopy() = default;
  StateCopy(const StateCopy&) = delete;
  StateCopy& operator=(const StateCopy&) = delete;
  /// Waits for a copy in flight (the host array may be freed after this object).
  ~StateCopy() { wait(); }

  /// Starts copying `state` into `host` (same extents; throws alfven::Error otherwise) and
  /// returns; `host` holds the state once wait() has returned. Waits first for the copy in flight,
  /// if any. `grid` is the state's block (it sizes the device buffer). The state may be changed
  /// by work queued on the default stream after this call (the device-to-device copy is ordered
  /// before it).
  void begin(const Grid& grid, const Fields<Real, Backend>& state,
             Fields<Real, backend::Host>& host) {
    wait();
    if (!staging_ready(grid, state)) {
      host.copy_from(state);  // synchronous: done on return
      return;
    }
    staging_.copy_from(state);  // on the default stream, after the work queued there
    staged_.record(Stream());
    stream_.wait(staged_);
    host.array().copy_from_async(staging_.array(), stream_.handle());
    copied_.record(stream_);
    pending_ = true;
  }

  /// Waits until the last begin()'s data is in the host array (no-op when it already is).
  void wait() {
    if (!pending_) return;
    copied_.synchronize();
    pending_ = false;
  }

 private:
  // Allocates the device buffer at the first call when the device has room; true when it exists.
  bool staging_ready(const Grid& grid, const Fields<Real, Backend>& state) {
    if (std::is_same<Backend, backend::Host>::value) return false;
    if (!decided_) {
      decided_ = true;
      const double bytes = double(state.array().size()) * sizeof(Real);
      double free = 0, total = 0;
      if (device_memory_info(free, total) &&
          free > bytes + std::max(double(1 << 30), 0.1 * total)) {
        staging_ = Fields<Real, Backend>(grid);
        stream_ = Stream::create();
        staged_ = Event::create();
        copied_ = Event::create();
        staging_used_ = true;
      }
    }
    return staging_used_;
  }

  bool decided_ = false;       // whether the first begin() has chosen the path
  bool staging_used_ = false;  // copies go through staging_ (else straight to the host)
  bool pending_ = false;       // a copy from staging_ is in flight
  Fields<Real, Backend> staging_;
  Stream stream_;
  Event staged_, copied_;  // staging_ filled (default stream); host array filled (stream_)
};

}  // namespace mhd
}  // namespace alfven
