// Geometry and scenes from YAML: same values as the C++ builder, errors naming the line,
// rendering a scene file to PNG.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include "../io/temp_dir.hpp"
#include "alfven/geom/mesh_clean.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "alfven/geom/scene.hpp"
#include "alfven/geom/triangle_mesh.hpp"
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
  // A NaN or infinite centre or offset made every distance NaN (a body "outside the domain").
  for (const char* text : {"sphere: {radius: 1, center: [.nan, 0, 0]}",
                           "translate: {by: [0, .inf, 0], shape: {sphere: {radius: 1}}}"}) {
    try {
      parse_geometry_yaml(text, "n.yaml");
      ADD_FAILURE() << "accepted: " << text;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("must be finite (got ["), std::string::npos) << e.what();
    }
  }
}

TEST(SceneYaml, AParametersErrorNamesItsLineOnce) {
  // The parameter's own message inside a factory's (checked) used to carry the place twice.
  try {
    parse_geometry_yaml("sphere:\n  radius: nan\n", "g.yaml");
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.find("g.yaml:2"), 0u) << m;
    EXPECT_EQ(m.find("g.yaml", 1), std::string::npos) << m;
  }
}

TEST(SceneYaml, BlendWidthsARenderCannotHoldAreRefusedWithTheLine) {
  // Renders run in float: 1e-308 was 0 there and inf gave an empty image.
  for (const char* w : {"1e-308", "5e-324", ".inf", "1e39", "-1", "0", ".nan"}) {
    for (const char* op : {"smooth_union", "exp_intersection"}) {
      const std::string text = std::string(op) + ":\n  width: " + w +
                               "\n  shapes: [{sphere: {radius: 1}}, {box: {half: [1, 1, 1]}}]\n";
      try {
        parse_geometry_yaml(text, "w.yaml");
        ADD_FAILURE() << op << " width " << w << ": no error";
      } catch (const Error& e) {
        const std::string m = e.what();
        EXPECT_EQ(m.find("w.yaml:2: "), 0u) << m;
        EXPECT_NE(m.find(".width"), std::string::npos) << m;
      }
    }
    try {
      parse_geometry_yaml(
          std::string("blur:\n  width: ") + w + "\n  shape: {sphere: {radius: 1}}\n", "b.yaml");
      ADD_FAILURE() << "blur width " << w << ": no error";
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()).find("b.yaml:2: "), 0u) << e.what();
    }
  }
  // The range's ends are accepted.
  EXPECT_NO_THROW(parse_geometry_yaml(
      "smooth_union: {width: 1e-30, shapes: [{sphere: {radius: 1}}, {sphere: {radius: 2}}]}"));
  EXPECT_NO_THROW(parse_geometry_yaml(
      "smooth_union: {width: 1e30, shapes: [{sphere: {radius: 1}}, {sphere: {radius: 2}}]}"));
}

TEST(SceneYaml, AGeometryDeeperThanTheTapesStackNamesTheFile) {
  // 40 unions nested on the right need 41 stack slots (the tape holds 32): said on loading, with
  // the file and line, not later by the render without either.
  std::string node = "{sphere: {radius: 1}}";
  for (int d = 0; d < 40; ++d) node = "{union: [{sphere: {radius: 1}}, " + node + "]}";
  const std::string path = temp_path("deep_unions.yaml");
  {
    std::ofstream f(path);
    f << "geometry:\n  " << node << "\n";
  }
  try {
    (void)load_scene_file(path);
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.find(path + ":2: "), 0u) << m;
    EXPECT_NE(m.find("stack slots"), std::string::npos) << m;
  }
}

TEST(SceneYaml, NestingBeyondTheParsersDepthIsSaidSo) {
  // yaml-cpp's own message for this is "bad file".
  try {
    parse_geometry_yaml("union: " + std::string(3000, '['), "deep.yaml");
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("deep.yaml:1: YAML syntax error: nested too deeply"), std::string::npos) << m;
  }
}

