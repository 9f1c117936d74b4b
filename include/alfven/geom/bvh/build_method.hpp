/// @file bvh/build_method.hpp
/// @brief BVHBuild, the choice of BVH construction, with its names on the command line and in
/// YAML scenes. The builds themselves: bvh/build.hpp (host) and MeshSDF's device build
/// (src/geom/mesh_sdf_lbvh.cu); docs/geometry.md ("BVH") compares them.
#pragma once

#include <cstdint>
#include <string>

namespace alfven {
namespace geom {

/// How a BVH is built.
enum class BVHBuild : std::int32_t {
  SAH,     ///< binned surface area heuristic, top-down on the host (best trees; MeshSDF default)
  Morton,  ///< sorted 63-bit Morton codes split at the highest differing bit, on the host (fast)
  Median,  ///< object-median splits on the host (balanced; PointCloud and BVHUnion use it)
  LBVH     ///< Morton codes on a CUDA device, Karras 2012 (MeshSDF only; see mesh_sdf.hpp)
};

/// Name of a build as the command line and YAML spell it: "sah", "morton", "median", "lbvh".
inline const char* bvh_build_name(BVHBuild b) {
  switch (b) {
    case BVHBuild::SAH:
      return "sah";
    case BVHBuild::Morton:
      return "morton";
    case BVHBuild::Median:
      return "median";
    default:
      return "lbvh";
  }
}

/// The build named `name` (as bvh_build_name spells it); false if there is none.
inline bool parse_bvh_build(const std::string& name, BVHBuild& out) {
  for (BVHBuild b : {BVHBuild::SAH, BVHBuild::Morton, BVHBuild::Median, BVHBuild::LBVH})
    if (name == bvh_build_name(b)) {
      out = b;
      return true;
    }
  return false;
}

}  // namespace geom
}  // namespace alfven
