/// @file shapes.hpp
/// @brief Analytic shapes: plane, sphere, box, rounded box, torus, cylinder, infinite
/// cylinder, capsule, cone, infinite cone, rounded cylinder, and Perlin noise.
///
/// Every shape is a trivially copyable struct with
///   `ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const`
/// (negative inside) and a `static constexpr DistanceKind kind` saying whether the value is the
/// exact Euclidean signed distance, only a bound of it, or not a distance at all.
/// Axis convention (see vec3.hpp and docs/geometry.md): centred at the origin, axis of
/// revolution z.
///
/// References: the exact formulas are those collected by I. Quilez, "Distance functions",
/// https://iquilezles.org/articles/distfunctions/ (2D reduction of shapes of revolution, boxes,
/// capped cones); the noise is K. Perlin, "Improving noise", SIGGRAPH 2002.
#pragma once

#include <cstdint>
#include <type_traits>

#include "alfven/core/error.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// What a shape's value means.
enum class DistanceKind {
  Exact,        ///< the exact Euclidean signed distance (|grad d| = 1 almost everywhere)
  Bound,        ///< same sign as the distance and |value| <= distance (safe for sphere tracing)
  NotADistance  ///< a scalar field only (noise); the sign still says inside/outside
};

namespace detail {
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T length2(T a, T b) {
  return sqrt_(a * a + b * b);
}
}  // namespace detail

/// Half-space behind a plane through `point` with unit `normal` (normalised by make_plane).
/// d = (p - point) . normal: negative on the side opposite to the normal. Exact.
template <typename T>
struct Plane {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  Vec3<T> point;
  Vec3<T> normal;  ///< unit length
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const { return dot(p - point, normal); }
};

/// Sphere of `radius` about `center`: d = |p - center| - radius. Exact.
template <typename T>
struct Sphere {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  Vec3<T> center;
  T radius;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return length(p - center) - radius;
  }
};

/// Axis-aligned box [-half, half]. With q = |p| - half: d = |max(q, 0)| + min(max_i q_i, 0).
/// Exact (Quilez, "Box").
template <typename T>
struct Box {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  Vec3<T> half;  ///< half extents, all > 0
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const Vec3<T> q = vabs(p) - half;
    return length(vmax(q, Vec3<T>::all(T(0)))) + min_(max_component(q), T(0));
  }
};

/// Box [-half, half] whose edges and corners are rounded with `radius` (0 <= radius <=
/// min(half)): the box of half extents half - radius grown by radius. Exact (Quilez,
/// "Rounded Box").
template <typename T>
struct RoundedBox {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  Vec3<T> half;
  T radius;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const Vec3<T> q = vabs(p) - half + Vec3<T>::all(radius);
    return length(vmax(q, Vec3<T>::all(T(0)))) + min_(max_component(q), T(0)) - radius;
  }
};

/// Torus about the z axis in the plane z = 0: tube centre at distance `major_radius` from the
/// axis, tube radius `minor_radius`. d = |(rho - R, z)| - r with rho = |(x, y)|. Exact.
template <typename T>
struct Torus {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  T major_radius;
  T minor_radius;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return detail::length2(detail::length2(p.x, p.y) - major_radius, p.z) - minor_radius;
  }
};

/// Finite cylinder about the z axis, |z| <= half_height, flat caps. With
/// q = (rho - radius, |z| - half_height): d = min(max(q), 0) + |max(q, 0)|. Exact (Quilez,
/// "Capped Cylinder").
template <typename T>
struct Cylinder {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  T radius;
  T half_height;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const T qx = detail::length2(p.x, p.y) - radius;
    const T qz = abs_(p.z) - half_height;
    return min_(max_(qx, qz), T(0)) + detail::length2(max_(qx, T(0)), max_(qz, T(0)));
  }
};

/// Infinite cylinder about the z axis: d = rho - radius. Exact.
template <typename T>
struct InfiniteCylinder {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  T radius;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return detail::length2(p.x, p.y) - radius;
  }
};

/// Capsule: the points within `radius` of the segment from (0, 0, -half_length) to
/// (0, 0, half_length). d = |p - (0, 0, clamp(z, -h, h))| - radius. Exact.
template <typename T>
struct Capsule {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  T half_length;
  T radius;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const T z = p.z - clamp_(p.z, -half_length, half_length);
    return length(Vec3<T>{p.x, p.y, z}) - radius;
  }
};

