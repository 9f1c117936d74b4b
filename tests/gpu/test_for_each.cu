/// @file test_for_each.cu
/// @brief for_each on the device against the host: 1D and 3D ranges whose sizes are not
/// multiples of the block size, offset ranges, launch settings, streams, empty ranges.
#include <cuda_runtime.h>

#include "alfven/core/core.hpp"
#include "gpu_test.hpp"

namespace {

using alfven::Array;
using alfven::LaunchSettings;
using alfven::Range1D;
using alfven::Range3D;
using alfven::backend::CUDA;
using alfven::backend::Host;
using alfven::test::GpuTest;

/// One source for both backends: a[i] = 3 i + 1 on [begin, end), the rest untouched.
template <int BlockSize, int MinResident, typename Backend>
void fill_1d(Backend b, alfven::View<double, 1> a, Range1D r) {
  alfven::for_each<BlockSize, MinResident>(
      b, r, ALFVEN_LAMBDA(long i) { a(i) = 3.0 * double(i) + 1.0; });
}

/// One source for both backends: a(i, j, k) = i + 100 j + 10000 k on the box r.
template <int BlockSize, typename Backend>
void fill_3d(Backend b, alfven::View<double, 3> a, Range3D r) {
  alfven::for_each<BlockSize>(
      b, r,
      ALFVEN_LAMBDA(int i, int j, int k) { a(i, j, k) = double(i) + 100.0 * j + 10000.0 * k; });
}

template <typename T, int R>
void expect_equal(const Array<T, R, Host>& expected, const Array<T, R, CUDA>& dev) {
  Array<T, R, Host> got(dev.extents());
  got.copy_from(dev);
  for (long n = 0; n < expected.size(); ++n) ASSERT_EQ(got[n], expected[n]) << "element " << n;
}

template <int BlockSize, int MinResident>
void check_1d(long n, Range1D r) {
  Array<double, 1, Host> host(n);
  Array<double, 1, CUDA> dev(n);
  for (long i = 0; i < n; ++i) host[i] = -1.0;
  dev.copy_from(host);
  fill_1d<BlockSize, MinResident>(Host{}, host.view(), r);
  fill_1d<BlockSize, MinResident>(CUDA{}, dev.view(), r);
  expect_equal(host, dev);
}

TEST_F(GpuTest, ForEach1DMatchesHostOffBlockMultiples) {
  check_1d<256, 0>(1000003, Range1D{0, 1000003});
  check_1d<256, 0>(1000003, Range1D{17, 999990});  // offset sub-range
  check_1d<32, 0>(1000, Range1D{1, 999});
  check_1d<1024, 2048>(1000003, Range1D{0, 1000003});
  check_1d<128, 1024>(5, Range1D{0, 5});  // fewer indices than one block
}

TEST_F(GpuTest, ForEach3DMatchesHostOnAnOddBox) {
  const int nx = 37, ny = 29, nz = 13;
  for (const Range3D r :
       {alfven::make_range(0, nx, 0, ny, 0, nz), alfven::make_range(2, nx - 3, 1, ny - 1, 4, nz)}) {
    Array<double, 3, Host> host(nx, ny, nz);
    Array<double, 3, CUDA> dev(nx, ny, nz);
    for (long n = 0; n < host.size(); ++n) host[n] = -1.0;
    dev.copy_from(host);
    fill_3d<256>(Host{}, host.view(), r);
    fill_3d<256>(CUDA{}, dev.view(), r);
    expect_equal(host, dev);
    fill_3d<64>(CUDA{}, dev.view(), r);
    expect_equal(host, dev);
    fill_3d<1024>(CUDA{}, dev.view(), r);
    expect_equal(host, dev);
  }
}

/// a(i, j, k) = i + 100 j + 10000 k with launch settings of its own: blocks 32 wide along i.
struct NarrowBlockFill {
  alfven::View<double, 3> a;
  using launch_settings = LaunchSettings<256, 1024, 32>;
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    a(i, j, k) = double(i) + 100.0 * j + 10000.0 * k;
  }
};

