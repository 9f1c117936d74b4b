/// @file triangle_packet.hpp
/// @brief MeshTrianglePacket, a leaf of MeshSDF's 4-wide host BVH (up to four triangles in
/// structure-of-arrays form), and packet_distance2, their squared distances to a point in SIMD
/// lanes (host only; bvh/lanes.hpp).
///
/// packet_distance2 is Ericson's closest point (triangle_distance.hpp) with the same
/// operations in the same order as closest_point_on_triangle, its branches replaced by selects,
/// so the distances are bit-identical to the scalar ones without FMA contraction (measured: 0
/// of 9.3e7 triangle-point pairs differ at -O3) and within an ulp with it (docs/geometry.md,
/// "Host queries").
#pragma once

#include <cstdint>

#include "bvh/lanes.hpp"
#include "triangle_distance.hpp"

namespace alfven {
namespace geom {

/// A host-only leaf of the 4-wide BVH: its (up to 4) triangles in structure-of-arrays form
/// (corner a, edges u = ab, v = ac, the products |u|², |v|², u·v, exactly as in MeshTriangle);
/// lanes past the leaf's count repeat its last triangle. 192 bytes in float (three 64-byte
/// lines), 384 in double: which slots of the leaf-ordered triangle array the lanes hold is kept
/// apart (MeshSDF's packet_first), since a query needs it only for the nearest triangle.
template <typename T>
struct alignas(64) MeshTrianglePacket {
  T ax[4], ay[4], az[4];
  T ux[4], uy[4], uz[4];
  T vx[4], vy[4], vz[4];
  T uu[4], vv[4], uv[4];

