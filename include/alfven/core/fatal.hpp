/// @file fatal.hpp
/// @brief The fatal-error handler: what Alfven calls when it cannot go on (a failed CUDA runtime
/// call, a kernel fault). Host code only; no CUDA needed.
///
/// Default: std::abort(). The MPI layer installs a handler that calls MPI_Abort so that every rank
/// stops, not only the one that failed. The message has already been printed to stderr when the
/// handler runs; the handler receives it too (for a log file, say).
#pragma once

#include <cstdio>
#include <cstdlib>

namespace alfven {

/// A fatal-error handler. It should not return; if it does, std::abort() follows.
using FatalHandler = void (*)(const char* message);

namespace detail {
inline void default_fatal_handler(const char*) {
  std::abort();
}
inline FatalHandler& fatal_handler_slot() {
  static FatalHandler handler = &default_fatal_handler;
  return handler;
}
}  // namespace detail

/// Installs `handler` (nullptr restores the default, std::abort) and returns the previous one.
/// Not thread-safe with respect to a concurrent fatal_error(); set it once at start-up.
inline FatalHandler set_fatal_handler(FatalHandler handler) {
  FatalHandler previous = detail::fatal_handler_slot();
  detail::fatal_handler_slot() = handler ? handler : &detail::default_fatal_handler;
  return previous;
}

/// The handler now installed.
inline FatalHandler fatal_handler() {
  return detail::fatal_handler_slot();
}

/// Prints `message` to stderr, calls the fatal handler, and aborts if the handler returns.
[[noreturn]] inline void fatal_error(const char* message) {
  std::fprintf(stderr, "%s\n", message);
  std::fflush(stderr);
  detail::fatal_handler_slot()(message);
  std::abort();
}

}  // namespace alfven
