/// @file memory.hpp
/// @brief Allocation and copies per backend. The host half is here; the CUDA half is in
/// cuda/memory.hpp and is only available in translation units compiled by nvcc.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>

#include "backend.hpp"

namespace alfven {
namespace detail {

/// Allocation in the memory of one backend. Specialised per backend.
template <typename Backend>
struct MemorySpace;

template <>
struct MemorySpace<backend::Host> {
  /// Allocates `bytes` bytes aligned to 64 bytes (a cache line). Throws std::bad_alloc.
  static void* allocate(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    const std::size_t rounded = (bytes + 63) / 64 * 64;
    void* p = std::aligned_alloc(64, rounded);
    if (!p) throw std::bad_alloc();
    return p;
  }
  static void deallocate(void* p) { std::free(p); }
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
