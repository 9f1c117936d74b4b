/// @file scalars.cpp
/// @brief Strict scalar conversions for configuration values.
#include "scalars.hpp"

#include <charconv>
#include <cmath>

#include "alfven/core/text.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

std::optional<long long> read_integer(const YAML::Node& node) {
  if (!node.IsScalar()) return std::nullopt;
  return text::parse_integer(node.Scalar());
}

std::optional<double> read_real(const YAML::Node& node) {
  if (!node.IsScalar()) return std::nullopt;
  double value = 0;
  if (!YAML::convert<double>::decode(node, value) || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::optional<bool> read_boolean(const YAML::Node& node) {
  if (!node.IsScalar()) return std::nullopt;
  bool value = false;
  if (!YAML::convert<bool>::decode(node, value)) return std::nullopt;
  return value;
}

std::optional<std::string> read_text(const YAML::Node& node) {
  if (node.IsNull()) return std::string();
  if (!node.IsScalar()) return std::nullopt;
  return node.Scalar();
}

std::string format_real(double value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
  std::string text(buffer, result.ptr);
  // Keep a real recognisable as one: "2" -> "2.0" (YAML readers and people both prefer it).
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  return text;
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