TEST(SceneYaml, TransformsNestedDeeperThanTheTapeHoldsNameTheLine) {
  std::string text = "geometry:\n";
  for (int level = 0; level < 40; ++level)
    text += std::string(2 + 4 * level, ' ') + "translate:\n" + std::string(4 + 4 * level, ' ') +
            "by: [0.01, 0, 0]\n" + std::string(4 + 4 * level, ' ') + "shape:\n";
  text += std::string(4 + 4 * 40, ' ') + "sphere: {radius: 1}\n";
  const std::string scene = temp_path("alfven_deep_transforms.yaml");
  {
    std::ofstream f(scene);
    f << text;
  }
  try {
    load_scene_file(scene);
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find(scene + ":"), std::string::npos) << m;
    EXPECT_NE(m.find("point transforms (translate, rotate"), std::string::npos) << m;
    EXPECT_NE(m.find("nested more than 32 deep"), std::string::npos) << m;
  }
  std::remove(scene.c_str());
}

TEST(SceneYaml, AliasesThatMultiplyIntoMillionsOfShapesAreRefused) {
  // Level n is a union of ten copies of level n - 1: 10^8 spheres from about 600 bytes of text
  // (a "billion laughs" file). Without a limit the parse filled the memory for minutes.
  std::string text = "union:\n  - &l0 {sphere: {radius: 0.1}}\n";
  for (int level = 1; level <= 8; ++level) {
    text += "  - &l" + std::to_string(level) + " {union: [";
    for (int copy = 0; copy < 10; ++copy)
      text += (copy ? ", *l" : "*l") + std::to_string(level - 1);
    text += "]}\n";
  }
  try {
    parse_geometry_yaml(text, "bomb.yaml");
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("bomb.yaml:"), std::string::npos) << m;
    EXPECT_NE(m.find("more than 100000 operations"), std::string::npos) << m;
    EXPECT_NE(m.find("aliases"), std::string::npos) << m;
  }
  // Aliases used a few times are fine: three copies of one translated sphere.
  const Expr y = parse_geometry_yaml(
      "union:\n  - &s {translate: {by: [2, 0, 0], shape: {sphere: {radius: 1}}}}\n  - *s\n"
      "  - *s\n");
  EXPECT_NEAR(eval(y, V{2, 0, 0}), -1.0, 1e-12);
  EXPECT_NEAR(eval(y, V{0, 0, 0}), 1.0, 1e-12);
}

// Five nested blurs were accepted by the parser and refused later by the tape, without a file or
// line. Four (Tape::MaxLoops) evaluate.
TEST(SceneYaml, BlursNestedDeeperThanTheTapeHoldsNameTheLine) {
  auto nested = [](int levels) {
    std::string text;
    for (int l = 0; l < levels; ++l)
      text += std::string(std::size_t(4 * l), ' ') + "blur:\n" +
              std::string(std::size_t(4 * l + 2), ' ') + "width: 0.01\n" +
              std::string(std::size_t(4 * l + 2), ' ') + "shape:\n";
    return text + std::string(std::size_t(4 * levels), ' ') + "sphere: {radius: 1}\n";
  };
  const Expr four = parse_geometry_yaml(nested(4), "four.yaml");
  EXPECT_NEAR(eval(four, V{3, 0, 0}), 2.0, 1e-3);  // a blur of a linear field leaves it as it is
  try {
    parse_geometry_yaml(nested(5), "five.yaml");
    FAIL() << "no error";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("five.yaml:13"), std::string::npos) << m;  // the fifth blur's map
    EXPECT_NE(m.find("nested more than 4 deep"), std::string::npos) << m;
  }
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

