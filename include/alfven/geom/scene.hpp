/// @file scene.hpp
/// @brief Geometry and scenes from YAML, and rendering a scene file to PNG. Declarations of
/// the compiled library alfven_geom_tools (link it; yaml-cpp and libpng stay inside it).
///
/// A geometry node is a map with exactly one key, the operation, whose value holds its
/// parameters (lengths in the scene's unit, angles in degrees):
///
///   sphere: {center: [0, 0, 0], radius: 1}      box: {half: [1, 2, 3]}
///   rounded_box: {half: [...], radius: r}      torus: {major_radius: R, minor_radius: r}
///   cylinder: {radius: r, half_height: h}      infinite_cylinder: {radius: r}
///   capsule: {half_length: h, radius: r}       cone: {radius: r, height: h}
///   infinite_cone: {angle_deg: a}              rounded_cylinder: {radius, half_height, rounding}
///   plane: {point: [...], normal: [...]}       noise: {frequency, amplitude, persistence, octaves,
///   seed} translate: {by: [x, y, z], shape: NODE}    rotate: {axis: [...], angle_deg: a, shape:
///   NODE} rotate: {quaternion: [w, x, y, z], shape}  scale: {factor: s, shape: NODE} offset:
///   {distance: d, shape}               annular: {thickness: t, shape} elongate: {half: [...],
///   shape}             reflect: {axis: x|y|z, shape} repeat: {spacing: [...], count: [...], shape}
///   complement: NODE union | intersection | difference: [NODE, NODE, ...] smooth_union |
///   smooth_intersection | smooth_difference | exp_union | exp_intersection:
///       {width: k, shapes: [NODE, ...]}
///
///   blur: {width: w, shape: NODE}             mollify: {width: w, shape: NODE}
///
///   mesh: {file: part.stl, sign: pseudonormal|winding, build: sah|morton|lbvh, clean: true|false}
///       A triangle mesh (Expr::mesh). `file` is required: any format read_mesh reads (.stl,
///       .ply, .obj, .vtk); a relative path is resolved against the directory of the scene
///       file (load_scene_file, load_geometry_file) or the working directory
///       (parse_geometry_yaml). The mesh is cleaned with clean() unless `clean: false`.
///       `build` defaults to sah. `sign` defaults to pseudonormal, except that when `sign` is
///       not given and validate() finds the (cleaned) mesh not fit_for_pseudonormal() (holes,
///       non-manifold or inconsistent edges, self-overlaps, ...), winding is chosen silently
///       (the scene API has no channel for notes). The file is read when the YAML is parsed;
///       a reading error names the YAML line and carries the reader's message.
///
/// Every key is validated: an unknown or missing key, a wrong type or a bad value throws
/// alfven::Error naming the source and the line.
#pragma once

#include <string>

#include "render.hpp"
#include "tape.hpp"

namespace alfven {
namespace geom {

/// Parses one geometry node from YAML text. `source` names the text in error messages;
/// relative mesh file paths resolve against `base_dir` ("": the working directory).
Expr parse_geometry_yaml(const std::string& yaml_text, const std::string& source = "<string>",
                         const std::string& base_dir = "");

/// Reads the `geometry:` node of the YAML file at `path`.
Expr load_geometry_file(const std::string& path);

/// A scene: what to draw and how.
///
///   image: {width: 640, height: 480}
///   camera: {position: [x, y, z], look_at: [...], up: [0, 0, 1], fov_deg: 40}
///   lights: [{direction: [1, -1, 2], intensity: 0.8}, ...]     (at most 4)
///   color: [0.85, 0.55, 0.3]          background: [0.1, 0.12, 0.16]
///   ambient: 0.15                     max_steps: 256       hit_tolerance: 1e-4
///   geometry: NODE
/// Only `geometry` is required.
struct Scene {
  Camera<double> camera;
  RenderSettings<double> settings;
  Expr geometry;
};

/// Reads a scene file. Throws alfven::Error naming the file and line on any error.
Scene load_scene_file(const std::string& path);

/// Renders `scene` to the PNG `png_path` (its camera's width x height pixels): the geometry is
/// compiled to a float tape, mirrored into gpu::memory_resource() and sphere traced there.
/// Throws alfven::Error on any error (a bad geometry, a PNG that cannot be written).
void render_scene(const Scene& scene, const std::string& png_path);

/// Renders the scene file at `scene_yaml_path` to the PNG `png_path`: the geometry is compiled
/// to a float tape, mirrored into gpu::memory_resource() and sphere traced there. This is
/// `alfven render SCENE.yaml -o image.png` (which loads the scene, applies --width/--height and
/// calls render_scene). Throws alfven::Error on any error.
void render_scene_file(const std::string& scene_yaml_path, const std::string& png_path);

}  // namespace geom
}  // namespace alfven
