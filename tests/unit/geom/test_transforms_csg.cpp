// Transforms and CSG against their closed forms; CSG identities; float vs double agreement.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "alfven/geom/geom.hpp"

using namespace alfven::geom;
using V = Vec3<double>;

namespace {
std::vector<V> random_points(int n, double L, unsigned seed = 11) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-L, L);
  std::vector<V> p(n);
  for (auto& x : p) x = V{u(rng), u(rng), u(rng)};
  return p;
}
const Sphere<double> unit{V{0, 0, 0}, 1.0};
}  // namespace

TEST(Transforms, ComplementFlipsTheSign) {
  const auto c = complement(unit);
  EXPECT_DOUBLE_EQ(c.signed_distance(V{0, 0, 0}), 1.0);
  EXPECT_DOUBLE_EQ(c.signed_distance(V{3, 0, 0}), -2.0);
  EXPECT_DOUBLE_EQ(c.signed_distance(V{0, 1, 0}), 0.0);
}

TEST(Transforms, TranslateMovesTheShape) {
  const auto t = translate(unit, V{1, 2, 3});
  EXPECT_DOUBLE_EQ(t.signed_distance(V{1, 2, 3}), -1.0);
  EXPECT_DOUBLE_EQ(t.signed_distance(V{1, 2, 5}), 1.0);
  EXPECT_DOUBLE_EQ(t.signed_distance(V{2, 2, 3}), 0.0);
}

TEST(Transforms, RotateAxisAngleAndQuaternionAgree) {
  const auto b = make_box(V{2, 0.5, 0.5});
  const double pi = std::acos(-1.0);
  const auto r = rotate(b, V{0, 0, 1}, pi / 2);  // long axis x -> y
  EXPECT_NEAR(r.signed_distance(V{0, 2, 0}), 0.0, 1e-14);
  EXPECT_NEAR(r.signed_distance(V{2, 0, 0}), 1.5, 1e-14);
  EXPECT_NEAR(r.signed_distance(V{0, 0, 0}), -0.5, 1e-14);
  const auto q = rotate(b, Quaternion<double>{std::cos(pi / 4), 0, 0, std::sin(pi / 4)});
  for (const V& p : random_points(200, 3))
    EXPECT_NEAR(q.signed_distance(p), r.signed_distance(p), 1e-13);
  EXPECT_THROW(rotate(b, V{0, 0, 0}, 1.0), alfven::Error);
  EXPECT_THROW(rotate(b, Quaternion<double>{0, 0, 0, 0}), alfven::Error);
}

TEST(Transforms, ScaleIsExactAndRejectsNonPositiveFactors) {
  const auto s = scale(unit, 2.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 0, 0}), -2.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{0, 5, 0}), 3.0);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{2, 0, 0}), 0.0);
  EXPECT_THROW(scale(unit, 0.0), alfven::Error);
  EXPECT_THROW(scale(unit, -1.0), alfven::Error);
}

TEST(Transforms, OffsetAndAnnular) {
  const auto o = offset(unit, 0.5);
  EXPECT_DOUBLE_EQ(o.signed_distance(V{1.5, 0, 0}), 0.0);
  EXPECT_DOUBLE_EQ(o.signed_distance(V{3, 0, 0}), 1.5);
  const auto a = annular(unit, 0.1);  // shell 0.9 < r < 1.1
  EXPECT_DOUBLE_EQ(a.signed_distance(V{1, 0, 0}), -0.1);
  EXPECT_NEAR(a.signed_distance(V{0, 0, 0}), 0.9, 1e-15);
  EXPECT_NEAR(a.signed_distance(V{0, 0, 1.1}), 0.0, 1e-15);
  EXPECT_THROW(annular(unit, 0.0), alfven::Error);
}

TEST(Transforms, ElongateSphereIsCapsule) {
  const auto e = elongate(Sphere<double>{V{0, 0, 0}, 0.5}, V{0, 0, 1});
  const auto c = make_capsule(1.0, 0.5);
  for (const V& p : random_points(300, 3))
    EXPECT_NEAR(e.signed_distance(p), c.signed_distance(p), 1e-13);
}

