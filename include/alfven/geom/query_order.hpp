/// @file query_order.hpp
/// @brief morton_order: an order of a batch of query points along a Morton (Z-order) curve, so
/// that consecutive queries visit nearly the same BVH nodes and triangles (the host's caches
/// keep them; neighbouring GPU threads take the same branches). A query's result does not
/// depend on the order it is evaluated in, so evaluating in this order and writing each result
/// back at its input index gives the input order's results bit for bit, only sooner: on one
/// core of the development VM, porsche.stl (SAH), 200,000 random points in a box 3x the mesh's,
/// 0.88 µs a query in input order against 0.57 µs in this order, the ordering included
/// (docs/geometry.md, "Ordering queries"). evaluate_mesh_sdf uses it on the host
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
/// grid of 1024^3 cells over the box the points' finite coordinates span (cell floor(1023 (x -
/// lo) / (hi - lo)) per axis; bits interleaved x highest, as bvh::morton_code does); equal codes
/// keep input order, so the order is deterministic. A NaN or -inf coordinate counts as cell 0,
/// +inf as cell 1023 (they are ordered, never trusted). O(n): three passes of a stable counting
/// sort, about 30 ns a point on one core of the development VM.
/// @throws alfven::Error if there are 2^32 points or more (indices are 32-bit).
template <typename T>
std::vector<std::uint32_t> morton_order(const std::vector<Vec3<T>>& points);

}  // namespace geom
}  // namespace alfven
