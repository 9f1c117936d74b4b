// The runtime tape gives the same values as the equivalent value types.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"

using namespace alfven;
using namespace alfven::geom;
using V = Vec3<double>;

namespace {
std::vector<V> random_points(int n, double L, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-L, L);
  std::vector<V> p(n);
  for (auto& x : p) x = V{u(rng), u(rng), u(rng)};
  return p;
}
template <typename T>
struct TapeQuery {
  Tape<T> tape;
  ALFVEN_HOST_DEVICE T operator()(const Vec3<T>& p) const { return tape.signed_distance(p); }
};
// Compares a tape and a value type at random points.
template <typename S>
void expect_same(const Expr& e, const S& s, double tol = 1e-13, double L = 3) {
  Pool pool;
  const Tape<double> t = Tape<double>::build(pool, e).rebased_view(pool);
  for (const V& p : random_points(500, L, 17))
    ASSERT_NEAR(t.signed_distance(p), s.signed_distance(p), tol) << p.x << " " << p.y << " " << p.z;
}
}  // namespace

TEST(Tape, EveryShapeMatchesItsValueType) {
  expect_same(Expr::plane(V{0, 0, 1}, V{1, 1, 1}), make_plane(V{0, 0, 1}, V{1, 1, 1}));
  expect_same(Expr::sphere(V{1, 0, 0}, 1.5), make_sphere(V{1, 0, 0}, 1.5));
  expect_same(Expr::box(V{1, 2, 0.5}), make_box(V{1, 2, 0.5}));
  expect_same(Expr::rounded_box(V{1, 2, 0.5}, 0.2), make_rounded_box(V{1, 2, 0.5}, 0.2));
  expect_same(Expr::torus(1.5, 0.3), make_torus(1.5, 0.3));
  expect_same(Expr::cylinder(1.0, 0.5), make_cylinder(1.0, 0.5));
  expect_same(Expr::infinite_cylinder(0.7), make_infinite_cylinder(0.7));
  expect_same(Expr::capsule(1.0, 0.3), make_capsule(1.0, 0.3));
  expect_same(Expr::cone(1.0, 2.0), make_cone(1.0, 2.0));
  expect_same(Expr::infinite_cone(0.4), make_infinite_cone(0.4));
  expect_same(Expr::rounded_cylinder(1.0, 0.8, 0.2), make_rounded_cylinder(1.0, 0.8, 0.2));
  PerlinNoise<double> n;
  n.frequency = 2;
  n.amplitude = 0.3;
  n.persistence = 0.5;
  n.octaves = 3;
  n.seed = 42;
  expect_same(Expr::noise(2, 0.3, 0.5, 3, 42), n);
}

TEST(Tape, TransformsAndCsgMatchValueTypes) {
  const auto sphere = make_sphere(V{0.3, 0, 0}, 0.8);
  const Expr es = Expr::sphere(V{0.3, 0, 0}, 0.8);
  const auto box = make_box(V{0.6, 0.4, 0.3});
  const Expr eb = Expr::box(V{0.6, 0.4, 0.3});
  expect_same(Expr::translate(es, V{1, 2, 3}), translate(sphere, V{1, 2, 3}));
  expect_same(Expr::rotate(eb, V{1, 2, 3}, 0.7), rotate(box, V{1, 2, 3}, 0.7));
  expect_same(Expr::rotate(eb, Quaternion<double>{1, 2, 3, 4}),
              rotate(box, Quaternion<double>{1, 2, 3, 4}));
  expect_same(Expr::scale(eb, 1.7), scale(box, 1.7));
  expect_same(Expr::elongate(Expr::torus(1, 0.2), V{0.5, 0, 0.3}),
              elongate(make_torus(1.0, 0.2), V{0.5, 0, 0.3}));
  expect_same(Expr::reflect(es, 0), reflect(sphere, 0));
  expect_same(Expr::repeat(es, V{2, 2, 3}, V{1, 2, 0}), repeat(sphere, V{2, 2, 3}, V{1, 2, 0}),
              1e-13, 6);
  expect_same(Expr::complement(es), complement(sphere));
  expect_same(Expr::offset(eb, 0.1), offset(box, 0.1));
  expect_same(Expr::annular(eb, 0.1), annular(box, 0.1));
  expect_same(Expr::make_union(es, eb), make_union(sphere, box));
  expect_same(Expr::make_intersection(es, eb), make_intersection(sphere, box));
  expect_same(Expr::make_difference(es, eb), make_difference(sphere, box));
  expect_same(Expr::csg(Op::SmoothUnion, {es, eb}, 0.3), smooth_union(sphere, box, 0.3));
  expect_same(Expr::csg(Op::SmoothIntersection, {es, eb}, 0.3),
              smooth_intersection(sphere, box, 0.3));
  expect_same(Expr::csg(Op::SmoothDifference, {es, eb}, 0.3), smooth_difference(sphere, box, 0.3));
  expect_same(Expr::csg(Op::ExpUnion, {es, eb}, 0.3), exp_union(sphere, box, 0.3));
  expect_same(Expr::csg(Op::ExpIntersection, {es, eb}, 0.3), exp_intersection(sphere, box, 0.3));
}

