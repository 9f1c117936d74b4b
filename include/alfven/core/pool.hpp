/// @file pool.hpp
/// @brief Pool (a bump arena in one memory resource), PODVector (an array as an offset into a
/// pool) and PODSpan (pointer + count), the storage of objects that must reach a device.
///
/// The pattern (as in EBGeometry's memory model): build on the host into a Pool in
/// host_memory_resource(), freeze() it, mirror() it into gpu::memory_resource(), and take a
/// `rebased_view(mirror)` of every pool-built object (a BVH union, a tape): a trivially copyable
/// value whose pointers point into the mirror, ready to be passed to a kernel. Because arrays
/// are stored as offsets, a pool may grow (move) while it is being built, and a mirror
/// needs no fix-up.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "error.hpp"
#include "macros.hpp"
#include "memory_resource.hpp"

namespace alfven {

namespace detail {
/// Copies between memory of two resources: the CUDA copy (cudaMemcpyDefault) when either side
/// has one, memmove otherwise.
inline void copy_between(const MemoryResource& dst_r, void* dst, const MemoryResource& src_r,
                         const void* src, std::size_t bytes) {
  if (dst_r.copy != &detail::host_copy)
    dst_r.copy(dst, src, bytes);
  else
    src_r.copy(dst, src, bytes);
}
}  // namespace detail

/// A contiguous, growable bump arena in one memory resource.
///
/// allocate() hands out aligned byte offsets (never pointers), so the arena may be reallocated
/// while it grows. freeze() forbids further allocation (not writes); a frozen pool's base()
/// never moves. Move-only; frees its memory on destruction. Errors: allocate()/reserve() on a
/// frozen pool and mirror() of an unfrozen pool throw alfven::Error.
class Pool {
 public:
  /// An empty pool in `resource` with `capacity` bytes reserved.
  explicit Pool(const MemoryResource& resource = host_memory_resource(), std::size_t capacity = 0)
      : resource_(resource) {
    reserve(capacity);
  }
  ~Pool() { release(); }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  Pool(Pool&& o) noexcept : resource_(o.resource_) { swap(o); }
  Pool& operator=(Pool&& o) noexcept {
    if (this != &o) {
      release();
      resource_ = o.resource_;
      swap(o);
    }
    return *this;
  }

  /// Makes room for at least `bytes` bytes in total (like std::vector::reserve).
  void reserve(std::size_t bytes) {
    ALFVEN_REQUIRE(!frozen_ || bytes <= capacity_, "Pool::reserve: the pool is frozen");
    if (bytes <= capacity_) return;
    std::byte* fresh = static_cast<std::byte*>(resource_.allocate(bytes));
    if (size_) resource_.copy(fresh, base_, size_);
    if (base_) resource_.deallocate(base_);
    base_ = fresh;
    capacity_ = bytes;
  }

  /// Reserves `bytes` bytes aligned to `alignment` (a power of two, at most 256) and returns
  /// their offset from base(). Grows the pool geometrically when needed.
  std::size_t allocate(std::size_t bytes, std::size_t alignment = 16) {
    ALFVEN_REQUIRE(!frozen_,
                   "Pool::allocate: the pool is frozen (freeze() forbids new reservations)");
    ALFVEN_REQUIRE(alignment && (alignment & (alignment - 1)) == 0 && alignment <= 256,
                   "Pool::allocate: alignment must be a power of two <= 256");
    const std::size_t offset = (size_ + alignment - 1) / alignment * alignment;
    const std::size_t end = offset + bytes;
    if (end > capacity_) {
      std::size_t grown = capacity_ ? 2 * capacity_ : 4096;
      reserve(grown > end ? grown : end);
    }
    size_ = end;
    return offset;
  }

  /// Forbids further allocation; base() no longer moves. Writes remain allowed.
  void freeze() { frozen_ = true; }
  bool frozen() const { return frozen_; }
  /// Bytes handed out so far.
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  /// Start of the arena (in the resource's memory; dereference only when host-accessible).
  std::byte* base() { return base_; }
  const std::byte* base() const { return base_; }
  const MemoryResource& resource() const { return resource_; }
  bool device_accessible() const { return resource_.device_accessible; }
  bool host_accessible() const { return resource_.host_accessible; }

  /// Copies `bytes` bytes from host memory `src` to offset `offset` of the pool.
  void copy_in(std::size_t offset, const void* src, std::size_t bytes) {
    ALFVEN_REQUIRE(offset + bytes <= size_, "Pool::copy_in: range ["
                                                << offset << ", " << offset + bytes
                                                << ") ends past the pool (" << size_ << " bytes)");
    detail::copy_between(resource_, base_ + offset, host_memory_resource(), src, bytes);
  }
  /// Copies `bytes` bytes at offset `offset` of the pool to host memory `dst`.
  void copy_out(std::size_t offset, void* dst, std::size_t bytes) const {
    ALFVEN_REQUIRE(offset + bytes <= size_, "Pool::copy_out: range ends past the pool");
    detail::copy_between(host_memory_resource(), dst, resource_, base_ + offset, bytes);
  }

