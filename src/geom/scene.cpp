// Scene files (a geometry with a camera, lights and colours) and rendering a scene to PNG; the
// geometry itself is parsed by scene_yaml.cpp.
#include "alfven/geom/scene.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "alfven/core/error.hpp"
#include "alfven/core/pool.hpp"
#include "alfven/io/png.hpp"
#include "scene_parse.hpp"

namespace alfven {
namespace geom {

using namespace scene_parse;

namespace {
Scene parse_scene(const YAML::Node& root, const std::string& path) {
  const Context c{path, directory_of(path)};
  check_keys(c, root, "scene", {"geometry"},
             {"image", "camera", "lights", "color", "background", "ambient", "max_steps",
              "hit_tolerance"});
  Scene s;
  s.geometry = parse_node(c, root["geometry"]);
  try {  // the render's tape limits (its value stack), said with the line of the geometry
    Tape<float>::check(s.geometry);
  } catch (const Error& e) {
    fail(c, root["geometry"], e.what());
  }
  if (const YAML::Node im = root["image"]) {
    check_keys(c, im, "image", {"width", "height"});
    s.camera.width = int(number(c, im["width"], "image.width"));
    s.camera.height = int(number(c, im["height"], "image.height"));
    if (s.camera.width <= 0 || s.camera.height <= 0 || s.camera.width > 16384 ||
        s.camera.height > 16384)
      fail(c, im, "image width and height must be in 1..16384");
  }
  if (const YAML::Node cam = root["camera"]) {
    check_keys(c, cam, "camera", {}, {"position", "look_at", "up", "fov_deg"});
    if (cam["position"]) s.camera.position = vec3(c, cam["position"], "camera.position");
    if (cam["look_at"]) s.camera.look_at = vec3(c, cam["look_at"], "camera.look_at");
    if (cam["up"]) s.camera.up = vec3(c, cam["up"], "camera.up");
    if (cam["fov_deg"]) s.camera.fov_degrees = number(c, cam["fov_deg"], "camera.fov_deg");
    // The render runs in float: every coordinate finite there.
    const std::pair<const char*, const Vec3<double>*> vectors[] = {
        {"position", &s.camera.position}, {"look_at", &s.camera.look_at}, {"up", &s.camera.up}};
    for (const auto& [key, v] : vectors)
      if (cam[key] &&
          !(std::fabs(v->x) <= 1e30 && std::fabs(v->y) <= 1e30 && std::fabs(v->z) <= 1e30))
        fail(c, cam[key], std::string("camera.") + key + " must be finite numbers within 1e30");
    if (!(s.camera.fov_degrees > 0 && s.camera.fov_degrees < 180))
      fail(c, cam["fov_deg"] ? cam["fov_deg"] : cam, "camera.fov_deg must be in (0, 180)");
    const Vec3<double> forward = s.camera.look_at - s.camera.position;
    if (!(length(forward) > 0))
      fail(c, cam,
           "the camera looks at its own position: camera.look_at must differ from "
           "camera.position");
    const double side = length(cross(forward, s.camera.up));
    if (!(side > 1e-6 * length(forward) * length(s.camera.up)))
      fail(c, cam["up"] ? cam["up"] : cam,
           "camera.up must be a nonzero vector not parallel to the view direction (look_at - "
           "position)");
  }
  if (const YAML::Node ls = root["lights"]) {
    if (!ls.IsSequence() || ls.size() > std::size_t(RenderSettings<double>::MaxLights))
      fail(c, ls, "lights must be a list of at most 4 lights");
    s.settings.light_count = int(ls.size());
    for (std::size_t k = 0; k < ls.size(); ++k) {
      check_keys(c, ls[k], "light", {"direction"}, {"intensity"});
      const Vec3<double> d = vec3(c, ls[k]["direction"], "light.direction");
      const double largest = std::max({std::fabs(d.x), std::fabs(d.y), std::fabs(d.z)});
      if (!(largest > 0 && largest <= 1e30))  // the render runs in float
        fail(c, ls[k]["direction"],
             "light.direction must be a nonzero vector of finite numbers within 1e30 (from the "
             "surface towards the light)");
      s.settings.lights[k].direction = d;
      if (ls[k]["intensity"]) {
        const double i = number(c, ls[k]["intensity"], "light.intensity");
        if (!(i >= 0 && std::isfinite(i)))
          fail(c, ls[k]["intensity"], "light.intensity must be a finite number >= 0");
        s.settings.lights[k].intensity = i;
      }
    }
  }
  const auto fraction = [&](const char* key, double& to) {  // a number in [0, 1]
    to = number(c, root[key], key);
    if (!(to >= 0 && to <= 1)) fail(c, root[key], std::string(key) + " must be in [0, 1]");
  };
  const auto colour = [&](const char* key, Vec3<double>& to) {  // components in [0, 1]
    to = vec3(c, root[key], key);
    if (!(to.x >= 0 && to.x <= 1 && to.y >= 0 && to.y <= 1 && to.z >= 0 && to.z <= 1))
      fail(c, root[key], std::string(key) + " components (red, green, blue) must be in [0, 1]");
  };
  if (root["color"]) colour("color", s.settings.colour);
  if (root["background"]) colour("background", s.settings.background);
  if (root["ambient"]) fraction("ambient", s.settings.ambient);
  if (root["max_steps"]) {
    const double steps = number(c, root["max_steps"], "max_steps");
    if (!(steps >= 1 && steps <= 1e6 && steps == std::floor(steps)))
      fail(c, root["max_steps"], "max_steps must be a whole number in 1..1000000");
    s.settings.max_steps = int(steps);
  }
  if (root["hit_tolerance"]) {
    s.settings.hit_tolerance = number(c, root["hit_tolerance"], "hit_tolerance");
    if (!(s.settings.hit_tolerance >= 1e-30 && s.settings.hit_tolerance <= 1e30))
      fail(c, root["hit_tolerance"],
           "hit_tolerance must be > 0, a finite distance in [1e-30, 1e30] (below it a ray has "
           "hit the surface; sphere tracing approaches the surface from outside and never "
           "reaches 0; the render runs in float)");
  }
  return s;
}
}  // namespace

Scene load_scene_file(const std::string& path) {
  const YAML::Node root = load_file(path);
  try {
    return parse_scene(root, path);
  } catch (const YAML::Exception& e) {
    throw Error(path + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
}

void render_scene_file(const std::string& scene_yaml_path, const std::string& png_path) {
  render_scene(load_scene_file(scene_yaml_path), png_path);
}

void render_scene(const Scene& scene, const std::string& png_path) {
  if (scene.camera.width <= 0 || scene.camera.height <= 0 || scene.camera.width > 16384 ||
      scene.camera.height > 16384)
    throw Error("render: image width and height must be in 1..16384 (got " +
                std::to_string(scene.camera.width) + " x " + std::to_string(scene.camera.height) +
                ")");
  Pool pool(host_memory_resource());
  const Tape<float> tape = Tape<float>::build(pool, scene.geometry);
  pool.freeze();
  const Pool device = Pool::mirror(pool, gpu::memory_resource());
  Camera<float> cam;
  cam.position = scene.camera.position.as<float>();
  cam.look_at = scene.camera.look_at.as<float>();
  cam.up = scene.camera.up.as<float>();
  cam.fov_degrees = float(scene.camera.fov_degrees);
  cam.width = scene.camera.width;
  cam.height = scene.camera.height;
  RenderSettings<float> st;
  const RenderSettings<double>& sd = scene.settings;
  st.max_steps = sd.max_steps;
  st.max_distance = float(sd.max_distance);
  st.hit_tolerance = float(sd.hit_tolerance);
  st.normal_step = float(sd.normal_step);
  st.colour = sd.colour.as<float>();
  st.background = sd.background.as<float>();
  st.ambient = float(sd.ambient);
  st.light_count = sd.light_count;
  for (int l = 0; l < sd.light_count; ++l)
    st.lights[l] = Light<float>{sd.lights[l].direction.as<float>(), float(sd.lights[l].intensity)};
  const auto rgb = render(tape.rebased_view(device), cam, st);
  io::write_png_rgb(png_path, cam.width, cam.height, rgb);
}

}  // namespace geom
}  // namespace alfven
