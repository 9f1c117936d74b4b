/// @file csg.hpp
/// @brief Constructive solid geometry on value types: union, intersection, difference
/// (sharp, smooth, exponential) and finite repetition.
///
/// References: sharp CSG as min/max of signed distances (A. Ricci, "A constructive geometry for
/// computer graphics", 1973); smooth-min/smooth-max with the quadratic polynomial kernel and
/// the exponential (log-sum-exp) blend from I. Quilez, "Smooth minimum",
/// https://iquilezles.org/articles/smin/; limited repetition from Quilez, "Distance
/// functions" (opRepLim).
#pragma once

#include <cmath>

#include "alfven/core/error.hpp"
#include "transforms.hpp"

namespace alfven {
namespace geom {

/// Quadratic smooth minimum with blend width k > 0: h = max(k - |a - b|, 0) / k,
/// smooth_min = min(a, b) - h^2 k / 4. Equals min(a, b) when |a - b| >= k; never above it.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T smooth_min(T a, T b, T k) {
  const T h = max_(k - abs_(a - b), T(0)) / k;
  return min_(a, b) - h * h * k * T(0.25);
}
/// Quadratic smooth maximum: -smooth_min(-a, -b, k).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T smooth_max(T a, T b, T k) {
  return -smooth_min(-a, -b, k);
}
/// Exponential (log-sum-exp) smooth minimum with width k > 0:
/// -k log(exp(-a/k) + exp(-b/k)), evaluated as min(a, b) - k log1p(exp(-|a - b| / k)) so that
/// it stays finite in float for any finite a, b (no exp of a large argument). Never above
/// min(a, b), at most k log 2 below it.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T exp_min(T a, T b, T k) {
  return min_(a, b) - k * std::log1p(std::exp(-abs_(a - b) / k));
}
/// Exponential smooth maximum: -exp_min(-a, -b, k).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T exp_max(T a, T b, T k) {
  return -exp_min(-a, -b, k);
}

/// Kind of a combination of two shapes: sharp min/max of exact distances is exact outside
/// only, so a bound.
template <typename A, typename B>
constexpr DistanceKind combined_kind() {
  return (A::kind == DistanceKind::NotADistance || B::kind == DistanceKind::NotADistance)
             ? DistanceKind::NotADistance
             : DistanceKind::Bound;
}

/// How two signed distances a, b combine (blend width k for the smooth and exponential ones).
/// One formula each; the value types below and the tapes (tape.hpp) give the same values.
enum class Combine {
  Union,               ///< min(a, b)
  Intersection,        ///< max(a, b)
  Difference,          ///< A \ B: max(a, -b)
  SmoothUnion,         ///< smooth_min(a, b, k)
  SmoothIntersection,  ///< smooth_max(a, b, k)
  SmoothDifference,    ///< smooth_max(a, -b, k)
  ExpUnion,            ///< exp_min(a, b, k)
  ExpIntersection      ///< exp_max(a, b, k)
};

/// a and b combined as C says (k: the blend width, unused by the sharp ones).
template <Combine C, typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T combine(T a, T b, T k) {
  if constexpr (C == Combine::Union) {
    return min_(a, b);
  } else if constexpr (C == Combine::Intersection) {
    return max_(a, b);
  } else if constexpr (C == Combine::Difference) {
    return max_(a, -b);
  } else if constexpr (C == Combine::SmoothUnion) {
    return smooth_min(a, b, k);
  } else if constexpr (C == Combine::SmoothIntersection) {
    return smooth_max(a, b, k);
  } else if constexpr (C == Combine::SmoothDifference) {
    return smooth_max(a, -b, k);
  } else if constexpr (C == Combine::ExpUnion) {
    return exp_min(a, b, k);
  } else {
    static_assert(C == Combine::ExpIntersection, "a Combine value without a formula");
    return exp_max(a, b, k);
  }
}

/// Shapes A and B combined as C says (combine), a value type. The sharp combinations are
/// Union, Intersection and Difference (below); the blended ones carry their width.
template <typename A, typename B, Combine C>
struct Combination {
  using value_type = typename A::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = combined_kind<A, B>();
  A a;
  B b;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return combine<C>(a.signed_distance(p), b.signed_distance(p), T(0));
  }
};
/// Shapes A and B blended as C says over `width` (> 0, length unit), a value type.
template <typename A, typename B, Combine C>
struct BlendedCombination {
  using value_type = typename A::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = combined_kind<A, B>();
  A a;
  B b;
  T width;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return combine<C>(a.signed_distance(p), b.signed_distance(p), width);
  }
};

