// Bit-exact pins of the CUDA backend's MHD fields on fixed inputs (tests/pins/mhd_pins.hpp):
// the runs of tests/regression/test_bitwise_pins.cpp on the device. Recorded on an NVIDIA H200
// (sm_90, nvcc 13.0) before the execution layer was consolidated (issue 11), so that the refactor
// is checked to change no bit on the device. Device results differ from the host's (fused
// multiply-adds), so the device has pins of its own. Skips without a device.
// Re-recorded on the H200 on 2026-12-02 at 4ea0833. The tree just before the tabulated equation
// of state (35576e5, after the refactor) still gave the old pins there, so the refactor changed
// no bit; e5dad47 did, on the device only: the host pins (tests/regression/test_bitwise_pins.cpp)
// held and the device agreed with the host within the MhdDevice tolerances. The branch for tables
// in EquationOfState changed where nvcc forms fused multiply-adds, not the scheme.
// Re-recorded on the H200 on 2026-12-02 at 8d4abdb: ab9474b (the ideal gas as a type, so no
// table branch in the stage kernels) changed the device bits again in the same way; the host
// pins held and the device agreed with the host (MhdDevice, 15 tests). Re-recorded again the
// same day for the viscosity kernel that takes one diffused quantity at a time (the same
// operations in the same order: the host pins held; nvcc contracts them differently); the
// launch bounds of the stage and viscosity kernels changed no bit. Re-recorded on 2026-12-03
// for the viscous update in runs of cells: its products rho v, rho e and each face flux are
// rounded (math::mul_rn) so that a face has the same bits whichever run computes it, which
// changed where nvcc contracts; the host pins held. A failing case prints its checksum.
#include <gtest/gtest.h>

#include "../pins/mhd_pins.hpp"
#include "gpu_test.hpp"

using namespace alfven;
using namespace alfven::pins;
using BitwisePinsDevice = alfven::test::GpuTest;

TEST_F(BitwisePinsDevice, Mhd) {
  // Re-pinned on an H100 (nvcc 13.0, 2026-12-06) when the fourth-order difference began to take
  // its differences first (flux.hpp, issue 42).
  const std::uint64_t pinned_double[] = {0x8fd5f26c14fd38b9ull, 0xb45e5ce35bb65e1eull,
                                         0x2605eec4b2175902ull, 0x57a9d549e5685a01ull};
  const std::uint64_t pinned_float[] = {0xd0dd8c071bf3208eull, 0xac605eee6943d111ull,
                                        0xdfbbc83d35060d0cull, 0x8b183d62260c9fe8ull};
  const auto cases = mhd_cases();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(cases[i].name);
    const std::uint64_t d = mhd_checksum<double>(cases[i], "cuda");
    const std::uint64_t f = mhd_checksum<float>(cases[i], "cuda");
    EXPECT_EQ(d, pinned_double[i]) << "checksum 0x" << std::hex << d;
    EXPECT_EQ(f, pinned_float[i]) << "checksum 0x" << std::hex << f;
  }
}
