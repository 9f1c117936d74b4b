/// @file state.hpp
/// @brief One cell's primitive state, loaded from and stored to a fields view by linear cell
/// index, and the derived quantities every kernel needs.
#pragma once

#include <type_traits>

#include "alfven/core/macros.hpp"
#include "fields.hpp"

namespace alfven {
namespace mhd {

/// Constants of Gaussian units: 1/(4 pi) and 1/(8 pi).
template <typename Real>
struct Gaussian {
  static constexpr Real inv_4pi = Real(0.079577471545947667884441881686257181);
  static constexpr Real inv_8pi = Real(0.039788735772973833942220940843128591);
};

/// Primitive state of one cell: rho, v, B (Gaussian), e (specific internal energy), psi.
template <typename Real>
struct Primitive {
  Real rho;
  Real v[3];
  Real b[3];
  Real e;
  Real psi;

  /// |v|^2
  ALFVEN_HOST_DEVICE Real v2() const { return v[0] * v[0] + v[1] * v[1] + v[2] * v[2]; }
  /// |B|^2
  ALFVEN_HOST_DEVICE Real b2() const { return b[0] * b[0] + b[1] * b[1] + b[2] * b[2]; }
  /// v . B
  ALFVEN_HOST_DEVICE Real vdotb() const { return v[0] * b[0] + v[1] * b[1] + v[2] * b[2]; }
  /// Total energy density E = rho e + rho |v|^2 / 2 + |B|^2 / (8 pi).
  ALFVEN_HOST_DEVICE Real total_energy() const {
    return rho * e + Real(0.5) * rho * v2() + b2() * Gaussian<Real>::inv_8pi;
  }
};

/// Raw access to a fields array by linear cell index c = i + tx (j + ty k) and variable.
/// Variable v of cell c lives at ptr[c + v * ncell]. `ReadOnlyCache` (read-only access only):
/// on a GPU, load through the read-only data cache (__ldg). That is right only where the kernel
/// does not write the array it reads so, which holds for every kernel that takes a
/// CellAccess<const Real>: each reads a state and writes another array. Measured on the H200
/// (Nsight Compute, 256^3 float, docs/performance.md): the stage kernel 877 -> 827 us; the
/// viscous update, whose threads read the cells of their run again from L1, 0.90 -> 2.0 ms a
/// pass, so it reads without it (ViscosityInput).
template <typename T, bool ReadOnlyCache = std::is_const<T>::value>
struct CellAccess {
  T* ptr;
  long ncell;
  explicit ALFVEN_HOST_DEVICE CellAccess(const View<T, 4>& f)
      : ptr(f.data()), ncell(long(f.extent(0)) * f.extent(1) * f.extent(2)) {}
  /// Variable v of cell c: a reference, or with ReadOnlyCache on a GPU the value loaded through
  /// the read-only data cache.
  ALFVEN_HOST_DEVICE decltype(auto) operator()(long c, int v) const { return at(c + v * ncell); }
  /// Element n of ptr, as operator() reads it.
  ALFVEN_HOST_DEVICE decltype(auto) at(long n) const {
#ifdef __CUDA_ARCH__
    if constexpr (ReadOnlyCache) {
      static_assert(std::is_const<T>::value, "the read-only cache is for read-only access");
      return typename std::remove_const<T>::type(__ldg(ptr + n));
    } else {
      return (ptr[n]);
    }
#else
    return (ptr[n]);
#endif
  }

  /// Loads the primitive state of cell c.
  template <typename Real = typename std::remove_const<T>::type>
  ALFVEN_HOST_DEVICE Primitive<Real> load(long c) const {
    Primitive<Real> q;
    q.rho = at(c + density * ncell);
    q.v[0] = at(c + velocity_x * ncell);
    q.v[1] = at(c + velocity_y * ncell);
    q.v[2] = at(c + velocity_z * ncell);
    q.b[0] = at(c + magnetic_field_x * ncell);
    q.b[1] = at(c + magnetic_field_y * ncell);
    q.b[2] = at(c + magnetic_field_z * ncell);
    q.e = at(c + internal_energy * ncell);
    q.psi = at(c + psi * ncell);
    return q;
  }
  /// Stores a primitive state into cell c.
  template <typename Real>
  ALFVEN_HOST_DEVICE void store(long c, const Primitive<Real>& q) const {
    ptr[c + density * ncell] = q.rho;
    ptr[c + velocity_x * ncell] = q.v[0];
    ptr[c + velocity_y * ncell] = q.v[1];
    ptr[c + velocity_z * ncell] = q.v[2];
    ptr[c + magnetic_field_x * ncell] = q.b[0];
    ptr[c + magnetic_field_y * ncell] = q.b[1];
    ptr[c + magnetic_field_z * ncell] = q.b[2];
    ptr[c + internal_energy * ncell] = q.e;
    ptr[c + psi * ncell] = q.psi;
  }
};

}  // namespace mhd
}  // namespace alfven
