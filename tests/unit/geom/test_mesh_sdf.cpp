// MeshSDF: closest point, triangle, unsigned and signed distance against brute force over all
// triangles (both BVH builds, float and double), both sign modes, the analytic sphere, meshes
// with holes, CSG and BVH-union nesting, the emulated-device path, and (when the shared meshes
// are present) porsche.stl.
//
// Tolerances. Brute force runs in double on the input mesh. A float MeshSDF rounds every
// vertex and edge vector once (relative error eps/2, eps = 2^-23) and evaluates about ten
// dependent operations per distance, so its distances differ by at most ~10 eps * S with S the
// size of the coordinates (|p| + the mesh box): we allow 40 eps * S (float) and 1e-12 S
// (double). Signs are compared outside a band of 1e-3 S (float) or 1e-9 S (double) around the
// surface, where the sign of a value this close to zero is decided by rounding.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "alfven/geom/mesh_sdf.hpp"

using namespace alfven;
using namespace alfven::geom;
using D = Vec3<double>;

namespace {

/// Reference closest point on triangle abc (Ericson §5.1.5, six dot products), double.
D brute_closest(const D& a, const D& b, const D& c, const D& p) {
  const D ab = b - a, ac = c - a, ap = p - a;
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const D bp = p - b;
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + (d1 / (d1 - d3)) * ab;
  const D cp = p - c;
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + (d2 / (d2 - d6)) * ac;
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
    return b + ((d4 - d3) / ((d4 - d3) + (d5 - d6))) * (c - b);
  const double den = 1.0 / (va + vb + vc);
  return a + (vb * den) * ab + (vc * den) * ac;
}

double brute_tri_distance(const TriangleMesh& m, std::size_t t, const D& p) {
  return length(p - brute_closest(m.corner(t, 0), m.corner(t, 1), m.corner(t, 2), p));
}

struct Brute {
  double distance;
  std::size_t triangle;
};
Brute brute_nearest(const TriangleMesh& m, const D& p) {
  Brute b{1e300, 0};
  for (std::size_t t = 0; t < m.triangle_count(); ++t) {
    const double d = brute_tri_distance(m, t, p);
    if (d < b.distance) b = Brute{d, t};
  }
  return b;
}

/// Exact generalized winding number (sum of Van Oosterom-Strackee solid angles), double.
double brute_winding(const TriangleMesh& m, const D& p) {
  double w = 0;
  for (std::size_t t = 0; t < m.triangle_count(); ++t) {
    const D A = m.corner(t, 0) - p, B = m.corner(t, 1) - p, C = m.corner(t, 2) - p;
    const double la = length(A), lb = length(B), lc = length(C);
    w += 2 * std::atan2(dot(A, cross(B, C)),
                        la * lb * lc + dot(A, B) * lc + dot(A, C) * lb + dot(B, C) * la);
  }
  return w / (4 * M_PI);
}

std::vector<D> random_points(std::size_t n, const D& lo, const D& hi, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<D> p(n);
  for (auto& x : p) x = lo + mul(hi - lo, D{u(rng), u(rng), u(rng)});
  return p;
}

/// Icosphere with every vertex moved radially and tangentially at random (still closed and
/// consistently oriented, but with irregular, non-convex triangles).
TriangleMesh perturbed_icosphere(unsigned seed) {
  TriangleMesh m = make_icosphere(1.0, 3);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  for (auto& v : m.vertices) {
    v = (1.0 + 0.15 * u(rng)) * v + 0.02 * D{u(rng), u(rng), u(rng)};
  }
  return m;
}

std::vector<TriangleMesh> test_meshes() {
  return {make_icosphere(1.0, 3), make_box_mesh(D{-1, -0.5, -0.25}, D{1, 0.5, 0.25}),
          perturbed_icosphere(3)};
}

template <typename T>
double tolerance(double scale) {
  return std::is_same<T, float>::value ? 40 * 1.1920929e-7 * scale : 1e-12 * scale;
}
template <typename T>
double sign_band(double scale) {
  return std::is_same<T, float>::value ? 1e-3 * scale : 1e-9 * scale;
}

// Both host traversals: the 4-wide one (default) and the binary one the device uses
// (host_traversal = false).
template <typename T>
void check_against_brute_force(const TriangleMesh& mesh, BVHBuild build, unsigned seed, bool wide);

template <typename T>
void check_against_brute_force(const TriangleMesh& mesh, BVHBuild build, unsigned seed) {
  check_against_brute_force<T>(mesh, build, seed, true);
  check_against_brute_force<T>(mesh, build, seed, false);
}

template <typename T>
void check_against_brute_force(const TriangleMesh& mesh, BVHBuild build, unsigned seed, bool wide) {
  SCOPED_TRACE(wide ? "4-wide host traversal" : "binary traversal");
  Pool pool;
  MeshSDFOptions o;
  o.build = build;
  o.host_traversal = wide;
  const MeshSDF<T> sdf = MeshSDF<T>::build(pool, mesh, o).rebased_view(pool);
  ASSERT_EQ(sdf.triangle_count(), mesh.triangle_count());
  const auto [lo, hi] = mesh.bounds();
  const D c = 0.5 * (lo + hi), h = 0.75 * (hi - lo) + D::all(0.1);
  for (const D& p : random_points(400, c - h, c + h, seed)) {
    const Vec3<T> pt = p.as<T>();
    const D pr = pt.template as<double>();  // the query as the MeshSDF sees it
    const Brute b = brute_nearest(mesh, pr);
    const double S = length(pr) + length(hi - lo);
    const double tol = tolerance<T>(S);
    const MeshClosestPoint<T> cp = sdf.closest_point(pt);
    ASSERT_NEAR(std::sqrt(double(cp.distance2)), b.distance, tol)
        << "point " << pr.x << " " << pr.y << " " << pr.z;
    ASSERT_NEAR(double(sdf.unsigned_distance(pt)), b.distance, tol);
    // The triangle is a nearest one (ties between neighbours go either way) and the point
    // lies on it at the nearest distance.
    ASSERT_GE(cp.triangle, 0);
    ASSERT_NEAR(brute_tri_distance(mesh, std::size_t(cp.triangle), pr), b.distance, tol);
    const D q = cp.point.template as<double>();
    ASSERT_NEAR(length(pr - q), b.distance, tol);
    ASSERT_NEAR(brute_tri_distance(mesh, std::size_t(cp.triangle), q), 0.0, tol);
    // Sign from the exact winding number (the meshes are closed).
    const double sd = double(sdf.signed_distance(pt));
    ASSERT_NEAR(std::fabs(sd), b.distance, tol);
    if (b.distance > sign_band<T>(S)) {
      const bool inside = brute_winding(mesh, pr) > 0.5;
      ASSERT_EQ(sd < 0, inside) << "pseudonormal sign at " << pr.x << " " << pr.y << " " << pr.z;
      ASSERT_EQ(sdf.signed_distance(pt, SignMode::WindingNumber) < 0, inside);
      // normal: unit, along ±(p - closest)
      const D n = sdf.normal(pt).template as<double>();
      ASSERT_NEAR(length(n), 1.0, 1e-5);
      ASSERT_NEAR(dot(n, pr - q), (inside ? -1 : 1) * length(pr - q), 1e-4 * S);
    }
  }
}

template <typename T>
class MeshSDFTyped : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(MeshSDFTyped, Precisions);

std::vector<D> mesh_test_points(const TriangleMesh& mesh, std::size_t n, unsigned seed) {
  const auto [lo, hi] = mesh.bounds();
  const D c = 0.5 * (lo + hi), h = 0.75 * (hi - lo);
  return random_points(n, c - h, c + h, seed);
}

}  // namespace

