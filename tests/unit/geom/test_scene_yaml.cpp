// Geometry and scenes from YAML: same values as the C++ builder, errors naming the line,
// rendering a scene file to PNG.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>

#include "alfven/geom/scene.hpp"
#include "alfven/io/png.hpp"

using namespace alfven;
using namespace alfven::geom;
using V = Vec3<double>;

namespace {
double eval(const Expr& e, const V& p) {
  Pool pool;
  return Tape<double>::build(pool, e).rebased_view(pool).signed_distance(p);
}
std::string temp_path(const std::string& name) {
  return std::string(::testing::TempDir()) + name;
}
}  // namespace

TEST(SceneYaml, GeometryMatchesTheBuilder) {
  const std::string text = R"(
difference:
  - smooth_union:
      width: 0.2
      shapes:
        - rotate: {axis: [0, 0, 1], angle_deg: 30, shape: {box: {half: [1, 0.5, 0.5]}}}
        - translate: {by: [0, 0, 1], shape: {capsule: {half_length: 0.5, radius: 0.3}}}
  - scale: {factor: 0.5, shape: {torus: {major_radius: 1, minor_radius: 0.2}}}
  - complement: {infinite_cylinder: {radius: 4}}
)";
  const Expr y = parse_geometry_yaml(text);
  const double pi = std::acos(-1.0);
  const Expr c = Expr::csg(
      Op::Difference,
      {Expr::csg(Op::SmoothUnion,
                 {Expr::rotate(Expr::box(V{1, 0.5, 0.5}), V{0, 0, 1}, 30 * pi / 180),
                  Expr::translate(Expr::capsule(0.5, 0.3), V{0, 0, 1})},
                 0.2),
       Expr::scale(Expr::torus(1, 0.2), 0.5), Expr::complement(Expr::infinite_cylinder(4))});
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-3, 3);
  for (int k = 0; k < 300; ++k) {
    const V p{u(rng), u(rng), u(rng)};
    ASSERT_DOUBLE_EQ(eval(y, p), eval(c, p));
  }
}

TEST(SceneYaml, ErrorsNameTheLineAndKey) {
  try {
    parse_geometry_yaml(
        "union:\n  - sphere: {radius: 1}\n  - sphere: {radius: 1, centre: [0, 0, 0]}\n", "g.yaml");
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("g.yaml:3"), std::string::npos) << m;
    EXPECT_NE(m.find("centre"), std::string::npos) << m;
  }
  EXPECT_THROW(parse_geometry_yaml("sphere: {radius: -1}"), Error);
  EXPECT_THROW(parse_geometry_yaml("scale: {factor: 0, shape: {sphere: {radius: 1}}}"), Error);
  EXPECT_THROW(parse_geometry_yaml("blob: {radius: 1}"), Error);
  EXPECT_THROW(parse_geometry_yaml("box: {half: [1, 2]}"), Error);
  EXPECT_THROW(parse_geometry_yaml("sphere: {radius: abc}"), Error);
  EXPECT_THROW(parse_geometry_yaml("sphere: {radius: [1"), Error);
  EXPECT_THROW(parse_geometry_yaml("reflect: {axis: [1, 2], shape: {sphere: {radius: 1}}}"), Error);
  EXPECT_THROW(parse_geometry_yaml("translate: 5"), Error);
}

