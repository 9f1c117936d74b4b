/// @file yaml_error.hpp
/// @brief yaml_error_text: a yaml-cpp exception's message as users should read it. Host only (it
/// includes yaml-cpp); used by the scene parser (geom) and the run configuration (config).
#pragma once

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <string>

namespace alfven {
namespace geom {

/// The message of yaml-cpp's exception `e`: its own, except for YAML::DeepRecursion (yaml-cpp
/// 0.7/0.8 stop at 2000 nested parser calls, a few hundred brackets or indentation levels), whose
/// own message is only "bad file".
inline std::string yaml_error_text(const YAML::Exception& e) {
  if (dynamic_cast<const YAML::DeepRecursion*>(&e) != nullptr)
    return "nested too deeply for the YAML parser (brackets or indentation a few hundred levels "
           "deep; no configuration or CSG tree needs that many)";
  return e.msg;
}

}  // namespace geom
}  // namespace alfven
