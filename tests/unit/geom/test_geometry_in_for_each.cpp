// Geometry inside MISO's face on the host backend: a CSG tree, a tape, a mesh SDF, a point cloud
// and a BVH union evaluated by for_each(backend::Host) and counted by reduce equal their direct
// evaluation bit for bit (the same host code runs in both).
#include "geometry_in_for_each.hpp"

TEST(GeometryInForEach, HostBackendEqualsDirectEvaluation) {
  alfven::test::check_geometry_in_for_each<alfven::backend::Host>(alfven::host_memory_resource(),
                                                                  0.0f);
}
