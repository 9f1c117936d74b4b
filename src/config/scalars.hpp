/// @file scalars.hpp
/// @brief Strict conversion of YAML values to integers, reals, booleans and text, and the
/// shortest exact text form of a real.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>

namespace alfven {
namespace mhd {
namespace config_detail {

/// The integer a scalar spells (decimal, optional sign); nullopt for anything else, "1.5" and
/// "1e3" included.
std::optional<long long> read_integer(const YAML::Node& node);

/// The finite real a scalar spells, read at full double precision; nullopt otherwise (.inf and
/// .nan included).
std::optional<double> read_real(const YAML::Node& node);

/// The boolean a scalar spells (true/false, yes/no, on/off in YAML's spellings); nullopt
/// otherwise.
std::optional<bool> read_boolean(const YAML::Node& node);

/// The text of a scalar, "" for an empty value; nullopt for a list or a map.
std::optional<std::string> read_text(const YAML::Node& node);

/// Shortest decimal text that reads back as exactly `value` ("0.1", "1.6666666666666667").
std::string format_real(double value);

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