TEST(Transforms, ReflectMirrors) {
  const auto s = reflect(Sphere<double>{V{1, 2, 3}, 0.5}, 1);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{1, -2, 3}), -0.5);
  EXPECT_DOUBLE_EQ(s.signed_distance(V{1, 2, 3}), 4.0 - 0.5);
  EXPECT_THROW(reflect(unit, 3), alfven::Error);
}

TEST(Transforms, BlurAndMollifyMatchTheirStencils) {
  const auto pl = make_plane(V{0, 0, 0}, V{1, 1, 0});
  const auto bp = blur(pl, 0.3);
  const auto mp = mollify(pl, 0.3);
  for (const V& p : random_points(50, 2)) {  // linear fields are reproduced exactly
    EXPECT_NEAR(bp.signed_distance(p), pl.signed_distance(p), 1e-14);
    EXPECT_NEAR(mp.signed_distance(p), pl.signed_distance(p), 1e-14);
  }
  const double h = 0.2;
  const V p{0.9, 0.1, 0.2};
  double sum = unit.signed_distance(p);
  for (int d = 0; d < 3; ++d) {
    V e{0, 0, 0};
    e[d] = h;
    sum += unit.signed_distance(p + e) + unit.signed_distance(p - e);
  }
  EXPECT_NEAR(blur(unit, h).signed_distance(p), sum / 7, 1e-15);
  double ms = 0, ws = 0;
  for (int k = -1; k <= 1; ++k)
    for (int j = -1; j <= 1; ++j)
      for (int i = -1; i <= 1; ++i) {
        const double s2 = (i * i + j * j + k * k) * 0.25;
        const double w = std::exp(-1 / (1 - s2));
        ms += w * unit.signed_distance(p + 0.5 * h * V{double(i), double(j), double(k)});
        ws += w;
      }
  EXPECT_NEAR(mollify(unit, h).signed_distance(p), ms / ws, 1e-14);
  EXPECT_THROW(blur(unit, 0.0), alfven::Error);
  EXPECT_THROW(mollify(unit, -1.0), alfven::Error);
}

TEST(CSG, SharpOperatorsAreMinAndMax) {
  const auto a = unit;
  const auto b = translate(unit, V{1, 0, 0});
  for (const V& p : random_points(100, 3)) {
    const double da = a.signed_distance(p), db = b.signed_distance(p);
    EXPECT_DOUBLE_EQ(make_union(a, b).signed_distance(p), std::min(da, db));
    EXPECT_DOUBLE_EQ(make_intersection(a, b).signed_distance(p), std::max(da, db));
    EXPECT_DOUBLE_EQ(make_difference(a, b).signed_distance(p), std::max(da, -db));
  }
}

TEST(CSG, Identities) {
  const auto a = translate(make_torus(1.0, 0.3), V{0.2, 0, 0});
  for (const V& p : random_points(300, 2)) {
    const double d = a.signed_distance(p);
    EXPECT_DOUBLE_EQ(make_union(a, a).signed_distance(p), d);                   // A u A = A
    EXPECT_DOUBLE_EQ(make_intersection(a, a).signed_distance(p), d);            // A n A = A
    EXPECT_DOUBLE_EQ(make_difference(a, complement(a)).signed_distance(p), d);  // A \ A' = A
    EXPECT_DOUBLE_EQ(make_intersection(a, complement(a)).signed_distance(p), std::abs(d));  // empty
    EXPECT_DOUBLE_EQ(complement(complement(a)).signed_distance(p), d);
  }
}

