/// @file vec3.hpp
/// @brief Vec3<T>: a three-component vector for points, directions and sizes, with the small
/// set of operations signed distance functions need. Host and device.
///
/// Conventions of alfven::geom (stated once, here and in docs/geometry.md):
///  - Right-handed Cartesian axes x (0), y (1), z (2); lengths in the caller's unit.
///  - A signed distance is negative inside, zero on the surface, positive outside.
///  - Analytic shapes are centred at the origin (the sphere and plane carry a point for
///    convenience); a shape of revolution (torus, cylinders, capsule, cones) has the z axis as
///    its axis. Place shapes with translate() and rotate().
#pragma once

#include <cmath>
#include <type_traits>

#include "alfven/core/macros.hpp"

namespace alfven {
namespace geom {

/// Three components of type T (float or double). Trivially copyable aggregate.
template <typename T>
struct Vec3 {
  static_assert(std::is_floating_point<T>::value, "Vec3<T>: T must be float or double");
  T x, y, z;

  /// Component d (0 = x, 1 = y, 2 = z).
  ALFVEN_HOST_DEVICE ALFVEN_INLINE T operator[](int d) const {
    return d == 0 ? x : (d == 1 ? y : z);
  }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE T& operator[](int d) { return d == 0 ? x : (d == 1 ? y : z); }
  /// All components equal to s.
  ALFVEN_HOST_DEVICE static constexpr Vec3 all(T s) { return Vec3{s, s, s}; }
  /// Component-wise conversion to another precision.
  template <typename U>
  ALFVEN_HOST_DEVICE Vec3<U> as() const {
    return Vec3<U>{U(x), U(y), U(z)};
  }
};

static_assert(std::is_trivially_copyable<Vec3<float>>::value, "Vec3 must be trivially copyable");

// ---- scalar helpers (std:: math functions work in host and device code under nvcc) ------------
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T min_(T a, T b) {
  return b < a ? b : a;
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T max_(T a, T b) {
  return a < b ? b : a;
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T clamp_(T v, T lo, T hi) {
  return min_(max_(v, lo), hi);
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T abs_(T v) {
  return std::fabs(v);
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T sqrt_(T v) {
  return std::sqrt(v);
}

// ---- arithmetic -------------------------------------------------------------------------------
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> operator+(const Vec3<T>& a, const Vec3<T>& b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> operator-(const Vec3<T>& a, const Vec3<T>& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> operator-(const Vec3<T>& a) {
  return {-a.x, -a.y, -a.z};
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> operator*(T s, const Vec3<T>& a) {
  return {s * a.x, s * a.y, s * a.z};
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> operator*(const Vec3<T>& a, T s) {
  return {s * a.x, s * a.y, s * a.z};
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> operator/(const Vec3<T>& a, T s) {
  return {a.x / s, a.y / s, a.z / s};
}
/// Component-wise product and quotient.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> mul(const Vec3<T>& a, const Vec3<T>& b) {
  return {a.x * b.x, a.y * b.y, a.z * b.z};
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> div(const Vec3<T>& a, const Vec3<T>& b) {
  return {a.x / b.x, a.y / b.y, a.z / b.z};
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T>& operator+=(Vec3<T>& a, const Vec3<T>& b) {
  a = a + b;
  return a;
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T>& operator-=(Vec3<T>& a, const Vec3<T>& b) {
  a = a - b;
  return a;
}

template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T dot(const Vec3<T>& a, const Vec3<T>& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> cross(const Vec3<T>& a, const Vec3<T>& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
/// Euclidean length.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T length(const Vec3<T>& a) {
  return sqrt_(dot(a, a));
}
/// a / |a|; the zero vector stays zero.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> normalize(const Vec3<T>& a) {
  const T l = length(a);
  return l > T(0) ? a / l : a;
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> vmin(const Vec3<T>& a, const Vec3<T>& b) {
  return {min_(a.x, b.x), min_(a.y, b.y), min_(a.z, b.z)};
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> vmax(const Vec3<T>& a, const Vec3<T>& b) {
  return {max_(a.x, b.x), max_(a.y, b.y), max_(a.z, b.z)};
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> vabs(const Vec3<T>& a) {
  return {abs_(a.x), abs_(a.y), abs_(a.z)};
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Vec3<T> vclamp(const Vec3<T>& v, const Vec3<T>& lo,
                                                const Vec3<T>& hi) {
  return vmin(vmax(v, lo), hi);
}
/// Largest and smallest component.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T max_component(const Vec3<T>& a) {
  return max_(a.x, max_(a.y, a.z));
}
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T min_component(const Vec3<T>& a) {
  return min_(a.x, min_(a.y, a.z));
}

/// Axis-aligned bounding box [lo, hi]. Used by the BVH and for nesting unions.
template <typename T>
struct AABB {
  Vec3<T> lo, hi;
  /// Unsigned distance from p to the box (0 inside); a lower bound of the distance from p to
  /// anything contained in the box.
  ALFVEN_HOST_DEVICE ALFVEN_INLINE T distance(const Vec3<T>& p) const {
    const Vec3<T> q = vmax(vmax(lo - p, p - hi), Vec3<T>::all(T(0)));
    return length(q);
  }
  /// Smallest box containing this one and b.
  ALFVEN_HOST_DEVICE AABB merged(const AABB& b) const { return {vmin(lo, b.lo), vmax(hi, b.hi)}; }
  ALFVEN_HOST_DEVICE Vec3<T> centre() const { return T(0.5) * (lo + hi); }
  /// True when p lies in the closed box (false for a NaN coordinate).
  ALFVEN_HOST_DEVICE bool contains(const Vec3<T>& p) const {
    return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y && p.z >= lo.z && p.z <= hi.z;
  }
};

}  // namespace geom
}  // namespace alfven