/// Finite solid cone about the z axis: base disc of `radius` at z = 0, apex at z = `height`.
/// Exact; computed as Quilez's capped cone (bottom radius r, top radius 0, half height h/2)
/// in the (rho, z) half-plane: the distance is the smaller of the distances to the flat cap and
/// to the slanted side, negative when inside both.
template <typename T>
struct Cone {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  T radius;
  T height;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const T h = T(0.5) * height;
    const T qx = detail::length2(p.x, p.y);
    const T qy = p.z - h;  // centred on the cone's mid-height
    // Cap (bottom disc) or apex: ca; slanted side: cb. k1 = (0, h), k2 = (-r, 2h).
    const T cax = qx - min_(qx, qy < T(0) ? radius : T(0));
    const T cay = abs_(qy) - h;
    const T k2x = -radius, k2y = T(2) * h;
    const T t = clamp_(((-qx) * k2x + (h - qy) * k2y) / (k2x * k2x + k2y * k2y), T(0), T(1));
    const T cbx = qx + k2x * t;
    const T cby = qy - h + k2y * t;
    const T s = (cbx < T(0) && cay < T(0)) ? T(-1) : T(1);
    return s * sqrt_(min_(cax * cax + cay * cay, cbx * cbx + cby * cby));
  }
};

/// Infinite solid cone with apex at the origin opening towards +z, half-angle `angle`
/// (radians, 0 < angle < pi/2). In the (rho, z) half-plane with c = (sin a, cos a):
/// d = |q - c max(q.c, 0)| signed by the side of the generator. Exact (Quilez, "Infinite Cone").
template <typename T>
struct InfiniteCone {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  T sin_angle;  ///< sin of the half-angle (use make_infinite_cone)
  T cos_angle;  ///< cos of the half-angle
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const T qx = detail::length2(p.x, p.y), qy = p.z;
    const T t = max_(qx * sin_angle + qy * cos_angle, T(0));
    const T d = detail::length2(qx - sin_angle * t, qy - cos_angle * t);
    return (qx * cos_angle - qy * sin_angle < T(0)) ? -d : d;
  }
};

/// Cylinder about the z axis (total radius `radius`, |z| <= half_height) whose rims are
/// rounded with `rounding` (0 <= rounding <= min(radius, half_height)): the flat cylinder of
/// radius - rounding and half height half_height - rounding grown by rounding. Exact (Quilez,
/// "Rounded Cylinder").
template <typename T>
struct RoundedCylinder {
  static constexpr DistanceKind kind = DistanceKind::Exact;
  using value_type = T;
  T radius;
  T half_height;
  T rounding;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const T qx = detail::length2(p.x, p.y) - radius + rounding;
    const T qz = abs_(p.z) - half_height + rounding;
    return min_(max_(qx, qz), T(0)) + detail::length2(max_(qx, T(0)), max_(qz, T(0))) - rounding;
  }
};

/// Fractal Perlin gradient noise (Perlin 2002, "Improving noise": quintic fade, 12 edge
/// gradients), summed over `octaves` octaves, frequency doubling and amplitude multiplied by
/// `persistence` per octave. The lattice permutation is replaced by an integer hash of the
/// cell and `seed` (no table, so the struct stays small for kernels). NOT a distance: a scalar
/// field of magnitude <= amplitude / (1 - persistence); typically added to a shape.
template <typename T>
struct PerlinNoise {
  static constexpr DistanceKind kind = DistanceKind::NotADistance;
  using value_type = T;
  T frequency = T(1);  ///< lattice cells per unit length, first octave
  T amplitude = T(1);  ///< first-octave amplitude
  T persistence = T(0.5);
  int octaves = 1;
  std::uint32_t seed = 0;

