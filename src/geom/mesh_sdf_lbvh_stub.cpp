// MeshSDF's LBVH build into device memory (build_lbvh_device) in a build without the CUDA
// backend: a clear error. The host LBVH build (mesh_sdf_lbvh_host.cpp) is in every build.
#include "alfven/core/error.hpp"
#include "alfven/geom/mesh_sdf.hpp"

namespace alfven {
namespace geom {

template <typename T>
MeshSDF<T> MeshSDF<T>::build_lbvh_device(Pool& pool, const TriangleMesh&, const MeshSDFOptions&) {
  ALFVEN_REQUIRE(false, "MeshSDF::build: BVHBuild::LBVH into a pool of '"
                            << pool.resource().name
                            << "' memory builds on a CUDA device, and this build has no CUDA "
                               "backend; rebuild with the CMake preset `cuda` "
                               "(-DALFVEN_ENABLE_CUDA=ON), or build into a host pool (the LBVH "
                               "then builds on the host's threads)");
  return MeshSDF<T>{};
}

template MeshSDF<float> MeshSDF<float>::build_lbvh_device(Pool&, const TriangleMesh&,
                                                          const MeshSDFOptions&);
template MeshSDF<double> MeshSDF<double>::build_lbvh_device(Pool&, const TriangleMesh&,
                                                            const MeshSDFOptions&);

}  // namespace geom
}  // namespace alfven
