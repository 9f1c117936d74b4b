/// @file schema.hpp
/// @brief The fixed keys of a configuration file: where each lives, its type, its range, and the
/// RunConfig field it fills. The free-form sections (`boundary`, `problem_parameters`) are
/// handled by boundary.cpp and problem.cpp.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "alfven/config/config.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

/// What a key's value must parse as.
enum class ValueType { Integer, Real, Boolean, String, Choice, Real3 };

/// A parsed value; only the member matching the key's ValueType is meaningful.
struct Value {
  long long integer = 0;
  double real = 0;
  bool boolean = false;
  std::string text;  ///< String and Choice (the canonical choice)
  double reals[3] = {0, 0, 0};
};

/// One fixed key of the configuration file.
struct KeySpec {
  std::string path;  ///< dotted key, e.g. "grid.i_size"
  ValueType type = ValueType::Real;
  std::string expected;                        ///< for messages: "expected <this>, got ..."
  std::function<bool(const Value&)> in_range;  ///< null: every value of the type
  std::function<void(RunConfig&, const Value&)> store;  ///< null: read elsewhere or ignored
  bool required = false;
  std::vector<std::string> choices;  ///< Choice only, lower case
};

/// Every fixed key, in the order they are documented.
const std::vector<KeySpec>& schema();

/// The spec of the fixed key `path`, or nullptr.
const KeySpec* find_key(const std::string& path);

/// The sections with free-form keys, validated by their own readers.
const std::vector<std::string>& free_form_sections();

/// True if `path` is a section (a map of keys): "grid", "domain.periodic", "boundary", ...
bool is_section(const std::string& path);

/// The names valid directly under section `prefix` ("" for the top level).
std::vector<std::string> keys_under(const std::string& prefix);

/// Fixed keys whose last component is `name` (to suggest `time.tend` for a top-level `tend`).
std::vector<std::string> keys_named(const std::string& name);

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
