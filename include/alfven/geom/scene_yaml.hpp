/// @file scene_yaml.hpp
/// @brief The geometry parser of scene files applied to a node of another YAML document (the
/// `bodies:` of a run configuration). Host only: it includes yaml-cpp; link alfven_geom_tools.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

#include "tape.hpp"

namespace alfven {
namespace geom {

/// Parses the geometry node `node` (the syntax of scene.hpp) of the YAML file `source`: errors
/// name `source` and the line in it (`source` alone when `lines` is false: a node parsed from
/// text that is no file's lines, such as `--set bodies=[...]`, whose line 1 would point into the
/// wrong file); relative mesh file paths resolve against `base_dir` ("" for the working
/// directory). Throws alfven::Error for anything the scene parser rejects.
Expr parse_geometry_node(const YAML::Node& node, const std::string& source,
                         const std::string& base_dir, bool lines = true);

/// A copy of the geometry node `node` in which every relative `mesh: {file: ...}` path is made
/// absolute against `base_dir` (so the node means the same read from anywhere).
YAML::Node with_absolute_mesh_paths(const YAML::Node& node, const std::string& base_dir);

}  // namespace geom
}  // namespace alfven
