/// @file cuda/memory.hpp
/// @brief Device arrays and host <-> device copies, so that Array<T, R, backend::CUDA> and
/// copy_from / copy_from_async work in all four directions. Device memory is
/// device_memory_resource() (plain cudaMalloc, never managed memory).
///
/// Needs only the runtime API header: nvcc translation units get it from core.hpp, and plain C++
/// files of a CUDA build (ALFVEN_HAVE_CUDA) may include it too (host code that allocates device
/// arrays or copies them back for output).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "../backend.hpp"
#include "../memory.hpp"
#include "../memory_resource.hpp"
#include "check.hpp"

namespace alfven {
namespace detail {

/// Device arrays: device_memory_resource() of the current device. allocate throws alfven::Error
/// when the device is out of memory (the bytes asked and the bytes free); any other runtime
/// error is fatal. deallocate (cudaFree) waits for the device to finish work that may use the
/// memory.
template <>
struct MemorySpace<backend::CUDA> {
  static const MemoryResource& resource() { return device_memory_resource(); }
  static void* allocate(std::size_t bytes) { return resource().allocate(bytes); }
  static void deallocate(void* p) { resource().deallocate(p); }
};

/// Copies between host and device memory with one cudaMemcpy kind.
template <cudaMemcpyKind Kind>
struct CudaCopier {
  /// Synchronous: on return the bytes are in place (device to device copies are followed by a
  /// synchronisation of the legacy default stream, since cudaMemcpy alone does not wait for them).
  static void copy(void* dst, const void* src, std::size_t bytes) {
    if (!bytes) return;
    ALFVEN_CUDA_CHECK(cudaMemcpy(dst, src, bytes, Kind));
    if (Kind == cudaMemcpyDeviceToDevice) ALFVEN_CUDA_CHECK(cudaStreamSynchronize(0));
  }
  /// Asynchronous: queues the copy on `stream` and returns (cudaMemcpyAsync).
  static void copy_async(void* dst, const void* src, std::size_t bytes, cudaStream_t stream) {
    if (!bytes) return;
    ALFVEN_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, Kind, stream));
  }
};

template <>
struct Copier<backend::CUDA, backend::Host> : CudaCopier<cudaMemcpyHostToDevice> {};
template <>
struct Copier<backend::Host, backend::CUDA> : CudaCopier<cudaMemcpyDeviceToHost> {};
template <>
struct Copier<backend::CUDA, backend::CUDA> : CudaCopier<cudaMemcpyDeviceToDevice> {};

}  // namespace detail
}  // namespace alfven
