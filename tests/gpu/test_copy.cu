/// @file test_copy.cu
/// @brief copy_from and copy_from_async in all four host/device directions, ranks 1 to 4.
#include <cuda_runtime.h>

#include "alfven/core/core.hpp"
#include "gpu_test.hpp"

namespace {

using alfven::Array;
using alfven::backend::CUDA;
using alfven::backend::Host;
using alfven::test::GpuTest;

template <int Rank>
Array<double, Rank, Host> filled_host(const std::array<int, Rank>& ext, double offset) {
  Array<double, Rank, Host> a(ext);
  for (long n = 0; n < a.size(); ++n) a[n] = offset + 0.25 * double(n);
  return a;
}

template <int Rank>
void round_trip(const std::array<int, Rank>& ext) {
  auto host = filled_host<Rank>(ext, 1.0);
  Array<double, Rank, CUDA> dev(ext), dev2(ext);
  Array<double, Rank, Host> back(ext);
  dev.copy_from(host);   // host -> device
  dev2.copy_from(dev);   // device -> device
  back.copy_from(dev2);  // device -> host
  for (long n = 0; n < host.size(); ++n) ASSERT_EQ(back[n], host[n]) << "element " << n;
}

TEST_F(GpuTest, CopyFromRoundTripsEveryRank) {
  round_trip<1>({1000003});
  round_trip<2>({37, 29});
  round_trip<3>({37, 29, 13});
  round_trip<4>({5, 7, 3, 2});
}

TEST_F(GpuTest, CopyFromHostToHostStillWorksInACudaBuild) {
  auto a = filled_host<1>({17}, 3.0);
  Array<double, 1, Host> b(17);
  b.copy_from(a);
  for (long n = 0; n < 17; ++n) EXPECT_EQ(b[n], a[n]);
}

TEST_F(GpuTest, CopyFromRejectsDifferentExtents) {
  Array<double, 2, CUDA> dev(4, 5);
  Array<double, 2, Host> host(5, 4);
  EXPECT_THROW(dev.copy_from(host), alfven::Error);
  EXPECT_THROW(host.copy_from(dev), alfven::Error);
}

TEST_F(GpuTest, EmptyDeviceArraysCopyNothing) {
  Array<float, 1, CUDA> dev(0);
  Array<float, 1, Host> host(0);
  dev.copy_from(host);
  host.copy_from(dev);
  EXPECT_EQ(dev.data(), nullptr);
}

TEST_F(GpuTest, MovedDeviceArrayKeepsItsData) {
  auto host = filled_host<1>({1000}, 2.0);
  Array<double, 1, CUDA> dev(1000);
  dev.copy_from(host);
  Array<double, 1, CUDA> moved(std::move(dev));
  EXPECT_EQ(dev.data(), nullptr);
  Array<double, 1, Host> back(1000);
  back.copy_from(moved);
  for (long n = 0; n < 1000; ++n) ASSERT_EQ(back[n], host[n]);
}

TEST_F(GpuTest, CopyFromAsyncOnAStreamInAllDirections) {
  cudaStream_t stream;
  ALFVEN_CUDA_CHECK(cudaStreamCreate(&stream));
  const std::array<int, 3> ext{37, 29, 13};
  auto host = filled_host<3>(ext, -5.0);
  Array<double, 3, CUDA> dev(ext), dev2(ext);
  Array<double, 3, Host> back(ext), host_copy(ext);
  dev.copy_from_async(host, stream);
  dev2.copy_from_async(dev, stream);
  back.copy_from_async(dev2, stream);
  host_copy.copy_from_async(host, stream);  // host <-> host: done at once
  ALFVEN_CUDA_CHECK(cudaStreamSynchronize(stream));
  for (long n = 0; n < host.size(); ++n) {
    ASSERT_EQ(back[n], host[n]);
    ASSERT_EQ(host_copy[n], host[n]);
  }
  EXPECT_THROW(back.copy_from_async(Array<double, 3, CUDA>(1, 2, 3), stream), alfven::Error);
  ALFVEN_CUDA_CHECK(cudaStreamDestroy(stream));
}

TEST_F(GpuTest, CopyFromAsyncWithPinnedHostMemory) {
  // Pinned host memory, wrapped in a View, as the MPI staging buffers will be.
  const long n = 1 << 20;
  double* pinned = nullptr;
  ALFVEN_CUDA_CHECK(cudaMallocHost(&pinned, n * sizeof(double)));
  for (long i = 0; i < n; ++i) pinned[i] = double(i);
  Array<double, 1, CUDA> dev(n);
  ALFVEN_CUDA_CHECK(
      cudaMemcpyAsync(dev.data(), pinned, n * sizeof(double), cudaMemcpyHostToDevice, 0));
  Array<double, 1, Host> back(n);
  back.copy_from_async(dev, cudaStream_t(0));
  ALFVEN_CUDA_CHECK(cudaStreamSynchronize(0));
  for (long i = 0; i < n; i += 997) ASSERT_EQ(back[i], double(i));
  ALFVEN_CUDA_CHECK(cudaFreeHost(pinned));
}

TEST_F(GpuTest, ArrayOfAStructCopies) {
  struct Cell {
    double value;
    long index;
  };
  Array<Cell, 1, Host> host(1000);
  for (long n = 0; n < 1000; ++n) host[n] = Cell{0.5 * double(n), n};
  Array<Cell, 1, CUDA> dev(1000);
  dev.copy_from(host);
  Array<Cell, 1, Host> back(1000);
  back.copy_from(dev);
  for (long n = 0; n < 1000; ++n) {
    ASSERT_EQ(back[n].value, host[n].value);
    ASSERT_EQ(back[n].index, host[n].index);
  }
}

}  // namespace
