/// @file bodies.cpp
/// @brief The `bodies:` section: a list of embedded bodies, each `{geometry: NODE, wall: ...,
/// magnetic: ...}` (docs/embedded-boundaries.md); a no_slip wall needs viscosity.nu > 0. The
/// geometry node is parsed here by the scene parser, so that a bad shape or a mesh that cannot be
/// read is reported with the configuration's file and line before anything runs (not for commands
/// that never build the bodies: BodyGeometryCheck::TextOnly); it is kept as YAML text with its
/// mesh paths made absolute.
#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "alfven/geom/scene_yaml.hpp"
#include "scalars.hpp"
#include "sections.hpp"
#include "suggest.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

std::string base_directory(const std::string& source) {
  if (source.rfind("built-in:", 0) == 0 || source.empty() || source[0] == '<') return "";
  return std::filesystem::path(source).parent_path().string();
}

namespace {

/// `value` is one of `choices`: returns it; else records an error and returns "".
std::string read_choice(const std::string& key, const YAML::Node& value,
                        const std::vector<std::string>& choices, Diagnostics& diagnostics) {
  const auto text = value.IsScalar() ? read_text(value) : std::nullopt;
  if (text) {
    for (const auto& c : choices)
      if (*text == c) return c;
  }
  std::string hint;
  if (text) {
    const std::string close = closest_match(*text, choices);
    if (!close.empty()) hint = "; did you mean `" + close + "`?";
  }
  diagnostics.error(key, value.Mark(),
                    "expected one of " + join_names(choices) + ", got " + describe(value) + hint);
  return "";
}

/// Reads one body into `bodies`; `viscosity` (viscosity.nu, already read) decides whether a
/// no_slip wall is allowed; `geometry` whether the geometry node is parsed (its meshes read).
void read_body(const std::string& key, const YAML::Node& entry, const std::string& base_dir,
               double viscosity, BodyGeometryCheck geometry, std::vector<BodyConfig>& bodies,
               Diagnostics& diagnostics) {
  if (!entry.IsMap()) {
    diagnostics.error(
        key, entry.Mark(),
        "expected a map {geometry: NODE, wall: slip, magnetic: reflect}, got " + describe(entry));
    return;
  }
  BodyConfig body;
  bool ok = true, has_geometry = false;
  for_each_entry(
      entry, key, diagnostics,
      [&](const std::string& name, const YAML::Mark& mark, const YAML::Node& value) {
        const std::string path = join_key(key, name);
        if (name == "geometry") {
          has_geometry = true;
          try {
            if (geometry == BodyGeometryCheck::Parse) {
              // A node of a --set value is cited by the override: its line 1 is no line of the
              // configuration file.
              const std::string set = diagnostics.override_of(path);
              geom::parse_geometry_node(value, set.empty() ? diagnostics.source() : set, base_dir,
                                        set.empty());
            }
            YAML::Emitter out;
            out << geom::with_absolute_mesh_paths(value, base_dir);
            body.geometry = out.c_str();
          } catch (const Error& e) {
            diagnostics.error_at(path, e.what());
            ok = false;
          }
        } else if (name == "wall") {
          body.wall = read_choice(path, value, {"slip", "no_slip", "fixed"}, diagnostics);
          if (body.wall == "no_slip" && !(viscosity > 0)) {
            diagnostics.error(path, value.Mark(),
                              "no_slip needs a physical viscosity: set viscosity.nu > 0 "
                              "(without it the wall cannot hold the flow; use slip for "
                              "free slip, or fixed)");
            body.wall.clear();
          }
          ok = ok && !body.wall.empty();
        } else if (name == "magnetic") {
          body.magnetic = read_choice(path, value, {"reflect", "copy"}, diagnostics);
          ok = ok && !body.magnetic.empty();
        } else {
          const std::vector<std::string> known = {"geometry", "wall", "magnetic"};
          const std::string close = closest_match(name, known);
          diagnostics.error(path, mark,
                            close.empty()
                                ? "unknown key (valid: " + join_names(known) + ")"
                                : "unknown key; did you mean `" + join_key(key, close) + "`?");
          ok = false;
        }
      });
  if (!has_geometry) {
    diagnostics.error(key, entry.Mark(),
                      "required key `geometry` is missing (a geometry node "
                      "of scene files, e.g. {sphere: {center: [0, 0, 0], "
                      "radius: 0.5}})");
    ok = false;
  }
  if (ok) bodies.push_back(body);
}

}  // namespace

void read_bodies(const TreeContents& contents, RunConfig& config, Diagnostics& diagnostics,
                 BodyGeometryCheck geometry) {
  const auto section = contents.sections.find("bodies");
  if (section == contents.sections.end() || section->second.node.IsNull()) return;
  const YAML::Node& list = section->second.node;
  if (!list.IsSequence()) {
    diagnostics.error("bodies", list.Mark(),
                      "expected a list of bodies, each {geometry: NODE, wall: slip, magnetic: "
                      "reflect}, got " +
                          describe(list));
    return;
  }
  const std::string base_dir = base_directory(diagnostics.source());
  for (std::size_t i = 0; i < list.size(); ++i)
    read_body("bodies[" + std::to_string(i) + "]", list[i], base_dir, config.viscosity, geometry,
              config.bodies, diagnostics);
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
