/// @file names.cpp
/// @brief Names of faces and boundary kinds, comparison of configurations, ConfigError.
#include <algorithm>

#include "alfven/config/config.hpp"
#include "schema.hpp"

namespace alfven {
namespace mhd {

namespace {
std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += (out.empty() ? "" : "\n") + line;
  return out;
}
}  // namespace

ConfigError::ConfigError(std::vector<std::string> messages)
    : Error(join_lines(messages)), messages_(std::move(messages)) {}

const char* face_name(int face) {
  static const char* const names[num_faces] = {"x_lower", "x_upper", "y_lower",
                                               "y_upper", "z_lower", "z_upper"};
  return (face >= 0 && face < num_faces) ? names[face] : "unknown";
}

const char* boundary_kind_name(BoundaryKind kind) {
  switch (kind) {
    case BoundaryKind::Periodic:
      return "periodic";
    case BoundaryKind::Outflow:
      return "outflow";
    case BoundaryKind::Symmetric:
      return "symmetric";
    case BoundaryKind::Antisymmetric:
      return "antisymmetric";
    case BoundaryKind::Fixed:
      return "fixed";
  }
  return "unknown";
}

std::vector<std::string> config_keys() {
  std::vector<std::string> keys;
  for (const auto& key : config_detail::schema()) keys.push_back(key.path);
  keys.push_back("boundary.<face>");
  keys.push_back("problem_parameters.<name>");
  keys.push_back("bodies[i].geometry");
  keys.push_back("bodies[i].wall");
  keys.push_back("bodies[i].magnetic");
  for (const char* k : {"name", "dt", "every", "variables", "slice", "box", "compression"})
    keys.push_back(std::string("outputs[i].") + k);
  return keys;
}

bool operator==(const BoundarySpec& a, const BoundarySpec& b) {
  for (int f = 0; f < num_faces; ++f) {
    if (!std::equal(a.kind[f], a.kind[f] + num_vars, b.kind[f])) return false;
  }
  return true;
}

bool operator==(const RunConfig& a, const RunConfig& b) {
  const auto same3 = [](const auto& x, const auto& y) { return std::equal(x, x + 3, y); };
  return a.problem == b.problem && a.precision == b.precision && a.backend == b.backend &&
         a.i_size == b.i_size && a.j_size == b.j_size && a.k_size == b.k_size &&
         a.margin == b.margin && a.x_min == b.x_min && a.x_max == b.x_max && a.y_min == b.y_min &&
         a.y_max == b.y_max && a.z_min == b.z_min && a.z_max == b.z_max &&
         same3(a.periodic, b.periodic) && a.boundary == b.boundary && a.tend == b.tend &&
         a.dt_output == b.dt_output && a.max_steps == b.max_steps &&
         a.exact_times == b.exact_times && a.cfl_number == b.cfl_number && a.ep == b.ep &&
         a.fh == b.fh && a.cs_fac == b.cs_fac && a.ca_fac == b.ca_fac && a.vv_fac == b.vv_fac &&
         a.gamma == b.gamma && a.density_floor == b.density_floor &&
         a.pressure_floor == b.pressure_floor && a.resistivity == b.resistivity &&
         a.resistivity_cfl == b.resistivity_cfl && a.viscosity == b.viscosity &&
         a.viscosity_cfl == b.viscosity_cfl && same3(a.procs, b.procs) &&
         a.output_dir == b.output_dir && a.restart == b.restart && a.write_png == b.write_png &&
         (a.png_z == b.png_z || (a.png_z != a.png_z && b.png_z != b.png_z)) &&
         a.log_every == b.log_every && same3(a.gravity, b.gravity) &&
         a.heating_rate == b.heating_rate && a.problem_parameters == b.problem_parameters &&
         a.bodies == b.bodies && a.log_dt == b.log_dt && a.walltime == b.walltime &&
         a.checkpoint_every == b.checkpoint_every && a.checkpoint_keep == b.checkpoint_keep &&
         a.async_output == b.async_output && a.fsync == b.fsync && a.outputs == b.outputs;
}

bool operator==(const OutputBlockConfig& a, const OutputBlockConfig& b) {
  return a.name == b.name && a.dt == b.dt && a.every == b.every && a.variables == b.variables &&
         a.slice_axis == b.slice_axis && a.slice_at == b.slice_at && a.has_box == b.has_box &&
         std::equal(a.box_min, a.box_min + 3, b.box_min) &&
         std::equal(a.box_max, a.box_max + 3, b.box_max) && a.compression == b.compression;
}

bool operator==(const BodyConfig& a, const BodyConfig& b) {
  return a.geometry == b.geometry && a.wall == b.wall && a.magnetic == b.magnetic;
}

}  // namespace mhd
}  // namespace alfven