  /// Lane k as a MeshTriangle: the very values of the slot it copies, with index -1 (the
  /// input index is in the triangle array).
  MeshTriangle<T> triangle(int k) const {
    return MeshTriangle<T>{Vec3<T>{ax[k], ay[k], az[k]},
                           Vec3<T>{ux[k], uy[k], uz[k]},
                           Vec3<T>{vx[k], vy[k], vz[k]},
                           uu[k],
                           vv[k],
                           uv[k],
                           -1};
  }
};

static_assert(sizeof(MeshTrianglePacket<float>) == 192, "a float packet fills three lines");
static_assert(sizeof(MeshTrianglePacket<double>) == 384, "a double packet fills six lines");

/// The packet of slots [first, first + count) of `tris` (1 <= count <= 4).
template <typename T>
MeshTrianglePacket<T> make_triangle_packet(const MeshTriangle<T>* tris, std::int32_t first,
                                           std::int32_t count) {
  MeshTrianglePacket<T> q{};
  for (int k = 0; k < 4; ++k) {
    const MeshTriangle<T>& t = tris[first + (k < count - 1 ? k : count - 1)];
    q.ax[k] = t.a.x, q.ay[k] = t.a.y, q.az[k] = t.a.z;
    q.ux[k] = t.ab.x, q.uy[k] = t.ab.y, q.uz[k] = t.ab.z;
    q.vx[k] = t.ac.x, q.vy[k] = t.ac.y, q.vz[k] = t.ac.z;
    q.uu[k] = t.ab2, q.vv[k] = t.ac2, q.uv[k] = t.abac;
  }
  return q;
}

#if ALFVEN_BVH_WIDE_HOST
/// Squared distances from (px, py, pz) to the four triangles of packet t: the same values as
/// closest_point_on_triangle(t_k, p).distance2 computed without branches so that the loop
/// vectorises: the same operations in the same order (Ericson's if-chain applied last to
/// first, so that the first region that holds wins), with every region's quotient computed
/// (those not taken may be inf or NaN and are discarded by the selects) and the closest point
/// written (a + s ab) + w e with e = ac, or ac - ab on edge bc, exactly as the scalar code forms
/// it in each region (s, w in {0, 1} add exact zeros). A degenerate triangle (face region with
/// va + vb + vc <= 0, treated as its edges there) gives -1: the caller takes the scalar code.
template <typename T>
ALFVEN_INLINE void packet_distance2(const MeshTrianglePacket<T>& t, T px, T py, T pz, T* out) {
  using L = simd::Lanes<T>;
  using V = typename L::V;
  using M = typename L::M;
  for (int h = 0; h < 4; h += L::N) {
    const V zero = L::splat(T(0)), one = L::splat(T(1));
    const V ax = L::load(t.ax + h), ay = L::load(t.ay + h), az = L::load(t.az + h);
    const V ux = L::load(t.ux + h), uy = L::load(t.uy + h), uz = L::load(t.uz + h);
    const V vx = L::load(t.vx + h), vy = L::load(t.vy + h), vz = L::load(t.vz + h);
    const V apx = L::splat(px) - ax, apy = L::splat(py) - ay, apz = L::splat(pz) - az;
    const V d1 = ux * apx + uy * apy + uz * apz;
    const V d2 = vx * apx + vy * apy + vz * apz;
    const V d3 = d1 - L::load(t.uu + h), d4 = d2 - L::load(t.uv + h);
    const V d5 = d1 - L::load(t.uv + h), d6 = d2 - L::load(t.vv + h);
    const V vc = d1 * d4 - d3 * d2;
    const V vb = d5 * d2 - d1 * d6;
    const V va = d3 * d6 - d5 * d4;
    const V sum = va + vb + vc;
    const M in_bc = (M)(va <= zero) & (M)(d4 - d3 >= zero) & (M)(d5 - d6 >= zero);
    const M in_ac = (M)(vb <= zero) & (M)(d2 >= zero) & (M)(d6 <= zero);
    const M in_c = (M)(d6 >= zero) & (M)(d5 <= d6);
    const M in_ab = (M)(vc <= zero) & (M)(d1 >= zero) & (M)(d3 <= zero);
    const M in_b = (M)(d3 >= zero) & (M)(d4 <= d3);
    const M in_a = (M)(d1 <= zero) & (M)(d2 <= zero);
    // Each lane needs one quotient, that of its region (the first region that holds wins, as
    // in the if-chain): its numerator and denominator are chosen first, so one division serves
    // the lane where four were taken; IEEE division rounds correctly, so the bits are those of
    // the four divisions. Face: 1 / sum; edge BC: w; edge AC: w; edge AB: s (vertices: unused).
    V num = L::select(in_bc, d4 - d3, one), den = L::select(in_bc, (d4 - d3) + (d5 - d6), sum);
    num = L::select(in_ac, d2, num);
    den = L::select(in_ac, d2 - d6, den);
    num = L::select(in_ab, d1, num);  // edge AB comes before vertex C in the chain
    den = L::select(in_ab, d1 - d3, den);
    const V q = num / den;
    // The if-chain applied last to first: the first region that holds wins.
    V s = vb * q, w = vc * q;  // face
    s = L::select(in_bc, one, s);
    w = L::select(in_bc, q, w);
    s = L::select(in_ac, zero, s);
    w = L::select(in_ac, q, w);
    s = L::select(in_c, zero, s);
    w = L::select(in_c, one, w);
    s = L::select(in_ab, q, s);
    w = L::select(in_ab, zero, w);
    s = L::select(in_b, one, s);
    w = L::select(in_b, zero, w);
    s = L::select(in_a, zero, s);
    w = L::select(in_a, zero, w);
    const M vertex_or_edge = in_ac | in_c | in_ab | in_b | in_a;
    const M bc = in_bc & ~vertex_or_edge;
    const M face = ~(vertex_or_edge | in_bc);
    const V ex = L::select(bc, vx - ux, vx), ey = L::select(bc, vy - uy, vy),
            ez = L::select(bc, vz - uz, vz);
    const V dx = L::splat(px) - ((ax + s * ux) + w * ex);
    const V dy = L::splat(py) - ((ay + s * uy) + w * ey);
    const V dz = L::splat(pz) - ((az + s * uz) + w * ez);
    const V r = dx * dx + dy * dy + dz * dz;
    L::store(out + h, L::select(face & ~(M)(sum > zero), L::splat(T(-1)), r));
  }
}
#endif  // ALFVEN_BVH_WIDE_HOST

}  // namespace geom
}  // namespace alfven
