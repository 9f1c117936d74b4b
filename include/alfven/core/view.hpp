/// @file view.hpp
/// @brief View: a non-owning, trivially copyable window onto an array of rank 1 to 4.
///
/// Layout: the first index is fastest. For extents (n0, n1, n2, n3) element (i0, i1, i2, i3)
/// lives at i0 + n0 * (i1 + n1 * (i2 + n2 * i3)). For a cell-centred field (nx, ny, nz) this
/// is i + nx * (j + ny * k), the layout of docs/architecture.md ("Data layout").
#pragma once

#include <type_traits>

#include "macros.hpp"

namespace alfven {

/// Non-owning view of Rank-dimensional data. Copy it by value into kernels and lambdas; it
/// never frees memory. `T` may be const for a read-only view. No bounds checks.
template <typename T, int Rank>
struct View {
  static_assert(Rank >= 1 && Rank <= 4, "View supports ranks 1 to 4");
  using value_type = T;
  static constexpr int rank = Rank;

  T* ptr = nullptr;        ///< first element
  int extents[Rank] = {};  ///< number of elements along each axis

  /// Pointer to the first element.
  ALFVEN_HOST_DEVICE T* data() const { return ptr; }
  /// Extent along axis d.
  ALFVEN_HOST_DEVICE int extent(int d) const { return extents[d]; }
  /// Total number of elements.
  ALFVEN_HOST_DEVICE long size() const {
    long n = 1;
    for (int d = 0; d < Rank; ++d) n *= extents[d];
    return n;
  }
  /// Element at linear index n (0 <= n < size()).
  ALFVEN_HOST_DEVICE T& operator[](long n) const { return ptr[n]; }

  /// Linear index of (i0[, i1[, i2[, i3]]]).
  ALFVEN_HOST_DEVICE long index(int i0) const { return i0; }
  ALFVEN_HOST_DEVICE long index(int i0, int i1) const { return i0 + long(extents[0]) * i1; }
  ALFVEN_HOST_DEVICE long index(int i0, int i1, int i2) const {
    return i0 + long(extents[0]) * (i1 + long(extents[1]) * i2);
  }
  ALFVEN_HOST_DEVICE long index(int i0, int i1, int i2, int i3) const {
    return i0 + long(extents[0]) * (i1 + long(extents[1]) * (i2 + long(extents[2]) * i3));
  }

  /// Element access; the number of indices must equal Rank.
  template <typename... I>
  ALFVEN_HOST_DEVICE T& operator()(I... i) const {
    static_assert(sizeof...(I) == Rank, "wrong number of indices for this View");
    return ptr[index(int(i)...)];
  }

  /// Implicit conversion View<T> -> View<const T>.
  template <typename U = T, typename = std::enable_if_t<!std::is_const<U>::value>>
  ALFVEN_HOST_DEVICE operator View<const T, Rank>() const {
    View<const T, Rank> v;
    v.ptr = ptr;
    for (int d = 0; d < Rank; ++d) v.extents[d] = extents[d];
    return v;
  }
};

static_assert(std::is_trivially_copyable<View<double, 3>>::value,
              "View must be trivially copyable");

}  // namespace alfven
