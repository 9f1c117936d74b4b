/// @file env.hpp
/// @brief Reading on/off switches from environment variables (ALFVEN_PROFILE_HALO, ...).
#pragma once

#include <cstdlib>
#include <string>

#include "alfven/core/text.hpp"

namespace alfven {

/// The switch `name` from the environment: 1, true, yes, on (any case) give true; 0, false, no,
/// off give false; unset, empty or anything else gives `fallback`.
inline bool env_flag(const char* name, bool fallback) {
  const char* raw = std::getenv(name);
  if (!raw) return fallback;
  const std::string v = text::to_lower(raw);
  if (v == "1" || v == "true" || v == "yes" || v == "on") return true;
  if (v == "0" || v == "false" || v == "no" || v == "off") return false;
  return fallback;
}

}  // namespace alfven
