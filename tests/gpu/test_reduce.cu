/// @file test_reduce.cu
/// @brief reduce on the device against the host: sum, min, max over ranges that are not
/// multiples of the block size, 1D and 3D, a struct value type (minimum with its location),
/// helper reuse, empty ranges, and (debug builds) the identity check.
///
/// Device lambdas live in free functions: nvcc rejects an extended lambda in a private member
/// function, and gtest's TestBody() is one (docs/core.md, "Lambdas").
#include <cuda_runtime.h>

#include <cmath>
#include <limits>

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

/// One source for both backends: reduce a(i) over r with op.
template <typename Backend, typename T, typename Op>
T reduce_field(Backend b, alfven::View<const T, 1> a, Range1D r, T init, Op op) {
  return alfven::reduce(
      b, r, init, ALFVEN_LAMBDA(long i) { return a(i); }, op);
}

/// One source for both backends: reduce a(i, j, k) over the box r with op.
template <typename Backend, typename T, typename Op>
T reduce_field_3d(Backend b, alfven::View<const T, 3> a, Range3D r, T init, Op op,
                  ReduceHelper<T, Backend>& helper) {
  return alfven::reduce(
      b, r, init, ALFVEN_LAMBDA(int i, int j, int k) { return a(i, j, k); }, op, helper);
}

TEST_F(GpuTest, SumMinMax1DMatchHost) {
  const auto host = test_field(kN);
  Array<double, 1, CUDA> dev(kN);
  dev.copy_from(host);
  const double inf = std::numeric_limits<double>::infinity();
  for (const Range1D r : {Range1D{0, kN}, Range1D{3, kN - 11}, Range1D{0, 1}, Range1D{7, 300}}) {
    const double hs = reduce_field(Host{}, host.const_view(), r, 0.0, reduce_op::Sum{});
    const double ds = reduce_field(CUDA{}, dev.const_view(), r, 0.0, reduce_op::Sum{});
    // Different grouping; |a| <= 1.001, so both sums are within n * n * eps of the exact one.
    EXPECT_NEAR(ds, hs, 1e-12 * double(r.size()) + 1e-12) << r.begin << " " << r.end;
    EXPECT_EQ(reduce_field(CUDA{}, dev.const_view(), r, inf, reduce_op::Min{}),
              reduce_field(Host{}, host.const_view(), r, inf, reduce_op::Min{}));
    EXPECT_EQ(reduce_field(CUDA{}, dev.const_view(), r, -inf, reduce_op::Max{}),
              reduce_field(Host{}, host.const_view(), r, -inf, reduce_op::Max{}));
  }
}

long sum_of_indices(long n, ReduceHelper<long, CUDA>& helper) {
  return alfven::reduce(
      CUDA{}, Range1D{0, n}, 0L, ALFVEN_LAMBDA(long i) { return i; }, reduce_op::Sum{}, helper);
}
int min_of_scrambled(long n) {
  return alfven::reduce(
      CUDA{}, Range1D{0, n}, reduce_op::Min::identity<int>(),
      ALFVEN_LAMBDA(long i) { return int((i * 7919) % 10007) - 5000; }, reduce_op::Min{});
}

TEST_F(GpuTest, IntegerReductionsAreExact) {
  ReduceHelper<long, CUDA> helper;
  EXPECT_EQ(sum_of_indices(kN, helper), kN * (kN - 1) / 2);  // n (n - 1) / 2, any grouping
  EXPECT_EQ(min_of_scrambled(kN), -5000);
}

TEST_F(GpuTest, SumMinMax3DOnAnOddBoxMatchHost) {
  const int nx = 37, ny = 29, nz = 13;
  Array<float, 3, Host> host(nx, ny, nz);
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i)
        host(i, j, k) = float(std::cos(0.3 * i + 0.7 * j - 0.11 * k) + 0.001 * (i + j + k));
  Array<float, 3, CUDA> dev(nx, ny, nz);
  dev.copy_from(host);
  const auto h = host.const_view();
  const auto d = dev.const_view();
  ReduceHelper<float, Host> hh;
  ReduceHelper<float, CUDA> dh;
  const float inf = std::numeric_limits<float>::infinity();
  for (const Range3D r : {alfven::make_range(0, nx, 0, ny, 0, nz),
                          alfven::make_range(3, nx - 2, 1, ny - 4, 2, nz - 1)}) {
    const float hs = reduce_field_3d(Host{}, h, r, 0.0f, reduce_op::Sum{}, hh);
    const float ds = reduce_field_3d(CUDA{}, d, r, 0.0f, reduce_op::Sum{}, dh);
    EXPECT_NEAR(ds, hs, 1e-6 * double(r.size()));  // float rounding, two summation orders
    EXPECT_EQ(reduce_field_3d(CUDA{}, d, r, inf, reduce_op::Min{}, dh),
              reduce_field_3d(Host{}, h, r, inf, reduce_op::Min{}, hh));
    EXPECT_EQ(reduce_field_3d(CUDA{}, d, r, -inf, reduce_op::Max{}, dh),
              reduce_field_3d(Host{}, h, r, -inf, reduce_op::Max{}, hh));
  }
}