// Settings a render cannot honour are refused with the file, line and rule: colours outside
// [0, 1], a light without a direction (its normalisation gave NaN shading), hit_tolerance 0
// (sphere tracing never reaches the surface: an empty image).
TEST(SceneYaml, RenderSettingsOutOfRangeAreRefusedWithTheLine) {
  const std::string scene = temp_path("alfven_bad_scene.yaml");
  const std::string geometry = "geometry: {sphere: {radius: 1}}\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"color: [1.5, 0, 0]\n", ":2: color components (red, green, blue) must be in [0, 1]"},
      {"background: [0, -0.1, 0]\n", ":2: background components"},
      {"lights: [{direction: [0, 0, 0]}]\n", ":2: light.direction must be a nonzero vector"},
      {"lights: [{direction: [1, 0, 0], intensity: -1}]\n", ":2: light.intensity must be"},
      {"ambient: 2\n", ":2: ambient must be in [0, 1]"},
      {"max_steps: 0\n", ":2: max_steps must be a whole number in 1..1000000"},
      {"hit_tolerance: 0\n", ":2: hit_tolerance must be > 0"},
      {"hit_tolerance: .nan\n", ":2: hit_tolerance must be > 0"},
      {"hit_tolerance: 1e-46\n", ":2: hit_tolerance must be > 0"},  // 0 in float
      {"lights: [{direction: [1e200, 1e200, 1e200]}]\n", ":2: light.direction must be"},
      {"camera: {position: [0, 0, 5], look_at: [0, 0, 5]}\n", ":2: the camera looks at its own"},
      {"camera: {position: [0, 0, 5], up: [0, 0, 0]}\n", ":2: camera.up must be a nonzero"},
      {"camera: {position: [0, 0, 5], up: [0, 0, 2]}\n", ":2: camera.up must be a nonzero"},
      {"camera: {position: [.nan, 0, 5]}\n", ":2: camera.position must be finite"},
      {"camera: {fov_deg: 180}\n", ":2: camera.fov_deg must be in (0, 180)"}};
  for (const auto& [line, message] : cases) {
    {
      std::ofstream f(scene);
      f << geometry << line;
    }
    try {
      load_scene_file(scene);
      ADD_FAILURE() << "accepted: " << line;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(scene + message), std::string::npos) << e.what();
    }
  }
  {
    std::ofstream f(scene);
    f << geometry << "color: [1, 0, 0.5]\nambient: 0\nmax_steps: 1\nhit_tolerance: 1e-9\n";
  }
  EXPECT_NO_THROW(load_scene_file(scene));  // the ends of the ranges are allowed
  std::remove(scene.c_str());
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

// ---- mesh: {file, sign, build, clean} -------------------------------------------------------

namespace {
/// The MeshSDF of the file `path` as the scene reads it (read_mesh, then clean unless
/// `do_clean` is false), built directly with `options`.
class DirectMesh {
 public:
  DirectMesh(const std::string& path, const MeshSDFOptions& options, bool do_clean = true) {
    TriangleMesh m = read_mesh(path);
    if (do_clean) clean(m);
    sdf_ = MeshSDF<double>::build(pool_, m, options).rebased_view(pool_);
  }
  double operator()(const V& p) const { return sdf_.signed_distance(p); }

 private:
  Pool pool_;
  MeshSDF<double> sdf_;
};
/// A double tape of `e`, built once (eval() rebuilds it, meshes included, on every call).
class Compiled {
 public:
  explicit Compiled(const Expr& e) : tape_(Tape<double>::build(pool_, e)) {}
  double operator()(const V& p) const { return tape_.rebased_view(pool_).signed_distance(p); }

 private:
  Pool pool_;
  Tape<double> tape_;
};
void write_text(const std::string& path, const std::string& text) {
  std::ofstream f(path);
  f << text;
}
/// The message of the alfven::Error `f` throws ("" and a test failure if none).
template <typename F>
std::string error_of(F f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return "";
}
}  // namespace

