/// @file device.hpp
/// @brief Device queries and selection, usable from plain C++ files (no CUDA header here).
///
/// In a CUDA build (ALFVEN_HAVE_CUDA) these are compiled once in src/core/device.cpp (library
/// alfven_core_device, linked through alfven::core); in a host build they answer "no device"
/// inline, so callers need no #ifdef.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <string>

#include "error.hpp"

namespace alfven {

#if defined(ALFVEN_HAVE_CUDA)

/// Number of CUDA devices visible to this process (honours CUDA_VISIBLE_DEVICES); 0 when there
/// is none, the driver is missing or too old. Never fails. Initialises the CUDA runtime.
int device_count();

/// True when at least one CUDA device is visible (device_count() > 0).
bool device_available();

/// Name of device `device` (for example "NVIDIA H200"). Throws alfven::Error when `device` is
/// not in [0, device_count()).
std::string device_name(int device);

/// Makes device local_rank % device_count() current for the calling host thread (cudaSetDevice),
/// so that the ranks of one node spread over its GPUs. Does nothing when no device is visible.
/// Throws alfven::Error for a negative local_rank; runtime errors are fatal.
void select_device(int local_rank);

/// The device current for the calling host thread; -1 when no device is visible.
int current_device();

/// Waits until all work queued on the current device has finished (cudaDeviceSynchronize).
/// Needed before host code or a CUDA-aware MPI reads what asynchronous kernels wrote.
void device_synchronize();

/// Allocates `bytes` bytes of page-locked (pinned) host memory (cudaHostAlloc), so that host <->
/// device copies run at full link speed and asynchronously; std::aligned_alloc when no device is
/// visible. Returns nullptr for 0 bytes. Release with free_pinned(). Throws std::bad_alloc.
void* allocate_pinned(std::size_t bytes);
/// Releases memory from allocate_pinned() (nullptr is ignored).
void free_pinned(void* p);
/// Page-locks `bytes` bytes of existing host memory at `p` (cudaHostRegister, portable), e.g. a
/// shared-memory segment used for staging; returns false (and changes nothing) where that is not
/// possible (no device, or the memory cannot be registered). Undo with unregister_host_memory().
bool register_host_memory(void* p, std::size_t bytes);
/// Undoes register_host_memory(p).
void unregister_host_memory(void* p);

/// Streams and events as opaque handles (a cudaStream_t / cudaEvent_t; nullptr stands for the
/// legacy default stream), so that host code can order device work across streams. A created
/// stream is non-blocking: it does not synchronise with the legacy default stream, which is what
/// lets copies on it overlap kernels there. A high-priority stream's blocks are scheduled before
/// waiting blocks of other streams (short, latency-critical kernels next to a long one). Runtime
/// errors are fatal (ALFVEN_CUDA_CHECK).
void* create_stream(bool high_priority = false);
void destroy_stream(void* stream);
/// An event without timing (cheapest to record and wait on), or with timing for
/// elapsed_milliseconds().
void* create_event(bool timing = false);
/// Milliseconds between two completed timing events (cudaEventElapsedTime).
float elapsed_milliseconds(void* start, void* end);
void destroy_event(void* event);
/// Records `event` on `stream`: it completes when the work queued there before it has.
void record_event(void* event, void* stream);
/// Work queued on `stream` after this call waits for `event` (the host does not wait).
void stream_wait_event(void* stream, void* event);
/// The host waits for `event`.
void event_synchronize(void* event);

#else

inline int device_count() { return 0; }
inline bool device_available() { return false; }
inline std::string device_name(int device) {
  ALFVEN_REQUIRE(false, "device_name(" << device << "): this build has no CUDA backend");
  return {};
}
inline void select_device(int local_rank) {
  ALFVEN_REQUIRE(local_rank >= 0, "select_device: local rank " << local_rank << " is negative");
}
inline int current_device() { return -1; }
inline void device_synchronize() {}
inline void* allocate_pinned(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  void* p = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!p) throw std::bad_alloc();
  return p;
}
inline void free_pinned(void* p) { std::free(p); }
inline bool register_host_memory(void*, std::size_t) { return false; }
inline void unregister_host_memory(void*) {}
inline void* create_stream(bool = false) { return nullptr; }
inline void destroy_stream(void*) {}
inline void* create_event(bool = false) { return nullptr; }
inline float elapsed_milliseconds(void*, void*) { return 0.f; }
inline void destroy_event(void*) {}
inline void record_event(void*, void*) {}
inline void stream_wait_event(void*, void*) {}
inline void event_synchronize(void*) {}

#endif

}  // namespace alfven

namespace alfven {

/// A host buffer of `size` elements of T in pinned memory (allocate_pinned): the staging area
/// of host <-> device copies that must overlap or run at full speed (MPI halo staging). Move-only;
/// contents uninitialised.
template <typename T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t size)
      : data_(static_cast<T*>(allocate_pinned(size * sizeof(T)))), size_(size) {}
  PinnedBuffer(PinnedBuffer&& o) noexcept : data_(o.data_), size_(o.size_) {
    o.data_ = nullptr;
    o.size_ = 0;
  }
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    if (this != &o) {
      free_pinned(data_);
      data_ = o.data_;
      size_ = o.size_;
      o.data_ = nullptr;
      o.size_ = 0;
    }
    return *this;
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  ~PinnedBuffer() { free_pinned(data_); }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace alfven
