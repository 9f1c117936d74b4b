// Meshes with cavities (issue 42, item 4): clean() orients closed components by nesting, so a
// hollow shell keeps its cavity however its spheres come wound, an island inside a cavity stays
// solid, and components side by side or crossing each other stay outward. The signed distance
// after cleaning is checked against the spheres' exact distances (within the icospheres' chord
// error) in both sign modes; validate() names a cavity facing the wrong way.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "alfven/geom/mesh_clean.hpp"
#include "alfven/geom/mesh_sdf_eval.hpp"
#include "shell_mesh.hpp"

namespace g = alfven::geom;
using alfven_test::nested_spheres;
using V = g::Vec3<double>;

namespace {

/// Directions in which the distances are probed.
const V directions[] = {{1, 0, 0}, {0, -1, 0}, {0.36, 0.48, 0.8}, {-0.6, 0.64, -0.48}};

/// Checks the signed distance of `mesh` (cleaned) at centre + r u for each (r, exact distance) of
/// `probes`, in both sign modes, to within `tolerance`.
void expect_distances(const g::TriangleMesh& mesh, const V& centre,
                      const std::vector<std::pair<double, double>>& probes, double tolerance) {
  std::vector<V> points;
  std::vector<double> exact;
  for (const V& u : directions)
    for (const auto& [r, d] : probes) {
      points.push_back(centre + r * u);
      exact.push_back(d);
    }
  for (g::SignMode mode : {g::SignMode::Pseudonormal, g::SignMode::WindingNumber}) {
    g::MeshEvalOptions o;
    o.sdf.sign = mode;
    const auto got = g::evaluate_mesh_sdf(mesh, points, o);
    for (std::size_t i = 0; i < points.size(); ++i)
      EXPECT_NEAR(got.signed_distance[i], exact[i], tolerance)
          << "at r = " << length(points[i] - centre) << ", sign mode " << g::sign_mode_name(mode);
  }
}

/// The largest chord error of icospheres of these radii (3 subdivisions).
double chord(std::initializer_list<double> radii) {
  double worst = 0;
  for (double r : radii) {
    const g::TriangleMesh m = g::make_icosphere(r, 3);
    worst = std::max(worst, g::icosphere_chord_error(m, r));
  }
  return worst;
}

}  // namespace

// A sphere of radius 1 around one of radius 0.5, wound in each of the four ways: after cleaning
// the outer faces out, the inner into the cavity, and the signed distance is +0.5 at the centre
// (fluid), +0.25 halfway to the inner sphere, -0.25 inside the shell and +0.5 at r = 1.5; also
// shifted by 1e7. Before nesting, clean() turned the inner sphere outward: the cavity was solid.
TEST(MeshCavities, HollowShellKeepsItsCavityHoweverItIsWound) {
  struct Case {
    bool outer_inward, inner_inward;
    std::size_t reversed;  // components clean() must reverse
  };
  const Case cases[] = {{false, true, 0}, {false, false, 1}, {true, true, 1}, {true, false, 2}};
  const double tolerance = chord({1.0, 0.5}) + 1e-9;
  for (double shift : {0.0, 1e7}) {
    const V centre{shift, -0.5 * shift, 0.25 * shift};
    for (const Case& c : cases) {
      SCOPED_TRACE("outer " + std::string(c.outer_inward ? "inward" : "outward") + ", inner " +
                   (c.inner_inward ? "inward" : "outward") + ", shift " + std::to_string(shift));
      g::TriangleMesh mesh =
          nested_spheres({{1.0, c.outer_inward}, {0.5, c.inner_inward}}, 3, centre);
      const g::CleanSummary s = g::clean(mesh);
      EXPECT_EQ(s.orientation.cavities, 1u);
      EXPECT_EQ(s.orientation.components_reversed, c.reversed);
      EXPECT_EQ(s.orientation.triangles_flipped, c.reversed * 1280);
      const g::MeshReport r = g::validate(mesh);
      EXPECT_EQ(r.cavities, 1u);
      EXPECT_EQ(r.misoriented_components, 0u);
      EXPECT_TRUE(r.fit_for_pseudonormal());
      expect_distances(mesh, centre, {{0.0, 0.5}, {0.25, 0.25}, {0.75, -0.25}, {1.5, 0.5}},
                       tolerance);
    }
  }
}

