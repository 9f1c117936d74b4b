/// @file overrides.hpp
/// @brief `--set dotted.key=value` overrides, applied to the YAML tree before validation.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "diagnostics.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

/// Applies each `a.b.c=value` of `overrides`, in order, to `root` (a map): missing sections are
/// created, the value is parsed as YAML (a scalar, or a flow list such as `[0, 0, -1]`; an empty
/// value is the empty string). Keys are not checked here: validation of the whole tree follows,
/// and `diagnostics` then cites the override for anything it set. Malformed overrides (no `=`,
/// an empty key component, unparsable value, a path through a non-map value) are recorded.
void apply_overrides(YAML::Node& root, const std::vector<std::string>& overrides,
                     Diagnostics& diagnostics);

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
