/// @file test_reduce.cu
/// @brief reduce on the device against the host: sum, min, max over ranges that are not
/// multiples of the block size, 1D and 3D, a struct value type (minimum with its location),
/// helper reuse, empty ranges, and (debug builds) the identity check.
#include <cmath>
#include <cuda_runtime.h>

#include "alfven/core/core.hpp"
#include "gpu_test.hpp"

namespace {

using alfven::Array;
using alfven::Range1D;
using alfven::Range3D;
using alfven::ReduceHelper;
using alfven::backend::CUDA;
using alfven::backend::Host;
using alfven::test::GpuTest;
namespace reduce_op = alfven::reduce_op;

constexpr long kN = 1000003;

/// A field with a unique minimum and maximum away from the ends: f(i) = sin(0.001 i) + 1e-9 i.
Array<double, 1, Host> test_field(long n) {
  Array<double, 1, Host> a(n);
  for (long i = 0; i < n; ++i) a[i] = std::sin(0.001 * double(i)) + 1e-9 * double(i);
  return a;
}

template <typename Backend, typename Op>
double reduce_field(Backend b, alfven::View<const double, 1> a, Range1D r, double init, Op op) {
  return alfven::reduce(b, r, init, ALFVEN_LAMBDA(long i) { return a(i); }, op);
}

TEST_F(GpuTest, SumMinMax1DMatchHost) {
  const auto host = test_field(kN);
  Array<double, 1, CUDA> dev(kN);
  dev.copy_from(host);
  for (const Range1D r : {Range1D{0, kN}, Range1D{3, kN - 11}, Range1D{0, 1}, Range1D{7, 300}}) {
    const double hs = reduce_field(Host{}, host.const_view(), r, 0.0, reduce_op::Sum{});
    const double ds = reduce_field(CUDA{}, dev.const_view(), r, 0.0, reduce_op::Sum{});
    // Different grouping: |error| <= n eps sum|a| bounds both; observed much smaller.
    EXPECT_NEAR(ds, hs, 1e-12 * double(r.size()) + 1e-12) << r.begin << " " << r.end;
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(reduce_field(CUDA{}, dev.const_view(), r, inf, reduce_op::Min{}),
              reduce_field(Host{}, host.const_view(), r, inf, reduce_op::Min{}));
    EXPECT_EQ(reduce_field(CUDA{}, dev.const_view(), r, -inf, reduce_op::Max{}),
              reduce_field(Host{}, host.const_view(), r, -inf, reduce_op::Max{}));
  }
}

TEST_F(GpuTest, IntegerSumIsExact) {
  // Sum of i over [0, n) in 64-bit integers: n (n - 1) / 2 exactly, any grouping.
  ReduceHelper<long, CUDA> helper;
  const long got = alfven::reduce(CUDA{}, Range1D{0, kN}, 0L, ALFVEN_LAMBDA(long i) { return i; },
                                  reduce_op::Sum{}, helper);
  EXPECT_EQ(got, kN * (kN - 1) / 2);
  EXPECT_EQ(alfven::reduce(CUDA{}, Range1D{0, kN}, reduce_op::Min::identity<int>(),
                           ALFVEN_LAMBDA(long i) { return int((i * 7919) % 10007) - 5000; }, reduce_op::Min{}),
            -5000);
}

TEST_F(GpuTest, SumMinMax3DOnAnOddBoxMatchHost) {
  const int nx = 37, ny = 29, nz = 13;
  Array<float, 3, Host> host(nx, ny, nz);
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) host(i, j, k) = float(std::cos(0.3 * i + 0.7 * j - 0.11 * k) + 0.001 * (i + j + k));
  Array<float, 3, CUDA> dev(nx, ny, nz);
  dev.copy_from(host);
  auto h = host.const_view();
  auto d = dev.const_view();
  ReduceHelper<float, Host> hh;
  ReduceHelper<float, CUDA> dh;
  for (const Range3D r : {alfven::make_range(0, nx, 0, ny, 0, nz), alfven::make_range(3, nx - 2, 1, ny - 4, 2, nz - 1)}) {
    const auto hmap = ALFVEN_LAMBDA(int i, int j, int k) { return h(i, j, k); };
    const auto dmap = ALFVEN_LAMBDA(int i, int j, int k) { return d(i, j, k); };
    const float hs = alfven::reduce(Host{}, r, 0.0f, hmap, reduce_op::Sum{}, hh);
    const float ds = alfven::reduce(CUDA{}, r, 0.0f, dmap, reduce_op::Sum{}, dh);
    EXPECT_NEAR(ds, hs, 1e-6 * double(r.size()));  // float: n eps-scale rounding, both orders
    EXPECT_EQ(alfven::reduce(CUDA{}, r, reduce_op::Min::identity<float>(), dmap, reduce_op::Min{}, dh),
              alfven::reduce(Host{}, r, reduce_op::Min::identity<float>(), hmap, reduce_op::Min{}, hh));
    EXPECT_EQ(alfven::reduce(CUDA{}, r, reduce_op::Max::identity<float>(), dmap, reduce_op::Max{}, dh),
              alfven::reduce(Host{}, r, reduce_op::Max::identity<float>(), hmap, reduce_op::Max{}, hh));
  }
}

