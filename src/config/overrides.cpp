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

/// One step of a dotted key: a section or key name, or an entry of a list (`[N]`).
struct KeyStep {
  std::string name;       ///< the name; empty for a list entry
  std::size_t index = 0;  ///< the entry of a list
};

/// "a.b[1].c" -> {a, b, [1], c}; nullopt if a component is empty or an index is not a decimal
/// number.
std::optional<std::vector<KeyStep>> split_key(const std::string& key) {
  std::vector<KeyStep> steps;
  for (const std::string& part : text::split(key, '.')) {
    const std::size_t open = part.find('[');
    if (open == 0 || part.empty()) return std::nullopt;
    steps.push_back({part.substr(0, open), 0});
    for (std::size_t at = open; at != std::string::npos && at < part.size();) {
      const std::size_t close = part.find(']', at);
      if (part[at] != '[' || close == std::string::npos || close == at + 1 || close - at > 10)
        return std::nullopt;
      const std::string digits = part.substr(at + 1, close - at - 1);
      if (digits.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
      steps.push_back({"", std::size_t(std::stoul(digits))});
      at = close + 1;
    }
  }
  return steps;
}

/// The key of `steps[0, n)` as written in messages: `bodies[0].wall`.
std::string key_text(const std::vector<KeyStep>& steps, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    if (steps[i].name.empty())
      out += "[" + std::to_string(steps[i].index) + "]";
    else
      out += (out.empty() ? "" : ".") + steps[i].name;
  }
  return out;
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

/// Sets root[steps...] = value, creating missing sections. A list entry (`bodies[0]`) must exist:
/// an override changes an entry of a list but adds or removes none. Returns "" or why the path
/// cannot be set (it goes through a value, a list by name or a section by index, or past the end
/// of a list).
std::string set_path(YAML::Node& root, const std::vector<KeyStep>& steps, const YAML::Node& value) {
  YAML::Node node = root;  // a handle: reset() rebinds it, = would overwrite the content
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const bool last = i + 1 == steps.size();
    const std::string here = key_text(steps, i), step = key_text(steps, i + 1);
    auto whole_list = [](const std::string& list) {
      return fmt::format(
          "an entry is added or removed by giving the whole list, e.g. --set '{}=[...]'", list);
    };
    if (steps[i].name.empty()) {  // an entry of the list `here`
      if (!node.IsSequence())
        return fmt::format("{} is {}, not a list, so it has no entry {}", here,
                           node.IsMap() ? "a section" : "a value", step);
      if (steps[i].index >= node.size())
        return fmt::format("{} has {} entr{}, so there is no {}: {}", here, node.size(),
                           node.size() == 1 ? "y" : "ies", step, whole_list(here));
      if (last) {
        node[steps[i].index] = value;
        return "";
      }
      node.reset(node[steps[i].index]);
      continue;
    }
    if (node.IsSequence())
      return fmt::format("{} is a list: name an entry, e.g. {}[0].{}", here, here, steps[i].name);
    if (!node.IsMap())
      return fmt::format("{} holds a value, not a section, so it has no key {}", here, step);
    if (last) {
      node[steps[i].name] = value;
      return "";
    }
    YAML::Node child = node[steps[i].name];
    const bool absent = !child.IsDefined() || child.IsNull();
    if (absent && steps[i + 1].name.empty())
      return fmt::format("{} is not given, so it has no entry {}: {}", step, key_text(steps, i + 2),
                         whole_list(step));
    if (absent) node[steps[i].name] = YAML::Node(YAML::NodeType::Map);
    node.reset(node[steps[i].name]);
  }
  return "";
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
  const std::string written = text::trim(std::string_view(assignment).substr(0, equals));
  const auto steps = split_key(written);
  if (!steps) {
    diagnostics.error_at(location, fmt::format("\"{}\" is not a dotted key such as grid.i_size "
                                               "(or bodies[0].wall for an entry of a list)",
                                               written));
    return;
  }
  const std::string key = key_text(*steps, steps->size());
  const auto value = parse_value(text::trim(std::string_view(assignment).substr(equals + 1)),
                                 location, diagnostics);
  if (!value) return;
  const std::string blocked = set_path(root, *steps, *value);
  if (!blocked.empty()) {
    diagnostics.error_at(location, key + ": " + blocked);
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
