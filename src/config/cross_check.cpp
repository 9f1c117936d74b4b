/// @file cross_check.cpp
/// @brief Keys that fill one field together, and rules that involve several keys.
#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "scalars.hpp"
#include "sections.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

namespace {

const Value* given(const TreeContents& contents, const std::string& key) {
  const auto it = contents.values.find(key);
  return it == contents.values.end() ? nullptr : &it->second.value;
}

/// Where to point for `key`: its value if given, else its section, else nowhere in the file.
YAML::Mark mark_of(const TreeContents& contents, const std::string& key) {
  const auto value = contents.values.find(key);
  if (value != contents.values.end()) return value->second.node.Mark();
  const auto section = contents.sections.find(key.substr(0, key.rfind('.')));
  if (section != contents.sections.end()) return section->second.mark;
  return YAML::Mark::null_mark();
}

void check_extent(const TreeContents& contents, char axis, double lower, double upper,
                  Diagnostics& diagnostics) {
  const std::string min_key = fmt::format("grid.{}_min", axis);
  const std::string max_key = fmt::format("grid.{}_max", axis);
  // An invalid edge has been reported already; comparing its default would only confuse.
  for (const std::string& key : {min_key, max_key}) {
    if (contents.given.count(key) && !contents.values.count(key)) return;
  }
  if (upper > lower) return;
  diagnostics.error(max_key, mark_of(contents, max_key),
                    fmt::format("expected a value greater than grid.{}_min ({}), got {}", axis,
                                format_real(lower), format_real(upper)));
}

}  // namespace

void finish_and_cross_check(const TreeContents& contents, RunConfig& config,
                            Diagnostics& diagnostics) {
  // Output directory: ours first, then MISO's two spellings.
  for (const char* key : {"io.output_dir", "io.save_dir", "base.save_dir"}) {
    if (const Value* v = given(contents, key)) {
      config.output_dir = v->text;
      break;
    }
  }
  for (const char* key : {"io.continue", "base.continue"}) {
    if (const Value* v = given(contents, key)) config.restart = config.restart || v->boolean;
  }

  check_extent(contents, 'x', config.x_min, config.x_max, diagnostics);
  check_extent(contents, 'y', config.y_min, config.y_max, diagnostics);
  check_extent(contents, 'z', config.z_min, config.z_max, diagnostics);

  // Cadences in time: at most 1e15 multiples before time.tend, so that output numbers fit a
  // long and a double counts them exactly (dt: 1e-300 hung a run in its output bookkeeping,
  // deaf to SIGTERM).
  // An output block's files are numbered by the multiple, stored as the snapshot format's int
  // `index`: at most 2147483647 multiples (dt: 1e-10 wrote a_2543119594.h5 with index
  // -1751847702, which a restart refused).
  const auto check_cadence = [&](const std::string& key, double dt, double most) {
    if (!(dt > 0) || !(config.tend > 0) || config.tend / dt <= most) return;
    diagnostics.error(key, mark_of(contents, key),
                      fmt::format("{} = {:g} would number more than {:g} outputs before "
                                  "time.tend = {:g}; give a larger value",
                                  key, dt, most, config.tend));
  };
  check_cadence("time.dt_output", config.dt_output, 1e15);
  check_cadence("io.log_dt", config.log_dt, 1e15);
  for (std::size_t i = 0; i < config.outputs.size(); ++i)
    check_cadence(fmt::format("outputs[{}].dt", i), config.outputs[i].dt, 2147483646.0);

  // Cells with their ghost layers must count in an int along each axis (2147483647 cells and
  // their ghosts gave "Array extent 0 is negative" from deep in the set-up).
  const std::pair<const char*, long> sizes[3] = {{"grid.i_size", config.i_size},
                                                 {"grid.j_size", config.j_size},
                                                 {"grid.k_size", config.k_size}};
  for (const auto& [key, n] : sizes)
    if (n + 2L * std::max(config.margin, 0) > 2147483647L)
      diagnostics.error(key, mark_of(contents, key),
                        fmt::format("{} = {} cells with {} ghost layers on each side do not fit "
                                    "an int (at most 2147483647 along an axis)",
                                    key, n, config.margin));

  const bool any_active = config.i_size > 1 || config.j_size > 1 || config.k_size > 1;
  if (any_active && config.margin < 2 && given(contents, "grid.margin")) {
    diagnostics.error("grid.margin", mark_of(contents, "grid.margin"),
                      fmt::format("expected an integer >= 2 (the stencils reach 2 cells), got {}",
                                  config.margin));
  }
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