// A mesh united with a sphere evaluates to min(mesh SDF, sphere SDF), the mesh SDF being a
// MeshSDF of the same file built directly with the options the YAML names.
TEST(SceneYaml, MeshUnitedWithASphere) {
  alfven_test::TempDir dir;
  const std::string stl = dir.file("ball.stl");
  write_stl(make_icosphere(0.6, 2, V{0.8, 0, 0}), stl);
  const std::string scene = dir.file("scene.yaml");
  write_text(scene,
             "geometry:\n"
             "  union:\n"
             "    - mesh: {file: " +
                 stl +
                 ", sign: winding, build: sah, clean: true}\n"
                 "    - sphere: {center: [0, 0, 0], radius: 0.5}\n");
  const Scene s = load_scene_file(scene);
  const Expr y = load_geometry_file(scene);
  MeshSDFOptions winding;
  winding.sign = SignMode::WindingNumber;
  winding.build = BVHBuild::SAH;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.5, 2);
  const DirectMesh direct(stl, winding);
  const Compiled scene_sdf(s.geometry), geometry_sdf(y);
  int inside_mesh = 0;
  for (int k = 0; k < 200; ++k) {
    const V p{u(rng), u(rng), u(rng)};
    const double m = direct(p);
    inside_mesh += m < 0;
    const double want = std::min(m, length(p) - 0.5);
    ASSERT_NEAR(scene_sdf(p), want, 1e-12) << p.x << " " << p.y << " " << p.z;
    ASSERT_NEAR(geometry_sdf(p), want, 1e-12);
  }
  EXPECT_GT(inside_mesh, 0);

  // Defaults (pseudonormal, sah, cleaned) and the other choices, each against its direct build.
  const std::string cases[] = {
      "{file: " + stl + "}", "{file: " + stl + ", sign: pseudonormal, build: morton}",
      "{file: " + stl + ", build: morton, clean: false}", "{file: " + stl + ", build: lbvh}"};
  MeshSDFOptions morton, lbvh;
  morton.build = BVHBuild::Morton;
  lbvh.build = BVHBuild::LBVH;
  const MeshSDFOptions opts[] = {MeshSDFOptions{}, morton, morton, lbvh};
  const bool cleaned[] = {true, true, false, true};
  for (int c = 0; c < 4; ++c) {
    const Expr e = parse_geometry_yaml("mesh: " + cases[c]);
    ASSERT_EQ(e.op, Op::Mesh);
    EXPECT_EQ(e.mesh_options.sign, SignMode::Pseudonormal) << cases[c];
    EXPECT_EQ(e.mesh_options.build, opts[c].build) << cases[c];
    const DirectMesh d(stl, opts[c], cleaned[c]);
    const Compiled t(e);
    for (int k = 0; k < 50; ++k) {
      const V p{u(rng), u(rng), u(rng)};
      ASSERT_NEAR(t(p), d(p), 1e-12) << cases[c];
    }
  }
}

// Without `sign`, a mesh validate() finds unfit for pseudonormals (here: open, one triangle
// removed) gets the winding-number sign; an explicit sign is kept.
TEST(SceneYaml, MeshWithoutSignFallsBackToWindingWhenUnfit) {
  alfven_test::TempDir dir;
  TriangleMesh holed = make_icosphere(1, 2);
  holed.triangles.pop_back();
  const std::string stl = dir.file("open.stl");
  write_stl(holed, stl);
  EXPECT_EQ(parse_geometry_yaml("mesh: {file: " + stl + "}").mesh_options.sign,
            SignMode::WindingNumber);
  EXPECT_EQ(parse_geometry_yaml("mesh: {file: " + stl + ", sign: pseudonormal}").mesh_options.sign,
            SignMode::Pseudonormal);
  const std::string closed = dir.file("closed.stl");
  write_stl(make_icosphere(1, 2), closed);
  EXPECT_EQ(parse_geometry_yaml("mesh: {file: " + closed + "}").mesh_options.sign,
            SignMode::Pseudonormal);
}

