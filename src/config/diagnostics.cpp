/// @file diagnostics.cpp
/// @brief Locating and collecting configuration errors.
#include "diagnostics.hpp"

#include <fmt/format.h>

#include "alfven/core/text.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

namespace {
/// True if `prefix` is `key` or a dotted ancestor of it ("grid" of "grid.i_size").
bool covers(const std::string& prefix, const std::string& key) {
  if (key.compare(0, prefix.size(), prefix) != 0) return false;
  return key.size() == prefix.size() || key[prefix.size()] == '.' ||
         key[prefix.size()] == '[';  // a list's entries: outputs[0].every under outputs
}
}  // namespace

void Diagnostics::note_override(const std::string& key, const std::string& assignment) {
  overrides_.emplace_back(key, assignment);
}

std::string Diagnostics::override_of(const std::string& key) const {
  // The last override wins, as it does when the overrides are applied.
  for (auto it = overrides_.rbegin(); it != overrides_.rend(); ++it) {
    if (covers(it->first, key)) return "--set " + excerpt(it->second);
  }
  return "";
}

std::string Diagnostics::where(const std::string& key, const YAML::Mark& mark) const {
  std::string set = override_of(key);
  if (!set.empty()) return set;
  if (mark.line >= 0) return fmt::format("{}:{}", source_, mark.line + 1);
  return source_;
}

void Diagnostics::error(const std::string& key, const YAML::Mark& mark,
                        const std::string& message) {
  messages_.push_back(fmt::format("{}: {}: {}", where(key, mark), key, message));
}

void Diagnostics::error_in_file(const YAML::Mark& mark, const std::string& message) {
  if (mark.line >= 0) {
    messages_.push_back(fmt::format("{}:{}: {}", source_, mark.line + 1, message));
  } else {
    messages_.push_back(fmt::format("{}: {}", source_, message));
  }
}

void Diagnostics::error_at(const std::string& location, const std::string& message) {
  messages_.push_back(fmt::format("{}: {}", location, message));
}

std::string excerpt(const std::string& text) {
  return text::excerpt(text);
}

std::string describe(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing";
  if (node.IsSequence()) {
    // A short list of scalars is shown as written: [.nan, 0, 0].
    bool scalars = node.size() <= 8;
    for (std::size_t i = 0; scalars && i < node.size(); ++i) scalars = node[i].IsScalar();
    if (!scalars) return "a list";
    std::string out = "[";
    for (std::size_t i = 0; i < node.size(); ++i)
      out += (i ? ", " : "") + excerpt(node[i].Scalar());
    return out + "]";
  }
  if (node.IsMap()) return "a map";
  return fmt::format("\"{}\"", excerpt(node.Scalar()));
}

std::string join_key(const std::string& prefix, const std::string& key) {
  return prefix.empty() ? key : prefix + "." + key;
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
