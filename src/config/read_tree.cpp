/// @file read_tree.cpp
/// @brief Walks a configuration tree section by section against the schema.
#include <fmt/format.h>

#include <algorithm>

#include "suggest.hpp"
#include "validate.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

namespace {

/// "; did you mean `grid.i_size`?" when a valid key is close to `name` (the same level first,
/// then a key of that name in another section), else the list of valid keys at this level.
std::string unknown_key_hint(const std::string& prefix, const std::string& name) {
  const std::vector<std::string> here = keys_under(prefix);
  const std::string close = closest_match(name, here);
  if (!close.empty()) return fmt::format("; did you mean `{}`?", join_key(prefix, close));
  const std::vector<std::string> elsewhere = keys_named(name);
  if (!elsewhere.empty()) return fmt::format("; did you mean `{}`?", elsewhere.front());
  return fmt::format(" (valid keys{}: {})", prefix.empty() ? " at the top level" : " in " + prefix,
                     join_names(here));
}

void read_map(const YAML::Node& map, const std::string& prefix, TreeContents& contents,
              Diagnostics& diagnostics);

/// Handles one `key: value` pair of the section `prefix`.
void read_entry(const std::string& prefix, const std::string& name, const YAML::Mark& key_mark,
                const YAML::Node& value, TreeContents& contents, Diagnostics& diagnostics) {
  const std::string path = join_key(prefix, name);
  if (const KeySpec* key = find_key(path)) {
    contents.given.insert(path);
    if (auto parsed = validate_value(*key, value, diagnostics)) {
      contents.values[path] = GivenValue{*parsed, value};
    }
    return;
  }
  if (!is_section(path)) {
    diagnostics.error(path, key_mark, "unknown key" + unknown_key_hint(prefix, name));
    return;
  }
  if (path == "bodies" ||
      path == "outputs") {  // the sections that are lists (bodies.cpp, outputs.cpp)
    contents.sections[path] = GivenSection{value, key_mark};
    return;
  }
  if (!value.IsNull() && !value.IsMap()) {
    diagnostics.error(path, value.Mark(),
                      fmt::format("expected a map of keys, got {}", describe(value)));
    return;
  }
  contents.sections[path] = GivenSection{value, key_mark};
  const auto& free = free_form_sections();
  const bool free_form = std::find(free.begin(), free.end(), path) != free.end();
  if (value.IsMap() && !free_form) read_map(value, path, contents, diagnostics);
}

void read_map(const YAML::Node& map, const std::string& prefix, TreeContents& contents,
              Diagnostics& diagnostics) {
  for_each_entry(map, prefix, diagnostics,
                 [&](const std::string& name, const YAML::Mark& mark, const YAML::Node& value) {
                   read_entry(prefix, name, mark, value, contents, diagnostics);
                 });
}

}  // namespace

void for_each_entry(
    const YAML::Node& map, const std::string& prefix, Diagnostics& diagnostics,
    const std::function<void(const std::string&, const YAML::Mark&, const YAML::Node&)>& visit) {
  std::map<std::string, int> first_line;
  for (auto it = map.begin(); it != map.end(); ++it) {
    // Copies, not references: the iterator hands out a temporary pair.
    const YAML::Node key = it->first;
    const YAML::Node value = it->second;
    if (!key.IsScalar()) {
      diagnostics.error(join_key(prefix, "?"), key.Mark(), "a key must be a plain name");
      continue;
    }
    const std::string& name = key.Scalar();
    const auto seen = first_line.find(name);
    if (seen != first_line.end()) {
      diagnostics.error(join_key(prefix, name), key.Mark(),
                        fmt::format("duplicate key (first given on line {})", seen->second));
      continue;
    }
    first_line[name] = key.Mark().line + 1;
    visit(name, key.Mark(), value);
  }
}

TreeContents read_tree(const YAML::Node& root, Diagnostics& diagnostics) {
  TreeContents contents;
  read_map(root, "", contents, diagnostics);
  return contents;
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
