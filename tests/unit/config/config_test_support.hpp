/// @file config_test_support.hpp
/// @brief Shared pieces of the configuration tests: a small problem catalog, a minimal valid
/// file, and a helper that returns the ConfigError message a configuration produces.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "alfven/config/config.hpp"

namespace alfven_test {

using alfven::mhd::ProblemCatalog;
using alfven::mhd::ProblemParameterSpec;

/// Three fake problems: one with a real and a string parameter, one with one of each numeric
/// and boolean type, one without parameters.
inline const ProblemCatalog& fake_catalog() {
  static const ProblemCatalog catalog = {
      {"orszag_tang",
       {{"v0", ProblemParameterSpec::Real, "1.0", "velocity amplitude"},
        {"label", ProblemParameterSpec::String, "ot", "a name"}}},
      {"blast",
       {{"radius", ProblemParameterSpec::Real, "0.1", "radius of the hot region"},
        {"n_shells", ProblemParameterSpec::Integer, "3", "shells"},
        {"smooth", ProblemParameterSpec::Boolean, "yes", "smooth edge"}}},
      {"plain", {}},
  };
  return catalog;
}

/// The smallest valid configuration: the required keys only.
inline const char* minimal_yaml() {
  return "grid: {i_size: 16, j_size: 8, k_size: 1}\n"
         "time: {tend: 0.5, dt_output: 0.1}\n";
}

/// Loads `yaml` as "config.yaml" with the fake catalog.
inline alfven::mhd::RunConfig load(const std::string& yaml,
                                   const std::vector<std::string>& overrides = {}) {
  return alfven::mhd::load_config_from_string(yaml, "config.yaml", overrides, fake_catalog());
}

/// The message of the ConfigError that loading `yaml` raises ("" and a test failure if none).
inline std::string error_of(const std::string& yaml,
                            const std::vector<std::string>& overrides = {}) {
  try {
    load(yaml, overrides);
  } catch (const alfven::mhd::ConfigError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a ConfigError for:\n" << yaml;
  return "";
}

/// Asserts `message` contains `fragment`.
inline void expect_has(const std::string& message, const std::string& fragment) {
  EXPECT_NE(message.find(fragment), std::string::npos) << "missing: " << fragment << "\nin:\n"
                                                       << message;
}

}  // namespace alfven_test
