/// @file math.hpp
/// @brief Small math helpers overloaded for float and double that compile to the same
/// instructions on the host and on a CUDA device (no promotion of float to double).
#pragma once

#include <math.h>

#include "macros.hpp"

namespace alfven {
namespace math {

ALFVEN_HOST_DEVICE ALFVEN_INLINE float sqrt(float x) {
  return ::sqrtf(x);
}
ALFVEN_HOST_DEVICE ALFVEN_INLINE double sqrt(double x) {
  return ::sqrt(x);
}
ALFVEN_HOST_DEVICE ALFVEN_INLINE float exp(float x) {
  return ::expf(x);
}
ALFVEN_HOST_DEVICE ALFVEN_INLINE double exp(double x) {
  return ::exp(x);
}
ALFVEN_HOST_DEVICE ALFVEN_INLINE float abs(float x) {
  return ::fabsf(x);
}
ALFVEN_HOST_DEVICE ALFVEN_INLINE double abs(double x) {
  return ::fabs(x);
}
ALFVEN_HOST_DEVICE ALFVEN_INLINE float log10(float x) {
  return ::log10f(x);
}
ALFVEN_HOST_DEVICE ALFVEN_INLINE double log10(double x) {
  return ::log10(x);
}
/// Magnitude of `mag` with the sign bit of `sgn` (so copysign(1, -0.0) = -1).
ALFVEN_HOST_DEVICE ALFVEN_INLINE float copysign(float mag, float sgn) {
  return ::copysignf(mag, sgn);
}
ALFVEN_HOST_DEVICE ALFVEN_INLINE double copysign(double mag, double sgn) {
  return ::copysign(mag, sgn);
}
/// Larger of a and b (b if they compare equal or a is NaN).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T max(T a, T b) {
  return a > b ? a : b;
}
/// Smaller of a and b (b if they compare equal or a is NaN).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T min(T a, T b) {
  return a < b ? a : b;
}
/// True if x is NaN or infinite.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE bool not_finite(T x) {
  return !(x - x == x - x);
}

}  // namespace math
}  // namespace alfven
