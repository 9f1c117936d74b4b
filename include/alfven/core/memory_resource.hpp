/// @file memory_resource.hpp
/// @brief The one memory layer of alfven::core: memory resources (host, device, pinned, managed,
/// emulated-device), under Array (memory.hpp, cuda/memory.hpp), Pool (pool.hpp) and
/// PinnedBuffer (device.hpp), with one policy when an allocation does not fit.
///
/// A MemoryResource is a small value: a kind, two flags and three function pointers (allocate,
/// deallocate, copy). Every allocation of Alfven goes through one of them.
///
/// **When memory runs out** (every resource, every path): allocate() throws alfven::Error
/// "out of <kind> memory: asked for N bytes (X GiB), M bytes (Y GiB) free", with the free figure
/// from MemAvailable (/proc/meminfo) for host memory and cudaMemGetInfo for device memory.
/// Other CUDA runtime failures are fatal (ALFVEN_CUDA_CHECK: message, then the fatal handler,
/// which stops every MPI rank).
///
/// **Where the CUDA resources exist**: in every translation unit that has the CUDA runtime, i.e.
/// compiled by nvcc or part of a CUDA build (ALFVEN_HAVE_CUDA): plain .cpp files of a CUDA build
/// can allocate device and pinned memory. Elsewhere their factories throw alfven::Error. Those
/// factories live in an inline namespace named after that condition (ALFVEN_CUDA_RT_NAMESPACE)
/// so that a program mixing both kinds of translation units never breaks the one-definition
/// rule; MemoryResource itself is the same type everywhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "error.hpp"
#include "macros.hpp"

#if defined(__CUDACC__) || defined(ALFVEN_HAVE_CUDA)
#include <cuda_runtime_api.h>

#include "cuda/check.hpp"
/// 1 where the CUDA runtime is available (nvcc translation units, or any translation unit of a
/// CUDA build), 0 elsewhere.
#define ALFVEN_CUDA_RUNTIME 1
#define ALFVEN_CUDA_RT_NAMESPACE cuda_rt
#else
#define ALFVEN_CUDA_RUNTIME 0
#define ALFVEN_CUDA_RT_NAMESPACE no_cuda_rt
#endif

/// Inline namespace of what depends on the compiler of the translation unit (gpu.hpp's face:
/// kernels under nvcc, host loops elsewhere).
#if defined(__CUDACC__)
#define ALFVEN_GPU_TU_NAMESPACE cuda_tu
#else
#define ALFVEN_GPU_TU_NAMESPACE host_tu
#endif

namespace alfven {

/// Where a MemoryResource's memory lives.
enum class MemoryKind {
  Host,           ///< ordinary host memory; not device-accessible
  Device,         ///< CUDA device memory (cudaMalloc); not host-accessible
  Managed,        ///< CUDA managed memory (cudaMallocManaged); both
  Pinned,         ///< page-locked host memory (cudaHostAlloc, portable); both (mapped)
  EmulatedDevice  ///< host memory that reports itself device-accessible (host builds)
};

/// A source of memory. Trivially copyable; compare with same_resource().
struct MemoryResource {
  MemoryKind kind;
  const char* name;        ///< "host", "device", "managed", "pinned", "emulated-device"
  bool device_accessible;  ///< a launched functor may read and write it
  bool host_accessible;    ///< host code may dereference it
  /// Returns `bytes` bytes aligned to 256 bytes (nullptr for 0). Throws alfven::Error when the
  /// memory does not fit (see the file comment).
  void* (*allocate)(std::size_t bytes);
  void (*deallocate)(void* p);  ///< nullptr is ignored
  /// Synchronous copy between this resource's memory and any host memory.
  void (*copy)(void* dst, const void* src, std::size_t bytes);
};

/// True when a and b are the same kind of memory.
inline bool same_resource(const MemoryResource& a, const MemoryResource& b) {
  return a.kind == b.kind;
}

/// Bytes of host memory available to a new allocation (MemAvailable of /proc/meminfo), or 0
/// when unknown (not Linux).
inline std::size_t host_memory_available() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::size_t value = 0;
  std::string unit;
  while (in >> key >> value >> unit)
    if (key == "MemAvailable:") return value * 1024;
  return 0;
}

