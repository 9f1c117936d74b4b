// for_each on the host backend visits every index exactly once.
#include <gtest/gtest.h>

#include "alfven/core/core.hpp"

using namespace alfven;

TEST(ForEach, Range1DVisitsEachIndexOnce) {
  const long n = 100003;  // not a multiple of any thread count
  Array1D<int> hits(n);
  auto h = hits.view();
  for_each(
      backend::Host{}, Range1D{0, n}, ALFVEN_LAMBDA(long i) { h[i] = 0; });
  for_each(
      backend::Host{}, Range1D{3, n - 2}, ALFVEN_LAMBDA(long i) { h[i] += 1; });
  for (long i = 0; i < n; ++i) ASSERT_EQ(hits[i], (i >= 3 && i < n - 2) ? 1 : 0) << i;
}

TEST(ForEach, Range3DVisitsEachTripleOnce) {
  Array3D<int> hits(7, 6, 5);
  auto h = hits.view();
  for_each(
      backend::Host{}, make_range(0, 7, 0, 6, 0, 5),
      ALFVEN_LAMBDA(int i, int j, int k) { h(i, j, k) = 0; });
  for_each(
      backend::Host{}, make_range(1, 6, 2, 4, 0, 5),
      ALFVEN_LAMBDA(int i, int j, int k) { h(i, j, k) += 1 + i + 10 * j + 100 * k; });
  for (int k = 0; k < 5; ++k)
    for (int j = 0; j < 6; ++j)
      for (int i = 0; i < 7; ++i) {
        const bool in = i >= 1 && i < 6 && j >= 2 && j < 4;
        ASSERT_EQ(hits(i, j, k), in ? 1 + i + 10 * j + 100 * k : 0);
      }
}

namespace {
// A functor works as well as a lambda.
struct Scale {
  View<double, 1> v;
  double factor;
  ALFVEN_HOST_DEVICE void operator()(long i) const { v[i] *= factor; }
};
}  // namespace

TEST(ForEach, AcceptsFunctors) {
  Array1D<double> a(10);
  for (int i = 0; i < 10; ++i) a[i] = i;
  for_each(backend::Host{}, Range1D{0, 10}, Scale{a.view(), 2.0});
  for (int i = 0; i < 10; ++i) EXPECT_EQ(a[i], 2.0 * i);
}
