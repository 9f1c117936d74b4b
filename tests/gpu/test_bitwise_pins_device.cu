// Bit-exact pins of the CUDA backend's geometry results on fixed inputs (tests/pins/): the same
// queries as tests/regression/test_bitwise_pins.cpp, run as kernels through gpu::transform.
// Recorded on an NVIDIA H200 (sm_90, nvcc 13.0) before the execution layer and the BVH were
// consolidated (issue 11), so that the refactor is checked to change no bit on the device.
// Device results differ from the host's (nvcc contracts a*b + c into fused multiply-adds), so
// the device has pins of its own. Skips without a device.
#include <gtest/gtest.h>

#include "../pins/pin_cases.hpp"
#include "../pins/pin_meshes.hpp"
#include "gpu_test.hpp"

using namespace alfven;
using namespace alfven::pins;

using BitwisePinsDevice = alfven::test::GpuTest;

#define ALFVEN_EXPECT_PIN(actual, pinned) \
  EXPECT_EQ(actual, pinned) << "checksum 0x" << std::hex << (actual) << " for " #actual

TEST_F(BitwisePinsDevice, MeshSdf) {
  const auto mesh = pin_meshes(ALFVEN_SOURCE_DIR);
  // [mesh][build SAH, Morton]; the device always takes the binary traversal.
  const std::uint64_t pinned_double[3][2] = {{0x31e7edd12f82ac7bull, 0x4dec1aa4e2c63361ull},
                                             {0x7dfa4d3978e26b70ull, 0x2158abbb3701e939ull},
                                             {0x2f6229bcc05b5403ull, 0x8b7e69d7785a5fcaull}};
  const std::uint64_t pinned_float[3][2] = {{0x7ba897cc9bf4448full, 0x2972be2113314f16ull},
                                            {0xba473afbe1a62c19ull, 0x391e05b0f20b9ba6ull},
                                            {0xc0c86cbc2dfad3ccull, 0xe2a0502ed26ba274ull}};
  const geom::BVHBuild builds[] = {geom::BVHBuild::SAH, geom::BVHBuild::Morton};
  for (int m = 0; m < 3; ++m)
    for (int b = 0; b < 2; ++b) {
      SCOPED_TRACE(testing::Message() << "mesh " << m << " build " << b);
      ALFVEN_EXPECT_PIN(mesh_checksum<double>(mesh[m], builds[b], false), pinned_double[m][b]);
      ALFVEN_EXPECT_PIN(mesh_checksum<float>(mesh[m], builds[b], false), pinned_float[m][b]);
    }
}

TEST_F(BitwisePinsDevice, PointCloud) {
  ALFVEN_EXPECT_PIN((cloud_checksum<double, geom::PointSearch::BVH>()), 0x3318f2979b2501e7ull);
  ALFVEN_EXPECT_PIN((cloud_checksum<float, geom::PointSearch::BVH>()), 0xb77be4a34f8e853cull);
  ALFVEN_EXPECT_PIN((cloud_checksum<double, geom::PointSearch::HashGrid>()), 0x3318f2979b2501e7ull);
  ALFVEN_EXPECT_PIN((cloud_checksum<float, geom::PointSearch::HashGrid>()), 0xb77be4a34f8e853cull);
}

TEST_F(BitwisePinsDevice, BvhUnion) {
  ALFVEN_EXPECT_PIN(union_checksum<double>(), 0x48cd973622a9fc22ull);
  ALFVEN_EXPECT_PIN(union_checksum<float>(), 0xac0deb63825a7353ull);
}
