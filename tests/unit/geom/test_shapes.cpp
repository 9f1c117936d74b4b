// Every analytic shape against its closed form at points inside, outside and on the surface,
// and the distance property |grad d| = 1 for the exact ones.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "alfven/geom/geom.hpp"

using namespace alfven::geom;
using V = Vec3<double>;

namespace {

/// Central-difference gradient norm of s at p.
template <typename S>
double gradient_norm(const S& s, const V& p, double h = 1e-6) {
  V g;
  for (int d = 0; d < 3; ++d) {
    V a = p, b = p;
    a[d] += h;
    b[d] -= h;
    g[d] = (s.signed_distance(a) - s.signed_distance(b)) / (2 * h);
  }
  return length(g);
}

/// |grad d| = 1 at random points in [-L, L]^3 (away from the ridge set, where it can fail
/// only on a set of measure zero: allow a few misses).
template <typename S>
void expect_unit_gradient(const S& s, double L = 3.0) {
  static_assert(S::kind == DistanceKind::Exact, "only exact shapes have |grad d| = 1");
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-L, L);
  int bad = 0;
  for (int n = 0; n < 400; ++n) {
    const V p{u(rng), u(rng), u(rng)};
    if (std::abs(gradient_norm(s, p) - 1.0) > 1e-4) ++bad;
  }
  EXPECT_LE(bad, 4) << "too many points with |grad d| != 1";
}

}  // namespace

TEST(Shapes, PlaneSignedDistance) {
  const auto s = make_plane(V{0, 0, 1}, V{0, 0, 2});
  EXPECT_DOUBLE_EQ(s.signed_distance(V{5, -3, 3}), 2.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{1, 1, 1}), 0.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, -1}), -2.0);
  expect_unit_gradient(s);
  EXPECT_THROW(make_plane(V{0, 0, 0}, V{0, 0, 0}), alfven::Error);
}

TEST(Shapes, SphereSignedDistance) {
  const auto s = make_sphere(V{1, 0, 0}, 2.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{1, 0, 0}), -2.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{3, 0, 0}), 0.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{1, 0, 5}), 3.0);
  expect_unit_gradient(s);
  EXPECT_THROW(make_sphere(V{0, 0, 0}, -1.0), alfven::Error);
}

TEST(Shapes, BoxSignedDistance) {
  const auto s = make_box(V{1, 2, 3});
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 0}), -1.0);            // nearest face x = 1
  EXPECT_DOUBLE_EQ(s.signed_distance(V{1, 0.5, 0}), 0.0);           // on a face
  EXPECT_DOUBLE_EQ(s.signed_distance(V{4, 0, 0}), 3.0);             // off a face
  EXPECT_DOUBLE_EQ(s.signed_distance(V{2, 3, 3}), std::sqrt(2.0));  // off an edge
  EXPECT_DOUBLE_EQ(s.signed_distance(V{2, 3, 4}), std::sqrt(3.0));  // off a corner
  expect_unit_gradient(s, 5.0);
}

TEST(Shapes, RoundedBoxSignedDistance) {
  const auto s = make_rounded_box(V{1, 1, 1}, 0.25);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 0}), -1.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{2, 0, 0}), 1.0);
  // Off a corner: distance to the corner sphere of radius 0.25 centred at (0.75, 0.75, 0.75).
  EXPECT_NEAR(s.signed_distance(V{2, 2, 2}), std::sqrt(3.0) * 1.25 - 0.25, 1e-14);
  EXPECT_NEAR(s.signed_distance(V{0.75 + 0.25 / std::sqrt(3.0), 0.75 + 0.25 / std::sqrt(3.0),
                                  0.75 + 0.25 / std::sqrt(3.0)}),
              0.0, 1e-14);
  expect_unit_gradient(s);
  EXPECT_THROW(make_rounded_box(V{1, 1, 1}, 2.0), alfven::Error);
}

TEST(Shapes, TorusSignedDistance) {
  const auto s = make_torus(2.0, 0.5);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{2, 0, 0}), -0.5);   // tube centre
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 2.5, 0}), 0.0);  // outer equator
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 0}), 1.5);    // hole centre
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, -2, 3}), 2.5);   // above the tube
  expect_unit_gradient(s);
}

TEST(Shapes, CylinderSignedDistance) {
  const auto s = make_cylinder(1.0, 2.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 0}), -1.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 1.8}), -0.2);  // near a cap
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 1, 0}), 0.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0.5, 0, 3}), 1.0);  // above the cap
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 4, 6}), 5.0);    // off the rim: (3, 4)
  expect_unit_gradient(s);
}

