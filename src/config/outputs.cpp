/// @file outputs.cpp
/// @brief The `outputs:` section (a list of output blocks, each {name, dt | every, variables,
/// slice | box, compression}; docs/output.md, "Output blocks") and the wall-time format of
/// io.walltime.
#include <yaml-cpp/yaml.h>

#include <cctype>
#include <set>
#include <sstream>
#include <string>

#include "alfven/config/block_name.hpp"
#include "alfven/mhd/output_region.hpp"
#include "alfven/mhd/output_variables.hpp"
#include "scalars.hpp"
#include "sections.hpp"
#include "suggest.hpp"

namespace alfven {
namespace mhd {

double parse_walltime(const std::string& text) {
  // H+:MM:SS with MM, SS < 60.
  const std::size_t a = text.find(':'), b = a == std::string::npos ? a : text.find(':', a + 1);
  if (b == std::string::npos || text.find(':', b + 1) != std::string::npos) return -1;
  const std::string parts[3] = {text.substr(0, a), text.substr(a + 1, b - a - 1),
                                text.substr(b + 1)};
  long value[3];
  for (int i = 0; i < 3; ++i) {
    if (parts[i].empty() || parts[i].size() > (i == 0 ? 6u : 2u)) return -1;
    for (char c : parts[i])
      if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
    value[i] = std::stol(parts[i]);
  }
  if (value[1] >= 60 || value[2] >= 60) return -1;
  const double seconds = 3600.0 * value[0] + 60.0 * value[1] + value[2];
  return seconds > 0 ? seconds : -1;
}

namespace config_detail {

namespace {

/// Why a box of an output block holds no cell: the first axis (of more than one cell) whose
/// cell centres all lie outside [min, max], with the box, the domain and its centres.
std::string empty_box_message(const OutputBlockConfig& block, const int n[3], const double lo[3],
                              const double hi[3]) {
  std::ostringstream os;
  for (int a = 0; a < 3; ++a) {
    if (n[a] == 1) continue;
    const double first = output_cell_centre(lo[a], hi[a], n[a], 0),
                 last = output_cell_centre(lo[a], hi[a], n[a], n[a] - 1);
    bool any = false;
    for (int i = 0; i < n[a] && !any; ++i) {
      const double c = output_cell_centre(lo[a], hi[a], n[a], i);
      any = c >= block.box_min[a] && c <= block.box_max[a];
    }
    if (any) continue;
    os << "the box holds no cell centre along "
       << "xyz"[a] << ": [" << block.box_min[a] << ", " << block.box_max[a]
       << "] against the domain [" << lo[a] << ", " << hi[a] << "], whose " << n[a]
       << " cell centres run from " << first << " to " << last << " in steps of "
       << (hi[a] - lo[a]) / n[a] << "; a box needs at least one centre along every axis of more "
       << "than one cell (min <= max)";
    return os.str();
  }
  return "the box holds no cell centre of the grid";
}

/// Names a run's own files use: an output block may not take them.
const std::set<std::string>& reserved_names() {
  static const std::set<std::string> names = {
      "snapshot", "checkpoint", "density",     "run",     "log",
      "config",   "snapshots",  "checkpoints", "outputs", "discarded_after"};
  return names;
}

/// A list of three reals, or nullopt (recorded).
bool read_three(const std::string& key, const YAML::Node& node, double out[3],
                Diagnostics& diagnostics) {
  bool ok = node.IsSequence() && node.size() == 3;
  for (std::size_t i = 0; ok && i < 3; ++i) {
    const auto v = read_real(node[i]);
    ok = v.has_value();
    if (ok) out[i] = *v;
  }
  if (!ok)
    diagnostics.error(key, node.Mark(),
                      "expected a list of 3 real numbers [x, y, z], got " + describe(node));
  return ok;
}

void read_slice(const std::string& key, const YAML::Node& value, OutputBlockConfig& block,
                Diagnostics& diagnostics) {
  const char* const axes[3] = {"x", "y", "z"};
  if (value.IsMap() && value.size() == 1) {
    const std::string axis = value.begin()->first.as<std::string>("");
    for (int a = 0; a < 3; ++a)
      if (axis == axes[a]) {
        const YAML::Node& where = value.begin()->second;
        const auto at = read_real(where);
        if (!at) {  // the axis is right: say what is wrong with the coordinate
          diagnostics.error(join_key(key, axis), where.Mark(),
                            "expected a finite real number (the coordinate of the plane), got " +
                                describe(where));
          return;
        }
        block.slice_axis = a;
        block.slice_at = *at;
        return;
      }
    diagnostics.error(key, value.Mark(),
                      "expected the axis x, y or z as the key ({x: X}, {y: Y} or {z: Z}), got " +
                          describe(value.begin()->first));
    return;
  }
  diagnostics.error(
      key, value.Mark(),
      "expected {x: X}, {y: Y} or {z: Z}: the plane of cells at that coordinate, got " +
          describe(value));
}

void read_box(const std::string& key, const YAML::Node& value, OutputBlockConfig& block,
              Diagnostics& diagnostics) {
  if (!value.IsMap() || value.size() != 2 || !value["min"] || !value["max"]) {
    diagnostics.error(key, value.Mark(),
                      "expected {min: [x, y, z], max: [x, y, z]}, got " + describe(value));
    return;
  }
  if (!read_three(join_key(key, "min"), value["min"], block.box_min, diagnostics) ||
      !read_three(join_key(key, "max"), value["max"], block.box_max, diagnostics))
    return;
  block.has_box = true;
}

void read_variables(const std::string& key, const YAML::Node& value, const RunConfig& config,
                    OutputBlockConfig& block, Diagnostics& diagnostics) {
  if (!value.IsSequence() || value.size() == 0) {
    diagnostics.error(
        key, value.Mark(),
        "expected a list of variables, e.g. [density, pressure, velocity], got " + describe(value));
    return;
  }
  std::set<std::string> datasets;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto name = value[i].IsScalar() ? read_text(value[i]) : std::nullopt;
    std::string why = "expected a variable name, got " + describe(value[i]);
    const std::vector<OutputVariable> vars =
        name ? output_variables(*name, why) : std::vector<OutputVariable>{};
    if (vars.empty()) {
      const std::string close =
          name ? closest_match(*name, output_variable_names()) : std::string();
      diagnostics.error(
          key, value[i].Mark(),
          why + (close.empty() ? " (valid: " + join_names(output_variable_names()) + ")"
                               : "; did you mean `" + close + "`?"));
      continue;
    }
    if (vars.front().quantity == OutputQuantity::Temperature && config.eos_table.empty()) {
      diagnostics.error(key, value[i].Mark(),
                        "temperature needs a tabulated equation of state (eos.table): the "
                        "ideal-gas law p = (gamma - 1) rho e has no temperature scale; write "
                        "pressure or internal_energy instead");
      continue;
    }
    const OutputQuantity q = vars.front().quantity;
    if ((q == OutputQuantity::MeanIntensity || q == OutputQuantity::RadiativeFlux ||
         q == OutputQuantity::RadiativeHeating) &&
        !config.radiation.enabled) {
      diagnostics.error(key, value[i].Mark(),
                        *name + " needs radiative transfer: radiation.enabled: true");
      continue;
    }
    if (vars.front().quantity == OutputQuantity::SignedDistance && config.bodies.empty()) {
      diagnostics.error(key, value[i].Mark(),
                        "signed_distance needs embedded bodies (a bodies: list)");
      continue;
    }
    for (const OutputVariable& v : vars)
      if (!datasets.insert(v.name).second)
        diagnostics.error(key, value[i].Mark(), "'" + v.name + "' is listed twice");
    block.variables.push_back(*name);
  }
}

void read_block(const std::string& key, const YAML::Node& entry, RunConfig& config,
                Diagnostics& diagnostics) {
  if (!entry.IsMap()) {
    diagnostics.error(
        key, entry.Mark(),
        "expected a map {name: NAME, dt: DT, variables: [...]}, got " + describe(entry));
    return;
  }
  OutputBlockConfig block;
  const std::size_t errors = diagnostics.messages().size();
  bool has_name = false, has_variables = false;
  for_each_entry(
      entry, key, diagnostics,
      [&](const std::string& name, const YAML::Mark& mark, const YAML::Node& value) {
        const std::string path = join_key(key, name);
        if (name == "name") {
          const auto text = value.IsScalar() ? read_text(value) : std::nullopt;
          has_name = true;
          if (!text || !valid_output_block_name(*text) || reserved_names().count(*text))
            diagnostics.error(
                path, value.Mark(),
                "expected a name of 1 to 64 lower-case letters, digits and _ that the run "
                "does not use for its own files (not " +
                    join_names({reserved_names().begin(), reserved_names().end()}) + "), got " +
                    describe(value));
          else if (const std::string why = snapshot_like_block_name(*text); !why.empty())
            diagnostics.error(path, value.Mark(), why);
          else
            block.name = *text;
        } else if (name == "dt") {
          const auto v = read_real(value);
          if (!v || *v <= 0)
            diagnostics.error(
                path, value.Mark(),
                "expected a real number > 0 (time between outputs), got " + describe(value));
          else
            block.dt = *v;
        } else if (name == "every") {
          const auto v = read_integer(value);
          if (!v || *v <= 0)
            diagnostics.error(
                path, value.Mark(),
                "expected an integer > 0 (steps between outputs), got " + describe(value));
          else
            block.every = long(*v);
        } else if (name == "variables") {
          has_variables = true;
          read_variables(path, value, config, block, diagnostics);
        } else if (name == "slice") {
          read_slice(path, value, block, diagnostics);
        } else if (name == "box") {
          read_box(path, value, block, diagnostics);
        } else if (name == "compression") {
          const auto v = read_integer(value);
          if (!v || *v < 0 || *v > 9)
            diagnostics.error(path, value.Mark(),
                              "expected a deflate level 0 (none) to 9, got " + describe(value));
          else
            block.compression = int(*v);
        } else {
          const std::vector<std::string> known = {"name",  "dt",  "every",      "variables",
                                                  "slice", "box", "compression"};
          const std::string close = closest_match(name, known);
          diagnostics.error(path, mark,
                            close.empty()
                                ? "unknown key (valid: " + join_names(known) + ")"
                                : "unknown key; did you mean `" + join_key(key, close) + "`?");
        }
      });
  if (!has_name)
    diagnostics.error(key, entry.Mark(),
                      "required key `name` is missing (files NAME_NNNN.h5, NAME.xdmf)");
  if (!has_variables) diagnostics.error(key, entry.Mark(), "required key `variables` is missing");
  if ((block.dt > 0) == (block.every > 0) && diagnostics.messages().size() == errors)
    diagnostics.error(key, entry.Mark(),
                      "give exactly one cadence: dt (time between outputs) or every (steps)");
  if (block.slice_axis >= 0 && block.has_box)
    diagnostics.error(key, entry.Mark(), "give a slice or a box, not both");
  for (const OutputBlockConfig& other : config.outputs)
    if (!block.name.empty() && other.name == block.name)
      diagnostics.error(join_key(key, "name"), entry.Mark(),
                        "the name '" + block.name + "' is used by an earlier output");
  if (diagnostics.messages().size() != errors) return;
  const int n[3] = {config.i_size, config.j_size, config.k_size};
  const double lo[3] = {config.x_min, config.y_min, config.z_min},
               hi[3] = {config.x_max, config.y_max, config.z_max};
  int offset[3], count[3];
  if (block.slice_axis >= 0 && n[block.slice_axis] == 1)
    diagnostics.error(join_key(key, "slice"), entry.Mark(),
                      std::string("the grid has one cell along ") + "xyz"[block.slice_axis] +
                          ": the whole grid is that plane; remove the slice");
  else if (!output_region(block, n, lo, hi, offset, count))
    diagnostics.error(
        join_key(key, block.has_box ? "box" : "slice"), entry.Mark(),
        block.has_box ? empty_box_message(block, n, lo, hi) : "the plane lies outside the grid");
  else
    config.outputs.push_back(block);
}

}  // namespace

void read_outputs(const TreeContents& contents, RunConfig& config, Diagnostics& diagnostics) {
  const auto section = contents.sections.find("outputs");
  if (section == contents.sections.end() || section->second.node.IsNull()) return;
  const YAML::Node& list = section->second.node;
  if (!list.IsSequence()) {
    diagnostics.error("outputs", list.Mark(),
                      "expected a list of outputs, each {name: NAME, dt: DT or every: STEPS, "
                      "variables: [...]}, got " +
                          describe(list));
    return;
  }
  for (std::size_t i = 0; i < list.size(); ++i)
    read_block("outputs[" + std::to_string(i) + "]", list[i], config, diagnostics);
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
