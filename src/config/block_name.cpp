/// @file block_name.cpp
/// @brief valid_output_block_name and snapshot_like_block_name (alfven/config/block_name.hpp).
#include "alfven/config/block_name.hpp"

#include <cctype>
#include <string>

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

std::string snapshot_like_block_name(const std::string& name) {
  const std::string prefix = "snapshot_";
  if (name.compare(0, prefix.size(), prefix) != 0) return "";
  const std::string rest = name.substr(prefix.size());
  return "\"" + name + "\" starts with \"snapshot_\", the prefix of the run's own snapshots " +
         "(snapshot_NNNN.h5): the block's files " + name +
         "_NNNN.h5 would be read as snapshots by programs that list snapshot_*.h5; name the "
         "block e.g. \"" +
         (rest.empty() ? std::string("block") : rest + "_snapshot") + "\"";
}

}  // namespace mhd
}  // namespace alfven
