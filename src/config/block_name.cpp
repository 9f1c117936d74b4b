/// @file block_name.cpp
/// @brief valid_output_block_name (alfven/config/block_name.hpp).
#include "alfven/config/block_name.hpp"

#include <cctype>

namespace alfven {
namespace mhd {

bool valid_output_block_name(const std::string& name) {
  if (name.empty() || name.size() > 64) return false;
  for (char c : name)
    if (!(std::islower(static_cast<unsigned char>(c)) ||
          std::isdigit(static_cast<unsigned char>(c)) || c == '_'))
      return false;
  return true;
}

}  // namespace mhd
}  // namespace alfven
