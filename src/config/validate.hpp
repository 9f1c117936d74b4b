/// @file validate.hpp
/// @brief Checks one value against its KeySpec (type, then range) and walks a configuration
/// tree, checking every key it contains.
#pragma once

#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "diagnostics.hpp"
#include "schema.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

/// The value of `node` if it has the type of `key` and lies in its range; otherwise records
/// `KEY: expected ..., got ...` and returns nullopt.
std::optional<Value> validate_value(const KeySpec& key, const YAML::Node& node,
                                    Diagnostics& diagnostics);

/// A given value of a fixed key and the node it came from. (Its implicit move assignment may
/// throw, as YAML::Node's does; nothing relies on it being noexcept.)
struct GivenValue {  // NOLINT(bugprone-exception-escape)
  Value value;
  YAML::Node node;
};

/// A section given in the file: its map node and where its key stands (move: as GivenValue).
struct GivenSection {  // NOLINT(bugprone-exception-escape)
  YAML::Node node;
  YAML::Mark mark;
};

/// What a configuration tree contains.
struct TreeContents {
  std::map<std::string, GivenValue> values;      ///< fixed keys with valid values
  std::set<std::string> given;                   ///< fixed keys present, valid or not
  std::map<std::string, GivenSection> sections;  ///< sections present, free-form ones included
};

/// Calls `visit(name, key_mark, value)` for each entry of `map` (the section `prefix`), after
/// recording keys that are not plain names and duplicate keys (those are not visited).
void for_each_entry(
    const YAML::Node& map, const std::string& prefix, Diagnostics& diagnostics,
    const std::function<void(const std::string&, const YAML::Mark&, const YAML::Node&)>& visit);

/// Walks `root` (a map): every key must be a fixed key or a section of the schema, free-form
/// sections are collected unread. Records unknown keys (with a suggestion when one is close),
/// duplicate keys, non-map sections and invalid values.
TreeContents read_tree(const YAML::Node& root, Diagnostics& diagnostics);

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