/// A non-trivial value type: the minimum and where it is (ties: the lowest index).
struct MinLoc {
  double value;
  long index;
  ALFVEN_HOST_DEVICE bool operator==(const MinLoc& o) const {
    return value == o.value && index == o.index;
  }
};
struct MinLocOp {
  ALFVEN_HOST_DEVICE MinLoc operator()(const MinLoc& a, const MinLoc& b) const {
    if (b.value < a.value || (b.value == a.value && b.index < a.index)) return b;
    return a;
  }
};
const MinLoc kMinLocInit{std::numeric_limits<double>::infinity(), std::numeric_limits<long>::max()};

template <typename Backend>
MinLoc min_with_location(Backend b, alfven::View<const double, 1> a,
                         ReduceHelper<MinLoc, Backend>& helper) {
  return alfven::reduce(
      b, Range1D{0, a.size()}, kMinLocInit,
      ALFVEN_LAMBDA(long i) {
        return MinLoc{a(i), i};
      },
      MinLocOp{}, helper);
}
MinLoc min_with_location_lambda_op(alfven::View<const double, 1> a) {
  return alfven::reduce(
      CUDA{}, Range1D{0, a.size()}, kMinLocInit,
      ALFVEN_LAMBDA(long i) {
        return MinLoc{a(i), i};
      },
      ALFVEN_LAMBDA(const MinLoc& x, const MinLoc& y) { return MinLocOp{}(x, y); });
}

TEST_F(GpuTest, MinimumWithLocationOfAStructType) {
  const auto host = test_field(kN);
  Array<double, 1, CUDA> dev(kN);
  dev.copy_from(host);
  ReduceHelper<MinLoc, CUDA> dh;
  ReduceHelper<MinLoc, Host> hh;
  const MinLoc got = min_with_location(CUDA{}, dev.const_view(), dh);
  const MinLoc want = min_with_location(Host{}, host.const_view(), hh);
  EXPECT_TRUE(got == want) << got.value << "@" << got.index << " vs " << want.value << "@"
                           << want.index;
  long brute = 0;
  for (long i = 1; i < kN; ++i)
    if (host[i] < host[brute]) brute = i;
  EXPECT_EQ(got.index, brute);
  EXPECT_EQ(min_with_location_lambda_op(dev.const_view()).index, brute);  // a lambda as op
}

double count_ones(long n, ReduceHelper<double, CUDA>& helper) {
  return alfven::reduce(
      CUDA{}, Range1D{0, n}, 0.0, ALFVEN_LAMBDA(long) { return 1.0; }, reduce_op::Sum{}, helper);
}

TEST_F(GpuTest, HelperIsReusedAndGrowsOnlyWhenNeeded) {
  ReduceHelper<double, CUDA> helper;
  EXPECT_EQ(count_ones(1000, helper), 1000.0);
  const std::size_t small = helper.temporary_bytes();
  EXPECT_GT(small, 0u);
  EXPECT_EQ(count_ones(500, helper), 500.0);
  EXPECT_EQ(helper.temporary_bytes(), small);
  EXPECT_EQ(count_ones(50000000, helper), 5e7);
  EXPECT_GE(helper.temporary_bytes(), small);
  ReduceHelper<double, CUDA> moved(std::move(helper));
  EXPECT_EQ(count_ones(3, moved), 3.0);
}

double sum_over_empty_ranges() {
  const double a = alfven::reduce(
      CUDA{}, Range1D{4, 4}, 0.0, ALFVEN_LAMBDA(long) { return 1.0; }, reduce_op::Sum{});
  const double b = alfven::reduce(
      CUDA{}, alfven::make_range(0, 3, 0, 0, 0, 3), 0.0,
      ALFVEN_LAMBDA(int, int, int) { return 1.0; }, reduce_op::Sum{});
  return a + b;
}

TEST_F(GpuTest, EmptyRangeReturnsInit) {
  EXPECT_EQ(sum_over_empty_ranges(), 0.0);
}

double mark_then_minimum(alfven::View<double, 1> d) {
  alfven::for_each(
      CUDA{}, Range1D{0, d.size()}, ALFVEN_LAMBDA(long i) { d(i) = (i == 123457) ? -7.0 : 1.0; });
  return alfven::reduce(
      CUDA{}, Range1D{0, d.size()}, reduce_op::Min::identity<double>(),
      ALFVEN_LAMBDA(long i) { return d(i); }, reduce_op::Min{});
}

TEST_F(GpuTest, ReduceSeesEarlierForEachOnTheDefaultStream) {
  Array<double, 1, CUDA> dev(kN);
  EXPECT_EQ(mark_then_minimum(dev.view()), -7.0);
}

#ifndef NDEBUG
double sum_from_one(long n) {
  return alfven::reduce(
      CUDA{}, Range1D{0, n}, 1.0, ALFVEN_LAMBDA(long) { return 1.0; }, reduce_op::Sum{});
}
TEST_F(GpuTest, DebugBuildRejectsAnInitThatIsNotTheIdentity) {
  // MISO's failure: a sum started from 1 gave different answers on CPU and GPU.
  EXPECT_THROW(sum_from_one(10), alfven::Error);
}
#endif

}  // namespace
