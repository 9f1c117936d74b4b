/// @file triangle_distance.hpp
/// @brief Point-triangle queries used by MeshSDF (host and device): the closest point on a
/// triangle with the feature (face, edge, vertex) it lies on, and the signed solid angle a
/// triangle subtends at a point.
///
/// References:
///  - C. Ericson, "Real-Time Collision Detection", Morgan Kaufmann 2005, §5.1.5
///    (ClosestPtPointTriangle): Voronoi-region tests with the six dot products d1..d6. Here the
///    triangle stores a, ab = b - a, ac = c - a and the three products |ab|², |ac|², ab·ac, so
///    that d3..d6 follow from d1 = ab·ap and d2 = ac·ap (d3 = d1 - |ab|², d4 = d2 - ab·ac,
///    d5 = d1 - ab·ac, d6 = d2 - |ac|²): two dot products per triangle instead of six.
///  - A. Van Oosterom and J. Strackee, "The solid angle of a plane triangle", IEEE Trans.
///    Biomed. Eng. 30(2), 1983, eq. (8): tan(Ω/2) = [A B C] / (|A||B||C| + (A·B)|C| + (A·C)|B|
///    + (B·C)|A|) with A, B, C the corners relative to the point.
#pragma once

#include <cstdint>

#include "vec3.hpp"

namespace alfven {
namespace geom {

/// Where on a triangle a closest point lies (Ericson's Voronoi regions). Edges are named by
/// their corners: EdgeAB is a-b, EdgeBC is b-c, EdgeCA is c-a.
enum class TriangleFeature : std::int32_t {
  Face = 0,
  VertexA = 1,
  VertexB = 2,
  VertexC = 3,
  EdgeAB = 4,
  EdgeBC = 5,
  EdgeCA = 6
};

/// One triangle prepared for closest-point queries: corner a, edges ab = b - a and ac = c - a
/// (computed in double from the input mesh, then rounded to T), the products |ab|², |ac|² and
/// ab·ac, and the triangle's index in the input mesh. 12 T + 1 int32.
template <typename T>
struct MeshTriangle {
  Vec3<T> a, ab, ac;
  T ab2, ac2, abac;
  std::int32_t index;  ///< index of the triangle in the input TriangleMesh
};

/// A closest point on a triangle: the point, its squared distance to the query and the
/// feature it lies on.
template <typename T>
struct TrianglePoint {
  Vec3<T> point;
  T distance2;
  TriangleFeature feature;
};

namespace detail {
/// Closest point on the segment a + s e, s in [0, 1] (used only for degenerate triangles).
template <typename T>
ALFVEN_HOST_DEVICE inline Vec3<T> closest_on_segment(const Vec3<T>& a, const Vec3<T>& e,
                                                     const Vec3<T>& p) {
  const T ee = dot(e, e);
  const T s = ee > T(0) ? clamp_(dot(p - a, e) / ee, T(0), T(1)) : T(0);
  return a + s * e;
}
}  // namespace detail

/// The point of triangle `t` closest to p, its squared distance and feature (Ericson §5.1.5,
/// with d3..d6 from the stored products; see the file comment). A triangle whose three
/// barycentric weights vanish in T (degenerate, zero area after rounding) is treated as its
/// three edges. Never divides by zero; host and device.
template <typename T>
ALFVEN_HOST_DEVICE inline TrianglePoint<T> closest_point_on_triangle(const MeshTriangle<T>& t,
                                                                     const Vec3<T>& p) {
  const Vec3<T> ap = p - t.a;
  const T d1 = dot(t.ab, ap), d2 = dot(t.ac, ap);
  Vec3<T> q;
  TriangleFeature f;
  const T d3 = d1 - t.ab2, d4 = d2 - t.abac;  // ab·bp, ac·bp
  const T d5 = d1 - t.abac, d6 = d2 - t.ac2;  // ab·cp, ac·cp
  const T vc = d1 * d4 - d3 * d2;
  const T vb = d5 * d2 - d1 * d6;
  const T va = d3 * d6 - d5 * d4;
  if (d1 <= T(0) && d2 <= T(0)) {  // vertex region a
    q = t.a;
    f = TriangleFeature::VertexA;
  } else if (d3 >= T(0) && d4 <= d3) {  // vertex region b
    q = t.a + t.ab;
    f = TriangleFeature::VertexB;
  } else if (vc <= T(0) && d1 >= T(0) && d3 <= T(0)) {  // edge ab: v = d1 / (d1 - d3)
    q = t.a + (d1 / (d1 - d3)) * t.ab;
    f = TriangleFeature::EdgeAB;
  } else if (d6 >= T(0) && d5 <= d6) {  // vertex region c
    q = t.a + t.ac;
    f = TriangleFeature::VertexC;
  } else if (vb <= T(0) && d2 >= T(0) && d6 <= T(0)) {  // edge ac: w = d2 / (d2 - d6)
    q = t.a + (d2 / (d2 - d6)) * t.ac;
    f = TriangleFeature::EdgeCA;
  } else if (va <= T(0) && d4 - d3 >= T(0) && d5 - d6 >= T(0)) {
    // edge bc: w = (d4 - d3) / ((d4 - d3) + (d5 - d6)), q = b + w (c - b)
    const T w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    q = t.a + t.ab + w * (t.ac - t.ab);
    f = TriangleFeature::EdgeBC;
  } else {
    const T sum = va + vb + vc;
    if (sum > T(0)) {  // face interior: barycentric (u, v, w) = (va, vb, vc) / sum
      const T inv = T(1) / sum;
      q = t.a + (vb * inv) * t.ab + (vc * inv) * t.ac;
      f = TriangleFeature::Face;
    } else {  // degenerate triangle: the nearest of its three edges
      const Vec3<T> b = t.a + t.ab;
      const Vec3<T> q0 = detail::closest_on_segment(t.a, t.ab, p);
      const Vec3<T> q1 = detail::closest_on_segment(b, t.ac - t.ab, p);
      const Vec3<T> q2 = detail::closest_on_segment(t.a, t.ac, p);
      const T e0 = dot(p - q0, p - q0), e1 = dot(p - q1, p - q1), e2 = dot(p - q2, p - q2);
      q = q0;
      f = TriangleFeature::EdgeAB;
      if (e1 < e0) {
        q = q1;
        f = TriangleFeature::EdgeBC;
      }
      if (e2 < min_(e0, e1)) {
        q = q2;
        f = TriangleFeature::EdgeCA;
      }
    }
  }
  const Vec3<T> d = p - q;
  return TrianglePoint<T>{q, dot(d, d), f};
}

/// Signed solid angle (steradians, in [-2π, 2π]) that triangle `t` subtends at p (Van Oosterom
/// and Strackee 1983, eq. 8): positive when p is behind the triangle, i.e. on the side opposite
/// to the normal ab x ac (inside a closed CCW-outward mesh). 0 for p in the triangle's plane.
template <typename T>
ALFVEN_HOST_DEVICE inline T triangle_solid_angle(const MeshTriangle<T>& t, const Vec3<T>& p) {
  const Vec3<T> A = t.a - p, B = A + t.ab, C = A + t.ac;
  const T la = length(A), lb = length(B), lc = length(C);
  const T det = dot(A, cross(B, C));
  const T den = la * lb * lc + dot(A, B) * lc + dot(A, C) * lb + dot(B, C) * la;
  return T(2) * std::atan2(det, den);
}

}  // namespace geom
}  // namespace alfven