TEST(Tape, NestedCompositionMatchesAndRunsOnTheDevicePath) {
  const double pi = std::acos(-1.0);
  const auto value = make_difference(
      smooth_union(rotate(scale(make_rounded_box(V{1, 0.5, 0.5}, 0.1), 1.3), V{0, 1, 0}, pi / 6),
                   translate(make_capsule(0.8, 0.3), V{0, 0, 1}), 0.25),
      make_union(translate(make_sphere(V{0, 0, 0}, 0.4), V{0.6, 0, 0}),
                 complement(make_infinite_cylinder(5.0))));
  const Expr e = Expr::make_difference(
      Expr::csg(Op::SmoothUnion,
                {Expr::rotate(Expr::scale(Expr::rounded_box(V{1, 0.5, 0.5}, 0.1), 1.3), V{0, 1, 0},
                              pi / 6),
                 Expr::translate(Expr::capsule(0.8, 0.3), V{0, 0, 1})},
                0.25),
      Expr::make_union(Expr::translate(Expr::sphere(V{0, 0, 0}, 0.4), V{0.6, 0, 0}),
                       Expr::complement(Expr::infinite_cylinder(5.0))));
  expect_same(e, value);

  // Float tape through the pool path on a mirror in gpu::memory_resource().
  Pool pool;
  const Tape<float> t = Tape<float>::build(pool, e);
  pool.freeze();
  const Pool dev = Pool::mirror(pool, gpu::memory_resource());
  const auto pts = random_points(2000, 3, 9);
  std::vector<Vec3<float>> pf(pts.size());
  for (std::size_t i = 0; i < pts.size(); ++i) pf[i] = pts[i].as<float>();
  std::vector<float> d(pf.size());
  gpu::transform(TapeQuery<float>{t.rebased_view(dev)}, pf, d);
  // float vs double: a few roundings of O(1) values per operation, through ~10 operations;
  // 2e-5 is ~20x the expected worst case of ~10 * 2^-24 * |value|.
  for (std::size_t i = 0; i < pts.size(); ++i)
    ASSERT_NEAR(d[i], value.signed_distance(pts[i]), 2e-5);
}

TEST(Tape, RejectsBadArguments) {
  EXPECT_THROW(Expr::scale(Expr::sphere(V{0, 0, 0}, 1), -2), Error);
  EXPECT_THROW(Expr::sphere(V{0, 0, 0}, 0), Error);
  EXPECT_THROW(Expr::csg(Op::SmoothUnion, {Expr::sphere(V{0, 0, 0}, 1)}, 0), Error);
  // Too deep: a right-leaning chain of 40 unions needs 41 stack slots.
  Expr deep = Expr::sphere(V{0, 0, 0}, 1);
  for (int k = 0; k < 40; ++k) deep = Expr::make_union(Expr::sphere(V{double(k), 0, 0}, 1), deep);
  Pool pool;
  EXPECT_THROW(Tape<double>::build(pool, deep), Error);
}

