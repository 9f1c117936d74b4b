/// @file radiation.cpp
/// @brief The rules of the `radiation` section that involve more than one key: the ray count,
/// Planck's source function needs a temperature (eos.table), a beam enters through a
/// non-periodic face, heating needs the transfer on.
#include <fmt/format.h>

#include <algorithm>

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
  if (r.planck && config.eos_table.empty())
    diagnostics.error("radiation.planck", mark_of(contents, "radiation.planck"),
                      "Planck's source function sigma T^4 / pi needs a temperature: a tabulated "
                      "equation of state (eos.table); or give radiation.source");
  const int cells[3] = {config.i_size, config.j_size, config.k_size};
  if (r.enabled && r.rays == 1 && cells[2] == 1)
    diagnostics.error("radiation.rays", mark_of(contents, "radiation.rays"),
                      "one ray runs along +z, but z has one cell (a 2D run): use 24 rays");
  if (r.beam_face >= 0 && cells[r.beam_face / 2] == 1)
    diagnostics.error("radiation.beam.face", mark_of(contents, "radiation.beam.face"),
                      fmt::format("the beam's face is on the {} axis, which has one cell: "
                                  "nothing enters there",
                                  "xyz"[r.beam_face / 2]));
  else if (r.beam_face >= 0 && !config.periodic[r.beam_face / 2]) {
    // The beam must cover some cell of its face: cell centres within radius of the centre.
    const int a = r.beam_face / 2, b = (a + 1) % 3, c = (a + 2) % 3;
    const double lo[3] = {config.x_min, config.y_min, config.z_min};
    const double hi[3] = {config.x_max, config.y_max, config.z_max};
    auto covered = [&]() {
      for (int i = 0; i < cells[b]; ++i)
        for (int j = 0; j < cells[c]; ++j) {
          const double x = lo[b] + (i + 0.5) * (hi[b] - lo[b]) / cells[b];
          const double y = lo[c] + (j + 0.5) * (hi[c] - lo[c]) / cells[c];
          const double db = cells[b] > 1 ? x - r.beam_centre[b] : 0.0;
          const double dc = cells[c] > 1 ? y - r.beam_centre[c] : 0.0;
          if (db * db + dc * dc <= r.beam_radius * r.beam_radius) return true;
        }
      return false;
    };
    // Off the face (the disc misses the face's rectangle) the centre is what is wrong; on it, the
    // radius (the disc falls between the cell centres).
    auto off_face = [&]() {
      double distance2 = 0;
      for (int axis : {b, c}) {
        if (cells[axis] == 1) continue;
        const double outside =
            std::max({lo[axis] - r.beam_centre[axis], r.beam_centre[axis] - hi[axis], 0.0});
        distance2 += outside * outside;
      }
      return distance2 > r.beam_radius * r.beam_radius;
    };
    if (!covered() && off_face()) {
      std::string extent;  // the face's rectangle along its axes of more than one cell
      for (int axis : {b, c})
        if (cells[axis] > 1)
          extent += fmt::format("{}{} in [{}, {}]", extent.empty() ? "" : ", ", "xyz"[axis],
                                lo[axis], hi[axis]);
      diagnostics.error(
          "radiation.beam.centre", mark_of(contents, "radiation.beam.centre"),
          fmt::format("the beam's centre [{}, {}, {}] lies off its face {} ({}), farther than "
                      "the radius {}: move the centre onto the face",
                      r.beam_centre[0], r.beam_centre[1], r.beam_centre[2], face_name(r.beam_face),
                      extent, r.beam_radius));
    } else if (!covered())
      diagnostics.error(
          "radiation.beam.radius", mark_of(contents, "radiation.beam.radius"),
          fmt::format("the beam (radius {}, centre [{}, {}, {}]) covers no cell "
                      "centre of its face: enlarge the radius or move the centre "
                      "onto a cell centre",
                      r.beam_radius, r.beam_centre[0], r.beam_centre[1], r.beam_centre[2]));
  }
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