  /// Integer hash (a 32-bit avalanche mix) of a lattice corner.
  ALFVEN_HOST_DEVICE static std::uint32_t hash(std::int32_t i, std::int32_t j, std::int32_t k,
                                               std::uint32_t s) {
    std::uint32_t h = s * 0x9E3779B9u ^ std::uint32_t(i) * 0x85EBCA6Bu ^
                      std::uint32_t(j) * 0xC2B2AE35u ^ std::uint32_t(k) * 0x27D4EB2Fu;
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    h *= 0x846CA68Bu;
    h ^= h >> 16;
    return h;
  }
  /// Perlin's gradient selection: one of 12 cube-edge directions dotted with (x, y, z).
  ALFVEN_HOST_DEVICE static T grad(std::uint32_t h, T x, T y, T z) {
    const std::uint32_t g = h & 15u;
    const T u = g < 8u ? x : y;
    const T v = g < 4u ? y : (g == 12u || g == 14u ? x : z);
    return ((g & 1u) ? -u : u) + ((g & 2u) ? -v : v);
  }
  ALFVEN_HOST_DEVICE static T fade(T t) { return t * t * t * (t * (t * T(6) - T(15)) + T(10)); }
  ALFVEN_HOST_DEVICE static T lerp(T t, T a, T b) { return a + t * (b - a); }
  /// One octave of noise in about [-1, 1], zero at every lattice point.
  ALFVEN_HOST_DEVICE static T noise(const Vec3<T>& p, std::uint32_t s) {
    const T fx = std::floor(p.x), fy = std::floor(p.y), fz = std::floor(p.z);
    const std::int32_t i = std::int32_t(fx), j = std::int32_t(fy), k = std::int32_t(fz);
    const T x = p.x - fx, y = p.y - fy, z = p.z - fz;
    const T u = fade(x), v = fade(y), w = fade(z);
    const T n000 = grad(hash(i, j, k, s), x, y, z), n100 = grad(hash(i + 1, j, k, s), x - 1, y, z);
    const T n010 = grad(hash(i, j + 1, k, s), x, y - 1, z),
            n110 = grad(hash(i + 1, j + 1, k, s), x - 1, y - 1, z);
    const T n001 = grad(hash(i, j, k + 1, s), x, y, z - 1),
            n101 = grad(hash(i + 1, j, k + 1, s), x - 1, y, z - 1);
    const T n011 = grad(hash(i, j + 1, k + 1, s), x, y - 1, z - 1);
    const T n111 = grad(hash(i + 1, j + 1, k + 1, s), x - 1, y - 1, z - 1);
    return lerp(w, lerp(v, lerp(u, n000, n100), lerp(u, n010, n110)),
                lerp(v, lerp(u, n001, n101), lerp(u, n011, n111)));
  }
  /// The fractal sum at p.
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    T sum = T(0), f = frequency, a = amplitude;
    for (int o = 0; o < octaves; ++o) {
      sum += a * noise(f * p, seed + std::uint32_t(o));
      f *= T(2);
      a *= persistence;
    }
    return sum;
  }
};

// ---- host-side factories with argument checks (throw alfven::Error) ----------------------------