TYPED_TEST(MeshSDFTyped, SahBuildEqualsBruteForce) {
  unsigned seed = 1;
  for (const auto& m : test_meshes())
    check_against_brute_force<TypeParam>(m, BVHBuild::SAH, seed++);
}

TYPED_TEST(MeshSDFTyped, MortonBuildEqualsBruteForce) {
  unsigned seed = 11;
  for (const auto& m : test_meshes())
    check_against_brute_force<TypeParam>(m, BVHBuild::Morton, seed++);
}

TYPED_TEST(MeshSDFTyped, SignModesAgreeOnClosedMeshes) {
  using T = TypeParam;
  for (const auto& m : test_meshes()) {
    Pool pool;
    const auto sdf = MeshSDF<T>::build(pool, m).rebased_view(pool);
    const auto [lo, hi] = m.bounds();
    for (const D& p : mesh_test_points(m, 2000, 21)) {
      const Vec3<T> pt = p.as<T>();
      const T a = sdf.signed_distance(pt, SignMode::Pseudonormal);
      const T b = sdf.signed_distance(pt, SignMode::WindingNumber);
      ASSERT_EQ(std::fabs(a), std::fabs(b));
      if (std::fabs(double(a)) > sign_band<T>(length(p) + length(hi - lo))) {
        ASSERT_EQ(a < 0, b < 0);
      }
    }
  }
}