  /// A frozen copy of the frozen pool `src` in `resource` (same offsets, same bytes).
  /// Synchronous. Throws alfven::Error if src is not frozen.
  static Pool mirror(const Pool& src, const MemoryResource& resource) {
    ALFVEN_REQUIRE(src.frozen(), "Pool::mirror: freeze() the source pool first");
    Pool m(resource, src.size_);
    m.size_ = src.size_;
    if (src.size_) detail::copy_between(resource, m.base_, src.resource_, src.base_, src.size_);
    m.frozen_ = true;
    return m;
  }

 private:
  void swap(Pool& o) noexcept {
    std::swap(base_, o.base_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
    std::swap(frozen_, o.frozen_);
  }
  void release() {
    if (base_) resource_.deallocate(base_);
    base_ = nullptr;
    size_ = capacity_ = 0;
  }

  MemoryResource resource_;
  std::byte* base_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  bool frozen_ = false;
};

/// A pointer and a count: a non-owning window onto contiguous memory anywhere. Trivially
/// copyable; no bounds checks. `T` may be const.
template <typename T>
struct PODSpan {
  T* ptr = nullptr;
  std::size_t count = 0;
  ALFVEN_HOST_DEVICE T* data() const { return ptr; }
  ALFVEN_HOST_DEVICE std::size_t size() const { return count; }
  ALFVEN_HOST_DEVICE T& operator[](std::size_t i) const { return ptr[i]; }
  /// PODSpan<T> -> PODSpan<const T>.
  template <typename U = T, typename = std::enable_if_t<!std::is_const<U>::value>>
  ALFVEN_HOST_DEVICE operator PODSpan<const U>() const {
    return PODSpan<const U>{ptr, count};
  }
};

/// An array of `count` elements of T at byte `offset` of some pool. It stores no pointer, so
/// it stays valid when the pool grows and refers to the same elements in any mirror of the
/// pool; which pool it belongs to is the caller's responsibility. Trivially copyable.
template <typename T>
struct PODVector {
  static_assert(std::is_trivially_copyable<T>::value, "PODVector<T>: T must be trivially copyable");
  std::size_t offset = 0;
  std::size_t count = 0;

  /// Reserves room for n elements in `pool` (contents unspecified). Throws if frozen.
  void reserve_from(Pool& pool, std::size_t n) {
    offset = pool.allocate(n * sizeof(T), alignof(T) > 16 ? alignof(T) : 16);
    count = n;
  }
  /// Copies n <= size() elements from host memory `src` to the start of this array.
  void assign(Pool& pool, const T* src, std::size_t n) {
    ALFVEN_REQUIRE(n <= count,
                   "PODVector::assign: " << n << " elements into an array of " << count);
    pool.copy_in(offset, src, n * sizeof(T));
  }
  /// Copies the elements of `src` into this array (src.size() <= size()).
  void assign(Pool& pool, const std::vector<T>& src) { assign(pool, src.data(), src.size()); }
  /// The elements as a host vector (copied out of the pool).
  std::vector<T> to_vector(const Pool& pool) const {
    std::vector<T> v(count);
    pool.copy_out(offset, v.data(), count * sizeof(T));
    return v;
  }
  ALFVEN_HOST_DEVICE std::size_t size() const { return count; }
  /// One past the last byte, as an offset from the pool's base.
  ALFVEN_HOST_DEVICE std::size_t end_byte() const { return offset + count * sizeof(T); }
  /// Pointer to the first element given the pool's base.
  ALFVEN_HOST_DEVICE T* data(std::byte* base) const { return reinterpret_cast<T*>(base + offset); }
  ALFVEN_HOST_DEVICE const T* data(const std::byte* base) const {
    return reinterpret_cast<const T*>(base + offset);
  }
  /// A span onto the elements given the pool's base.
  ALFVEN_HOST_DEVICE PODSpan<T> bind(std::byte* base) const {
    return PODSpan<T>{data(base), count};
  }
  ALFVEN_HOST_DEVICE PODSpan<const T> bind(const std::byte* base) const {
    return PODSpan<const T>{data(base), count};
  }
};

namespace detail {
/// Checks that a pool can back a rebased view of an object whose arrays end at byte `end`:
/// the arrays end inside it, and a device-accessible pool is frozen. Throws alfven::Error.
inline void check_rebase(const Pool& pool, std::size_t end, const char* what) {
  ALFVEN_REQUIRE(end <= pool.size(), what << ": rebased_view onto a pool of " << pool.size()
                                          << " bytes, but the object's arrays end at byte " << end
                                          << " (not this pool or a mirror of it?)");
  ALFVEN_REQUIRE(pool.frozen() || !pool.device_accessible(),
                 what << ": rebased_view onto a device-accessible pool needs a frozen pool");
}
}  // namespace detail

}  // namespace alfven
