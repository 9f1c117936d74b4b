/// @file transforms.hpp
/// @brief Transforms of a signed distance function, as value types: complement, translate,
/// rotate, uniform scale, offset, annular shell, elongate, reflect, blur, mollify.
///
/// Each transform is a trivially copyable struct holding its child by value and exposing
/// `signed_distance(p)` and `kind` (DistanceKind) like a shape; free functions (`translate(s,
/// v)`, ...) build them and check their arguments on the host (alfven::Error).
/// References: I. Quilez, "Distance functions" (https://iquilezles.org/articles/distfunctions/),
/// sections "Primitive alterations" (elongation, rounding, onion) and "Positioning".
#pragma once

#include <type_traits>

#include "alfven/core/error.hpp"
#include "shapes.hpp"

namespace alfven {
namespace geom {

/// Kind of a transform that keeps exact distances exact.
template <typename S>
constexpr DistanceKind keep_kind() {
  return S::kind;
}
/// Kind of a transform that turns exact distances into bounds.
template <typename S>
constexpr DistanceKind bound_kind() {
  return S::kind == DistanceKind::NotADistance ? DistanceKind::NotADistance : DistanceKind::Bound;
}

/// Complement (inside-out): d = -child(p). Keeps the kind.
template <typename S>
struct Complement {
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = keep_kind<S>();
  S shape;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const { return -shape.signed_distance(p); }
};

/// Translation by `shift`: d = child(p - shift). Keeps the kind.
template <typename S>
struct Translate {
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = keep_kind<S>();
  S shape;
  Vec3<T> shift;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return shape.signed_distance(p - shift);
  }
};

/// Unit quaternion w + x i + y j + z k (normalised by the rotate() factory).
template <typename T>
struct Quaternion {
  T w, x, y, z;
};

/// Rotation about the origin by the proper rotation matrix `r` (row-major, r[3*i + j]):
/// d = child(r^T p). Keeps the kind.
template <typename S>
struct Rotate {
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = keep_kind<S>();
  S shape;
  T r[9];
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const Vec3<T> q{r[0] * p.x + r[3] * p.y + r[6] * p.z, r[1] * p.x + r[4] * p.y + r[7] * p.z,
                    r[2] * p.x + r[5] * p.y + r[8] * p.z};
    return shape.signed_distance(q);
  }
};

/// Uniform scaling about the origin by factor s > 0: d = s child(p / s). Keeps the kind.
/// The constructor throws alfven::Error for s <= 0 (a negative factor would silently turn the
/// shape inside out).
template <typename S>
class Scale {
 public:
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = keep_kind<S>();
  Scale() = default;
  /// Host only. Throws alfven::Error unless factor > 0.
  Scale(const S& shape, T factor) : shape_(shape), factor_(factor) {
    ALFVEN_REQUIRE(factor > T(0), "scale: the factor must be > 0 (got "
                                      << factor
                                      << "); use complement() to turn a shape inside out");
  }
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return factor_ * shape_.signed_distance(p / factor_);
  }
  ALFVEN_HOST_DEVICE T factor() const { return factor_; }
  ALFVEN_HOST_DEVICE const S& shape() const { return shape_; }

 private:
  S shape_{};
  T factor_ = T(1);
};

/// Offset (grow for distance > 0, shrink for < 0; rounds edges when growing):
/// d = child(p) - distance. Bound in general (exact outside when growing an exact shape).
template <typename S>
struct Offset {
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = bound_kind<S>();
  S shape;
  T distance;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return shape.signed_distance(p) - distance;
  }
};

/// Annular shell ("onion") of half-thickness `thickness` around the surface:
/// d = |child(p)| - thickness. Bound.
template <typename S>
struct Annular {
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = bound_kind<S>();
  S shape;
  T thickness;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return abs_(shape.signed_distance(p)) - thickness;
  }
};

/// Elongation: the shape is cut at the coordinate planes and stretched by `half` (>= 0) along
/// each axis. With q = |p| - half: d = child(max(q, 0)) + min(max_i q_i, 0) (Quilez,
/// "Elongation", exact form; the child is assumed symmetric about the coordinate planes).
template <typename S>
struct Elongate {
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = keep_kind<S>();
  S shape;
  Vec3<T> half;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const Vec3<T> q = vabs(p) - half;
    return shape.signed_distance(vmax(q, Vec3<T>::all(T(0)))) + min_(max_component(q), T(0));
  }
};

/// Mirror image across the coordinate plane normal to `axis` (0 = x, 1 = y, 2 = z): the
/// component p_axis changes sign. Keeps the kind.
template <typename S>
struct Reflect {
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = keep_kind<S>();
  S shape;
  int axis;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    Vec3<T> q = p;
    q[axis] = -q[axis];
    return shape.signed_distance(q);
  }
};

/// Blur: the average of the child at p and at the six points p +- width e_i,
/// d = (child(p) + sum_{i, +-} child(p +- width e_i)) / 7. Reproduces linear fields exactly;
/// smooths edges over about `width`. Bound (a convex combination of 1-Lipschitz values).
template <typename S>
struct Blur {
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = bound_kind<S>();
  S shape;
  T width;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    T sum = shape.signed_distance(p);
    for (int d = 0; d < 3; ++d) {
      Vec3<T> e{T(0), T(0), T(0)};
      e[d] = width;
      sum += shape.signed_distance(p + e) + shape.signed_distance(p - e);
    }
    return sum / T(7);
  }
};

