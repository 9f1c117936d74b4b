// Mesh cleaning and validation: orientation repair, open and non-manifold edges, self-overlaps,
// welding, degenerate and duplicate triangles.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "alfven/geom/mesh_clean.hpp"

using alfven::geom::TriangleMesh;
using alfven::geom::Vec3;
namespace g = alfven::geom;

namespace {
TriangleMesh unit_box() {
  return g::make_box_mesh(Vec3<double>{0, 0, 0}, Vec3<double>{1, 2, 3});
}
}  // namespace

TEST(MeshValidate, GeneratedClosedMeshesAreFitForPseudonormals) {
  for (const auto& m : {unit_box(), g::make_icosphere(2.0, 3)}) {
    const auto r = g::validate(m);
    EXPECT_TRUE(r.watertight());
    EXPECT_TRUE(r.fit_for_pseudonormal());
    EXPECT_EQ(r.components, 1u);
    EXPECT_EQ(r.closed_components, 1u);
    EXPECT_EQ(r.edges, 3 * r.triangle_count / 2);  // closed: every edge has two triangles
    EXPECT_EQ(r.self_overlaps, 0u);
    EXPECT_EQ(r.open_edges + r.non_manifold_edges + r.inconsistent_edges, 0u);
  }
  EXPECT_NEAR(g::validate(unit_box()).signed_volume, 1.0 * 2.0 * 3.0, 1e-12);
  // The icosphere is inscribed in the sphere: a little less than 4/3 pi r^3.
  const double v = g::validate(g::make_icosphere(2.0, 3)).signed_volume;
  const double ball = 4.0 / 3.0 * std::acos(-1.0) * 8.0;
  EXPECT_LT(v, ball);
  EXPECT_GT(v, 0.98 * ball);
}

TEST(MeshClean, FlippedFaceOfABoxIsTurnedBack) {
  TriangleMesh box = unit_box();
  std::swap(box.triangles[5][1], box.triangles[5][2]);
  auto r = g::validate(box);
  EXPECT_EQ(r.inconsistent_edges, 3u);  // each edge of the flipped triangle
  EXPECT_FALSE(r.fit_for_pseudonormal());
  const auto s = g::clean(box);
  EXPECT_EQ(s.orientation.triangles_flipped, 1u);
  r = g::validate(box);
  EXPECT_TRUE(r.fit_for_pseudonormal());
  EXPECT_EQ(box.triangles[5], unit_box().triangles[5]);
}

TEST(MeshClean, InsideOutClosedComponentIsTurnedOutward) {
  TriangleMesh box = unit_box();
  for (auto& t : box.triangles) std::swap(t[1], t[2]);
  EXPECT_LT(g::validate(box).signed_volume, 0.0);
  EXPECT_FALSE(g::validate(box).fit_for_pseudonormal());
  const auto change = g::orient_consistently(box);
  EXPECT_EQ(change.components_reversed, 1u);
  EXPECT_EQ(change.triangles_flipped, box.triangle_count());
  EXPECT_NEAR(g::validate(box).signed_volume, 6.0, 1e-12);
}

TEST(MeshValidate, RemovedTrianglesLeaveThreeOpenEdgesEach) {
  TriangleMesh sphere = g::make_icosphere(1.0, 2);
  // Remove triangles that share no edge with each other: each leaves a hole of three edges.
  std::set<std::pair<int, int>> touched;
  std::vector<std::array<std::int32_t, 3>> kept;
  std::size_t removed = 0;
  for (const auto& t : sphere.triangles) {
    bool free = removed < 7;
    for (int k = 0; k < 3 && free; ++k)
      free = !touched.count({std::min(t[k], t[(k + 1) % 3]), std::max(t[k], t[(k + 1) % 3])});
    if (!free) {
      kept.push_back(t);
      continue;
    }
    ++removed;
    for (int k = 0; k < 3; ++k)
      touched.insert({std::min(t[k], t[(k + 1) % 3]), std::max(t[k], t[(k + 1) % 3])});
  }
  ASSERT_EQ(removed, 7u);
  sphere.triangles = kept;
  const auto r = g::validate(sphere);
  EXPECT_EQ(r.open_edges, 3 * removed);
  EXPECT_FALSE(r.watertight());
  EXPECT_FALSE(r.fit_for_pseudonormal());
  EXPECT_EQ(r.open_edge_examples.size(),
            std::min<std::size_t>(3 * removed, g::ValidateOptions{}.max_examples));
  EXPECT_EQ(r.closed_components, 0u);
  // Cleaning does not close holes.
  g::clean(sphere);
  EXPECT_EQ(g::validate(sphere).open_edges, 3 * removed);
}

