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
#include "memory_resource.hpp"

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

/// Free and total memory of the current device in bytes (cudaMemGetInfo); false (and nothing
/// set) when no device is visible or the query fails.
bool device_memory_info(double& free_bytes, double& total_bytes);

/// Page-locks `bytes` bytes of existing host memory at `p` (cudaHostRegister, portable), e.g. a
/// shared-memory segment used for staging; returns false (and changes nothing) where that is not
/// possible (no device, or the memory cannot be registered). Undo with unregister_host_memory().
bool register_host_memory(void* p, std::size_t bytes);
/// Undoes register_host_memory(p).
void unregister_host_memory(void* p);

#else

inline int device_count() {
  return 0;
}
inline bool device_available() {
  return false;
}
inline std::string device_name(int device) {
  ALFVEN_REQUIRE(false, "device_name(" << device << "): this build has no CUDA backend");
  return {};
}
inline void select_device(int local_rank) {
  ALFVEN_REQUIRE(local_rank >= 0, "select_device: local rank " << local_rank << " is negative");
}
inline int current_device() {
  return -1;
}
inline void device_synchronize() {}
inline bool device_memory_info(double&, double&) {
  return false;
}
inline bool register_host_memory(void*, std::size_t) {
  return false;
}
inline void unregister_host_memory(void*) {}

#endif

}  // namespace alfven

namespace alfven {

/// A host buffer of `size` elements of T in pinned memory (pinned_memory_resource()): the
/// staging area of host <-> device copies that must overlap or run at full speed (MPI halo
/// staging). Move-only; contents uninitialised. Throws alfven::Error when the memory does not fit,
/// and in a build without the CUDA runtime (where pinning means nothing).
template <typename T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t size)
      : data_(static_cast<T*>(pinned_memory_resource().allocate(size * sizeof(T)))), size_(size) {}
  PinnedBuffer(PinnedBuffer&& o) noexcept : data_(o.data_), size_(o.size_) {
    o.data_ = nullptr;
    o.size_ = 0;
  }
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    if (this != &o) {
      release();
      data_ = o.data_;
      size_ = o.size_;
      o.data_ = nullptr;
      o.size_ = 0;
    }
    return *this;
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  ~PinnedBuffer() { release(); }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  void release() noexcept {
    if (data_) pinned_memory_resource().deallocate(data_);
    data_ = nullptr;
    size_ = 0;
  }
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace alfven
