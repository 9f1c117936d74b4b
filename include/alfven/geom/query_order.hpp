/// @file query_order.hpp
/// @brief morton_order: an order of a batch of query points along a Morton (Z-order) curve, so
/// that consecutive queries visit nearly the same BVH nodes and triangles (the host's caches
/// keep them; neighbouring GPU threads take the same branches). A query's result does not
/// depend on the order it is evaluated in, so evaluating in this order and writing each result
/// back at its input index gives the input order's results bit for bit, usually sooner: on one
/// core of the development VM, porsche.stl (SAH), 200,000 random points in a box 3x the mesh's,
/// 0.88 µs a query in input order against 0.57 µs in this order, the ordering included
/// (docs/geometry.md, "Ordering queries"); on points already in a coherent order it costs a
/// little (below). evaluate_mesh_sdf uses it on the host
/// (MeshEvalOptions::order).
///
/// Host code (std::vector); defined in src/geom/query_order.cpp for float and double.
#pragma once

#include <cstdint>
#include <vector>

#include "vec3.hpp"

namespace alfven {
namespace geom {

/// The indices 0 .. n-1 of `points` sorted by the 30-bit Morton code of each point's cell in a
/// grid of 1024^3 cells (bits interleaved x highest, as bvh::morton_code does); equal codes keep
/// input order, so the order is deterministic. The grid spans, per axis, the 1st to 99th
/// percentile [lo, hi] of the finite coordinates of a sample (up to 4096 points at an even
/// stride, all of them when there are fewer), so that a few far points do not squeeze the others
/// into one cell. Cell floor((x - lo) s) with s = 1023 / (hi - lo), clamped to [0, 1023]: points
/// beyond the grid go to its edge cells, -inf to cell 0 and +inf to 1023; NaN is cell 0, and so
/// is every coordinate along an axis where s is not a positive finite number (hi = lo, or an
/// extent so large or small that 1023 / extent overflows). Non-finite coordinates are ordered,
/// never trusted. Only the speed of the queries depends on the order; on points already listed
/// coherently (a grid walked in bricks) ordering them costs about 7 %. O(n): three passes of a
/// stable counting sort, about 30 ns a point on one core of the development VM.
/// @throws alfven::Error if there are 2^32 points or more (indices are 32-bit).
template <typename T>
std::vector<std::uint32_t> morton_order(const std::vector<Vec3<T>>& points);

}  // namespace geom
}  // namespace alfven
