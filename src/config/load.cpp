/// @file load.cpp
/// @brief load_config and load_config_from_string: parse, apply overrides, validate, assemble.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "alfven/config/config.hpp"
#include "overrides.hpp"
#include "sections.hpp"
#include "validate.hpp"

namespace alfven {
namespace mhd {

namespace {

using namespace config_detail;

/// The YAML tree of `text`, a map at the top; nullopt (recorded) if it is not one.
std::optional<YAML::Node> parse_root(const std::string& text, Diagnostics& diagnostics) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    diagnostics.error_in_file(e.mark, "malformed YAML: " + e.msg);
    return std::nullopt;
  }
  if (!root.IsDefined() || root.IsNull()) return YAML::Node(YAML::NodeType::Map);
  if (!root.IsMap()) {
    diagnostics.error_in_file(root.Mark(),
                              "expected a map of sections (grid:, time:, ...) at the "
                              "top level, got " +
                                  describe(root));
    return std::nullopt;
  }
  return root;
}

/// Stores each valid fixed key into `config` and records missing required keys.
void store_fixed_keys(const TreeContents& contents, RunConfig& config, Diagnostics& diagnostics) {
  for (const KeySpec& key : schema()) {
    const auto given = contents.values.find(key.path);
    if (given != contents.values.end()) {
      if (key.store) key.store(config, given->second.value);
    } else if (key.required && !contents.given.count(key.path)) {
      const auto section = contents.sections.find(key.path.substr(0, key.path.rfind('.')));
      const YAML::Mark mark =
          section == contents.sections.end() ? YAML::Mark::null_mark() : section->second.mark;
      diagnostics.error(key.path, mark, "required key is missing (" + key.expected + ")");
    }
  }
}

RunConfig validate(const std::string& text, const std::string& source_name,
                   const std::vector<std::string>& overrides, const ProblemCatalog& problems) {
  Diagnostics diagnostics(source_name);
  auto root = parse_root(text, diagnostics);
  if (!root) throw ConfigError(diagnostics.messages());
  apply_overrides(*root, overrides, diagnostics);
  const TreeContents contents = read_tree(*root, diagnostics);

  RunConfig config;
  config.source = source_name;
  store_fixed_keys(contents, config, diagnostics);
  read_boundary(contents, config, diagnostics);
  read_problem(contents, problems, config, diagnostics);
  finish_and_cross_check(contents, config, diagnostics);
  if (diagnostics.has_errors()) throw ConfigError(diagnostics.messages());
  return config;
}

}  // namespace

RunConfig load_config_from_string(const std::string& yaml_text, const std::string& source_name,
                                  const std::vector<std::string>& overrides,
                                  const ProblemCatalog& problems) {
  try {
    return validate(yaml_text, source_name, overrides, problems);
  } catch (const YAML::Exception& e) {
    // Not expected (every conversion is checked); reported as a configuration error all the same.
    throw ConfigError({source_name + ": " + e.what()});
  }
}

RunConfig load_config(const std::string& path, const std::vector<std::string>& overrides,
                      const ProblemCatalog& problems) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    throw ConfigError({path + ": is a folder, not a configuration file"});
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    throw ConfigError(
        {path + ": cannot open the configuration file (" + std::strerror(errno) + ")"});
  }
  std::ostringstream text;
  text << file.rdbuf();
  return load_config_from_string(text.str(), path, overrides, problems);
}

}  // namespace mhd
}  // namespace alfven