TYPED_TEST(MeshSDFTyped, IcosphereMatchesAnalyticSphereWithinChordError) {
  using T = TypeParam;
  const double r = 1.5;
  const TriangleMesh m = make_icosphere(r, 4);
  const double chord = icosphere_chord_error(m, r);
  Pool pool;
  const auto sdf = MeshSDF<T>::build(pool, m).rebased_view(pool);
  for (const D& p : random_points(1000, D::all(-3), D::all(3), 4)) {
    const Vec3<T> pt = p.as<T>();
    const double exact = length(pt.template as<double>()) - r;
    ASSERT_NEAR(double(sdf.signed_distance(pt)), exact, chord + tolerance<T>(length(p) + 2 * r));
  }
}

TYPED_TEST(MeshSDFTyped, WindingNumberIsOneInsideZeroOutside) {
  using T = TypeParam;
  // Dipole far field (Barill et al.): largest measured error 0.036 at beta = 2 and 0.006 at
  // beta = 4 on the 1280-triangle icosphere (mesh_sdf.hpp); we allow 0.06 and 0.012. Exact
  // near-field sums add rounding of ~1e-6 in float.
  for (double beta : {2.0, 4.0}) {
    for (const auto& m : test_meshes()) {
      Pool pool;
      MeshSDFOptions o;
      o.winding_beta = beta;
      const auto sdf = MeshSDF<T>::build(pool, m, o).rebased_view(pool);
      for (const D& p : mesh_test_points(m, 400, 31)) {
        const double exact = brute_winding(m, p);
        ASSERT_NEAR(exact, std::round(exact), 1e-9);  // 0 or 1 on a closed mesh
        ASSERT_NEAR(double(sdf.winding_number(p.as<T>())), exact, beta == 2.0 ? 0.06 : 0.012);
      }
    }
  }
}

TYPED_TEST(MeshSDFTyped, WindingNumberSignIsRightOnAMeshWithHoles) {
  using T = TypeParam;
  TriangleMesh m = make_icosphere(1.0, 3);  // 1280 triangles; remove 8 scattered ones
  for (int k = 7; k >= 0; --k) m.triangles.erase(m.triangles.begin() + 150 * k + 17);
  Pool pool;
  MeshSDFOptions o;
  o.sign = SignMode::WindingNumber;
  const auto sdf = MeshSDF<T>::build(pool, m, o).rebased_view(pool);
  int pseudo_wrong = 0, checked = 0;
  const double margin = 0.25;
  for (const D& p : random_points(3000, D::all(-2), D::all(2), 5)) {
    const double r = length(p);
    if (r > 1 - margin && r < 1 + margin) continue;
    const bool inside = r < 1;
    const Vec3<T> pt = p.as<T>();
    ASSERT_EQ(sdf.signed_distance(pt) < 0, inside) << "r = " << r;
    ASSERT_EQ(sdf.winding_number(pt) > T(0.5), inside);
    pseudo_wrong += (sdf.signed_distance(pt, SignMode::Pseudonormal) < 0) != inside;
    ++checked;
  }
  // Informational: the pseudonormal sign can flip on points whose nearest feature is a hole's
  // rim (no assertion: it is expected to be unreliable there).
  std::printf("pseudonormal sign wrong on %d of %d points of a mesh with 8 holes\n", pseudo_wrong,
              checked);
}

