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
/// value is the empty string). A component may name an entry of a list, `bodies[0].wall=slip`:
/// the entry must exist (an override changes entries but adds or removes none; the whole list is
/// replaced by `bodies=[...]`). Keys are not checked here: validation of the whole tree follows,
/// and `diagnostics` then cites the override for anything it set. Malformed overrides (no `=`,
/// an empty key component or a bad index, unparsable value, a path through a non-map value, an
/// entry past the end of a list or of no list) are recorded, saying what to write instead.
void apply_overrides(YAML::Node& root, const std::vector<std::string>& overrides,
                     Diagnostics& diagnostics);

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