TEST(MeshValidate, ThreeTrianglesOnOneEdgeAreNonManifold) {
  TriangleMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}};
  m.triangles = {{0, 1, 2}, {1, 0, 3}, {0, 1, 4}};
  const auto r = g::validate(m);
  EXPECT_EQ(r.non_manifold_edges, 1u);
  ASSERT_EQ(r.non_manifold_edge_examples.size(), 1u);
  EXPECT_EQ(r.non_manifold_edge_examples[0], (g::MeshEdge{0, 1}));
}

TEST(MeshValidate, OverlappingTrianglesAreSelfOverlaps) {
  // A copy of one box triangle with its own vertices (unwelded duplicate) lies on the original.
  TriangleMesh box = unit_box();
  const auto t0 = box.triangles[0];
  std::array<std::int32_t, 3> copy{};
  for (int k = 0; k < 3; ++k) {
    box.vertices.push_back(box.vertices[std::size_t(t0[std::size_t(k)])]);
    copy[std::size_t(k)] = std::int32_t(box.vertices.size() - 1);
  }
  box.triangles.push_back(copy);
  auto r = g::validate(box);
  EXPECT_GE(r.self_overlaps, 1u);
  bool found = false;
  for (const auto& p : r.self_overlap_examples) found = found || (p[0] == 0 && p[1] == 12);
  EXPECT_TRUE(found);
  EXPECT_FALSE(r.fit_for_pseudonormal());
  // Welding makes it an exact duplicate, which cleaning removes.
  const auto s = g::clean(box);
  EXPECT_EQ(s.duplicates_removed, 1u);
  EXPECT_TRUE(g::validate(box).fit_for_pseudonormal());

  // Two triangles crossing each other, and the same two moved apart.
  TriangleMesh cross;
  cross.vertices = {{0, 0, 0},      {2, 0, 0},     {0, 2, 0},
                    {0.5, 0.5, -1}, {0.5, 0.5, 1}, {1.5, 1.5, 0.5}};
  cross.triangles = {{0, 1, 2}, {3, 4, 5}};
  EXPECT_EQ(g::validate(cross).self_overlaps, 1u);
  for (std::size_t i = 3; i < 6; ++i) cross.vertices[i].z += 2.0;
  EXPECT_EQ(g::validate(cross).self_overlaps, 0u);

  // Coplanar triangles sharing an edge: folded onto the same side overlap, opposite sides don't.
  TriangleMesh fold;
  fold.vertices = {{0, 0, 0}, {1, 0, 0}, {0.5, 1, 0}, {0.5, 0.5, 0}, {0.5, -1, 0}};
  fold.triangles = {{0, 1, 2}, {1, 0, 3}};
  EXPECT_EQ(g::validate(fold).self_overlaps, 1u);
  fold.triangles[1] = {1, 0, 4};
  EXPECT_EQ(g::validate(fold).self_overlaps, 0u);
}