// A relative mesh path is resolved against the scene file's directory, not the working one.
TEST(SceneYaml, MeshPathIsRelativeToTheSceneFile) {
  alfven_test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "scenes" / "meshes");
  const std::string stl = (dir.path() / "scenes" / "meshes" / "ball.stl").string();
  write_stl(make_icosphere(0.6, 1), stl);
  const std::string scene = (dir.path() / "scenes" / "scene.yaml").string();
  write_text(scene,
             "image: {width: 8, height: 8}\n"
             "geometry:\n"
             "  union:\n"
             "    - mesh: {file: meshes/ball.stl}\n"
             "    - sphere: {center: [2, 0, 0], radius: 0.5}\n");
  ASSERT_NE(std::filesystem::current_path(), dir.path() / "scenes");
  const Scene s = load_scene_file(scene);
  const Expr g = load_geometry_file(scene);
  const DirectMesh direct(stl, {});
  for (const V p : {V{0, 0, 0}, V{0.3, -0.2, 0.1}, V{1, 1, 1}}) {
    const double want = std::min(direct(p), length(p - V{2, 0, 0}) - 0.5);
    EXPECT_NEAR(eval(s.geometry, p), want, 1e-12);
    EXPECT_NEAR(eval(g, p), want, 1e-12);
  }
  // From a string there is no scene file: the same relative path is not found (working dir).
  const std::string m = error_of([] { parse_geometry_yaml("mesh: {file: meshes/ball.stl}"); });
  EXPECT_NE(m.find("cannot open"), std::string::npos) << m;
}

// Errors name the scene file, the line of the node, the key and what was expected.
TEST(SceneYaml, MeshErrorsNameTheLineAndKey) {
  alfven_test::TempDir dir;
  const std::string stl = dir.file("ball.stl");
  write_stl(make_icosphere(1, 1), stl);
  const std::string scene = dir.file("bad.yaml");
  auto load = [&](const std::string& mesh_line) {
    write_text(scene,
               "geometry:\n"
               "  union:\n"
               "    - sphere: {radius: 1}\n"
               "    - mesh: " +
                   mesh_line + "\n");
    return error_of([&] { load_scene_file(scene); });
  };
  auto expect_has = [](const std::string& m, const std::string& part) {
    EXPECT_NE(m.find(part), std::string::npos) << "'" << part << "' not in: " << m;
  };
  std::string m = load("{file: ball.stl, colour: red}");  // unknown key
  expect_has(m, scene + ":4");
  expect_has(m, "unknown key 'colour' in 'mesh'");
  expect_has(m, "build, clean, file, sign");
  m = load("{file: no_such_part.stl}");  // missing file: the reader's message
  expect_has(m, scene + ":4");
  expect_has(m, "mesh.file");
  expect_has(m, "no_such_part.stl");
  expect_has(m, "cannot open");
  m = load("{file: ball.stl, sign: signed}");  // bad sign
  expect_has(m, scene + ":4");
  expect_has(m, "mesh.sign must be pseudonormal or winding (got 'signed')");
  m = load("{file: ball.stl, build: fast}");
  expect_has(m, "mesh.build must be sah, morton or lbvh (got 'fast')");
  m = load("{file: ball.stl, clean: maybe}");
  expect_has(m, "mesh.clean must be true or false (got 'maybe')");
  m = load("{sign: winding}");
  expect_has(m, scene + ":4");
  expect_has(m, "'mesh' needs the key 'file'");
  m = load("{file: [a, b]}");
  expect_has(m, "mesh.file must be a string");
  m = load("ball.stl");
  expect_has(m, "'mesh' expects a map of parameters");
  // A file the reader rejects: its message (with the place in the file) comes through.
  write_text(dir.file("broken.obj"), "v 0 0 0\nv 1 0 0\nf 1 2 3\n");
  m = load("{file: broken.obj}");
  expect_has(m, scene + ":4");
  expect_has(m, "broken.obj");
  m = load("{file: part.xyz}");
  expect_has(m, ".stl");  // the supported extensions
}