namespace detail {

inline std::string bytes_text(std::size_t bytes) {
  std::ostringstream os;
  os << bytes << " bytes (";
  os.precision(3);
  os << double(bytes) / double(1ull << 30) << " GiB)";
  return os.str();
}

/// The one out-of-memory policy: throws alfven::Error naming the kind of memory, the bytes asked
/// and the bytes free (`free_bytes` 0: unknown).
[[noreturn]] inline void throw_out_of_memory(const char* kind, std::size_t bytes,
                                             std::size_t free_bytes) {
  std::ostringstream os;
  os << "out of " << kind << " memory: asked for " << bytes_text(bytes) << ", "
     << (free_bytes ? bytes_text(free_bytes) + " free" : std::string("free memory unknown"))
     << "; use a smaller problem, fewer output buffers or more ranks";
  throw Error(os.str());
}

/// 256-byte aligned host memory; the out-of-memory policy above when it does not fit.
inline void* host_allocate(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  const std::size_t rounded = (bytes + 255) / 256 * 256;
  const bool addressable = rounded >= bytes && rounded <= std::size_t(PTRDIFF_MAX);
  void* p = addressable ? std::aligned_alloc(256, rounded) : nullptr;
  if (!p) throw_out_of_memory("host", bytes, host_memory_available());
  return p;
}
inline void host_deallocate(void* p) {
  std::free(p);
}
inline void host_copy(void* dst, const void* src, std::size_t bytes) {
  if (bytes) std::memmove(dst, src, bytes);
}

}  // namespace detail

/// Ordinary host memory (256-byte aligned). Not device-accessible, in every build.
inline const MemoryResource& host_memory_resource() {
  static const MemoryResource r{
      MemoryKind::Host,  "host", false, true, &detail::host_allocate, &detail::host_deallocate,
      &detail::host_copy};
  return r;
}

/// Host memory that reports itself device-accessible: gpu::memory_resource() of a host
/// translation unit, so that mirroring a pool into it and launching on it takes the device
/// code path.
inline const MemoryResource& emulated_device_memory_resource() {
  static const MemoryResource r{
      MemoryKind::EmulatedDevice, "emulated-device", true, true, &detail::host_allocate,
      &detail::host_deallocate,   &detail::host_copy};
  return r;
}

