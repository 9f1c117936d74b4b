/// @file overrides.cpp
/// @brief Parsing and applying `--set KEY=VALUE`.
#include "overrides.hpp"

#include <fmt/format.h>

#include <cstring>
#include <filesystem>
#include <optional>

#include "alfven/core/text.hpp"
#include "alfven/geom/yaml_error.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

namespace {

/// "a.b.c" -> {"a", "b", "c"}; nullopt if a component is empty.
std::optional<std::vector<std::string>> split_key(const std::string& key) {
  std::vector<std::string> parts = text::split(key, '.');
  for (const std::string& part : parts)
    if (part.empty()) return std::nullopt;
  return parts;
}

/// The value text as a YAML node; nullopt (recorded) when it does not parse.
std::optional<YAML::Node> parse_value(const std::string& text, const std::string& location,
                                      Diagnostics& diagnostics) {
  if (text.empty()) return YAML::Node(std::string());
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception& e) {
    diagnostics.error_at(location,
                         "the value is not valid YAML (" + geom::yaml_error_text(e) + ")");
    return std::nullopt;
  }
}

/// Sets root[parts...] = value, creating missing sections. False if a part of the path holds a
/// value that is not a map (the path goes through a key, not a section).
bool set_path(YAML::Node& root, const std::vector<std::string>& parts, const YAML::Node& value,
              std::string& blocked_at) {
  YAML::Node section = root;  // a handle: reset() rebinds it, = would overwrite the content
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    blocked_at = blocked_at.empty() ? parts[i] : blocked_at + "." + parts[i];
    YAML::Node child = section[parts[i]];
    if (!child.IsDefined() || child.IsNull()) {
      section[parts[i]] = YAML::Node(YAML::NodeType::Map);
    } else if (!child.IsMap()) {
      return false;
    }
    section.reset(section[parts[i]]);
  }
  section[parts.back()] = value;
  return true;
}

/// True for a word that names a configuration file rather than a KEY=VALUE: it ends in .yaml or
/// .yml, or is an existing file.
bool looks_like_a_file(const std::string& word) {
  auto ends_with = [&](const char* tail) {
    const std::size_t n = std::strlen(tail);
    return word.size() >= n && word.compare(word.size() - n, n, tail) == 0;
  };
  std::error_code ec;
  return ends_with(".yaml") || ends_with(".yml") || std::filesystem::is_regular_file(word, ec);
}

void apply_one(YAML::Node& root, const std::string& assignment, Diagnostics& diagnostics) {
  const std::string location = "--set " + excerpt(assignment);
  const std::size_t equals = assignment.find('=');
  if (equals == std::string::npos) {
    if (looks_like_a_file(assignment)) {
      // `alfven run --set time.max_steps=1 my.yaml`: --set took the file name too.
      diagnostics.error_at(
          location, fmt::format("this looks like the configuration file, but --set takes every "
                                "word after it up to the next option, so it was read as an "
                                "override; put the file first (alfven run {} --set ...)",
                                excerpt(assignment)));
      return;
    }
    diagnostics.error_at(location, "expected KEY=VALUE, e.g. --set time.tend=0.5");
    return;
  }
  const std::string key = text::trim(std::string_view(assignment).substr(0, equals));
  const auto parts = split_key(key);
  if (!parts) {
    diagnostics.error_at(location,
                         fmt::format("\"{}\" is not a dotted key such as grid.i_size", key));
    return;
  }
  const auto value = parse_value(text::trim(std::string_view(assignment).substr(equals + 1)),
                                 location, diagnostics);
  if (!value) return;
  std::string blocked_at;
  if (!set_path(root, *parts, *value, blocked_at)) {
    diagnostics.error_at(location, fmt::format("{}: {} holds a value, not a section, so it has no "
                                               "key {}",
                                               key, blocked_at, key));
    return;
  }
  diagnostics.note_override(key, assignment);
}

}  // namespace

void apply_overrides(YAML::Node& root, const std::vector<std::string>& overrides,
                     Diagnostics& diagnostics) {
  for (const std::string& assignment : overrides) apply_one(root, assignment, diagnostics);
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