TEST_F(GpuTest, BlockShapeHonoursTheBlockExtentAlongI) {
  using alfven::detail::block_shape_3d;
  EXPECT_EQ(block_shape_3d(256, 300).x, 256u);  // automatic: as wide as the block
  EXPECT_EQ(block_shape_3d(256, 300, 32).x, 32u);
  EXPECT_EQ(block_shape_3d(256, 300, 32).y, 8u);
  EXPECT_EQ(block_shape_3d(256, 300, 64).y, 4u);
  // A box thinner than a warp along i: the first power of two >= ni, the rest along j.
  EXPECT_EQ(block_shape_3d(256, 5, 64).x, 8u);
  EXPECT_EQ(block_shape_3d(256, 5, 64).y, 32u);
}

TEST_F(GpuTest, BlockShapeHonoursTheBlockExtentAlongK) {
  using alfven::detail::block_shape_3d;
  const dim3 deep = block_shape_3d(256, 300, 32, 4);
  EXPECT_EQ(deep.x, 32u);
  EXPECT_EQ(deep.y, 2u);
  EXPECT_EQ(deep.z, 4u);
  EXPECT_EQ(block_shape_3d(256, 300, 0, 8).x, 32u);  // automatic width: what the planes leave
  // A grid one cell thick in k (2D): the whole block in one plane.
  const dim3 flat = block_shape_3d(256, 300, 32, 8, 1);
  EXPECT_EQ(flat.z, 1u);
  EXPECT_EQ(flat.y, 8u);
  EXPECT_EQ(block_shape_3d(256, 300, 32, 8, 3).z, 4u);
}

TEST_F(GpuTest, ForEachWithBlocksDeepAlongKVisitsEveryCellOnce) {
  // nz = 13 and the offsets are no multiple of the block's 4 planes or 2 rows.
  const Range3D r = alfven::make_range(1, 299, 1, 20, 2, 13);
  Array<double, 3, Host> host(300, 21, 13);
  Array<double, 3, CUDA> dev(300, 21, 13);
  for (long n = 0; n < host.size(); ++n) host[n] = -1.0;
  dev.copy_from(host);
  alfven::for_each(Host{}, r, NarrowBlockFill{host.view()});
  alfven::for_each(CUDA{}, LaunchSettings<256, 0, 32, 4>{}, r, NarrowBlockFill{dev.view()});
  expect_equal(host, dev);
}

TEST_F(GpuTest, ForEachUsesTheFunctorsOwnLaunchSettings) {
  const Range3D r = alfven::make_range(1, 299, 0, 21, 2, 7);  // wider than 32 along i
  Array<double, 3, Host> host(300, 21, 7);
  Array<double, 3, CUDA> dev(300, 21, 7);
  for (long n = 0; n < host.size(); ++n) host[n] = -1.0;
  dev.copy_from(host);
  alfven::for_each(Host{}, r, NarrowBlockFill{host.view()});
  alfven::for_each(CUDA{}, r, NarrowBlockFill{dev.view()});
  expect_equal(host, dev);
}

TEST_F(GpuTest, ForEach3DWideAndThinBoxes) {
  // i extent larger than a block (x blocks > 1) and a box one cell thick in i.
  for (const Range3D r :
       {alfven::make_range(0, 1500, 0, 3, 0, 2), alfven::make_range(0, 1, 0, 300, 0, 5)}) {
    Array<double, 3, Host> host(r.end[0], r.end[1], r.end[2]);
    Array<double, 3, CUDA> dev(r.end[0], r.end[1], r.end[2]);
    fill_3d<256>(Host{}, host.view(), r);
    fill_3d<256>(CUDA{}, dev.view(), r);
    expect_equal(host, dev);
  }
}

// Device lambdas live in free functions: nvcc rejects an extended lambda in a private member
// function, and gtest's TestBody() is one (see docs/core.md, "Lambdas").
template <typename Backend>
void half_index_with_tag(Backend b, alfven::View<double, 1> a) {
  alfven::for_each(
      b, LaunchSettings<128, 1024>{}, Range1D{0, a.size()},
      ALFVEN_LAMBDA(long i) { a(i) = 0.5 * i; });
}

TEST_F(GpuTest, ForEachWithALaunchSettingsTag) {
  const long n = 4099;
  Array<double, 1, Host> host(n);
  Array<double, 1, CUDA> dev(n);
  half_index_with_tag(Host{}, host.view());
  half_index_with_tag(CUDA{}, dev.view());
  expect_equal(host, dev);
}

/// A functor instead of a lambda: holds only a view and a scalar.
struct Scale {
  alfven::View<float, 1> a;
  float factor;
  ALFVEN_HOST_DEVICE void operator()(long i) const { a(i) *= factor; }
};

