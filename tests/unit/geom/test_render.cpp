// The sphere tracer: silhouette size of a sphere, shading, stopping part-way.
#include <gtest/gtest.h>

#include <cmath>

#include "alfven/geom/geom.hpp"

using namespace alfven;
using namespace alfven::geom;

TEST(Render, SphereSilhouetteHasTheExpectedPixelRadius) {
  const double R = 1.0, D = 5.0, fov = 30.0;
  Camera<double> cam;
  cam.position = Vec3<double>{0, -D, 0};
  cam.look_at = Vec3<double>{0, 0, 0};
  cam.up = Vec3<double>{0, 0, 1};
  cam.fov_degrees = fov;
  cam.width = cam.height = 201;
  RenderSettings<double> st;
  st.background = Vec3<double>{0, 0, 0};
  st.ambient = 0.5;  // every hit pixel is brighter than the black background
  const auto rgb = render(make_sphere(Vec3<double>{0, 0, 0}, R), cam, st);
  ASSERT_EQ(rgb.size(), std::size_t(201 * 201 * 3));
  long hit = 0;
  for (std::size_t k = 0; k < rgb.size(); k += 3) hit += (rgb[k] | rgb[k + 1] | rgb[k + 2]) != 0;
  // Tangent cone half-angle asin(R / D), projected with the pinhole: r = (W / 2) tan(a) / tan(fov /
  // 2).
  const double pi = std::acos(-1.0);
  const double a = std::asin(R / D);
  const double expected = 0.5 * cam.width * std::tan(a) / std::tan(fov * pi / 360);
  EXPECT_NEAR(std::sqrt(double(hit) / pi), expected, 0.5);
  // The centre pixel is lit and the corner is background.
  const std::size_t centre = (100 * 201 + 100) * 3;
  EXPECT_GT(int(rgb[centre]), 0);
  EXPECT_EQ(int(rgb[0]), 0);
}

TEST(Render, StopsPartWay) {
  Camera<float> cam;
  cam.width = 64;
  cam.height = 96;
  cam.position = Vec3<float>{0, -4, 0};
  RenderSettings<float> st;
  st.background = Vec3<float>{0, 0, 0};
  int calls = 0;
  const auto rgb = render(make_box(Vec3<float>{2, 2, 2}), cam, st, [&](int rows) {
    ++calls;
    return rows < 32;  // stop after the first band of 32 rows
  });
  EXPECT_EQ(calls, 1);
  long lit_after = 0;
  for (std::size_t k = 32 * 64 * 3; k < rgb.size(); ++k) lit_after += rgb[k] != 0;
  EXPECT_EQ(lit_after, 0);
  long lit_before = 0;
  for (std::size_t k = 0; k < 32 * 64 * 3; ++k) lit_before += rgb[k] != 0;
  EXPECT_GT(lit_before, 0);
}

TEST(Render, RejectsBadCameras) {
  Camera<float> cam;
  cam.look_at = cam.position;
  EXPECT_THROW(render(make_sphere(Vec3<float>{0, 0, 0}, 1.0f), cam), Error);
  Camera<float> c2;
  c2.up = Vec3<float>{0, 1, 0};  // parallel to the view direction
  EXPECT_THROW(render(make_sphere(Vec3<float>{0, 0, 0}, 1.0f), c2), Error);
}
