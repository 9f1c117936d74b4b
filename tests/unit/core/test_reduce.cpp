// reduce on the host backend: sum, min, max and a non-trivial type, with and without a helper.
#include <gtest/gtest.h>

#include <cmath>

#include "alfven/core/core.hpp"

using namespace alfven;

TEST(Reduce, SumOfIntegersIsExact) {
  const long n = 1000001;
  ReduceHelper<long, backend::Host> helper;
  const long s = reduce(
      backend::Host{}, Range1D{0, n}, 0L, ALFVEN_LAMBDA(long i) { return i; }, reduce_op::Sum{},
      helper);
  EXPECT_EQ(s, n * (n - 1) / 2);
}

TEST(Reduce, MidpointIntegralOfXSquared) {
  // Midpoint rule for x^2 on [0,1] with n cells: 1/3 - 1/(12 n^2) exactly.
  const int n = 1000;
  const double dx = 1.0 / n;
  const double s = reduce(
      backend::Host{}, Range1D{0, n}, 0.0,
      ALFVEN_LAMBDA(long i) {
        const double x = (i + 0.5) * dx;
        return x * x * dx;
      },
      reduce_op::Sum{});
  EXPECT_NEAR(s, 1.0 / 3.0 - 1.0 / (12.0 * n * n), 1e-14);
}

TEST(Reduce, MinAndMaxOver3DRange) {
  Array3D<double> a(9, 7, 5);
  auto v = a.view();
  for_each(
      backend::Host{}, make_range(0, 9, 0, 7, 0, 5),
      ALFVEN_LAMBDA(int i, int j, int k) { v(i, j, k) = std::sin(0.3 * i + 0.7 * j + 1.1 * k); });
  double mn = 1e300, mx = -1e300;
  for (int k = 1; k < 4; ++k)
    for (int j = 1; j < 6; ++j)
      for (int i = 2; i < 8; ++i) {
        mn = std::min(mn, a(i, j, k));
        mx = std::max(mx, a(i, j, k));
      }
  const auto r = make_range(2, 8, 1, 6, 1, 4);
  auto cv = a.const_view();
  ReduceHelper<double, backend::Host> helper;
  const double got_min = reduce(
      backend::Host{}, r, reduce_op::Min::identity<double>(),
      ALFVEN_LAMBDA(int i, int j, int k) { return cv(i, j, k); }, reduce_op::Min{}, helper);
  const double got_max = reduce(
      backend::Host{}, r, reduce_op::Max::identity<double>(),
      ALFVEN_LAMBDA(int i, int j, int k) { return cv(i, j, k); }, reduce_op::Max{}, helper);
  EXPECT_EQ(got_min, mn);
  EXPECT_EQ(got_max, mx);
}

namespace {
// Minimum with its location: a non-trivial reduction type.
struct MinLoc {
  double value;
  long index;
  bool operator==(const MinLoc& o) const { return value == o.value && index == o.index; }
};
struct MinLocOp {
  ALFVEN_HOST_DEVICE MinLoc operator()(const MinLoc& a, const MinLoc& b) const {
    if (b.value < a.value || (b.value == a.value && b.index < a.index)) return b;
    return a;
  }
};
}  // namespace

TEST(Reduce, NonTrivialTypeFindsMinimumAndItsIndex) {
  const long n = 54321;
  // |i - 12345.3| has its minimum at i = 12345.
  const MinLoc r = reduce(
      backend::Host{}, Range1D{0, n}, MinLoc{1e300, -1},
      ALFVEN_LAMBDA(long i) {
        return MinLoc{std::fabs(i - 12345.3), i};
      },
      MinLocOp{});
  EXPECT_EQ(r.index, 12345);
  EXPECT_NEAR(r.value, 0.3, 1e-9);
}

TEST(Reduce, EmptyRangeReturnsInit) {
  const double s = reduce(
      backend::Host{}, Range1D{4, 4}, 0.0, ALFVEN_LAMBDA(long) { return 1.0; }, reduce_op::Sum{});
  EXPECT_EQ(s, 0.0);
}

#ifndef NDEBUG
TEST(Reduce, DebugBuildRejectsInitThatIsNotTheIdentity) {
  EXPECT_THROW(reduce(
                   backend::Host{}, Range1D{0, 10}, 1.0,
                   ALFVEN_LAMBDA(long i) { return double(i); }, reduce_op::Sum{}),
               Error);
}
#endif
