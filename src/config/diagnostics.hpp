/// @file diagnostics.hpp
/// @brief Collects configuration errors, each located by file and line (or by the `--set`
/// override that introduced the value), so that all of them are reported together.
#pragma once

#include <yaml-cpp/yaml.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace alfven {
namespace mhd {
namespace config_detail {

/// The errors found so far in one configuration, and how to locate a key in it.
class Diagnostics {
 public:
  /// `source` names the configuration (file path or "built-in:NAME") in every message.
  explicit Diagnostics(std::string source) : source_(std::move(source)) {}

  /// Records that the override text `assignment` (`KEY=VALUE`) set `key`; later errors about
  /// `key` or anything below it cite the override instead of a file line.
  void note_override(const std::string& key, const std::string& assignment);

  /// `--set KEY=VALUE` when the value at `key` (or a section or list above it) came from that
  /// override (the last one, as when they are applied), else "".
  std::string override_of(const std::string& key) const;

  /// Where the value at `key` came from: `--set KEY=VALUE`, `FILE:LINE` (1-based) when `mark`
  /// has a position, else `FILE`.
  std::string where(const std::string& key, const YAML::Mark& mark) const;

  /// Records `WHERE: KEY: message` with WHERE from where(key, mark).
  void error(const std::string& key, const YAML::Mark& mark, const std::string& message);
  /// Records `FILE:LINE: message` (no key: malformed YAML and similar).
  void error_in_file(const YAML::Mark& mark, const std::string& message);
  /// Records `location: message` with a location the caller formed (e.g. an unparsable --set).
  void error_at(const std::string& location, const std::string& message);

  /// True when at least one error was recorded.
  bool has_errors() const { return !messages_.empty(); }
  /// The recorded messages, in the order found.
  const std::vector<std::string>& messages() const { return messages_; }
  /// The configuration's name as given to the constructor.
  const std::string& source() const { return source_; }

 private:
  std::string source_;
  std::vector<std::pair<std::string, std::string>> overrides_;  // key, assignment text
  std::vector<std::string> messages_;
};

/// How a value reads in a message: `"abc"` for a scalar, `[a, b, c]` for a short list of
/// scalars, `a list`, `a map` or `nothing`. Long text is shortened (see excerpt).
std::string describe(const YAML::Node& node);

/// `text` as it may be echoed in a message: unchanged up to 60 characters, else its first 60
/// characters, "..." and its length ("(2000000 characters)"), so that a huge value never fills a
/// message.
std::string excerpt(const std::string& text);

/// Joins `dotted` prefix and `key` with a dot (no dot when the prefix is empty).
std::string join_key(const std::string& prefix, const std::string& key);

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
