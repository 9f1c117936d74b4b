// Cleaning far from the origin (issue 10, item 1): a closed component is turned outward by its
// volume taken about a point of the component, so a mesh shifted by up to 1e8 comes out of
// clean() oriented as it does at the origin, and its signed distance has the same signs in both
// sign modes. Meshes: the dodecahedron and airfoil of tests/data, an icosphere, a box, and the
// Porsche of ../shared/meshes when present.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "alfven/geom/mesh_clean.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "alfven/geom/mesh_sdf_eval.hpp"

namespace g = alfven::geom;
using g::TriangleMesh;
using V = g::Vec3<double>;

namespace {

struct NamedMesh {
  std::string name;
  TriangleMesh mesh;
};

std::vector<NamedMesh> closed_meshes() {
  std::vector<NamedMesh> all;
  const std::string data = std::string(ALFVEN_SOURCE_DIR) + "/tests/data/meshes/";
  all.push_back({"dodecahedron.ply", g::read_mesh(data + "dodecahedron.ply")});
  all.push_back({"airfoil.stl", g::read_mesh(data + "airfoil.stl")});
  all.push_back({"icosphere", g::make_icosphere(1.0, 3)});
  all.push_back({"box", g::make_box_mesh(V{0, 0, 0}, V{1, 2, 3})});
  const char* env = std::getenv("ALFVEN_SHARED_DIR");
  const std::string porsche = std::string(env ? env : ALFVEN_SHARED_DIR) + "/meshes/porsche.stl";
  if (std::ifstream(porsche)) all.push_back({"porsche.stl", g::read_mesh(porsche)});
  return all;
}

TriangleMesh reversed_and_shifted(TriangleMesh m, const V& shift) {
  for (auto& t : m.triangles) std::swap(t[1], t[2]);
  for (auto& v : m.vertices) v = v + shift;
  return m;
}

}  // namespace

// The reproduction: the reversed dodecahedron shifted by 1e7 gave +0.795 at its centre
// (inside: -0.795) and -1.066 at centre + (2, 0, 0) (outside: +1.066).
TEST(MeshCleanFar, ReversedDodecahedronShiftedBy1e7HasTheSignsOfTheOriginal) {
  const std::string path = std::string(ALFVEN_SOURCE_DIR) + "/tests/data/meshes/dodecahedron.ply";
  TriangleMesh reference = g::read_mesh(path);
  g::clean(reference);
  const auto [lo, hi] = reference.bounds();
  const V centre = 0.5 * (lo + hi);
  const V shift = V::all(1e7);
  TriangleMesh far = reversed_and_shifted(g::read_mesh(path), shift);
  const auto change = g::clean(far).orientation;
  EXPECT_EQ(change.components_reversed, 1u);
  EXPECT_EQ(change.triangles_flipped, far.triangle_count());
  for (g::SignMode mode : {g::SignMode::Pseudonormal, g::SignMode::WindingNumber}) {
    g::MeshEvalOptions o;
    o.sdf.sign = mode;
    const auto ref = g::evaluate_mesh_sdf(reference, {centre, centre + V{2, 0, 0}}, o);
    const auto got = g::evaluate_mesh_sdf(far, {centre + shift, centre + V{2, 0, 0} + shift}, o);
    ASSERT_LT(ref.signed_distance[0], 0);
    ASSERT_GT(ref.signed_distance[1], 0);
    EXPECT_NEAR(got.signed_distance[0], ref.signed_distance[0], 1e-6) << g::sign_mode_name(mode);
    EXPECT_NEAR(got.signed_distance[1], ref.signed_distance[1], 1e-6) << g::sign_mode_name(mode);
  }
  const g::MeshReport report = g::validate(far);
  EXPECT_TRUE(report.fit_for_pseudonormal());
  EXPECT_NEAR(report.signed_volume, g::validate(reference).signed_volume, 1e-6);
}

// Every mesh, reversed and shifted by 0 to 1e8: cleaning reverses every closed component, and
// random points away from the surface (|d| > 1e-3 of the diagonal) get the sign they get at the
// origin, in both sign modes.
TEST(MeshCleanFar, ShiftsUpTo1e8KeepOrientationAndSignsOnSeveralMeshes) {
  for (const NamedMesh& named : closed_meshes()) {
    TriangleMesh reference = named.mesh;
    g::clean(reference);
    const std::size_t closed = g::validate(reference).closed_components;
    const auto [lo, hi] = reference.bounds();
    const V centre = 0.5 * (lo + hi), half = 0.75 * (hi - lo);
    const double diagonal = length(hi - lo);
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<V> points;
    for (int i = 0; i < 150; ++i)
      points.push_back(centre + V{u(rng) * half.x, u(rng) * half.y, u(rng) * half.z});
    for (g::SignMode mode : {g::SignMode::Pseudonormal, g::SignMode::WindingNumber}) {
      g::MeshEvalOptions o;
      o.sdf.sign = mode;
      const auto ref = g::evaluate_mesh_sdf(reference, points, o);
      for (double s : {0.0, 3e5, 1e6, 1e7, 1e8}) {
        const V shift{s, -0.5 * s, 0.25 * s};
        TriangleMesh far = reversed_and_shifted(named.mesh, shift);
        const g::CleanSummary summary = g::clean(far);
        EXPECT_EQ(summary.orientation.components_reversed, closed) << named.name << " shift " << s;
        std::vector<V> moved;
        for (const V& p : points) moved.push_back(p + shift);
        const auto got = g::evaluate_mesh_sdf(far, moved, o);
        int wrong = 0;
        for (std::size_t i = 0; i < points.size(); ++i)
          if (std::abs(ref.signed_distance[i]) > 1e-3 * diagonal &&
              (ref.signed_distance[i] < 0) != (got.signed_distance[i] < 0))
            ++wrong;
        EXPECT_EQ(wrong, 0) << named.name << " shifted by " << s << ", sign mode "
                            << g::sign_mode_name(mode);
      }
    }
  }
}