TEST(Shapes, InfiniteCylinderSignedDistance) {
  const auto s = make_infinite_cylinder(1.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 100}), -1.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0.6, 0.8, -7}), 0.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{3, 4, 2}), 4.0);
  expect_unit_gradient(s);
}

TEST(Shapes, CapsuleSignedDistance) {
  const auto s = make_capsule(1.0, 0.5);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 0}), -0.5);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 1.5}), 0.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 4}), 2.5);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{3, 0, 0.5}), 2.5);
  expect_unit_gradient(s);
}

TEST(Shapes, ConeSignedDistance) {
  const double r = 1.0, h = 2.0;
  const auto s = make_cone(r, h);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, -1}), 1.0);     // below the base centre
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, h + 1}), 1.0);  // above the apex
  EXPECT_NEAR(s.signed_distance(V{r, 0, 0}), 0.0, 1e-15);    // base rim
  // Inside on the axis at z = 0.1: nearest is the base (0.1) or the side; side distance is
  // (h - z) sin(a) with tan(a) = r / h.
  const double sa = r / std::sqrt(r * r + h * h);
  EXPECT_NEAR(s.signed_distance(V{0, 0, 0.1}), -0.1, 1e-15);
  EXPECT_NEAR(s.signed_distance(V{0, 0, 1.5}), -std::min(1.5, 0.5 * sa), 1e-15);
  // Outside the side: along the side's outward normal from the mid-point of the generator.
  const V n{h / std::sqrt(r * r + h * h), 0, r / std::sqrt(r * r + h * h)};
  const V m{0.5 * r, 0, 0.5 * h};
  EXPECT_NEAR(s.signed_distance(m + 0.3 * n), 0.3, 1e-14);
  EXPECT_NEAR(s.signed_distance(m), 0.0, 1e-14);
  expect_unit_gradient(s);
}

TEST(Shapes, InfiniteConeSignedDistance) {
  const double a = 0.5;
  const auto s = make_infinite_cone(a);
  EXPECT_NEAR(s.signed_distance(V{0, 0, -2}), 2.0, 1e-15);                // below the apex
  EXPECT_NEAR(s.signed_distance(V{0, 0, 2}), -2.0 * std::sin(a), 1e-14);  // on the axis
  EXPECT_NEAR(s.signed_distance(V{2 * std::tan(a), 0, 2}), 0.0, 1e-14);   // surface
  EXPECT_NEAR(s.signed_distance(V{0, 3, 0}), 3.0 * std::cos(a), 1e-14);   // beside the apex
  expect_unit_gradient(s);
  EXPECT_THROW(make_infinite_cone(2.0), alfven::Error);
}

TEST(Shapes, RoundedCylinderSignedDistance) {
  const auto s = make_rounded_cylinder(1.0, 2.0, 0.25);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 0}), -1.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 3}), 1.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{2, 0, 0}), 1.0);
  // Off the rounded rim: centre of the rim circle at (0.75, 1.75).
  EXPECT_NEAR(s.signed_distance(V{0.75 + 3, 0, 1.75 + 4}), 5.0 - 0.25, 1e-14);
  expect_unit_gradient(s);
}

TEST(Shapes, PerlinNoiseIsBoundedAndZeroOnTheLattice) {
  static_assert(PerlinNoise<double>::kind == DistanceKind::NotADistance, "noise is not a distance");
  PerlinNoise<double> n;
  n.frequency = 1;
  n.amplitude = 1;
  n.octaves = 1;
  EXPECT_DOUBLE_EQ(n.signed_distance(V{3, -2, 5}), 0.0);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-10, 10);
  double lo = 1e9, hi = -1e9;
  for (int i = 0; i < 2000; ++i) {
    const double v = n.signed_distance(V{u(rng), u(rng), u(rng)});
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  EXPECT_GE(lo, -1.5);
  EXPECT_LE(hi, 1.5);
  EXPECT_LT(lo, -0.2);  // not constant
  EXPECT_GT(hi, 0.2);
  // Continuity across a cell face.
  EXPECT_NEAR(n.signed_distance(V{1 - 1e-9, 0.3, 0.7}), n.signed_distance(V{1 + 1e-9, 0.3, 0.7}),
              1e-7);
  PerlinNoise<double> m = n;
  m.seed = 99;
  EXPECT_NE(n.signed_distance(V{0.3, 0.4, 0.5}), m.signed_distance(V{0.3, 0.4, 0.5}));
}

TEST(Shapes, AreTriviallyCopyable) {
  static_assert(std::is_trivially_copyable<Sphere<float>>::value, "");
  static_assert(std::is_trivially_copyable<Cone<double>>::value, "");
  static_assert(std::is_trivially_copyable<PerlinNoise<float>>::value, "");
  SUCCEED();
}
