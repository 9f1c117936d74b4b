/// @file array.hpp
/// @brief Array: an owning, contiguous array of rank 1 to 4 in the memory of one backend.
///
/// Host code allocates, frees and copies Arrays; kernels and lambdas only ever see their View.
/// Layout is the View's: first index fastest.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "error.hpp"
#include "memory.hpp"
#include "view.hpp"

namespace alfven {

/// Owning array of `T` with `Rank` axes (1..4) in the memory of `Backend`.
///
/// Move-only (copy explicitly with copy_from). Errors: the constructor throws alfven::Error for
/// a negative extent and, when memory runs out, the out-of-memory error of memory_resource.hpp
/// (bytes asked, bytes free); copy_from throws alfven::Error when
/// the extents differ.
template <typename T, int Rank, typename Backend = backend::Host>
class Array {
  static_assert(Rank >= 1 && Rank <= 4, "Array supports ranks 1 to 4");
  static_assert(std::is_trivially_copyable<T>::value, "Array elements must be trivially copyable");

 public:
  using value_type = T;
  using backend_type = Backend;
  static constexpr int rank = Rank;

  /// An empty array (size 0).
  Array() = default;

  /// Array with extents n0, n1, ... (one per axis; contents uninitialised).
  template <typename... N, typename = std::enable_if_t<sizeof...(N) == Rank>>
  explicit Array(N... n) {
    const long e[Rank] = {long(n)...};
    std::array<int, Rank> ext{};
    for (int d = 0; d < Rank; ++d) {
      ALFVEN_REQUIRE(e[d] >= 0, "Array extent " << d << " is negative (" << e[d] << ")");
      ext[d] = int(e[d]);
    }
    allocate(ext);
  }

  /// Array with the given extents.
  explicit Array(const std::array<int, Rank>& ext) {
    for (int d = 0; d < Rank; ++d) {
      ALFVEN_REQUIRE(ext[d] >= 0, "Array extent " << d << " is negative (" << ext[d] << ")");
    }
    allocate(ext);
  }

  ~Array() { release(); }
  Array(const Array&) = delete;
  Array& operator=(const Array&) = delete;
  Array(Array&& o) noexcept { swap(o); }
  Array& operator=(Array&& o) noexcept {
    if (this != &o) {
      release();
      swap(o);
    }
    return *this;
  }
  /// Exchanges contents with `o` in O(1) (no element is copied).
  void swap(Array& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(extents_, o.extents_);
  }

  /// Extent along axis d.
  int extent(int d) const { return extents_[d]; }
  /// All extents.
  const std::array<int, Rank>& extents() const { return extents_; }
  /// Number of elements.
  long size() const {
    long n = 1;
    for (int d = 0; d < Rank; ++d) n *= extents_[d];
    return n;
  }
  /// Pointer to the first element (in the backend's memory).
  T* data() { return data_; }
  const T* data() const { return data_; }

  /// Mutable, trivially copyable view for kernels and lambdas.
  View<T, Rank> view() {
    View<T, Rank> v;
    v.ptr = data_;
    for (int d = 0; d < Rank; ++d) v.extents[d] = extents_[d];
    return v;
  }
  /// Read-only view.
  View<const T, Rank> const_view() const {
    View<const T, Rank> v;
    v.ptr = data_;
    for (int d = 0; d < Rank; ++d) v.extents[d] = extents_[d];
    return v;
  }

  /// Copies every element of `src`, which may live in another backend's memory (all four
  /// host/device pairs in a CUDA build). The extents must be equal. Synchronous: on return the
  /// data is in place, and work queued before on the default stream has finished first where a
  /// device is involved. Allocates nothing. Throws alfven::Error when the extents differ;
  /// runtime errors are fatal (ALFVEN_CUDA_CHECK).
  template <typename SrcBackend>
  void copy_from(const Array<T, Rank, SrcBackend>& src) {
    ALFVEN_REQUIRE(src.extents() == extents_, "copy_from: extents differ");
    detail::Copier<Backend, SrcBackend>::copy(data_, src.data(), std::size_t(size()) * sizeof(T));
  }

  /// Asynchronous copy_from: queues the copy of every element of `src` on `stream` (a
  /// cudaStream_t; 0 is the legacy default stream) and returns. Until the stream is synchronised
  /// (cudaStreamSynchronize) neither array may be read, written or destroyed. A copy between two
  /// host arrays ignores the stream and is done on return. Host <-> device copies only overlap
  /// with host work when the host array is in pinned memory; from pageable memory the runtime
  /// may wait. Throws alfven::Error when the extents differ; runtime errors are fatal
  /// (ALFVEN_CUDA_CHECK). Device pairs need a CUDA build (cuda/memory.hpp).
  template <typename SrcBackend, typename Stream>
  void copy_from_async(const Array<T, Rank, SrcBackend>& src, Stream stream) {
    ALFVEN_REQUIRE(src.extents() == extents_, "copy_from_async: extents differ");
    detail::Copier<Backend, SrcBackend>::copy_async(data_, src.data(),
                                                    std::size_t(size()) * sizeof(T), stream);
  }

  /// Host arrays only: element access for set-up and checks in host code.
  template <typename... I>
  T& operator()(I... i) {
    static_assert(std::is_same<Backend, backend::Host>::value, "operator() needs a host Array");
    return view()(i...);
  }
  template <typename... I>
  const T& operator()(I... i) const {
    static_assert(std::is_same<Backend, backend::Host>::value, "operator() needs a host Array");
    return const_view()(i...);
  }
  /// Host arrays only: element at linear index n.
  T& operator[](long n) {
    static_assert(std::is_same<Backend, backend::Host>::value, "operator[] needs a host Array");
    return data_[n];
  }
  const T& operator[](long n) const {
    static_assert(std::is_same<Backend, backend::Host>::value, "operator[] needs a host Array");
    return data_[n];
  }

 private:
  void allocate(const std::array<int, Rank>& ext) {
    extents_ = ext;
    data_ =
        static_cast<T*>(detail::MemorySpace<Backend>::allocate(std::size_t(size()) * sizeof(T)));
  }
  void release() {
    if (data_) detail::MemorySpace<Backend>::deallocate(data_);
    data_ = nullptr;
    extents_ = {};
  }

  T* data_ = nullptr;
  std::array<int, Rank> extents_{};
};

template <typename T, typename B = backend::Host>
using Array1D = Array<T, 1, B>;
template <typename T, typename B = backend::Host>
using Array2D = Array<T, 2, B>;
template <typename T, typename B = backend::Host>
using Array3D = Array<T, 3, B>;
template <typename T, typename B = backend::Host>
using Array4D = Array<T, 4, B>;

}  // namespace alfven
