/// @file radiation.cpp
/// @brief The rules of the `radiation` section that involve more than one key: the ray count,
/// Planck's source function needs a temperature (eos.table), a beam enters through a
/// non-periodic face, heating needs the transfer on.
#include <fmt/format.h>

#include "sections.hpp"

namespace alfven {
namespace mhd {

namespace config_detail {

namespace {
YAML::Mark mark_of(const TreeContents& contents, const std::string& key) {
  const auto value = contents.values.find(key);
  if (value != contents.values.end()) return value->second.node.Mark();
  const auto section = contents.sections.find("radiation");
  return section != contents.sections.end() ? section->second.mark : YAML::Mark::null_mark();
}
}  // namespace

void check_radiation(const TreeContents& contents, const RunConfig& config,
                     Diagnostics& diagnostics) {
  const RadiationParameters& r = config.radiation;
  if (r.rays != 24 && r.rays != 1)
    diagnostics.error(
        "radiation.rays", mark_of(contents, "radiation.rays"),
        fmt::format("expected 24 (Carlson's A4 set) or 1 (one ray along +z), got {}", r.rays));
  if (r.heating && !r.enabled)
    diagnostics.error("radiation.heating", mark_of(contents, "radiation.heating"),
                      "radiative heating needs the transfer on: radiation.enabled: true");
  if (r.planck && !config.eos_table_data)
    diagnostics.error("radiation.planck", mark_of(contents, "radiation.planck"),
                      "Planck's source function sigma T^4 / pi needs a temperature: a tabulated "
                      "equation of state (eos.table); or give radiation.source");
  if (r.beam_face >= 0 && config.periodic[r.beam_face / 2])
    diagnostics.error(
        "radiation.beam.face", mark_of(contents, "radiation.beam.face"),
        fmt::format("a beam enters through a non-periodic face, but domain.periodic.{} "
                    "is true",
                    "xyz"[r.beam_face / 2]));
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