TEST_F(GpuTest, ForEachWithAFunctorOnAStream) {
  cudaStream_t stream;
  ALFVEN_CUDA_CHECK(cudaStreamCreate(&stream));
  const long n = 100003;
  Array<float, 1, Host> host(n);
  for (long i = 0; i < n; ++i) host[i] = float(i % 1000);
  Array<float, 1, CUDA> dev(n);
  dev.copy_from(host);
  alfven::for_each(CUDA{}, Range1D{0, n}, Scale{dev.view(), 2.0f}, stream);
  ALFVEN_CUDA_CHECK(cudaStreamSynchronize(stream));
  alfven::for_each(Host{}, Range1D{0, n}, Scale{host.view(), 2.0f});
  expect_equal(host, dev);
  ALFVEN_CUDA_CHECK(cudaStreamDestroy(stream));
}

void write_out_of_bounds_on_empty_ranges(alfven::View<double, 1> d) {
  alfven::for_each(
      CUDA{}, Range1D{5, 5}, ALFVEN_LAMBDA(long i) { d(i) = 1.0; });  // would fault
  alfven::for_each(
      CUDA{}, alfven::make_range(0, 0, 0, 3, 0, 3),
      ALFVEN_LAMBDA(int i, int, int) { d(i + 10) = 1.0; });
}

TEST_F(GpuTest, ForEachOnAnEmptyRangeLaunchesNothing) {
  Array<double, 1, CUDA> dev(1);
  write_out_of_bounds_on_empty_ranges(dev.view());
  ALFVEN_CUDA_CHECK(cudaDeviceSynchronize());
  SUCCEED();
}

void write_pass(alfven::View<int, 1> d, int pass) {
  alfven::for_each(
      CUDA{}, Range1D{0, d.size()}, ALFVEN_LAMBDA(long i) { d(i) = pass * int(i % 7); });
}

TEST_F(GpuTest, ForEachIsOrderedBeforeCopyFromOnTheDefaultStream) {
  // Launches are asynchronous; copy_from on the default stream must still see their results.
  const long n = 1 << 22;
  Array<int, 1, CUDA> dev(n);
  for (int pass = 1; pass <= 4; ++pass) write_pass(dev.view(), pass);
  Array<int, 1, Host> back(n);
  back.copy_from(dev);
  for (long i = 0; i < n; i += 101) ASSERT_EQ(back[i], 4 * int(i % 7));
}

}  // namespace

namespace {

/// A tile loop on both backends: 128 threads, 64 KiB of scratch (above the default 48 KiB of a
/// block), 3 steps of 2 phases. Phase 0: thread r writes t + 1000 s + r at slot r and at slot
/// r + 8192 (the far end of the scratch); phase 1: thread r reads the slots of thread
/// (r + 1) % 128 (written by another warp before the barrier) and writes their sum.
struct NeighbourTile {
  using launch_settings = LaunchSettings<128>;
  static constexpr int phases = 2;
  double* out;
  std::size_t scratch_bytes() const { return 8192 * sizeof(double); }
  ALFVEN_HOST_DEVICE int steps(long) const { return 3; }
  ALFVEN_HOST_DEVICE void operator()(long t, int s, int phase, int r,
                                     unsigned char* scratch) const {
    double* slot = reinterpret_cast<double*>(scratch);
    if (phase == 0) {
      slot[r] = double(t) + 1000.0 * s + r;
      slot[r + 8064] = 2.0 * slot[r];
      return;
    }
    const int q = (r + 1) % 128;
    out[(t * 3 + s) * 128 + r] = slot[q] + slot[q + 8064];
  }
};

}  // namespace

TEST_F(GpuTest, ForEachTileMatchesTheHostWithLargeScratch) {
  const long tiles = 300;
  Array<double, 1, Host> host(tiles * 3 * 128);
  for (long n = 0; n < host.size(); ++n) host[n] = -1;
  Array<double, 1, CUDA> dev(host.size());
  dev.copy_from(host);
  alfven::for_each_tile(Host{}, tiles, NeighbourTile{host.data()});
  alfven::for_each_tile(CUDA{}, tiles, NeighbourTile{dev.data()});
  for (long t = 0; t < tiles; ++t)
    for (int s = 0; s < 3; ++s)
      ASSERT_EQ(host[(t * 3 + s) * 128 + 5], 3.0 * (double(t) + 1000.0 * s + 6)) << t << " " << s;
  expect_equal(host, dev);
}