TEST(MeshValidate, OverlapsDoNotDependOnTheOrderOfTheTriangles) {
  // A closed tetrahedron whose fourth corner lies 1e-7 above the base plane (within the
  // coplanarity tolerance of the base, not of the slivers): seen from the base, a sliver sharing
  // an edge is folded onto it; seen from the sliver, the base is not coplanar. The pair test
  // asks both ways, so every order of the four faces gives the same report.
  TriangleMesh tet;
  tet.vertices = {{0, 0, 0}, {1, 0, 0}, {0.5, 1, 0}, {0.5, 1e-3, 1e-7}};
  const std::array<std::int32_t, 3> faces[4] = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  const g::ValidateOptions options;  // tolerance 1e-7 of the diagonal (1.5): above 1e-7
  const double tol = options.relative_tolerance * g::validate(tet).diagonal;
  ASSERT_GT(tol, 1e-7);
  std::array<int, 4> order{0, 1, 2, 3};
  std::set<std::size_t> counts;
  do {
    tet.triangles.clear();
    for (int f : order) tet.triangles.push_back(faces[f]);
    counts.insert(g::validate(tet, options).self_overlaps);
    for (std::size_t s = 0; s < 4; ++s) {
      for (std::size_t t = 0; t < 4; ++t) {
        if (s != t) {
          EXPECT_EQ(g::triangles_overlap(tet, s, t, tol), g::triangles_overlap(tet, t, s, tol));
        }
      }
    }
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_EQ(counts.size(), 1u);
  EXPECT_GT(*counts.begin(), 0u);  // the slivers fold onto the base
}

TEST(MeshValidate, MeshesTooLargeOrTooSmallForDoubleAreRefused) {
  // Scaled far enough, the products of four lengths overflow (false self-overlaps, NaN
  // volumes) or underflow (every triangle "degenerate"): refused with the size and the fix.
  const auto message = [](double scale) {
    TriangleMesh tet = g::make_icosphere(scale, 0);
    try {
      g::validate(tet);
    } catch (const alfven::Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(message(1e70), "");  // within the range: a fit report
  EXPECT_EQ(message(1e-70), "");
  EXPECT_NE(message(1e80).find("too large for double precision"), std::string::npos);
  EXPECT_NE(message(1e-80).find("too small for double precision"), std::string::npos);
  TriangleMesh big = g::make_icosphere(1e80, 0);
  EXPECT_THROW(g::clean(big), alfven::Error);
  EXPECT_TRUE(g::validate(g::make_icosphere(1e70, 0)).fit_for_pseudonormal());
  EXPECT_TRUE(g::validate(g::make_icosphere(1e-70, 0)).fit_for_pseudonormal());
}

// Issue 42, item 19: one vertex at 1e38 in a sphere of radius 1 made the tolerances (relative
// to the bounding box) 1e31, so that welding merged every other vertex and "no triangle was left
// after cleaning". clean() now refuses the mesh naming the vertex, a triangle of it, its position
// and the file; a mesh of two far parts of ordinary size is still cleaned.
TEST(MeshClean, AVertexFarFromTheOthersIsNamedNotWeldedAway) {
  TriangleMesh sphere = g::make_icosphere(1.0, 2);
  sphere.source = "sphere_with_outlier.stl";
  sphere.vertices[7].x = 1e38;
  std::string message;
  try {
    g::clean(sphere);
  } catch (const alfven::Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("mesh 'sphere_with_outlier.stl': vertex 7 (a corner of triangle "),
            std::string::npos)
      << message;
  EXPECT_NE(message.find(" at (1e+38, "), std::string::npos) << message;
  EXPECT_NE(message.find("correct or remove the vertex"), std::string::npos) << message;
  // Without welding or dropping degenerate triangles, nothing depends on the box's size.
  g::CleanOptions keep;
  keep.weld_tolerance = -1;
  keep.remove_degenerate = false;
  TriangleMesh untouched = sphere;
  EXPECT_NO_THROW(g::clean(untouched, keep));
  // Two spheres 1e4 radii apart are no outlier: both keep every triangle.
  TriangleMesh two = g::make_icosphere(1.0, 2);
  const std::size_t triangles = two.triangle_count();
  TriangleMesh other = g::make_icosphere(1.0, 2);
  const std::int32_t offset = std::int32_t(two.vertices.size());
  for (auto v : other.vertices) two.vertices.push_back(v + Vec3<double>{1e4, 0, 0});
  for (auto t : other.triangles)
    two.triangles.push_back({t[0] + offset, t[1] + offset, t[2] + offset});
  g::clean(two);
  EXPECT_EQ(two.triangle_count(), 2 * triangles);
}

TEST(MeshValidate, HierarchyFindsTheSameOverlapsAsAllPairs) {
  // A random soup of small triangles: the BVH search must agree with testing every pair.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0), d(-0.08, 0.08);
  TriangleMesh soup;
  for (int t = 0; t < 300; ++t) {
    const Vec3<double> c{u(rng), u(rng), u(rng)};
    for (int k = 0; k < 3; ++k) soup.vertices.push_back(c + Vec3<double>{d(rng), d(rng), d(rng)});
    soup.triangles.push_back({3 * t, 3 * t + 1, 3 * t + 2});
  }
  g::ValidateOptions options;
  options.max_examples = 100000;
  const auto r = g::validate(soup, options);
  const double tol = options.relative_tolerance * r.diagonal;
  std::vector<g::TrianglePair> brute;  // every pair, in increasing (s, t) order
  for (std::size_t s = 0; s < soup.triangle_count(); ++s)
    for (std::size_t t = s + 1; t < soup.triangle_count(); ++t)
      if (g::triangles_overlap(soup, s, t, tol)) brute.push_back({s, t});
  EXPECT_GT(brute.size(), 0u);
  EXPECT_EQ(r.self_overlaps, brute.size());
  // The same pairs in the same order (the examples do not depend on the hierarchy's shape).
  EXPECT_EQ(r.self_overlap_examples, brute);
}

TEST(MeshClean, WeldingJitteredCornersRestoresTheClosedMesh) {
  const TriangleMesh sphere = g::make_icosphere(1.0, 2);
  // Unindexed soup (as STL stores it) with each corner moved by up to 1e-9 of the diagonal.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> jitter(-1e-9, 1e-9);
  TriangleMesh soup;
  for (std::size_t t = 0; t < sphere.triangle_count(); ++t) {
    std::array<std::int32_t, 3> tri{};
    for (int k = 0; k < 3; ++k) {
      soup.vertices.push_back(sphere.corner(t, k) +
                              Vec3<double>{jitter(rng), jitter(rng), jitter(rng)});
      tri[std::size_t(k)] = std::int32_t(soup.vertices.size() - 1);
    }
    soup.triangles.push_back(tri);
  }
  auto r = g::validate(soup);
  EXPECT_EQ(r.open_edges, 3 * soup.triangle_count());
  EXPECT_EQ(r.components, soup.triangle_count());
  const std::size_t welded = g::weld_vertices(soup, 1e-7);
  EXPECT_EQ(welded, 3 * sphere.triangle_count() - sphere.vertex_count());
  EXPECT_EQ(soup.vertex_count(), sphere.vertex_count());
  r = g::validate(soup);
  EXPECT_EQ(r.open_edges, 0u);
  EXPECT_TRUE(r.fit_for_pseudonormal());
  // Vertices farther apart than the tolerance stay apart; a negative tolerance is an error.
  TriangleMesh again;
  again.vertices = {{0, 0, 0}, {1e-6, 0, 0}};
  again.triangles = {};
  EXPECT_EQ(g::weld_vertices(again, 1e-7), 0u);
  EXPECT_THROW(g::weld_vertices(again, -1.0), alfven::Error);
}

TEST(MeshClean, DegenerateAndDuplicateTrianglesAreRemoved) {
  TriangleMesh box = unit_box();
  const auto closed = box;
  box.vertices.push_back({0.5, 0.0, 0.0});  // on the edge from vertex 0 to vertex 1
  box.triangles.push_back({0, 1, 8});       // collinear corners: zero area
  box.triangles.push_back({2, 2, 3});       // repeated index
  box.triangles.push_back(
      {box.triangles[4][1], box.triangles[4][2], box.triangles[4][0]});  // duplicate
  box.triangles.push_back(
      {box.triangles[6][0], box.triangles[6][2], box.triangles[6][1]});  // reversed duplicate
  auto r = g::validate(box);
  EXPECT_EQ(r.degenerate_triangles, 2u);
  EXPECT_EQ(r.duplicate_triangles, 2u);
  EXPECT_EQ(r.unreferenced_vertices, 0u);
  EXPECT_TRUE(g::is_degenerate(box, 12));
  EXPECT_FALSE(g::is_degenerate(box, 0));
  const auto s = g::clean(box);
  EXPECT_EQ(s.degenerate_removed, 2u);
  EXPECT_EQ(s.duplicates_removed, 2u);
  EXPECT_EQ(s.unreferenced_removed, 1u);  // the vertex only the collinear triangle used
  EXPECT_EQ(box.triangle_count(), closed.triangle_count());
  EXPECT_TRUE(g::validate(box).fit_for_pseudonormal());
}

TEST(MeshValidate, IndexOutOfRangeIsAnErrorNotACrash) {
  TriangleMesh box = unit_box();
  box.source = "hand-made box";
  box.triangles[3][1] = 99;
  for (const auto& run : std::vector<std::function<void()>>{
           [&] { g::validate(box); }, [&] { g::clean(box); }, [&] { g::weld_vertices(box); }}) {
    try {
      run();
      ADD_FAILURE() << "no error";
    } catch (const alfven::Error& e) {
      EXPECT_NE(std::string(e.what()).find("hand-made box: triangle 3 uses vertex 99"),
                std::string::npos)
          << e.what();
    }
  }
}
