// The 4-wide arrays of MeshSDF's host queries from a built topology: the tree collapsed 4-wide
// (flatten_bvh_wide, bvh/build.hpp), its leaves as triangle packets (triangle_packet.hpp) and
// the first slot of each. Shared by the host builds (mesh_sdf_build.cpp) and the LBVH build on
// the host's threads (mesh_sdf_lbvh_build.hpp). Private to alfven_geom_build.
#pragma once

#include <cstdint>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/geom/bvh/build.hpp"
#include "alfven/geom/triangle_packet.hpp"

namespace alfven {
namespace geom {

/// What wide_arrays returns.
template <typename T>
struct WideArrays {
  std::vector<BVHNode4<T>> nodes;              ///< depth first, root at 0 (bvh/wide.hpp)
  std::vector<MeshTrianglePacket<T>> packets;  ///< one per leaf, in depth-first order
  std::vector<std::int32_t> packet_first;      ///< the first slot of each packet's leaf
  std::int32_t root = 0;                       ///< root code
};

/// The 4-wide arrays of `topo`, whose leaves index `tris` (leaf order). Throws alfven::Error
/// for a leaf of more than 4 triangles (a packet holds 4; a bug of the build).
template <typename T, typename S>
WideArrays<T> wide_arrays(const BVHTopology<S>& topo, const MeshTriangle<T>* tris) {
  WideArrays<T> w;
  w.packets.reserve(topo.nodes.size() / 2 + 1);
  w.packet_first.reserve(topo.nodes.size() / 2 + 1);
  w.root = flatten_bvh_wide(topo, w.nodes, [&](const BVHBuildNode<S>& b) {
    ALFVEN_REQUIRE(b.count >= 1 && b.count <= 4,
                   "MeshSDF: a leaf of " << b.count << " triangles (a bug of the build)");
    w.packets.push_back(make_triangle_packet(tris, b.first, b.count));
    w.packet_first.push_back(b.first);
    return ~std::int32_t(w.packets.size() - 1);
  });
  return w;
}

}  // namespace geom
}  // namespace alfven
