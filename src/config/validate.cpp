/// @file validate.cpp
/// @brief Type and range checks of one fixed key's value.
#include "validate.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "alfven/core/text.hpp"
#include "scalars.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

namespace {

std::optional<Value> read_choice(const KeySpec& key, const YAML::Node& node) {
  const auto text = read_text(node);
  if (!text) return std::nullopt;
  const std::string lower = alfven::text::to_lower(*text);
  if (std::find(key.choices.begin(), key.choices.end(), lower) == key.choices.end()) {
    return std::nullopt;
  }
  Value value;
  value.text = lower;
  return value;
}

std::optional<Value> read_three_reals(const YAML::Node& node) {
  if (!node.IsSequence() || node.size() != 3) return std::nullopt;
  Value value;
  for (std::size_t i = 0; i < 3; ++i) {
    const auto real = read_real(node[i]);
    if (!real) return std::nullopt;
    value.reals[i] = *real;
  }
  return value;
}

/// The value of `node` read as the type of `key`, range not checked.
std::optional<Value> read_typed(const KeySpec& key, const YAML::Node& node) {
  Value value;
  switch (key.type) {
    case ValueType::Integer: {
      const auto v = read_integer(node);
      if (!v) return std::nullopt;
      value.integer = *v;
      return value;
    }
    case ValueType::Real: {
      const auto v = read_real(node);
      if (!v) return std::nullopt;
      value.real = *v;
      return value;
    }
    case ValueType::Boolean: {
      const auto v = read_boolean(node);
      if (!v) return std::nullopt;
      value.boolean = *v;
      return value;
    }
    case ValueType::String: {
      const auto v = read_text(node);
      if (!v) return std::nullopt;
      value.text = *v;
      return value;
    }
    case ValueType::Choice:
      return read_choice(key, node);
    case ValueType::Real3:
      return read_three_reals(node);
  }
  return std::nullopt;
}

}  // namespace

std::optional<Value> validate_value(const KeySpec& key, const YAML::Node& node,
                                    Diagnostics& diagnostics) {
  auto value = read_typed(key, node);
  if (value && (!key.in_range || key.in_range(*value))) return value;
  diagnostics.error(key.path, node.Mark(),
                    fmt::format("expected {}, got {}", key.expected, describe(node)));
  return std::nullopt;
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
