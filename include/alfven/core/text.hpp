/// @file text.hpp
/// @brief The string helpers of the whole code base, in one place: trimming white space, ASCII
/// lower case, case-insensitive comparison, splitting at a separator, and strict parsing of
/// decimal integers and finite decimal reals. Host code only; header-only.
///
/// Every function works on bytes and treats only ASCII letters and ASCII white space specially,
/// so UTF-8 text passes through unchanged and the result never depends on the C locale.
#pragma once

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace alfven {
namespace text {

/// Whether `c` is ASCII white space: space, \\t, \\n, \\v, \\f or \\r.
constexpr bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/// `c` in lower case if it is an ASCII capital letter, else `c` unchanged.
constexpr char to_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// `s` without its leading and trailing ASCII white space, as a view into `s` (which must
/// outlive the result).
inline std::string_view trim_view(std::string_view s) {
  std::size_t begin = 0, end = s.size();
  while (begin < end && is_space(s[begin])) ++begin;
  while (end > begin && is_space(s[end - 1])) --end;
  return s.substr(begin, end - begin);
}

/// `s` without its leading and trailing ASCII white space ("  a b \r\n" -> "a b").
inline std::string trim(std::string_view s) {
  return std::string(trim_view(s));
}

/// `s` for a message: whole when at most `shown` bytes long, else its first `shown` bytes followed
/// by "... (N characters)", so that a pasted file or a 50 MB value is not echoed whole. Control
/// bytes (below 0x20, and 0x7f) are written as \xNN: a NUL would end the message where it is
/// printed as a C string, and escape sequences would reach the terminal.
inline std::string excerpt(std::string_view s, std::size_t shown = 60) {
  std::string out;
  const std::string_view part = s.substr(0, shown);
  for (const char c : part) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  if (s.size() > shown) out += "... (" + std::to_string(s.size()) + " characters)";
  return out;
}

/// A size in bytes for a message, in the largest binary unit it reaches, to 3 significant digits
/// (whole numbers from 100 on): "512 B", "1023 KiB", "1.5 MiB", "604 MiB", "2.37 GiB".
inline std::string size_text(double bytes) {
  static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  int u = 0;
  while (u < 5 && !(bytes < 1024.0)) {
    bytes /= 1024.0;
    ++u;
  }
  char out[32];
  std::snprintf(out, sizeof out, bytes < 100 ? "%.3g %s" : "%.0f %s", bytes, units[u]);
  return out;
}

/// `s` with its ASCII capital letters in lower case ("X_Min" -> "x_min"); other bytes unchanged.
inline std::string to_lower(std::string s) {
  for (char& c : s) c = to_lower(c);
  return s;
}

/// Whether `a` and `b` are equal when ASCII letters are compared ignoring case
/// ("Solid" and "SOLID" are).
inline bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (to_lower(a[i]) != to_lower(b[i])) return false;
  return true;
}

/// The parts of `s` between the separators, empty parts kept, nothing trimmed:
/// "a.b" -> {"a", "b"}, "a..b" -> {"a", "", "b"}, "" -> {""}, "a." -> {"a", ""}.
inline std::vector<std::string> split(std::string_view s, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = s.find(separator, start);
    parts.emplace_back(s.substr(start, at == std::string_view::npos ? s.npos : at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

/// The integer `s` spells in decimal, with an optional sign ("42", "+42", "-7"); nullopt for
/// anything else (empty, "+-1", "1.5", "1e3", " 42", "0x10", or out of the range of long long).
inline std::optional<long long> parse_integer(std::string_view s) {
  if (!s.empty() && s[0] == '+') {
    s.remove_prefix(1);
    if (!s.empty() && s[0] == '-') return std::nullopt;  // "+-1"
  }
  if (s.empty()) return std::nullopt;
  long long value = 0;
  const char* end = s.data() + s.size();
  const auto result = std::from_chars(s.data(), end, value);
  if (result.ec != std::errc() || result.ptr != end) return std::nullopt;
  return value;
}

/// The finite real `s` spells in decimal ("123", "-1.5", "+.5", "2e-3"), read to the nearest
/// double (strtod); nullopt for anything else: empty text, surrounding white space, hexadecimal
/// ("0x10"), inf and nan (which strtod would take), or a value that overflows a double. A value
/// too small for a normal double ("1e-310", "1e-400") reads as the nearest subnormal or zero.
inline std::optional<double> parse_real(std::string_view s) {
  if (s.empty()) return std::nullopt;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E'))
      return std::nullopt;
  // strtod needs a terminated string: a copy on the stack when it fits (numbers nearly always do).
  char small[64];
  std::string large;
  const char* begin = small;
  if (s.size() < sizeof small) {
    s.copy(small, s.size());
    small[s.size()] = '\0';
  } else {
    large.assign(s);
    begin = large.c_str();
  }
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(begin, &end);
  // ERANGE also flags underflow: a value below the smallest normal double is kept (strtod
  // returns the nearest subnormal or zero); an overflow is refused.
  if (end != begin + s.size() || !std::isfinite(value)) return std::nullopt;
  if (errno == ERANGE && std::fabs(value) > 2.2250738585072014e-308) return std::nullopt;
  return value;
}

}  // namespace text
}  // namespace alfven
