/// @file eos.cpp
/// @brief The `eos` section beyond eos.gm: eos.table, the file of a tabulated equation of state,
/// taken relative to the configuration file and read (and checked) here, so that a bad table
/// stops the run before anything is written, with the key's line.
#include <filesystem>
#include <memory>

#include "sections.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

void read_eos(const TreeContents& contents, RunConfig& config, Diagnostics& diagnostics) {
  const auto given = contents.values.find("eos.table");
  if (given == contents.values.end()) return;
  const std::string& name = given->second.value.text;
  if (name.empty()) return;  // "": the ideal gas of eos.gm
  std::filesystem::path path(name);
  if (path.is_relative()) path = std::filesystem::path(base_directory(config.source)) / path;
  std::error_code ignored;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ignored);
  config.eos_table = absolute.empty() ? path.string() : absolute.lexically_normal().string();
  try {
    config.eos_table_data =
        std::make_shared<const io::EosTableData>(io::read_eos_table(config.eos_table));
  } catch (const Error& e) {
    diagnostics.error("eos.table", given->second.node.Mark(), e.what());
  }
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