/// Union A u B: d = min(a, b). Bound (exact outside both).
template <typename A, typename B>
using Union = Combination<A, B, Combine::Union>;
/// Intersection A n B: d = max(a, b). Bound.
template <typename A, typename B>
using Intersection = Combination<A, B, Combine::Intersection>;
/// Difference A \ B: d = max(a, -b). Bound.
template <typename A, typename B>
using Difference = Combination<A, B, Combine::Difference>;
/// Smooth union: smooth_min(a, b, width). Bound.
template <typename A, typename B>
using SmoothUnion = BlendedCombination<A, B, Combine::SmoothUnion>;
/// Smooth intersection: smooth_max(a, b, width). Bound.
template <typename A, typename B>
using SmoothIntersection = BlendedCombination<A, B, Combine::SmoothIntersection>;
/// Smooth difference A \ B: smooth_max(a, -b, width). Bound.
template <typename A, typename B>
using SmoothDifference = BlendedCombination<A, B, Combine::SmoothDifference>;
/// Exponential union: exp_min(a, b, width). Bound.
template <typename A, typename B>
using ExpUnion = BlendedCombination<A, B, Combine::ExpUnion>;
/// Exponential intersection: exp_max(a, b, width). Bound.
template <typename A, typename B>
using ExpIntersection = BlendedCombination<A, B, Combine::ExpIntersection>;

/// Finite repetition: copies of the shape at spacing * (i, j, k) for |i| <= count.x, |j| <=
/// count.y, |k| <= count.z (count components are whole numbers >= 0; 0 = no repetition along
/// that axis). d = child(p - spacing * clamp(round(p / spacing), -count, count)) (Quilez,
/// opRepLim). Exact where each copy fits inside its cell of size spacing; a bound otherwise.
template <typename S>
struct FiniteRepetition {
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = bound_kind<S>();
  S shape;
  Vec3<T> spacing;  ///< > 0 on each axis
  Vec3<T> count;    ///< copies on each side of the origin, per axis
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    Vec3<T> q;
    for (int d = 0; d < 3; ++d)
      q[d] = p[d] - spacing[d] * clamp_(std::round(p[d] / spacing[d]), -count[d], count[d]);
    return shape.signed_distance(q);
  }
};

// ---- factories ---------------------------------------------------------------------------------

/// a u b (sharp).
template <typename A, typename B>
Union<A, B> make_union(const A& a, const B& b) {
  return {a, b};
}
/// a n b (sharp).
template <typename A, typename B>
Intersection<A, B> make_intersection(const A& a, const B& b) {
  return {a, b};
}
/// a \ b (sharp).
template <typename A, typename B>
Difference<A, B> make_difference(const A& a, const B& b) {
  return {a, b};
}

namespace detail {
template <typename T>
void check_width(T width, const char* what) {
  ALFVEN_REQUIRE(width > T(0), what << ": the blend width must be > 0 (got " << width << ")");
}
}  // namespace detail

/// Smooth union with blend width > 0.
template <typename A, typename B, typename T = typename A::value_type>
SmoothUnion<A, B> smooth_union(const A& a, const B& b, T width) {
  detail::check_width(width, "smooth_union");
  return {a, b, width};
}
/// Smooth intersection with blend width > 0.
template <typename A, typename B, typename T = typename A::value_type>
SmoothIntersection<A, B> smooth_intersection(const A& a, const B& b, T width) {
  detail::check_width(width, "smooth_intersection");
  return {a, b, width};
}
/// Smooth difference a \ b with blend width > 0.
template <typename A, typename B, typename T = typename A::value_type>
SmoothDifference<A, B> smooth_difference(const A& a, const B& b, T width) {
  detail::check_width(width, "smooth_difference");
  return {a, b, width};
}
/// Exponential union with blend width > 0.
template <typename A, typename B, typename T = typename A::value_type>
ExpUnion<A, B> exp_union(const A& a, const B& b, T width) {
  detail::check_width(width, "exp_union");
  return {a, b, width};
}
/// Exponential intersection with blend width > 0.
template <typename A, typename B, typename T = typename A::value_type>
ExpIntersection<A, B> exp_intersection(const A& a, const B& b, T width) {
  detail::check_width(width, "exp_intersection");
  return {a, b, width};
}
/// Finite repetition of s; spacing > 0 and count >= 0 (whole numbers) per axis.
template <typename S, typename T = typename S::value_type>
FiniteRepetition<S> repeat(const S& s, const Vec3<T>& spacing, const Vec3<T>& count) {
  ALFVEN_REQUIRE(min_component(spacing) > T(0), "repeat: spacing must be > 0 on every axis");
  ALFVEN_REQUIRE(min_component(count) >= T(0), "repeat: count must be >= 0 on every axis");
  Vec3<T> c;
  for (int d = 0; d < 3; ++d) c[d] = std::floor(count[d]);
  return {s, spacing, c};
}

}  // namespace geom
}  // namespace alfven
