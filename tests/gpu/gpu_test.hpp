/// @file gpu_test.hpp
/// @brief Shared by the GPU tests: a fixture that skips when no CUDA device is visible.
#pragma once

#include <gtest/gtest.h>

#include "alfven/core/device.hpp"

namespace alfven::test {

/// Fixture of every GPU test: GTEST_SKIP() (ctest: "skipped", not "passed") without a device.
class GpuTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!alfven::device_available()) GTEST_SKIP() << "no CUDA device visible";
  }
};

}  // namespace alfven::test
