/// @file boundary.cpp
/// @brief The `boundary:` section: per face, one kind for all variables or a per-variable map.
///
/// `reflecting` is a wall: symmetric for every variable except the velocity and magnetic-field
/// components normal to the face, which are antisymmetric.
#include <fmt/format.h>

#include <algorithm>

#include "scalars.hpp"
#include "sections.hpp"
#include "suggest.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

namespace {

enum class KindWord { Outflow, Symmetric, Antisymmetric, Reflecting, Fixed };
const char* const kind_words[] = {"outflow", "symmetric", "antisymmetric", "reflecting", "fixed"};
constexpr int num_kind_words = 5;
const char* const axis_names[] = {"x", "y", "z"};

/// The kind `word` means for variable `var` at face `face`.
BoundaryKind resolve(KindWord word, int face, int var) {
  switch (word) {
    case KindWord::Outflow:
      return BoundaryKind::Outflow;
    case KindWord::Symmetric:
      return BoundaryKind::Symmetric;
    case KindWord::Antisymmetric:
      return BoundaryKind::Antisymmetric;
    case KindWord::Fixed:
      return BoundaryKind::Fixed;
    case KindWord::Reflecting:
      break;
  }
  const int axis = face / 2;
  const bool normal = var == velocity_x + axis || var == magnetic_field_x + axis;
  return normal ? BoundaryKind::Antisymmetric : BoundaryKind::Symmetric;
}

/// The kind word a node spells; records an error and returns nullopt otherwise.
std::optional<KindWord> read_kind(const std::string& key, const YAML::Node& node,
                                  Diagnostics& diagnostics) {
  const auto text = node.IsScalar() ? read_text(node) : std::nullopt;
  for (int w = 0; text && w < num_kind_words; ++w) {
    if (*text == kind_words[w]) return static_cast<KindWord>(w);
  }
  std::string hint;
  if (text && *text == "periodic") {
    hint = " (a periodic axis is set with domain.periodic.<axis>: true, not here)";
  }
  diagnostics.error(key, node.Mark(),
                    fmt::format("expected one of outflow, symmetric, antisymmetric, reflecting, "
                                "fixed, got {}{}",
                                describe(node), hint));
  return std::nullopt;
}

/// The variables a per-variable key names: one variable, or a vector's three components.
std::vector<int> variables_named(const std::string& name) {
  if (name == "velocity") return {velocity_x, velocity_y, velocity_z};
  if (name == "magnetic_field") return {magnetic_field_x, magnetic_field_y, magnetic_field_z};
  for (int v = 0; v < num_vars; ++v) {
    if (name == var_name(v)) return {v};
  }
  return {};
}

std::vector<std::string> per_variable_keys() {
  std::vector<std::string> keys = {"default", "velocity", "magnetic_field"};
  for (int v = 0; v < num_vars; ++v) keys.push_back(var_name(v));
  return keys;
}

/// A map `{default: K, velocity: K, density: K, ...}`: default first, then vectors, then single
/// variables, whatever their order in the file.
void read_per_variable(const std::string& key, const YAML::Node& map, int face,
                       BoundaryKind (&kinds)[num_vars], Diagnostics& diagnostics) {
  std::vector<std::pair<std::vector<int>, KindWord>> settings[3];  // default, vectors, single
  for_each_entry(
      map, key, diagnostics,
      [&](const std::string& name, const YAML::Mark& mark, const YAML::Node& value) {
        const std::string path = join_key(key, name);
        std::vector<int> vars = variables_named(name);
        int rank = vars.size() == 1 ? 2 : 1;
        if (name == "default") {
          for (int v = 0; v < num_vars; ++v) vars.push_back(v);
          rank = 0;
        }
        if (vars.empty()) {
          const std::string close = closest_match(name, per_variable_keys());
          diagnostics.error(
              path, mark,
              close.empty()
                  ? "unknown variable (valid: " + join_names(per_variable_keys()) + ")"
                  : fmt::format("unknown variable; did you mean `{}`?", join_key(key, close)));
          return;
        }
        if (const auto word = read_kind(path, value, diagnostics)) {
          settings[rank].emplace_back(vars, *word);
        }
      });
  for (const auto& level : settings) {
    for (const auto& [vars, word] : level) {
      for (int v : vars) kinds[v] = resolve(word, face, v);
    }
  }
}

/// One `x_lower: ...` entry.
void read_face(const std::string& name, const YAML::Mark& mark, const YAML::Node& value,
               RunConfig& config, Diagnostics& diagnostics) {
  const std::string key = "boundary." + name;
  int face = 0;
  while (face < num_faces && name != face_name(face)) ++face;
  if (face == num_faces) {
    std::vector<std::string> faces;
    for (int f = 0; f < num_faces; ++f) faces.push_back(face_name(f));
    const std::string close = closest_match(name, faces);
    diagnostics.error(key, mark,
                      close.empty()
                          ? "unknown face (valid: " + join_names(faces) + ")"
                          : fmt::format("unknown face; did you mean `boundary.{}`?", close));
    return;
  }
  const int axis = face / 2;
  if (config.periodic[axis]) {
    diagnostics.error(key, mark,
                      fmt::format("the {0} axis is periodic (domain.periodic.{0}: true); remove "
                                  "this entry or set domain.periodic.{0}: false",
                                  axis_names[axis]));
    return;
  }
  BoundaryKind(&kinds)[num_vars] = config.boundary.kind[face];
  if (value.IsMap()) {
    read_per_variable(key, value, face, kinds, diagnostics);
  } else if (const auto word = read_kind(key, value, diagnostics)) {
    for (int v = 0; v < num_vars; ++v) kinds[v] = resolve(*word, face, v);
  }
}

}  // namespace

void read_boundary(const TreeContents& contents, RunConfig& config, Diagnostics& diagnostics) {
  for (int face = 0; face < num_faces; ++face) {
    const BoundaryKind kind =
        config.periodic[face / 2] ? BoundaryKind::Periodic : BoundaryKind::Outflow;
    std::fill(config.boundary.kind[face], config.boundary.kind[face] + num_vars, kind);
  }
  const auto section = contents.sections.find("boundary");
  if (section == contents.sections.end() || !section->second.node.IsMap()) return;
  for_each_entry(section->second.node, "boundary", diagnostics,
                 [&](const std::string& name, const YAML::Mark& mark, const YAML::Node& value) {
                   read_face(name, mark, value, config, diagnostics);
                 });
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