TYPED_TEST(MeshSDFTyped, UnionWithASphereInCsgAndInABvhUnion) {
  using T = TypeParam;
  using V = Vec3<T>;
  Pool pool;
  const TriangleMesh box = make_box_mesh(D{-1, -1, -1}, D{1, 1, 1});
  const MeshSDF<T> mesh = MeshSDF<T>::build(pool, box);
  std::vector<MeshSDF<T>> copies;
  std::vector<AABB<T>> boxes;
  for (int k = 0; k < 3; ++k) {
    TriangleMesh moved = box;
    for (auto& v : moved.vertices) v = v + D{4.0 * k, 0, 0};
    copies.push_back(MeshSDF<T>::build(pool, moved));
    boxes.push_back(bounding_box(copies.back()));
  }
  const auto bvh = BVHUnion<MeshSDF<T>>::build(pool, copies, boxes);
  const MeshSDF<T> mv = mesh.rebased_view(pool);
  const auto sphere = make_sphere(V{T(1.5), 0, 0}, T(1));
  const auto u = make_union(mv, sphere);
  const auto bu = make_union(bvh.rebased_view(pool), sphere);
  std::vector<MeshSDF<T>> views;
  for (const auto& c : copies) views.push_back(c.rebased_view(pool));
  for (const D& p : random_points(1000, D{-3, -3, -3}, D{12, 3, 3}, 6)) {
    const V pt = p.as<T>();
    ASSERT_EQ(u.signed_distance(pt), std::min(mv.signed_distance(pt), sphere.signed_distance(pt)));
    T m = views[0].signed_distance(pt);
    for (const auto& v : views) m = std::min(m, v.signed_distance(pt));
    ASSERT_EQ(bvh.rebased_view(pool).signed_distance(pt), m);
    ASSERT_EQ(bu.signed_distance(pt), std::min(m, sphere.signed_distance(pt)));
  }
}

namespace {
template <typename T>
struct SignedDistanceQuery {
  MeshSDF<T> sdf;
  ALFVEN_HOST_DEVICE T operator()(const Vec3<T>& p) const { return sdf.signed_distance(p); }
};
}  // namespace

TYPED_TEST(MeshSDFTyped, RunsThroughTheDevicePathOnAMirror) {
  using T = TypeParam;
  const TriangleMesh m = perturbed_icosphere(9);
  Pool pool;
  const auto sdf = MeshSDF<T>::build(pool, m);
  EXPECT_THROW(sdf.rebased_view(Pool(gpu::memory_resource())), Error);
  pool.freeze();
  const Pool dev = Pool::mirror(pool, gpu::memory_resource());
  std::vector<Vec3<T>> pts;
  for (const D& p : mesh_test_points(m, 2000, 7)) pts.push_back(p.as<T>());
  std::vector<T> d(pts.size());
  gpu::transform(SignedDistanceQuery<T>{sdf.rebased_view(dev)}, pts, d);
  const auto host = sdf.rebased_view(pool);
  for (std::size_t i = 0; i < pts.size(); ++i) ASSERT_EQ(d[i], host.signed_distance(pts[i]));
}

namespace {
template <typename T>
struct TapeQuery {
  Tape<T> tape;
  ALFVEN_HOST_DEVICE T operator()(const Vec3<T>& p) const { return tape.signed_distance(p); }
};
}  // namespace

TYPED_TEST(MeshSDFTyped, TapeWithAMeshUnitedWithASphere) {
  using T = TypeParam;
  auto box = std::make_shared<const TriangleMesh>(make_box_mesh(D{-1, -1, -1}, D{1, 1, 1}));
  MeshSDFOptions o;
  o.build = BVHBuild::Morton;
  const Expr e = Expr::make_union(Expr::translate(Expr::mesh(box, o), D{0.5, 0, 0}),
                                  Expr::sphere(D{2, 0, 0}, 1.0));
  Pool pool;
  const Tape<T> tape = Tape<T>::build(pool, e);
  const MeshSDF<T> ref = MeshSDF<T>::build(pool, *box, o);  // the same mesh, built alone
  const auto sphere = make_sphere(Vec3<T>{2, 0, 0}, T(1));
  pool.freeze();
  const auto tv = tape.rebased_view(pool);
  const auto rv = ref.rebased_view(pool);
  std::vector<Vec3<T>> pts;
  for (const D& p : random_points(1000, D::all(-3), D::all(4), 12)) pts.push_back(p.as<T>());
  for (const auto& p : pts)
    ASSERT_EQ(tv.signed_distance(p),
              std::min(rv.signed_distance(p - Vec3<T>{T(0.5), 0, 0}), sphere.signed_distance(p)));
  // Through the device path on a mirror.
  const Pool dev = Pool::mirror(pool, gpu::memory_resource());
  std::vector<T> d(pts.size());
  gpu::transform(TapeQuery<T>{tape.rebased_view(dev)}, pts, d);
  for (std::size_t i = 0; i < pts.size(); ++i) ASSERT_EQ(d[i], tv.signed_distance(pts[i]));
  EXPECT_THROW(Expr::mesh(nullptr), Error);
}

