// `alfven render SCENE.yaml -o image.png [--width W --height H]`: sphere-traces a scene file.
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "alfven/core/error.hpp"
#include "alfven/core/gpu.hpp"
#include "alfven/geom/scene.hpp"
#include "commands.hpp"

namespace alfven {
namespace app {

namespace {

/// What `alfven render` was asked for.
struct RenderOptions {
  std::string scene;
  std::string output = "image.png";
  int width = 0;   ///< 0: the scene's image.width (default 320)
  int height = 0;  ///< 0: the scene's image.height (default 240)
};

/// Loads the scene, applies the size overrides, renders and prints one summary line.
void render_command(const RenderOptions& o) {
  geom::Scene scene = geom::load_scene_file(o.scene);
  if (o.width < 0 || o.height < 0 || o.width > 16384 || o.height > 16384)
    throw Error("render: --width and --height must be in 1..16384");
  if (o.width > 0) scene.camera.width = o.width;
  if (o.height > 0) scene.camera.height = o.height;
  const auto t0 = std::chrono::steady_clock::now();
  geom::render_scene(scene, o.output);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("Wrote %s: %d x %d pixels, rendered in %.3g s (%s backend).\n", o.output.c_str(),
              scene.camera.width, scene.camera.height, s, gpu::backend_name());
}

}  // namespace

void add_render_command(CLI::App& app) {
  auto opts = std::make_shared<RenderOptions>();
  CLI::App* cmd = app.add_subcommand(
      "render", "Sphere-trace a geometry scene file (YAML, see docs/geometry.md) into a PNG image");
  cmd->add_option("scene", opts->scene, "Scene file: geometry, camera, lights, image size")
      ->required();
  cmd->add_option("-o,--output", opts->output, "PNG file to write (default image.png)");
  cmd->add_option("--width", opts->width, "Image width in pixels (default: the scene's, else 320)");
  cmd->add_option("--height", opts->height,
                  "Image height in pixels (default: the scene's, else 240)");
  cmd->callback([opts]() { render_command(*opts); });
}

}  // namespace app
}  // namespace alfven
