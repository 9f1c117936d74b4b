/// @file error.hpp
/// @brief Checked errors: exceptions on the host, naming the file and line that raised them.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace alfven {

/// The exception type of Alfven. Its message says what went wrong and what to do about it.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

namespace detail {
// The message is for the user (which file, key or cell, and what to do), so the C++ source
// location is left out; ALFVEN_DEBUG_ERRORS adds it for developers.
[[noreturn]] inline void raise(const std::string& message, const char* file, int line) {
#ifdef ALFVEN_DEBUG_ERRORS
  std::ostringstream os;
  os << message << " [" << file << ":" << line << "]";
  throw Error(os.str());
#else
  (void)file;
  (void)line;
  throw Error(message);
#endif
}
}  // namespace detail

}  // namespace alfven

/// Throws alfven::Error with `message` (anything streamable with <<) unless `condition` holds.
/// Host code only.
#define ALFVEN_REQUIRE(condition, message)                                   \
  do {                                                                       \
    if (!(condition)) {                                                      \
      std::ostringstream alfven_require_os_;                                 \
      alfven_require_os_ << message;                                         \
      ::alfven::detail::raise(alfven_require_os_.str(), __FILE__, __LINE__); \
    }                                                                        \
  } while (0)
