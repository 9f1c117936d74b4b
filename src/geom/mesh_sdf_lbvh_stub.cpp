// MeshSDF's device build (BVHBuild::LBVH) in a build without the CUDA backend: a clear error.
#include "alfven/core/error.hpp"
#include "alfven/geom/mesh_sdf.hpp"

namespace alfven {
namespace geom {

template <typename T>
MeshSDF<T> MeshSDF<T>::build_lbvh(Pool&, const TriangleMesh&, const MeshSDFOptions&) {
  ALFVEN_REQUIRE(false,
                 "MeshSDF::build: BVHBuild::LBVH (--build lbvh) builds on a CUDA device, and this "
                 "build has no CUDA backend; rebuild with the CMake preset `cuda` "
                 "(-DALFVEN_ENABLE_CUDA=ON) or use sah or morton");
  return MeshSDF<T>{};
}

template MeshSDF<float> MeshSDF<float>::build_lbvh(Pool&, const TriangleMesh&,
                                                   const MeshSDFOptions&);
template MeshSDF<double> MeshSDF<double>::build_lbvh(Pool&, const TriangleMesh&,
                                                     const MeshSDFOptions&);

}  // namespace geom
}  // namespace alfven