// validate() on the mesh as given: a cavity facing outward (the shell turned outward of itself)
// and a solid inside out are named; neither is fit for the pseudonormal sign.
TEST(MeshCavities, ValidateNamesAClosedComponentFacingAgainstItsNesting) {
  const g::MeshReport outward_cavity = g::validate(nested_spheres({{1.0, false}, {0.5, false}}));
  EXPECT_EQ(outward_cavity.cavities, 1u);
  EXPECT_EQ(outward_cavity.misoriented_components, 1u);
  EXPECT_GT(outward_cavity.signed_volume, 0);
  EXPECT_FALSE(outward_cavity.fit_for_pseudonormal());
  const g::MeshReport right = g::validate(alfven_test::hollow_shell());
  EXPECT_EQ(right.cavities, 1u);
  EXPECT_EQ(right.misoriented_components, 0u);
  EXPECT_TRUE(right.fit_for_pseudonormal());
  const g::MeshReport inside_out = g::validate(nested_spheres({{1.0, true}}));
  EXPECT_EQ(inside_out.cavities, 0u);
  EXPECT_EQ(inside_out.misoriented_components, 1u);
}

// Three nested spheres (radii 1, 0.6, 0.3), all given outward: the middle one bounds a cavity and
// is turned inward, the innermost (an island inside the cavity, depth 2) stays outward.
TEST(MeshCavities, AnIslandInsideACavityStaysSolid) {
  g::TriangleMesh mesh = nested_spheres({{1.0, false}, {0.6, false}, {0.3, false}});
  const g::CleanSummary s = g::clean(mesh);
  EXPECT_EQ(s.orientation.cavities, 1u);
  EXPECT_EQ(s.orientation.components_reversed, 1u);
  EXPECT_TRUE(g::validate(mesh).fit_for_pseudonormal());
  expect_distances(mesh, V{0, 0, 0}, {{0.0, -0.3}, {0.45, 0.15}, {0.8, -0.2}, {1.5, 0.5}},
                   chord({1.0, 0.6, 0.3}) + 1e-9);
}

// Components side by side are each turned outward as before; a sphere that crosses another
// (its centre and most of it inside the other) is not a cavity and stays outward.
TEST(MeshCavities, SideBySideAndCrossingComponentsStayOutward) {
  g::TriangleMesh apart = nested_spheres({{0.5, false}}, 3, V{-1, 0, 0});
  const g::TriangleMesh right = nested_spheres({{0.5, true}}, 3, V{1, 0, 0});
  const auto first = std::int32_t(apart.vertices.size());
  apart.vertices.insert(apart.vertices.end(), right.vertices.begin(), right.vertices.end());
  for (auto t : right.triangles)
    apart.triangles.push_back({t[0] + first, t[1] + first, t[2] + first});
  g::TriangleMesh crossing = apart;
  for (auto& v : crossing.vertices)  // the second sphere moves to x = 0.7, the first grows to 1
    v = v.x < 0 ? V{2 * (v.x + 1), 2 * v.y, 2 * v.z} : V{v.x - 0.3, v.y, v.z};
  for (auto* mesh : {&apart, &crossing}) {
    const g::CleanSummary s = g::clean(*mesh);
    EXPECT_EQ(s.orientation.cavities, 0u);
    EXPECT_EQ(s.orientation.components_reversed, 1u);  // the second sphere, given inward
    const g::MeshReport r = g::validate(*mesh, {1e-7, 10, false});
    EXPECT_EQ(r.misoriented_components, 0u);
    EXPECT_GT(r.signed_volume, 0);
  }
  expect_distances(apart, V{1, 0, 0}, {{0.0, -0.5}, {1.0, 0.5}}, chord({0.5}) + 1e-9);
  // Where the crossing sphere pokes out of the big one (x = 1.15) the union is solid.
  const auto at = g::evaluate_mesh_sdf(crossing, {V{1.15, 0, 0}, V{0.7, 0, 0}});
  EXPECT_LT(at.signed_distance[0], 0);
  EXPECT_LT(at.signed_distance[1], 0);
}