TEST(MeshSDF, BuildErrors) {
  Pool pool;
  TriangleMesh empty;
  EXPECT_THROW(MeshSDF<double>::build(pool, empty), Error);
  TriangleMesh flat;
  flat.vertices = {D{0, 0, 0}, D{1, 0, 0}, D{2, 0, 0}};
  flat.triangles = {{0, 1, 2}};
  EXPECT_THROW(MeshSDF<double>::build(pool, flat), Error);  // no triangle of non-zero area
  TriangleMesh bad = make_box_mesh(D{0, 0, 0}, D{1, 1, 1});
  bad.triangles[3][1] = 99;
  EXPECT_THROW(MeshSDF<double>::build(pool, bad), Error);
  MeshSDFOptions o;
  o.winding_beta = 0.5;
  EXPECT_THROW(MeshSDF<double>::build(pool, make_box_mesh(D{0, 0, 0}, D{1, 1, 1}), o), Error);
}

// A body in cgs units (1e10 across) gave silently wrong distances in float: Ericson's products
// of four lengths overflow it (inf - inf picks the wrong region). Float refuses such a mesh and
// says to use double, which answers exactly.
TEST(MeshSDF, MeshTooLargeForFloatIsRefusedAndDoubleAnswers) {
  const double s = 1e10;
  const TriangleMesh box = make_box_mesh(D{0, 0, 0}, D{s, s, s});
  Pool pool;
  try {
    (void)MeshSDF<float>::build(pool, box);
    ADD_FAILURE() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("double precision"), std::string::npos) << e.what();
  }
  Pool dpool;
  const MeshSDF<double> sdf = MeshSDF<double>::build(dpool, box);
  EXPECT_EQ(sdf.signed_distance(D{0.5 * s, 0.5 * s, 0.5 * s}), -0.5 * s);
  EXPECT_EQ(sdf.signed_distance(D{0.5 * s, 0.5 * s, 2 * s}), s);
  // 1e9 across still builds in float and answers to float's rounding.
  const TriangleMesh smaller = make_box_mesh(D{0, 0, 0}, D{1e9, 1e9, 1e9});
  Pool fpool;
  const MeshSDF<float> f = MeshSDF<float>::build(fpool, smaller);
  EXPECT_NEAR(f.signed_distance(Vec3<float>{5e8f, 5e8f, 5e8f}), -5e8, 5e8 * 1e-6);
  // Double has its limits too (NaN inside a box 1e150 across; "no triangle of non-zero area"
  // at 1e-100): refused with the size.
  for (const double size : {1e80, 1e-80}) {
    Pool p;
    try {
      (void)MeshSDF<double>::build(p, make_box_mesh(D{0, 0, 0}, D{size, size, size}));
      ADD_FAILURE() << "expected an error at " << size;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(size > 1 ? "too large" : "too small"), std::string::npos)
          << e.what();
    }
  }
}