TEST(CSG, SmoothAndExponentialBlends) {
  // Far apart (|a - b| >= k): smooth = sharp; exp within k log 2 below the sharp value.
  EXPECT_DOUBLE_EQ(smooth_min(1.0, 3.0, 1.0), 1.0);
  EXPECT_DOUBLE_EQ(smooth_min(1.0, 1.0, 1.0), 0.75);  // min - k/4 where a == b
  EXPECT_DOUBLE_EQ(smooth_max(1.0, 1.0, 1.0), 1.25);
  EXPECT_NEAR(exp_min(1.0, 1.0, 0.5), 1.0 - 0.5 * std::log(2.0), 1e-15);
  // Finite in float where the naive formula overflows (exp(100 / 0.01)).
  const float e = exp_min(100.0f, 101.0f, 0.01f);
  EXPECT_TRUE(std::isfinite(e));
  EXPECT_NEAR(e, 100.0f, 1e-4f);
  EXPECT_TRUE(std::isfinite(exp_max(-1e30f, 1e30f, 1e-3f)));
  const auto a = unit;
  const auto b = translate(unit, V{1.5, 0, 0});
  for (const V& p : random_points(100, 3)) {
    const double da = a.signed_distance(p), db = b.signed_distance(p);
    EXPECT_DOUBLE_EQ(smooth_union(a, b, 0.3).signed_distance(p), smooth_min(da, db, 0.3));
    EXPECT_DOUBLE_EQ(smooth_intersection(a, b, 0.3).signed_distance(p), smooth_max(da, db, 0.3));
    EXPECT_DOUBLE_EQ(smooth_difference(a, b, 0.3).signed_distance(p), smooth_max(da, -db, 0.3));
    EXPECT_DOUBLE_EQ(exp_union(a, b, 0.3).signed_distance(p), exp_min(da, db, 0.3));
    EXPECT_DOUBLE_EQ(exp_intersection(a, b, 0.3).signed_distance(p), exp_max(da, db, 0.3));
    EXPECT_LE(smooth_union(a, b, 0.3).signed_distance(p), std::min(da, db));
  }
  EXPECT_THROW(smooth_union(a, b, 0.0), alfven::Error);
}

TEST(CSG, FiniteRepetitionMatchesExplicitUnion) {
  const Sphere<double> s{V{0, 0, 0}, 0.4};
  const auto r = repeat(s, V{1, 1, 1}, V{2, 1, 0});  // 5 x 3 x 1 copies
  for (const V& p : random_points(500, 4)) {
    double d = 1e300;
    for (int i = -2; i <= 2; ++i)
      for (int j = -1; j <= 1; ++j) d = std::min(d, length(p - V{double(i), double(j), 0}) - 0.4);
    EXPECT_NEAR(r.signed_distance(p), d, 1e-13);
  }
}

TEST(Precision, FloatAgreesWithDouble) {
  // A composed shape in both precisions. Values are O(1) and each formula has a handful of
  // roundings, each <= 2^-24 relative; 1e-5 absolute leaves a margin of about 10x.
  auto make = [](auto zero) {
    using T = decltype(zero);
    using W = Vec3<T>;
    return smooth_union(
        rotate(make_torus(T(1), T(0.3)), W{1, 0, 0}, T(0.7)),
        translate(make_rounded_box(W{T(0.5), T(0.4), T(0.3)}, T(0.1)), W{T(0.5), 0, 0}), T(0.2));
  };
  const auto sd = make(0.0);
  const auto sf = make(0.0f);
  for (const V& p : random_points(1000, 2)) {
    EXPECT_NEAR(double(sf.signed_distance(p.as<float>())), sd.signed_distance(p), 1e-5);
  }
}

TEST(Transforms, ExactTransformsKeepUnitGradient) {
  const auto base = make_rounded_cylinder(1.0, 0.7, 0.2);
  const auto s1 = translate(base, V{0.3, -0.2, 0.1});
  const auto s2 = rotate(base, V{1, 1, 0}, 0.9);
  const auto s3 = scale(base, 1.7);
  const auto s4 = reflect(translate(base, V{0.5, 0, 0}), 0);
  const auto s5 = complement(base);
  const auto s6 = elongate(base, V{0.4, 0.0, 0.3});
  static_assert(decltype(s6)::kind == DistanceKind::Exact, "elongation keeps exactness");
  static_assert(decltype(offset(base, 0.1))::kind == DistanceKind::Bound,
                "offset is flagged a bound");
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> u(-3, 3);
  auto grad = [](const auto& s, const V& p) {
    const double h = 1e-6;
    V g;
    for (int d = 0; d < 3; ++d) {
      V a = p, b = p;
      a[d] += h;
      b[d] -= h;
      g[d] = (s.signed_distance(a) - s.signed_distance(b)) / (2 * h);
    }
    return length(g);
  };
  int bad = 0;
  for (int n = 0; n < 300; ++n) {
    const V p{u(rng), u(rng), u(rng)};
    for (double g : {grad(s1, p), grad(s2, p), grad(s3, p), grad(s4, p), grad(s5, p), grad(s6, p)})
      bad += std::abs(g - 1) > 1e-4;
  }
  EXPECT_LE(bad, 6);
}