TEST(SceneYaml, RenderSceneFileWritesAPng) {
  const std::string scene = temp_path("alfven_scene.yaml"), png = temp_path("alfven_scene.png");
  {
    std::ofstream f(scene);
    f << "image: {width: 80, height: 60}\n"
         "camera: {position: [0, -6, 2], look_at: [0, 0, 0], up: [0, 0, 1], fov_deg: 35}\n"
         "lights: [{direction: [1, -1, 2], intensity: 0.9}]\n"
         "background: [0, 0, 0]\n"
         "geometry:\n"
         "  smooth_union:\n"
         "    width: 0.3\n"
         "    shapes:\n"
         "      - sphere: {radius: 1}\n"
         "      - translate: {by: [1, 0, 0], shape: {torus: {major_radius: 1, minor_radius: "
         "0.25}}}\n";
  }
  render_scene_file(scene, png);
  int w = 0, h = 0;
  std::vector<std::uint8_t> rgb;
  io::read_png_rgb(png, w, h, rgb);
  EXPECT_EQ(w, 80);
  EXPECT_EQ(h, 60);
  long lit = 0;
  for (auto c : rgb) lit += c != 0;
  EXPECT_GT(lit, 300);
  std::remove(scene.c_str());
  std::remove(png.c_str());
  EXPECT_THROW(render_scene_file(temp_path("does_not_exist.yaml"), png), Error);
}

// The example scene of `alfven render` (examples/geom/scene.yaml) loads, takes a size override
// as the command's --width/--height do, and draws the part over the background.
TEST(SceneYaml, ExampleSceneRendersAtTheRequestedSize) {
  Scene scene = load_scene_file(std::string(ALFVEN_SOURCE_DIR) + "/examples/geom/scene.yaml");
  EXPECT_EQ(scene.camera.width, 640);
  EXPECT_EQ(scene.camera.height, 480);
  EXPECT_EQ(scene.settings.light_count, 2);
  scene.camera.width = 96;
  scene.camera.height = 64;
  const std::string png = temp_path("alfven_example_scene.png");
  render_scene(scene, png);
  int w = 0, h = 0;
  std::vector<std::uint8_t> rgb;
  io::read_png_rgb(png, w, h, rgb);
  std::remove(png.c_str());
  ASSERT_EQ(w, 96);
  ASSERT_EQ(h, 64);
  ASSERT_EQ(rgb.size(), std::size_t(96 * 64 * 3));
  // Top-left corner: sky, the background colour (0.1, 0.12, 0.16) as bytes round(255 c).
  EXPECT_EQ(rgb[0], 26);
  EXPECT_EQ(rgb[1], 31);
  EXPECT_EQ(rgb[2], 41);
  // The camera looks at the part: the centre pixel is surface, not background.
  const std::size_t centre = (std::size_t(32) * 96 + 48) * 3;
  EXPECT_FALSE(rgb[centre] == 26 && rgb[centre + 1] == 31 && rgb[centre + 2] == 41);
  long surface = 0;
  for (std::size_t i = 0; i < rgb.size(); i += 3)
    surface += !(rgb[i] == 26 && rgb[i + 1] == 31 && rgb[i + 2] == 41);
  EXPECT_GT(surface, 96 * 64 / 4);  // part and plate fill well over a quarter of the image
  EXPECT_LT(surface, 96 * 64);

  scene.camera.width = 0;
  EXPECT_THROW(render_scene(scene, png), Error);
}

// blur and mollify in YAML: the same values as the builder; a missing width is reported.
TEST(SceneYaml, BlurAndMollify) {
  const Expr y = parse_geometry_yaml(R"(
union:
  - blur: {width: 0.2, shape: {box: {half: [1, 0.5, 0.5]}}}
  - mollify: {width: 0.3, shape: {translate: {by: [0, 0, 1], shape: {sphere: {radius: 0.5}}}}}
)");
  const Expr c = Expr::make_union(
      Expr::blur(Expr::box(V{1, 0.5, 0.5}), 0.2),
      Expr::mollify(Expr::translate(Expr::sphere(V{0, 0, 0}, 0.5), V{0, 0, 1}), 0.3));
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int k = 0; k < 200; ++k) {
    const V p{u(rng), u(rng), u(rng)};
    ASSERT_EQ(eval(y, p), eval(c, p));
  }
  EXPECT_THROW(parse_geometry_yaml("blur: {shape: {sphere: {radius: 1}}}"), Error);
  EXPECT_THROW(parse_geometry_yaml("mollify: {width: 0, shape: {sphere: {radius: 1}}}"), Error);
}
