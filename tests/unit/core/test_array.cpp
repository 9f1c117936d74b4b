// Arrays and views: layout, const views, copy_from, moves.
#include <gtest/gtest.h>

#include <type_traits>

#include "alfven/core/core.hpp"

using namespace alfven;

TEST(Array, LayoutIsFirstIndexFastest) {
  Array3D<double> a(4, 3, 2);
  EXPECT_EQ(a.size(), 24);
  auto v = a.view();
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 4; ++i) v(i, j, k) = 100 * k + 10 * j + i;
  // i + nx*(j + ny*k)
  EXPECT_EQ(a.data()[1 + 4 * (2 + 3 * 1)], 121.0);
  EXPECT_EQ(v.index(3, 2, 1), 3 + 4 * (2 + 3 * 1));
  EXPECT_EQ(a(2, 1, 0), 12.0);
}

TEST(Array, Rank1To4Extents) {
  Array1D<int> a1(5);
  Array2D<int> a2(5, 6);
  Array4D<float> a4(2, 3, 4, 5);
  EXPECT_EQ(a1.size(), 5);
  EXPECT_EQ(a2.size(), 30);
  EXPECT_EQ(a4.size(), 120);
  EXPECT_EQ(a4.extent(3), 5);
  auto v = a4.view();
  EXPECT_EQ(v.index(1, 2, 3, 4), 1 + 2 * (2 + 3 * (3 + 4 * 4)));
}

TEST(Array, ViewsAreTriviallyCopyableAndConstConvertible) {
  static_assert(std::is_trivially_copyable<View<double, 3>>::value, "");
  static_assert(std::is_trivially_copyable<View<const float, 4>>::value, "");
  Array2D<double> a(3, 3);
  a(1, 1) = 7.0;
  View<const double, 2> cv = a.view();  // implicit View<T> -> View<const T>
  EXPECT_EQ(cv(1, 1), 7.0);
  EXPECT_EQ(a.const_view()(1, 1), 7.0);
}

TEST(Array, CopyFromCopiesEveryElement) {
  Array3D<double> a(5, 4, 3), b(5, 4, 3);
  for (long n = 0; n < a.size(); ++n) a[n] = 0.5 * n;
  b.copy_from(a);
  for (long n = 0; n < a.size(); ++n) EXPECT_EQ(b[n], 0.5 * n);
  a[0] = -1;  // deep copy: b does not change
  EXPECT_EQ(b[0], 0.0);
}

TEST(Array, CopyFromRejectsDifferentExtents) {
  Array2D<double> a(3, 4), b(4, 3);
  EXPECT_THROW(b.copy_from(a), Error);
}

TEST(Array, NegativeExtentIsAnError) {
  EXPECT_THROW(Array1D<double>(-1), Error);
}

TEST(Array, MoveAndSwapTransferOwnership) {
  Array1D<int> a(3);
  a[0] = 42;
  const int* p = a.data();
  Array1D<int> b(std::move(a));
  EXPECT_EQ(b.data(), p);
  EXPECT_EQ(a.data(), nullptr);
  Array1D<int> c(2);
  c.swap(b);
  EXPECT_EQ(c.data(), p);
  EXPECT_EQ(c[0], 42);
  EXPECT_EQ(b.size(), 2);
}

TEST(Array, EmptyArrayHasNoStorage) {
  Array1D<double> a;
  EXPECT_EQ(a.size(), 0);
  Array1D<double> z(0);
  EXPECT_EQ(z.size(), 0);
}