/// Mollification: a weighted average of the child over the 27 points p + (width / 2)(i, j, k),
/// i, j, k in {-1, 0, 1}, with weights of the standard mollifier exp(-1 / (1 - s^2)),
/// s = |offset| / width, normalised to sum 1 (a quadrature of the convolution with a compactly
/// supported smooth bump of radius `width`). Reproduces linear fields exactly. Bound.
template <typename S>
struct Mollify {
  using value_type = typename S::value_type;
  using T = value_type;
  static constexpr DistanceKind kind = bound_kind<S>();
  S shape;
  T width;
  /// The unnormalised weight of a stencil point with n non-zero offsets (n = 0..3).
  ALFVEN_HOST_DEVICE static T weight(int n) {
    const T s2 = T(0.25) * T(n);  // |offset|^2 / width^2 = n / 4
    return std::exp(-T(1) / (T(1) - s2));
  }
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const T h = T(0.5) * width;
    T sum = T(0), wsum = T(0);
    for (int k = -1; k <= 1; ++k)
      for (int j = -1; j <= 1; ++j)
        for (int i = -1; i <= 1; ++i) {
          const T w = weight((i != 0) + (j != 0) + (k != 0));
          sum += w * shape.signed_distance(p + Vec3<T>{h * T(i), h * T(j), h * T(k)});
          wsum += w;
        }
    return sum / wsum;
  }
};

// ---- factories ---------------------------------------------------------------------------------

/// Inside-out copy of s.
template <typename S>
Complement<S> complement(const S& s) {
  return {s};
}
/// s moved by `shift`.
template <typename S, typename T = typename S::value_type>
Translate<S> translate(const S& s, const Vec3<T>& shift) {
  return {s, shift};
}

/// Rotation matrix (row-major) of a unit quaternion.
template <typename T>
void rotation_matrix(const Quaternion<T>& q, T r[9]) {
  const T w = q.w, x = q.x, y = q.y, z = q.z;
  r[0] = 1 - 2 * (y * y + z * z);
  r[1] = 2 * (x * y - w * z);
  r[2] = 2 * (x * z + w * y);
  r[3] = 2 * (x * y + w * z);
  r[4] = 1 - 2 * (x * x + z * z);
  r[5] = 2 * (y * z - w * x);
  r[6] = 2 * (x * z - w * y);
  r[7] = 2 * (y * z + w * x);
  r[8] = 1 - 2 * (x * x + y * y);
}
/// s rotated about the origin by the quaternion q (any non-zero norm; normalised here).
/// Throws alfven::Error for a zero quaternion.
template <typename S, typename T = typename S::value_type>
Rotate<S> rotate(const S& s, Quaternion<T> q) {
  const T n = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  ALFVEN_REQUIRE(n > T(0), "rotate: the quaternion must not be zero");
  q = Quaternion<T>{q.w / n, q.x / n, q.y / n, q.z / n};
  Rotate<S> r{s, {}};
  rotation_matrix(q, r.r);
  return r;
}
/// s rotated about the origin by `angle` radians about `axis` (right-hand rule; any non-zero
/// length). Throws alfven::Error for a zero axis.
template <typename S, typename T = typename S::value_type>
Rotate<S> rotate(const S& s, const Vec3<T>& axis, T angle) {
  ALFVEN_REQUIRE(length(axis) > T(0), "rotate: the axis must not be zero");
  const Vec3<T> a = normalize(axis);
  const T c = std::cos(angle / 2), sn = std::sin(angle / 2);
  return rotate(s, Quaternion<T>{c, sn * a.x, sn * a.y, sn * a.z});
}
/// s scaled about the origin by factor > 0 (alfven::Error otherwise).
template <typename S, typename T = typename S::value_type>
Scale<S> scale(const S& s, T factor) {
  return Scale<S>(s, factor);
}
/// s grown by distance (shrunk when negative).
template <typename S, typename T = typename S::value_type>
Offset<S> offset(const S& s, T distance) {
  return {s, distance};
}
/// Shell of half-thickness > 0 around the surface of s.
template <typename S, typename T = typename S::value_type>
Annular<S> annular(const S& s, T thickness) {
  ALFVEN_REQUIRE(thickness > T(0), "annular: the thickness must be > 0");
  return {s, thickness};
}
/// s stretched by half (every component >= 0).
template <typename S, typename T = typename S::value_type>
Elongate<S> elongate(const S& s, const Vec3<T>& half) {
  ALFVEN_REQUIRE(min_component(half) >= T(0), "elongate: every component of half must be >= 0");
  return {s, half};
}
/// Mirror image of s across the plane normal to axis 0, 1 or 2.
template <typename S>
Reflect<S> reflect(const S& s, int axis) {
  ALFVEN_REQUIRE(axis >= 0 && axis <= 2, "reflect: axis must be 0, 1 or 2 (got " << axis << ")");
  return {s, axis};
}
/// Blurred s over width > 0.
template <typename S, typename T = typename S::value_type>
Blur<S> blur(const S& s, T width) {
  ALFVEN_REQUIRE(width > T(0), "blur: the width must be > 0");
  return {s, width};
}
/// Mollified s over width > 0.
template <typename S, typename T = typename S::value_type>
Mollify<S> mollify(const S& s, T width) {
  ALFVEN_REQUIRE(width > T(0), "mollify: the width must be > 0");
  return {s, width};
}

/// Bounding box of a translated bounded shape.
template <typename S>
auto bounding_box(const Translate<S>& t) -> decltype(bounding_box(t.shape)) {
  auto b = bounding_box(t.shape);
  return {b.lo + t.shift, b.hi + t.shift};
}

}  // namespace geom
}  // namespace alfven
