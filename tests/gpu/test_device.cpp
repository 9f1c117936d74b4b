/// @file test_device.cpp
/// @brief Plain C++ (g++) in a CUDA build: device queries and selection, ALFVEN_CUDA_CHECK's
/// message and the fatal handler, and device Arrays used from a file that nvcc never sees.
#include <cuda_runtime_api.h>

#include <cstdlib>
#include <string>

#include "alfven/core/core.hpp"
#include "gpu_test.hpp"

namespace {

using alfven::test::GpuTest;

TEST(DeviceQueries, CountAndAvailabilityAgree) {
  const int count = alfven::device_count();
  EXPECT_GE(count, 0);
  EXPECT_EQ(alfven::device_available(), count > 0);
  EXPECT_THROW(alfven::device_name(count), alfven::Error);
  EXPECT_THROW(alfven::device_name(-1), alfven::Error);
  EXPECT_THROW(alfven::select_device(-1), alfven::Error);
  if (count == 0) {
    alfven::select_device(3);  // no device: nothing to select, no error
    EXPECT_EQ(alfven::current_device(), -1);
  }
}

TEST_F(GpuTest, SelectDeviceWrapsTheLocalRank) {
  const int count = alfven::device_count();
  EXPECT_FALSE(alfven::device_name(0).empty());
  for (int rank : {0, 1, 5, count}) {
    alfven::select_device(rank);
    EXPECT_EQ(alfven::current_device(), rank % count);
  }
  alfven::select_device(0);
}

TEST_F(GpuTest, DeviceArraysFromPlainCxx) {
  alfven::Array<double, 2, alfven::backend::Host> host(300, 7);
  for (long n = 0; n < host.size(); ++n) host[n] = 1.5 * double(n);
  alfven::Array<double, 2, alfven::backend::CUDA> dev(300, 7);
  dev.copy_from(host);
  alfven::Array<double, 2, alfven::backend::Host> back(300, 7);
  back.copy_from(dev);
  for (long n = 0; n < host.size(); ++n) ASSERT_EQ(back[n], host[n]);
}

// The one out-of-memory policy on the device: 8 TiB cannot fit on any GPU; the error names the
// bytes asked and the bytes free (cudaMemGetInfo), and the device stays usable afterwards.
TEST_F(GpuTest, DeviceOutOfMemoryIsAnErrorNamingBytesAskedAndFree) {
  try {
    alfven::Array<double, 3, alfven::backend::CUDA> huge(1 << 20, 1 << 20, 1);
    ADD_FAILURE() << "8 TiB allocated on the device";
  } catch (const alfven::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("out of device memory: asked for 8796093022208 bytes"), std::string::npos)
        << m;
    EXPECT_NE(m.find("GiB) free"), std::string::npos) << m;
  }
  alfven::Array<double, 1, alfven::backend::CUDA> fine(1000);  // the device still works
  EXPECT_EQ(fine.size(), 1000);
}

TEST(FatalHandler, SetReturnsThePreviousAndNullRestoresTheDefault) {
  auto mine = +[](const char*) { std::_Exit(3); };
  const alfven::FatalHandler before = alfven::set_fatal_handler(mine);
  EXPECT_EQ(alfven::fatal_handler(), mine);
  EXPECT_EQ(alfven::set_fatal_handler(nullptr), mine);
  EXPECT_EQ(alfven::fatal_handler(), before);
}

// Death tests re-run the binary ("threadsafe" style), so the CUDA runtime is never forked.
TEST(CudaCheckDeathTest, NamesTheCallFileAndLineThenAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(ALFVEN_CUDA_CHECK(cudaSetDevice(9999)),
               "CUDA error in cudaSetDevice\\(9999\\) at .*test_device.cpp:[0-9]+: ");
}

TEST(CudaCheckDeathTest, CallsTheInstalledFatalHandler) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        alfven::set_fatal_handler(+[](const char*) { std::_Exit(3); });  // as MPI_Abort would
        ALFVEN_CUDA_CHECK(cudaSetDevice(-7));
      },
      ::testing::ExitedWithCode(3), "CUDA error in cudaSetDevice");
}

}  // namespace