/// A non-trivial value type: the minimum and where it is (ties: the lowest index).
struct MinLoc {
  double value;
  long index;
  ALFVEN_HOST_DEVICE bool operator==(const MinLoc& o) const { return value == o.value && index == o.index; }
};
struct MinLocOp {
  ALFVEN_HOST_DEVICE MinLoc operator()(const MinLoc& a, const MinLoc& b) const {
    if (b.value < a.value || (b.value == a.value && b.index < a.index)) return b;
    return a;
  }
};

TEST_F(GpuTest, MinimumWithLocationOfAStructType) {
  const auto host = test_field(kN);
  Array<double, 1, CUDA> dev(kN);
  dev.copy_from(host);
  auto h = host.const_view();
  auto d = dev.const_view();
  const MinLoc init{std::numeric_limits<double>::infinity(), std::numeric_limits<long>::max()};
  ReduceHelper<MinLoc, CUDA> helper;
  const MinLoc got = alfven::reduce(CUDA{}, Range1D{0, kN}, init,
                                    ALFVEN_LAMBDA(long i) { return MinLoc{d(i), i}; }, MinLocOp{}, helper);
  const MinLoc want = alfven::reduce(Host{}, Range1D{0, kN}, init,
                                     ALFVEN_LAMBDA(long i) { return MinLoc{h(i), i}; }, MinLocOp{});
  EXPECT_EQ(got.value, want.value);
  EXPECT_EQ(got.index, want.index);
  long brute = 0;
  for (long i = 1; i < kN; ++i)
    if (host[i] < host[brute]) brute = i;
  EXPECT_EQ(got.index, brute);
  // The same with a lambda as the operator.
  const MinLoc got2 = alfven::reduce(
      CUDA{}, Range1D{0, kN}, init, ALFVEN_LAMBDA(long i) { return MinLoc{d(i), i}; },
      ALFVEN_LAMBDA(const MinLoc& a, const MinLoc& b) { return MinLocOp{}(a, b); }, helper);
  EXPECT_EQ(got2.index, brute);
}

TEST_F(GpuTest, HelperIsReusedAndGrowsOnlyWhenNeeded) {
  ReduceHelper<double, CUDA> helper;
  auto one = ALFVEN_LAMBDA(long) { return 1.0; };
  EXPECT_EQ(alfven::reduce(CUDA{}, Range1D{0, 1000}, 0.0, one, reduce_op::Sum{}, helper), 1000.0);
  const std::size_t small = helper.temporary_bytes();
  EXPECT_GT(small, 0u);
  EXPECT_EQ(alfven::reduce(CUDA{}, Range1D{0, 500}, 0.0, one, reduce_op::Sum{}, helper), 500.0);
  EXPECT_EQ(helper.temporary_bytes(), small);
  EXPECT_EQ(alfven::reduce(CUDA{}, Range1D{0, 50000000}, 0.0, one, reduce_op::Sum{}, helper), 5e7);
  EXPECT_GE(helper.temporary_bytes(), small);
  ReduceHelper<double, CUDA> moved(std::move(helper));
  EXPECT_EQ(alfven::reduce(CUDA{}, Range1D{0, 3}, 0.0, one, reduce_op::Sum{}, moved), 3.0);
}

TEST_F(GpuTest, EmptyRangeReturnsInit) {
  auto one = ALFVEN_LAMBDA(long) { return 1.0; };
  EXPECT_EQ(alfven::reduce(CUDA{}, Range1D{4, 4}, 0.0, one, reduce_op::Sum{}), 0.0);
  EXPECT_EQ(alfven::reduce(CUDA{}, alfven::make_range(0, 3, 0, 0, 0, 3), 0.0,
                           ALFVEN_LAMBDA(int, int, int) { return 1.0; }, reduce_op::Sum{}),
            0.0);
}

TEST_F(GpuTest, ReduceSeesEarlierForEachOnTheDefaultStream) {
  Array<double, 1, CUDA> dev(kN);
  auto d = dev.view();
  alfven::for_each(CUDA{}, Range1D{0, kN}, ALFVEN_LAMBDA(long i) { d(i) = (i == 123457) ? -7.0 : 1.0; });
  EXPECT_EQ(alfven::reduce(CUDA{}, Range1D{0, kN}, reduce_op::Min::identity<double>(),
                           ALFVEN_LAMBDA(long i) { return d(i); }, reduce_op::Min{}),
            -7.0);
}

#ifndef NDEBUG
TEST_F(GpuTest, DebugBuildRejectsAnInitThatIsNotTheIdentity) {
  // MISO's failure: a sum started from 1 gave different answers on CPU and GPU.
  auto one = ALFVEN_LAMBDA(long) { return 1.0; };
  EXPECT_THROW(alfven::reduce(CUDA{}, Range1D{0, 10}, 1.0, one, reduce_op::Sum{}), alfven::Error);
}
#endif

}  // namespace
