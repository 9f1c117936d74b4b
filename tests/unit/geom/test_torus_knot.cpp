// make_torus_knot (triangle_mesh.hpp), the generated mesh of the large-mesh benchmarks and the
// LBVH tests: closed and consistently oriented outward, of the volume of its tube, and inside
// along its curve by the tube's radius.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <utility>

#include "alfven/geom/geom.hpp"

using namespace alfven;
using namespace alfven::geom;
using D = Vec3<double>;

namespace {
const double pi = 3.14159265358979323846;

/// The exact generalized winding number (Σ solid angles / 4π, Jacobson et al. 2013, eq. 5).
double winding(const TriangleMesh& m, const D& p) {
  double omega = 0;
  for (std::size_t t = 0; t < m.triangle_count(); ++t) {
    const D a = m.corner(t, 0), ab = m.corner(t, 1) - a, ac = m.corner(t, 2) - a;
    omega += triangle_solid_angle(MeshTriangle<double>{a, ab, ac, 0, 0, 0, 0}, p);
  }
  return omega / (4 * pi);
}

/// The trefoil's centre curve, as make_torus_knot defines it.
D knot(double f) {
  const double r = 2 + std::cos(3 * f);
  return D{r * std::cos(2 * f), r * std::sin(2 * f), -std::sin(3 * f)};
}
}  // namespace

TEST(TorusKnot, ClosedAndConsistentlyOriented) {
  const TriangleMesh m = make_torus_knot(60, 12);
  ASSERT_EQ(m.triangle_count(), 2u * 60 * 12);
  ASSERT_EQ(m.vertex_count(), 60u * 12);
  // Every directed edge once, and its reverse once: closed, manifold, consistently oriented.
  std::map<std::pair<int, int>, int> directed;
  for (const auto& t : m.triangles)
    for (int k = 0; k < 3; ++k) ++directed[{t[std::size_t(k)], t[std::size_t((k + 1) % 3)]}];
  for (const auto& [e, n] : directed) {
    EXPECT_EQ(n, 1);
    EXPECT_EQ(directed.count({e.second, e.first}), 1u);
  }
}

TEST(TorusKnot, VolumeIsTheTubesAndOutward) {
  // Without bumps the tube's volume is π a² L (Pappus, exact for a circular tube whose radius
  // stays below the curve's radius of curvature); the polygonal tube is slightly smaller.
  const double a = 0.4;
  const TriangleMesh m = make_torus_knot(400, 48, a, 0.0);
  double volume = 0;  // divergence theorem: Σ a · (b x c) / 6, positive for outward faces
  for (std::size_t t = 0; t < m.triangle_count(); ++t)
    volume += dot(m.corner(t, 0), cross(m.corner(t, 1), m.corner(t, 2))) / 6;
  double length = 0;
  for (int i = 0; i < 100000; ++i)
    length += ::length(knot(2 * pi * (i + 1) / 100000) - knot(2 * pi * i / 100000));
  EXPECT_NEAR(volume / (pi * a * a * length), 1.0, 0.01);
}

TEST(TorusKnot, InsideAlongTheCurve) {
  const double a = 0.4, bumps = 0.1;
  const TriangleMesh m = make_torus_knot(300, 32, a, bumps);
  Pool pool;
  const MeshSDF<double> sdf = MeshSDF<double>::build(pool, m).rebased_view(pool);
  for (int i = 0; i < 50; ++i) {
    const D p = knot(2 * pi * (i + 0.37) / 50);
    EXPECT_NEAR(winding(m, p), 1.0, 1e-9);
    const double d = sdf.signed_distance(p);
    EXPECT_LE(d, -a * (1 - bumps) * 0.98);
    EXPECT_GE(d, -a * (1 + bumps) * 1.02);
  }
  EXPECT_NEAR(winding(m, D{0, 0, 0}), 0.0, 1e-9);  // the knot's hole
  EXPECT_NEAR(winding(m, D{10, 0, 0}), 0.0, 1e-9);
}