/// Plane through `point` with outward `normal` (any non-zero length; normalised here).
template <typename T>
Plane<T> make_plane(const Vec3<T>& point, const Vec3<T>& normal) {
  ALFVEN_REQUIRE(length(normal) > T(0), "make_plane: the normal must not be zero");
  return Plane<T>{point, normalize(normal)};
}
/// Sphere; radius > 0.
template <typename T>
Sphere<T> make_sphere(const Vec3<T>& center, T radius) {
  ALFVEN_REQUIRE(radius > T(0), "make_sphere: radius must be > 0 (got " << radius << ")");
  return Sphere<T>{center, radius};
}
/// Box [-half, half]; every half extent > 0.
template <typename T>
Box<T> make_box(const Vec3<T>& half) {
  ALFVEN_REQUIRE(min_component(half) > T(0), "make_box: half extents must be > 0");
  return Box<T>{half};
}
/// Rounded box; 0 <= radius <= min(half).
template <typename T>
RoundedBox<T> make_rounded_box(const Vec3<T>& half, T radius) {
  ALFVEN_REQUIRE(min_component(half) > T(0), "make_rounded_box: half extents must be > 0");
  ALFVEN_REQUIRE(radius >= T(0) && radius <= min_component(half),
                 "make_rounded_box: need 0 <= radius <= min(half) (got " << radius << ")");
  return RoundedBox<T>{half, radius};
}
/// Torus; 0 < minor_radius, 0 < major_radius.
template <typename T>
Torus<T> make_torus(T major_radius, T minor_radius) {
  ALFVEN_REQUIRE(major_radius > T(0) && minor_radius > T(0), "make_torus: radii must be > 0");
  return Torus<T>{major_radius, minor_radius};
}
/// Finite cylinder; radius, half_height > 0.
template <typename T>
Cylinder<T> make_cylinder(T radius, T half_height) {
  ALFVEN_REQUIRE(radius > T(0) && half_height > T(0),
                 "make_cylinder: radius and half height must be > 0");
  return Cylinder<T>{radius, half_height};
}
/// Infinite cylinder; radius > 0.
template <typename T>
InfiniteCylinder<T> make_infinite_cylinder(T radius) {
  ALFVEN_REQUIRE(radius > T(0), "make_infinite_cylinder: radius must be > 0");
  return InfiniteCylinder<T>{radius};
}
/// Capsule; half_length >= 0, radius > 0.
template <typename T>
Capsule<T> make_capsule(T half_length, T radius) {
  ALFVEN_REQUIRE(half_length >= T(0) && radius > T(0),
                 "make_capsule: need half_length >= 0 and radius > 0");
  return Capsule<T>{half_length, radius};
}
/// Cone; radius, height > 0.
template <typename T>
Cone<T> make_cone(T radius, T height) {
  ALFVEN_REQUIRE(radius > T(0) && height > T(0), "make_cone: radius and height must be > 0");
  return Cone<T>{radius, height};
}
/// Infinite cone of half-angle `angle` in radians, 0 < angle < pi/2.
template <typename T>
InfiniteCone<T> make_infinite_cone(T angle) {
  ALFVEN_REQUIRE(angle > T(0) && angle < T(1.5707963267948966),
                 "make_infinite_cone: need 0 < angle < pi/2 radians");
  return InfiniteCone<T>{std::sin(angle), std::cos(angle)};
}
/// Rounded cylinder; 0 <= rounding <= min(radius, half_height).
template <typename T>
RoundedCylinder<T> make_rounded_cylinder(T radius, T half_height, T rounding) {
  ALFVEN_REQUIRE(radius > T(0) && half_height > T(0),
                 "make_rounded_cylinder: radius and half height must be > 0");
  ALFVEN_REQUIRE(rounding >= T(0) && rounding <= min_(radius, half_height),
                 "make_rounded_cylinder: need 0 <= rounding <= min(radius, half_height)");
  return RoundedCylinder<T>{radius, half_height, rounding};
}

// ---- bounding boxes (used by BVH unions); only for bounded shapes ------------------------------
template <typename T>
AABB<T> bounding_box(const Sphere<T>& s) {
  return {s.center - Vec3<T>::all(s.radius), s.center + Vec3<T>::all(s.radius)};
}
template <typename T>
AABB<T> bounding_box(const Box<T>& b) {
  return {-b.half, b.half};
}
template <typename T>
AABB<T> bounding_box(const RoundedBox<T>& b) {
  return {-b.half, b.half};
}
template <typename T>
AABB<T> bounding_box(const Torus<T>& t) {
  const T r = t.major_radius + t.minor_radius;
  return {Vec3<T>{-r, -r, -t.minor_radius}, Vec3<T>{r, r, t.minor_radius}};
}
template <typename T>
AABB<T> bounding_box(const Cylinder<T>& c) {
  return {Vec3<T>{-c.radius, -c.radius, -c.half_height},
          Vec3<T>{c.radius, c.radius, c.half_height}};
}
template <typename T>
AABB<T> bounding_box(const RoundedCylinder<T>& c) {
  return {Vec3<T>{-c.radius, -c.radius, -c.half_height},
          Vec3<T>{c.radius, c.radius, c.half_height}};
}
template <typename T>
AABB<T> bounding_box(const Capsule<T>& c) {
  const T h = c.half_length + c.radius;
  return {Vec3<T>{-c.radius, -c.radius, -h}, Vec3<T>{c.radius, c.radius, h}};
}
template <typename T>
AABB<T> bounding_box(const Cone<T>& c) {
  return {Vec3<T>{-c.radius, -c.radius, T(0)}, Vec3<T>{c.radius, c.radius, c.height}};
}

}  // namespace geom
}  // namespace alfven
