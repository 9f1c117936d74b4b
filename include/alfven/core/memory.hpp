/// @file memory.hpp
/// @brief Allocation and copies per backend, for Array. Allocation goes through the memory
/// resources (memory_resource.hpp: one allocator family, one out-of-memory policy); the host
/// half of the copies is here, the CUDA half in cuda/memory.hpp.
#pragma once

#include <cstddef>
#include <cstring>

#include "backend.hpp"
#include "memory_resource.hpp"

namespace alfven {
namespace detail {

/// The memory resource behind the arrays of one backend. Specialised per backend.
template <typename Backend>
struct MemorySpace;

/// Host arrays: host_memory_resource() (256-byte aligned). allocate throws alfven::Error when
/// the memory does not fit (the bytes asked and the bytes free).
template <>
struct MemorySpace<backend::Host> {
  static const MemoryResource& resource() { return host_memory_resource(); }
  static void* allocate(std::size_t bytes) { return resource().allocate(bytes); }
  static void deallocate(void* p) { resource().deallocate(p); }
};

/// Copies `bytes` bytes from memory of backend Src to memory of backend Dst: copy() is
/// synchronous, copy_async(..., stream) is queued on a stream where the pair involves a device
/// (cuda/memory.hpp). Specialised per pair of backends.
template <typename Dst, typename Src>
struct Copier;

template <>
struct Copier<backend::Host, backend::Host> {
  static void copy(void* dst, const void* src, std::size_t bytes) {
    if (bytes) std::memcpy(dst, src, bytes);
  }
  /// Host to host has no stream: copies at once (the stream, of any type, is ignored).
  template <typename Stream>
  static void copy_async(void* dst, const void* src, std::size_t bytes, Stream) {
    copy(dst, src, bytes);
  }
};

}  // namespace detail
}  // namespace alfven