// Blur and mollify: the tape loops over the same stencil in the same order as the value types.
TEST(Tape, BlurAndMollifyMatchValueTypes) {
  const auto box = make_box(V{0.6, 0.4, 0.3});
  const Expr eb = Expr::box(V{0.6, 0.4, 0.3});
  const auto sphere = make_sphere(V{0.3, 0, 0}, 0.8);
  const Expr es = Expr::sphere(V{0.3, 0, 0}, 0.8);
  expect_same(Expr::blur(eb, 0.2), blur(box, 0.2));
  expect_same(Expr::mollify(eb, 0.3), mollify(box, 0.3));
  // Inside point transforms and CSG, with a transform and CSG inside the loop.
  expect_same(
      Expr::translate(Expr::make_union(Expr::blur(Expr::rotate(eb, V{0, 0, 1}, 0.5), 0.1), es),
                      V{0.2, -0.1, 0.4}),
      translate(make_union(blur(rotate(box, V{0, 0, 1}, 0.5), 0.1), sphere), V{0.2, -0.1, 0.4}));
  expect_same(Expr::mollify(Expr::csg(Op::SmoothUnion, {es, Expr::scale(eb, 1.5)}, 0.2), 0.25),
              mollify(smooth_union(sphere, scale(box, 1.5), 0.2), 0.25));
  // Nested loops (7 x 27 evaluations per point) and two loops side by side.
  expect_same(Expr::blur(Expr::mollify(eb, 0.2), 0.15), blur(mollify(box, 0.2), 0.15));
  expect_same(Expr::make_difference(Expr::blur(eb, 0.1), Expr::mollify(es, 0.2)),
              make_difference(blur(box, 0.1), mollify(sphere, 0.2)));
  // Known value: blur reproduces a linear field, so a blurred plane is the plane.
  Pool pool;
  const Tape<double> t =
      Tape<double>::build(pool, Expr::blur(Expr::plane(V{0, 0, 0}, V{0, 0, 1}), 0.3))
          .rebased_view(pool);
  EXPECT_NEAR(t.signed_distance(V{0.4, -0.2, 0.7}), 0.7, 1e-15);

  EXPECT_THROW(Expr::blur(eb, 0), Error);
  EXPECT_THROW(Expr::mollify(eb, -1), Error);
  // Nesting deeper than Tape::MaxLoops is refused.
  Expr deep = eb;
  for (int k = 0; k <= Tape<double>::MaxLoops; ++k) deep = Expr::blur(deep, 0.1);
  Pool p2;
  EXPECT_THROW(Tape<double>::build(p2, deep), Error);
}

// Float tape with blur/mollify through gpu::transform on a mirror (the device path).
TEST(Tape, BlurAndMollifyFloatOnTheDevicePath) {
  const auto value = make_union(blur(make_box(V{0.6, 0.4, 0.3}), 0.2),
                                mollify(translate(make_torus(1.0, 0.25), V{0, 0, 0.5}), 0.3));
  const Expr e =
      Expr::make_union(Expr::blur(Expr::box(V{0.6, 0.4, 0.3}), 0.2),
                       Expr::mollify(Expr::translate(Expr::torus(1.0, 0.25), V{0, 0, 0.5}), 0.3));
  Pool pool;
  const Tape<float> t = Tape<float>::build(pool, e);
  pool.freeze();
  const Pool dev = Pool::mirror(pool, gpu::memory_resource());
  const auto pts = random_points(1000, 3, 5);
  std::vector<Vec3<float>> pf(pts.size());
  for (std::size_t i = 0; i < pts.size(); ++i) pf[i] = pts[i].as<float>();
  std::vector<float> d(pf.size());
  gpu::transform(TapeQuery<float>{t.rebased_view(dev)}, pf, d);
  // A 27-term weighted average of O(1) values: ~30 roundings of 2^-24 each, well under 1e-5.
  for (std::size_t i = 0; i < pts.size(); ++i)
    ASSERT_NEAR(d[i], value.signed_distance(pts[i]), 1e-5);
}
