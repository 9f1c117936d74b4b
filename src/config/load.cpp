/// @file load.cpp
/// @brief load_config and load_config_from_string: parse, apply overrides, validate, assemble.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "alfven/config/config.hpp"
#include "alfven/geom/yaml_error.hpp"
#include "overrides.hpp"
#include "scalars.hpp"
#include "sections.hpp"
#include "suggest.hpp"
#include "validate.hpp"

namespace alfven {
namespace mhd {

namespace {

using namespace config_detail;

/// The YAML tree of `text`, a map at the top; nullopt (recorded) if it is not one.
std::optional<YAML::Node> parse_root(const std::string& text, Diagnostics& diagnostics) {
  YAML::Node root;
  try {
    std::vector<YAML::Node> documents = YAML::LoadAll(text);
    // A second document (after `---`) would be ignored: say so instead.
    for (std::size_t d = 1; d < documents.size(); ++d) {
      if (!documents[d].IsDefined() || documents[d].IsNull()) continue;
      diagnostics.error_in_file(documents[d].Mark(),
                                "a second YAML document (after a `---` line): a configuration is "
                                "one document; remove the `---` line or the document after it");
      return std::nullopt;
    }
    if (!documents.empty()) root = documents.front();
  } catch (const YAML::ParserException& e) {
    diagnostics.error_in_file(e.mark, "malformed YAML: " + geom::yaml_error_text(e));
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

/// The value of a fixed key as text (GivenKeys).
std::string given_text(const KeySpec& key, const Value& value) {
  switch (key.type) {
    case ValueType::Integer:
      return std::to_string(value.integer);
    case ValueType::Real:
      return format_real(value.real);
    case ValueType::Boolean:
      return value.boolean ? "true" : "false";
    case ValueType::String:
    case ValueType::Choice:
      return value.text;
    case ValueType::Real3:
      return "[" + format_real(value.reals[0]) + ", " + format_real(value.reals[1]) + ", " +
             format_real(value.reals[2]) + "]";
  }
  return value.text;
}

RunConfig validate(const std::string& text, const std::string& source_name,
                   const std::vector<std::string>& overrides, const ProblemCatalog& problems,
                   GivenKeys* given, BodyGeometryCheck geometry) {
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
  read_bodies(contents, config, diagnostics, geometry);
  read_eos(contents, config, diagnostics);
  check_radiation(contents, config, diagnostics);
  read_outputs(contents, config, diagnostics);
  finish_and_cross_check(contents, config, diagnostics);
  if (diagnostics.has_errors()) throw ConfigError(diagnostics.messages());
  if (given) {
    given->clear();
    for (const auto& [path, value] : contents.values)
      if (const KeySpec* key = find_key(path)) (*given)[path] = given_text(*key, value.value);
  }
  return config;
}

}  // namespace

RunConfig load_config_from_string(const std::string& yaml_text, const std::string& source_name,
                                  const std::vector<std::string>& overrides,
                                  const ProblemCatalog& problems, GivenKeys* given,
                                  BodyGeometryCheck geometry) {
  try {
    return validate(yaml_text, source_name, overrides, problems, given, geometry);
  } catch (const YAML::Exception& e) {
    // Not expected (every conversion is checked); reported as a configuration error all the same.
    throw ConfigError({source_name + ": " + e.what()});
  }
}

RunConfig load_config(const std::string& path, const std::vector<std::string>& overrides,
                      const ProblemCatalog& problems, GivenKeys* given,
                      BodyGeometryCheck geometry) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    throw ConfigError({path + ": is a folder, not a configuration file"});
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    const int error = errno;
    // A bare word that is no file is most likely a misspelt problem name (`alfven run sodd`).
    const bool bare_word = path.find_first_of("/.") == std::string::npos;
    if (bare_word && error == ENOENT) {
      std::vector<std::string> known;
      for (const auto& entry : problems) known.push_back(entry.first);
      const std::string close = closest_match(path, known);
      throw ConfigError(
          {excerpt(path) +
           ": no such configuration file, and no built-in problem of "
           "that name" +
           (close.empty() ? std::string()
                          : "; did you mean the built-in problem `" + close + "`?") +
           (known.empty() ? std::string() : " (built-in problems: " + join_names(known) + ")")});
    }
    throw ConfigError(
        {path + ": cannot open the configuration file (" + std::strerror(error) + ")"});
  }
  // Read at most the limit and one byte more: `alfven run /dev/zero` must not read forever.
  std::string text(kMaxConfigBytes + 1, '\0');
  file.read(&text[0], std::streamsize(text.size()));
  text.resize(std::size_t(file.gcount()));
  if (text.size() > kMaxConfigBytes)
    throw ConfigError({path + ": larger than " + std::to_string(kMaxConfigBytes >> 20) +
                       " MiB, which no configuration file needs; is it the right file?"});
  if (file.bad())
    throw ConfigError(
        {path + ": cannot read the configuration file (" + std::strerror(errno) + ")"});
  return load_config_from_string(text, path, overrides, problems, given, geometry);
}

}  // namespace mhd
}  // namespace alfven