TEST(MeshSDF, DegenerateTrianglesAreLeftOutAndSmallMeshesWork) {
  TriangleMesh m = make_box_mesh(D{0, 0, 0}, D{1, 1, 1});
  m.vertices.push_back(D{0.5, 0.5, 0});
  m.triangles.push_back({0, 1, 1});  // repeated corner: zero area
  Pool pool;
  const auto sdf = MeshSDF<double>::build(pool, m).rebased_view(pool);
  EXPECT_EQ(sdf.triangle_count(), 12u);
  EXPECT_NEAR(sdf.signed_distance(D{0.5, 0.5, 0.5}), -0.5, 1e-15);
  EXPECT_NEAR(sdf.signed_distance(D{2, 0.5, 0.5}), 1.0, 1e-15);
  // A single triangle: the root is a leaf.
  TriangleMesh one;
  one.vertices = {D{0, 0, 0}, D{1, 0, 0}, D{0, 1, 0}};
  one.triangles = {{0, 1, 2}};
  const auto t = MeshSDF<float>::build(pool, one).rebased_view(pool);
  EXPECT_FALSE(t.closed());
  EXPECT_NEAR(t.signed_distance(Vec3<float>{0.2f, 0.2f, 1}), 1.0f, 1e-6f);
  EXPECT_NEAR(t.signed_distance(Vec3<float>{0.2f, 0.2f, -1}), -1.0f, 1e-6f);
  EXPECT_EQ(t.closest_point(Vec3<float>{2, 0, 0}).feature, TriangleFeature::VertexB);
}

TEST(MeshSDF, NormalIsThePseudonormalOnTheSurface) {
  Pool pool;
  const auto sdf =
      MeshSDF<double>::build(pool, make_box_mesh(D{0, 0, 0}, D{1, 1, 1})).rebased_view(pool);
  const D n_face = sdf.normal(D{0.5, 0.5, 1});
  EXPECT_NEAR(n_face.z, 1.0, 1e-12);
  const D n_vertex = sdf.normal(D{1, 1, 1});  // corner: equal angles, (1, 1, 1) / sqrt 3
  EXPECT_NEAR(n_vertex.x, 1 / std::sqrt(3.0), 1e-12);
  EXPECT_NEAR(n_vertex.z, 1 / std::sqrt(3.0), 1e-12);
  const D n_out = sdf.normal(D{2, 2, 0.5});  // nearest feature an edge: direction (1, 1, 0)
  EXPECT_NEAR(n_out.x, 1 / std::sqrt(2.0), 1e-12);
  const D n_in = sdf.normal(D{0.5, 0.5, 0.9});  // inside: gradient points out, +z
  EXPECT_NEAR(n_in.z, 1.0, 1e-12);
}

// Far from a mesh the squared distances to its triangles round alike, so the traversal's first
// triangle decided the pseudonormal sign and far points could come out inside (a fresh-user
// finding: (1e20, 0, 0) from sphere.stl, -1e20). Outside the box of the vertices is outside in
// both sign modes when the mesh is closed, and the unsigned distance is still |p| - 1 to
// rounding. An open mesh keeps its pseudonormals' half-space sign (DegenerateTriangles...: below
// a single triangle is inside).
template <typename T>
void far_points_are_outside(double far) {
  Pool pool;
  const TriangleMesh mesh = make_icosphere(1.0, 3);
  const auto sdf = MeshSDF<T>::build(pool, mesh).rebased_view(pool);
  const D dirs[] = {{1, 0, 0}, {0, -1, 0}, {0, 0, 1}, {1, 1, 1}, {-3, 2, -1}, {0.3, -0.2, 0.9}};
  for (const D& d : dirs) {
    const D u = (1.0 / length(d)) * d;
    const Vec3<T> p = (far * u).template as<T>();
    for (SignMode mode : {SignMode::Pseudonormal, SignMode::WindingNumber}) {
      const T s = sdf.signed_distance(p, mode);
      EXPECT_GT(s, T(0)) << "at " << far << " along (" << d.x << ", " << d.y << ", " << d.z << ")";
      EXPECT_NEAR(double(s), far - 1.0, 0.01 + 1e-6 * far);  // the icosphere's radius is 1
      EXPECT_GT(dot(sdf.normal(p, mode).template as<double>(), u), 0.99);
    }
  }
}

TEST(MeshSDF, FarPointsAreOutsideInBothSignModes) {
  Pool pool;
  EXPECT_TRUE(MeshSDF<double>::build(pool, make_icosphere(1.0, 3)).closed());
  EXPECT_TRUE(MeshSDF<float>::build(pool, make_torus_knot(90, 16)).closed());
  TriangleMesh three_faces = make_box_mesh(D{0, 0, 0}, D{1, 2, 3});
  three_faces.triangles.resize(3);
  EXPECT_FALSE(MeshSDF<double>::build(pool, three_faces).closed());
  TriangleMesh doubled = make_icosphere(1.0, 1);  // a face twice: its edges have 3 triangles
  doubled.triangles.push_back(doubled.triangles[0]);
  EXPECT_FALSE(MeshSDF<double>::build(pool, doubled).closed());
  for (double far : {1e3, 1e8, 1e12, 1e18}) far_points_are_outside<float>(far);
  for (double far : {1e3, 1e12, 1e20, 1e100}) far_points_are_outside<double>(far);
}

