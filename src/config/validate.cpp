/// @file validate.cpp
/// @brief Type and range checks of one fixed key's value.
#include "validate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>

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

/// Why `node` is not a value of `key`, when more can be said than "expected ..., got ...":
/// " (too large: at most 2147483647)" for an integer beyond the key's range, " (element 1 (.nan)
/// is not a finite real number)" for a list of reals; "" otherwise.
std::string reason(const KeySpec& key, const YAML::Node& node) {
  if (key.type == ValueType::Integer && node.IsScalar()) {
    const std::string& text = node.Scalar();
    const std::size_t digits = text.find_first_not_of("+0123456789");
    const bool integer = !text.empty() && text[0] != '-' && digits == std::string::npos &&
                         text.find_first_of("0123456789") != std::string::npos;
    Value largest;
    largest.integer = INT_MAX;
    if (integer && key.in_range && key.in_range(largest)) {
      const auto v = read_integer(node);  // nullopt: beyond 64 bits
      if (!v || *v > INT_MAX) return fmt::format(" (too large: at most {})", INT_MAX);
    }
  }
  if (key.type == ValueType::Real3 && node.IsSequence()) {
    if (node.size() != 3) return fmt::format(" ({} values, need 3)", node.size());
    for (std::size_t i = 0; i < 3; ++i)
      if (!read_real(node[i]))
        return fmt::format(" (element {} ({}) is not a finite real number)", i + 1,
                           node[i].IsScalar() ? excerpt(node[i].Scalar()) : describe(node[i]));
  }
  return "";
}

}  // namespace

std::optional<Value> validate_value(const KeySpec& key, const YAML::Node& node,
                                    Diagnostics& diagnostics) {
  auto value = read_typed(key, node);
  if (value && (!key.in_range || key.in_range(*value))) return value;
  diagnostics.error(
      key.path, node.Mark(),
      fmt::format("expected {}, got {}{}", key.expected, describe(node), reason(key, node)));
  return std::nullopt;
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
