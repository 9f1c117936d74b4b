/// @file test_characteristic_speed_device.cu
/// @brief On the device, the characteristic speed taken by the last stage (SpeedAfterKernel, then
/// GhostSpeedKernel) equals the pass over every cell afterwards, bit for bit, with and without
/// floors (what the solver relies on to skip that pass). Skips without a device.
#include <gtest/gtest.h>

#include "../unit/mhd/speed_in_stage.hpp"
#include "gpu_test.hpp"

namespace {

using namespace alfven;
using CharacteristicSpeedDevice = alfven::test::GpuTest;

template <typename Real>
void expect_same_bits(const mhd::BoundaryConditions& bc, bool floored) {
  const auto d = test::compare_speed_paths<Real, backend::CUDA>(bc, floored);
  EXPECT_EQ(d.fields, 0);
  EXPECT_EQ(d.speed, 0);
  EXPECT_EQ(d.unwritten, 0);
}

TEST_F(CharacteristicSpeedDevice, TakenInTheStageGivesTheSameBits) {
  expect_same_bits<double>(mhd::BoundaryConditions::all_periodic(), false);
  expect_same_bits<float>(test::mixed_boundaries(), false);
  expect_same_bits<double>(test::mixed_boundaries(), true);
  expect_same_bits<float>(mhd::BoundaryConditions::all_periodic(), true);
}

}  // namespace