TEST(MeshSDF, PorscheBothBuildsEqualBruteForce) {
  const char* env = std::getenv("ALFVEN_SHARED_DIR");
  const std::string path = std::string(env ? env : ALFVEN_SHARED_DIR) + "/meshes/porsche.stl";
  if (!std::ifstream(path)) GTEST_SKIP() << path << " not found (set ALFVEN_SHARED_DIR)";
  const TriangleMesh m = read_mesh(path);
  const auto [lo, hi] = m.bounds();
  for (BVHBuild build : {BVHBuild::SAH, BVHBuild::Morton}) {
    Pool pool;
    MeshSDFOptions o;
    o.build = build;
    const auto sdf = MeshSDF<double>::build(pool, m, o).rebased_view(pool);
    const D c = 0.5 * (lo + hi), h = 1.5 * (hi - lo);
    for (const D& p : random_points(150, c - h, c + h, 8)) {
      const Brute b = brute_nearest(m, p);
      const auto cp = sdf.closest_point(p);
      ASSERT_NEAR(std::sqrt(cp.distance2), b.distance, 1e-12 * length(hi - lo));
      ASSERT_NEAR(brute_tri_distance(m, std::size_t(cp.triangle), p), b.distance,
                  1e-12 * length(hi - lo));
    }
  }
}

// The dirty parts of an aircraft assembly (open edges, folded and overlapping triangles): away
// from the surface (|d| > 2 % of the diagonal) the winding number is near 0 or 1 and its sign
// agrees with the pseudonormal sign (both parts are closed after reading, though folded);
// outside the padded bounding box every point is outside. (A mesh of known inside/outside with
// holes is tested above on an icosphere with triangles removed.)
TEST(MeshSDF, DirtyAssemblyPartsHaveARobustWindingSign) {
  const char* env = std::getenv("ALFVEN_SHARED_DIR");
  for (const char* name : {"f18-part-0.stl", "f18-part-1.stl"}) {
    const std::string path = std::string(env ? env : ALFVEN_SHARED_DIR) + "/meshes/dirty/" + name;
    if (!std::ifstream(path)) GTEST_SKIP() << path << " not found (set ALFVEN_SHARED_DIR)";
    const TriangleMesh m = read_mesh(path);
    const auto [lo, hi] = m.bounds();
    const double diag = length(hi - lo);
    Pool pool;
    MeshSDFOptions o;
    o.sign = SignMode::WindingNumber;
    const auto sdf = MeshSDF<double>::build(pool, m, o).rebased_view(pool);
    const D c = 0.5 * (lo + hi), h = 0.6 * (hi - lo);
    int inside = 0, far = 0;
    for (const D& p : random_points(4000, c - h, c + h, 21)) {
      const double d = sdf.unsigned_distance(p);
      if (d < 0.02 * diag) continue;
      ++far;
      const double w = sdf.winding_number(p);
      ASSERT_LT(std::min(std::fabs(w), std::fabs(w - 1)), 0.15) << name << " w = " << w;
      const double s_w = sdf.signed_distance(p, SignMode::WindingNumber);
      const double s_p = sdf.signed_distance(p, SignMode::Pseudonormal);
      EXPECT_EQ(s_w < 0, s_p < 0) << name << " at distance " << d;
      inside += s_w < 0;
    }
    EXPECT_GT(inside, 0) << name;        // the parts enclose volume
    EXPECT_GT(far - inside, 0) << name;  // and do not fill their box
    for (const D& p : random_points(200, c - 3.0 * h, c + 3.0 * h, 22))
      if (std::fabs(p.x - c.x) > 1.1 * h.x || std::fabs(p.y - c.y) > 1.1 * h.y ||
          std::fabs(p.z - c.z) > 1.1 * h.z) {
        ASSERT_GT(sdf.signed_distance(p), 0.0) << name;
      }
  }
}
