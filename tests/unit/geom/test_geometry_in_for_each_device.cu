// Geometry inside MISO's face on the CUDA backend: a CSG tree, a tape, a mesh SDF, a point cloud
// and a BVH union (pools mirrored to device memory) evaluated by for_each(backend::CUDA) and
// counted by reduce agree with their host evaluation. Tolerance: nvcc contracts a*b + c into
// fused multiply-adds, changing the last bits of O(1) float distances: 1e-5 absolute is ~100
// float ulps at these magnitudes (as in test_geom_device.cu). Skips without a device.
#include "geometry_in_for_each.hpp"

TEST(GeometryInForEach, CudaBackendMatchesHost) {
  if (!alfven::device_available()) GTEST_SKIP() << "no CUDA device visible";
  alfven::test::check_geometry_in_for_each<alfven::backend::CUDA>(alfven::device_memory_resource(),
                                                                  1e-5f);
}
