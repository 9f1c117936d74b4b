// TriangleMesh generators: closed, outward-oriented, with the geometry they claim.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "alfven/geom/triangle_mesh.hpp"

using alfven::geom::TriangleMesh;
using alfven::geom::Vec3;

namespace {
// Signed volume by the divergence theorem: positive for an outward-oriented closed mesh.
double signed_volume(const TriangleMesh& m) {
  double v = 0;
  for (std::size_t t = 0; t < m.triangle_count(); ++t) {
    const auto a = m.corner(t, 0), b = m.corner(t, 1), c = m.corner(t, 2);
    v += (a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) +
          a.z * (b.x * c.y - b.y * c.x)) /
         6.0;
  }
  return v;
}
// Every directed edge appears once and its reverse once: closed and consistently oriented.
bool closed_and_oriented(const TriangleMesh& m) {
  std::map<std::pair<int, int>, int> count;
  for (const auto& t : m.triangles)
    for (int k = 0; k < 3; ++k) ++count[{t[k], t[(k + 1) % 3]}];
  for (const auto& [e, n] : count)
    if (n != 1 || count.count({e.second, e.first}) == 0) return false;
  return true;
}
}  // namespace

TEST(TriangleMesh, BoxIsClosedOutwardWithItsVolume) {
  const auto m = alfven::geom::make_box_mesh({-1, 0, 2}, {1, 3, 2.5});
  EXPECT_EQ(m.triangle_count(), 12u);
  EXPECT_TRUE(closed_and_oriented(m));
  EXPECT_NEAR(signed_volume(m), 2.0 * 3.0 * 0.5, 1e-12);
}

TEST(TriangleMesh, IcosphereIsClosedOutwardAndConvergesToTheSphere) {
  const double r = 2.0, pi = std::acos(-1.0);
  double previous_error = 1e9;
  for (int s = 0; s <= 4; ++s) {
    const auto m = alfven::geom::make_icosphere(r, s, {1, 2, 3});
    EXPECT_EQ(m.triangle_count(), std::size_t(20) << (2 * s));
    EXPECT_EQ(m.vertex_count(), m.triangle_count() / 2 + 2);  // Euler: V - E + F = 2
    EXPECT_TRUE(closed_and_oriented(m));
    const double chord = alfven::geom::icosphere_chord_error(m, r, {1, 2, 3});
    EXPECT_GT(chord, 0.0);
    EXPECT_LT(chord, previous_error / 3.0);  // halves the edge: error falls about 4x
    previous_error = chord;
    // Volume inscribed: between the sphere shrunk by the chord error and the sphere.
    // (translation does not change the signed volume of a closed mesh)
    const double v = signed_volume(m);
    EXPECT_LT(v, 4.0 / 3.0 * pi * r * r * r);
    EXPECT_GT(v, 4.0 / 3.0 * pi * std::pow(r - chord, 3));
  }
}

TEST(TriangleMesh, CheckIndicesNamesTheProblem) {
  auto m = alfven::geom::make_box_mesh({0, 0, 0}, {1, 1, 1});
  m.source = "box.stl";
  EXPECT_NO_THROW(m.check_indices());
  m.triangles[3][1] = 8;
  try {
    m.check_indices();
    FAIL() << "no error";
  } catch (const alfven::Error& e) {
    EXPECT_NE(std::string(e.what()).find("box.stl: triangle 3 uses vertex 8"), std::string::npos)
        << e.what();
  }
  m.triangles[3][1] = 0;
  m.vertices[5].y = std::nan("");
  EXPECT_THROW(m.check_indices(), alfven::Error);
  EXPECT_THROW(alfven::geom::make_icosphere(-1, 2), alfven::Error);
}
