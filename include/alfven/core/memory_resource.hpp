/// @file memory_resource.hpp
/// @brief Memory resources for pools and device queries: host, device, managed, pinned, and
/// emulated-device (host memory that reports itself device-accessible, so that a host build
/// takes exactly the code path of a device build).
///
/// A MemoryResource is a small value: a kind, two flags and three function pointers
/// (allocate, deallocate, copy). The CUDA resources (device, managed, pinned) exist only in
/// translation units compiled by nvcc (`__CUDACC__`); elsewhere their factories throw
/// alfven::Error. The factories whose behaviour depends on the compiler live in an inline
/// namespace named after it (ALFVEN_GPU_TU_NAMESPACE), so that host and CUDA translation units
/// of one program never break the one-definition rule; the MemoryResource type itself is the
/// same in both, so a Pool can be handed from a .cpp file to a .cu file.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "error.hpp"
#include "macros.hpp"

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#define ALFVEN_GPU_TU_NAMESPACE cuda_tu
#else
#define ALFVEN_GPU_TU_NAMESPACE host_tu
#endif

#if defined(__CUDACC__)
#include "cuda/check.hpp"
/// Checks a CUDA runtime call; the same check as ALFVEN_CUDA_CHECK (names the call, file and
/// line, then calls the fatal handler, which stops every MPI rank in an MPI run).
#define ALFVEN_GPU_CHECK(call) ALFVEN_CUDA_CHECK(call)
#endif

namespace alfven {

/// Where a MemoryResource's memory lives.
enum class MemoryKind {
  Host,           ///< ordinary host memory; not device-accessible
  Device,         ///< CUDA device memory (cudaMalloc); not host-accessible
  Managed,        ///< CUDA managed memory (cudaMallocManaged); both
  Pinned,         ///< page-locked host memory (cudaMallocHost); both (mapped)
  EmulatedDevice  ///< host memory that reports itself device-accessible (host builds)
};

/// A source of memory. Trivially copyable; compare with same_resource().
struct MemoryResource {
  MemoryKind kind;
  const char* name;        ///< "host", "device", "managed", "pinned", "emulated-device"
  bool device_accessible;  ///< a launched functor may read and write it
  bool host_accessible;    ///< host code may dereference it
  void* (*allocate)(std::size_t bytes);  ///< throws std::bad_alloc / aborts on CUDA errors
  void (*deallocate)(void* p);
  void (*copy)(void* dst, const void* src,
               std::size_t bytes);  ///< between this and any host memory
};

/// True when a and b are the same kind of memory.
inline bool same_resource(const MemoryResource& a, const MemoryResource& b) {
  return a.kind == b.kind;
}

namespace detail {
inline void* host_allocate(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  void* p = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!p) throw std::bad_alloc();
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

/// Host memory that reports itself device-accessible: gpu::memory_resource() of a host build,
/// so that mirroring a pool into it and launching on it takes the device code path.
inline const MemoryResource& emulated_device_memory_resource() {
  static const MemoryResource r{
      MemoryKind::EmulatedDevice, "emulated-device", true, true, &detail::host_allocate,
      &detail::host_deallocate,   &detail::host_copy};
  return r;
}

inline namespace ALFVEN_GPU_TU_NAMESPACE {

#if defined(__CUDACC__)
namespace cuda_detail {
inline void* cuda_device_allocate(std::size_t bytes) {
  void* p = nullptr;
  if (bytes) ALFVEN_GPU_CHECK(cudaMalloc(&p, bytes));
  return p;
}
inline void cuda_device_deallocate(void* p) {
  if (p) ALFVEN_GPU_CHECK(cudaFree(p));
}
inline void* cuda_managed_allocate(std::size_t bytes) {
  void* p = nullptr;
  if (bytes) ALFVEN_GPU_CHECK(cudaMallocManaged(&p, bytes));
  return p;
}
inline void* cuda_pinned_allocate(std::size_t bytes) {
  void* p = nullptr;
  if (bytes) ALFVEN_GPU_CHECK(cudaMallocHost(&p, bytes));
  return p;
}
inline void cuda_pinned_deallocate(void* p) {
  if (p) ALFVEN_GPU_CHECK(cudaFreeHost(p));
}
inline void cuda_copy(void* dst, const void* src, std::size_t bytes) {
  if (bytes) ALFVEN_GPU_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyDefault));
}
}  // namespace cuda_detail

/// CUDA device memory (cudaMalloc). Only in nvcc translation units.
inline const MemoryResource& device_memory_resource() {
  static const MemoryResource r{MemoryKind::Device,
                                "device",
                                true,
                                false,
                                &cuda_detail::cuda_device_allocate,
                                &cuda_detail::cuda_device_deallocate,
                                &cuda_detail::cuda_copy};
  return r;
}
/// CUDA managed memory (cudaMallocManaged). Only in nvcc translation units.
inline const MemoryResource& managed_memory_resource() {
  static const MemoryResource r{MemoryKind::Managed,
                                "managed",
                                true,
                                true,
                                &cuda_detail::cuda_managed_allocate,
                                &cuda_detail::cuda_device_deallocate,
                                &cuda_detail::cuda_copy};
  return r;
}
/// Page-locked host memory (cudaMallocHost), device-accessible through unified addressing.
inline const MemoryResource& pinned_memory_resource() {
  static const MemoryResource r{MemoryKind::Pinned,
                                "pinned",
                                true,
                                true,
                                &cuda_detail::cuda_pinned_allocate,
                                &cuda_detail::cuda_pinned_deallocate,
                                &cuda_detail::cuda_copy};
  return r;
}
#else
/// CUDA device memory. In a translation unit not compiled by nvcc: throws alfven::Error.
inline const MemoryResource& device_memory_resource() {
  ALFVEN_REQUIRE(false,
                 "device_memory_resource() needs a CUDA build: compile this translation unit "
                 "with nvcc (ALFVEN_ENABLE_CUDA=ON); a host build uses "
                 "emulated_device_memory_resource() (gpu::memory_resource())");
  return host_memory_resource();
}
/// CUDA managed memory. In a translation unit not compiled by nvcc: throws alfven::Error.
inline const MemoryResource& managed_memory_resource() {
  ALFVEN_REQUIRE(false, "managed_memory_resource() needs a CUDA build (nvcc translation unit)");
  return host_memory_resource();
}
/// Pinned host memory. In a translation unit not compiled by nvcc: throws alfven::Error.
inline const MemoryResource& pinned_memory_resource() {
  ALFVEN_REQUIRE(false, "pinned_memory_resource() needs a CUDA build (nvcc translation unit)");
  return host_memory_resource();
}
#endif

}  // namespace ALFVEN_GPU_TU_NAMESPACE
}  // namespace alfven
