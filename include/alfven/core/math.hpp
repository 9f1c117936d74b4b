/// @file math.hpp
/// @brief Small math helpers overloaded for float and double that compile to the same
/// instructions on the host and on a CUDA device (no promotion of float to double).
#pragma once

#include <math.h>

#include <type_traits>

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
/// a * b rounded to nearest, never contracted with a following addition into a fused
/// multiply-add (on a CUDA device __fmul_rn / __dmul_rn; on the host a plain product, which
/// C++ contracts at most within one expression). For a value computed in several places that
/// must have the same bits in each, whatever the code around it.
ALFVEN_HOST_DEVICE ALFVEN_INLINE float mul_rn(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}
ALFVEN_HOST_DEVICE ALFVEN_INLINE double mul_rn(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
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
/// max(a, b) as one instruction where the processor has one (FMNMX for float on a CUDA device,
/// where max() compiles to a compare and a select), else max(a, b). The same value as max(a, b)
/// unless an operand is NaN (fmaxf returns the other) or a and b are zeros of opposite signs (the
/// sign of the zero returned may differ): for formulas where neither matters (the viscosity's
/// limiter, viscosity.hpp).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T fast_max(T a, T b) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same<T, float>::value) return fmaxf(a, b);
#endif
  return max(a, b);
}
/// min(a, b) as one instruction where the processor has one; as fast_max.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T fast_min(T a, T b) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same<T, float>::value) return fminf(a, b);
#endif
  return min(a, b);
}
/// True if x is NaN or infinite.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE bool not_finite(T x) {
  return !(x - x == x - x);
}

}  // namespace math
}  // namespace alfven
