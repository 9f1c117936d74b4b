/// @file bvh/lanes.hpp
/// @brief SIMD lanes for the vectorised host queries (the 4-wide BVH traversal, MeshSDF's
/// triangle packets): a vector of lanes of T and a mask of the same width, written with
/// GCC/Clang vector extensions (vector_size) so that they vectorise whatever the target flags
/// (plain loops do not: GCC if-converts their selects under the default -ftrapping-math only
/// with AVX-512 masks). 16-byte vectors, or 32 for double where AVX is enabled (so that no
/// vector is wider than the target's registers): 4 lanes of float, 4 or 2 of double.
///
/// ALFVEN_BVH_WIDE_HOST is 1 where they exist (GCC or Clang, host code) and 0 elsewhere (other
/// compilers, device code), where queries take the binary traversal.
#pragma once

#include <cstdint>
#include <cstring>

#include "alfven/core/macros.hpp"

#if !defined(__CUDA_ARCH__) && (defined(__GNUC__) || defined(__clang__))
#define ALFVEN_BVH_WIDE_HOST 1
#else
#define ALFVEN_BVH_WIDE_HOST 0
#endif

#if ALFVEN_BVH_WIDE_HOST
namespace alfven {
namespace geom {
namespace simd {

/// The vector and mask types of T and the lane count N.
template <typename T>
struct LaneTypes;
template <>
struct LaneTypes<float> {
  static constexpr int N = 4;
  typedef float V __attribute__((vector_size(16)));
  typedef std::int32_t M __attribute__((vector_size(16)));
  static ALFVEN_INLINE V splat(float x) { return V{x, x, x, x}; }
};
template <>
struct LaneTypes<double> {
#ifdef __AVX__
  static constexpr int N = 4;
  typedef double V __attribute__((vector_size(32)));
  typedef std::int64_t M __attribute__((vector_size(32)));
  static ALFVEN_INLINE V splat(double x) {
    return V{x, x, x, x};
  }
#else
  static constexpr int N = 2;
  typedef double V __attribute__((vector_size(16)));
  typedef std::int64_t M __attribute__((vector_size(16)));
  static ALFVEN_INLINE V splat(double x) {
    return V{x, x};
  }
#endif
};

/// N lanes of T: the operations the vectorised queries use, each exactly one IEEE operation
/// per lane (so a lane computes what the scalar code computes).
template <typename T>
struct Lanes {
  using V = typename LaneTypes<T>::V;  ///< N values
  using M = typename LaneTypes<T>::M;  ///< N masks (all ones or all zeros per lane)
  static constexpr int N = LaneTypes<T>::N;

  /// Every lane x.
  static ALFVEN_INLINE V splat(T x) { return LaneTypes<T>::splat(x); }
  /// Lanes a[0..N).
  static ALFVEN_INLINE V load(const T* a) {
    V v;
    std::memcpy(&v, a, sizeof(v));
    return v;
  }
  /// Writes the lanes to out[0..N).
  static ALFVEN_INLINE void store(T* out, V v) { std::memcpy(out, &v, sizeof(v)); }
  /// m ? a : b lane by lane (a vector conditional: one blend where the target has one).
  static ALFVEN_INLINE V select(M m, V a, V b) { return m ? a : b; }
  /// a > b ? a : b lane by lane (x86's maxps). Where a and b compare equal it returns b, so it
  /// can differ from the scalar max_ of vec3.hpp (a < b ? b : a) only in the sign of a zero:
  /// use it only where the result is squared (box_distance2_wide).
  static ALFVEN_INLINE V max(V a, V b) { return a > b ? a : b; }
};

}  // namespace simd
}  // namespace geom
}  // namespace alfven
#endif  // ALFVEN_BVH_WIDE_HOST