inline namespace ALFVEN_CUDA_RT_NAMESPACE {

#if ALFVEN_CUDA_RUNTIME
namespace cuda_detail {

/// Free bytes of the current device (0 when the query fails).
inline std::size_t device_memory_free() {
  std::size_t free_bytes = 0, total = 0;
  if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return free_bytes;
}

/// Checks an allocation call: out of memory -> the out-of-memory policy; any other error fatal.
inline void check_allocation(cudaError_t err, const char* call, const char* kind, std::size_t bytes,
                             bool device_side) {
  if (err == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();  // not sticky: clear it before reporting
    detail::throw_out_of_memory(kind, bytes,
                                device_side ? device_memory_free() : host_memory_available());
  }
  detail::cuda_check(err, call, __FILE__, __LINE__);
}

inline void* device_allocate(std::size_t bytes) {
  void* p = nullptr;
  if (bytes) check_allocation(cudaMalloc(&p, bytes), "cudaMalloc", "device", bytes, true);
  return p;
}
inline void device_deallocate(void* p) {
  if (!p) return;
  const cudaError_t err = cudaFree(p);
  // At program exit the runtime may already be unloaded (a static array): nothing to free then.
  if (err == cudaErrorCudartUnloading) return;
  detail::cuda_check(err, "cudaFree", __FILE__, __LINE__);
}
inline void* managed_allocate(std::size_t bytes) {
  void* p = nullptr;
  if (bytes)
    check_allocation(cudaMallocManaged(&p, bytes), "cudaMallocManaged", "managed", bytes, true);
  return p;
}
inline bool have_device() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return count > 0;
}
/// Pinned memory: cudaHostAlloc (portable: pinned for every device of the process). Without a
/// visible device (pinning needs a driver) ordinary host memory stands in, so host-side code
/// paths that stage through pinned buffers still run.
inline void* pinned_allocate(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  if (!have_device()) return detail::host_allocate(bytes);
  void* p = nullptr;
  check_allocation(cudaHostAlloc(&p, bytes, cudaHostAllocPortable), "cudaHostAlloc", "pinned",
                   bytes, false);
  return p;
}
inline void pinned_deallocate(void* p) {
  if (!p) return;
  // Memory from the fallback above is not known to CUDA: ask before freeing.
  cudaPointerAttributes attr{};
  if (have_device() && cudaPointerGetAttributes(&attr, p) == cudaSuccess &&
      attr.type == cudaMemoryTypeHost) {
    const cudaError_t err = cudaFreeHost(p);
    if (err == cudaErrorCudartUnloading) return;
    detail::cuda_check(err, "cudaFreeHost", __FILE__, __LINE__);
  } else {
    (void)cudaGetLastError();
    std::free(p);
  }
}
inline void cuda_copy(void* dst, const void* src, std::size_t bytes) {
  if (bytes) ALFVEN_CUDA_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyDefault));
}

}  // namespace cuda_detail

/// CUDA device memory of the current device (cudaMalloc, 256-byte aligned).
inline const MemoryResource& device_memory_resource() {
  static const MemoryResource r{MemoryKind::Device,
                                "device",
                                true,
                                false,
                                &cuda_detail::device_allocate,
                                &cuda_detail::device_deallocate,
                                &cuda_detail::cuda_copy};
  return r;
}
/// CUDA managed memory (cudaMallocManaged). Never for large arrays (see docs/core.md).
inline const MemoryResource& managed_memory_resource() {
  static const MemoryResource r{MemoryKind::Managed,
                                "managed",
                                true,
                                true,
                                &cuda_detail::managed_allocate,
                                &cuda_detail::device_deallocate,
                                &cuda_detail::cuda_copy};
  return r;
}
/// Page-locked host memory (cudaHostAlloc, portable), device-accessible through unified
/// addressing; the staging memory of host <-> device copies that must overlap or run at full
/// link speed. Without a visible device: ordinary host memory (see cuda_detail::pinned_allocate).
inline const MemoryResource& pinned_memory_resource() {
  static const MemoryResource r{MemoryKind::Pinned,
                                "pinned",
                                true,
                                true,
                                &cuda_detail::pinned_allocate,
                                &cuda_detail::pinned_deallocate,
                                &cuda_detail::cuda_copy};
  return r;
}
#else
/// CUDA device memory. Without the CUDA runtime (a host build): throws alfven::Error.
inline const MemoryResource& device_memory_resource() {
  ALFVEN_REQUIRE(false,
                 "device_memory_resource() needs a CUDA build (ALFVEN_ENABLE_CUDA=ON); a host "
                 "build uses emulated_device_memory_resource() (gpu::memory_resource())");
  return host_memory_resource();
}
/// CUDA managed memory. Without the CUDA runtime: throws alfven::Error.
inline const MemoryResource& managed_memory_resource() {
  ALFVEN_REQUIRE(false, "managed_memory_resource() needs a CUDA build (ALFVEN_ENABLE_CUDA=ON)");
  return host_memory_resource();
}
/// Pinned host memory. Without the CUDA runtime: throws alfven::Error.
inline const MemoryResource& pinned_memory_resource() {
  ALFVEN_REQUIRE(false, "pinned_memory_resource() needs a CUDA build (ALFVEN_ENABLE_CUDA=ON)");
  return host_memory_resource();
}
#endif

}  // namespace ALFVEN_CUDA_RT_NAMESPACE
}  // namespace alfven
