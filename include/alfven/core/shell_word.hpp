/// @file shell_word.hpp
/// @brief shell_word: a string as one word of a POSIX shell command, for the commands Alfven
/// prints for users to paste (the config.yaml header, the ParaView and Python hints).
#pragma once

#include <string>

namespace alfven {

/// `s` as one word for a POSIX shell: unchanged when it holds only characters the shell leaves
/// alone, else in single quotes (each ' written as '\''). The empty string gives ''.
inline std::string shell_word(const std::string& s) {
  bool plain = !s.empty();
  for (char c : s) {
    const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '-' || c == '.' || c == '/' || c == ':' || c == ',' ||
                      c == '+' || c == '@' || c == '%' || c == '=';
    plain = plain && safe;
  }
  if (plain) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace alfven
