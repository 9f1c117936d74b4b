/// @file to_yaml.cpp
/// @brief Writes a RunConfig as a complete configuration file that loads back to an equal
/// RunConfig (reals in shortest round-trip form, every key written, defaults included).
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdio>
#include <utility>

#include "alfven/config/config.hpp"
#include "alfven/config/miso_keys.hpp"
#include "alfven/core/text.hpp"
#include "scalars.hpp"

namespace alfven {
namespace mhd {

namespace {

using config_detail::format_real;

void real(YAML::Emitter& out, const char* key, double value) {
  out << YAML::Key << key << YAML::Value << format_real(value);
}

/// "HH:MM:SS" of a whole number of seconds (what parse_walltime reads back).
std::string walltime_text(double seconds) {
  const long s = long(seconds);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%02ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  return buffer;
}

/// A string value, always quoted so that "", "~", "true" or "123" stay strings.
void text(YAML::Emitter& out, const char* key, const std::string& value) {
  out << YAML::Key << key << YAML::Value << YAML::DoubleQuoted << value;
}

void write_grid(YAML::Emitter& out, const RunConfig& c) {
  out << YAML::Key << "grid" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "i_size" << YAML::Value << c.i_size;
  out << YAML::Key << "j_size" << YAML::Value << c.j_size;
  out << YAML::Key << "k_size" << YAML::Value << c.k_size;
  out << YAML::Key << "margin" << YAML::Value << c.margin;
  real(out, "x_min", c.x_min);
  real(out, "x_max", c.x_max);
  real(out, "y_min", c.y_min);
  real(out, "y_max", c.y_max);
  real(out, "z_min", c.z_min);
  real(out, "z_max", c.z_max);
  out << YAML::EndMap;
  out << YAML::Key << "domain" << YAML::Value << YAML::BeginMap << YAML::Key << "periodic"
      << YAML::Value << YAML::Flow << YAML::BeginMap;
  const char* const axes[] = {"x", "y", "z"};
  for (int a = 0; a < 3; ++a) out << YAML::Key << axes[a] << YAML::Value << c.periodic[a];
  out << YAML::EndMap << YAML::EndMap;
}

/// Faces of non-periodic axes, each as a full per-variable map (exact whatever the mix).
void write_boundary(YAML::Emitter& out, const RunConfig& c) {
  if (c.periodic[0] && c.periodic[1] && c.periodic[2]) return;
  out << YAML::Key << "boundary" << YAML::Value << YAML::BeginMap;
  for (int face = 0; face < num_faces; ++face) {
    if (c.periodic[face / 2]) continue;
    out << YAML::Key << face_name(face) << YAML::Value << YAML::BeginMap;
    for (int v = 0; v < num_vars; ++v) {
      out << YAML::Key << var_name(v) << YAML::Value
          << boundary_kind_name(c.boundary.kind[face][v]);
    }
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
}

/// MISO's layout keys of one section (miso_keys.hpp): its folder and its digits.
void miso_folder_and_digits(YAML::Emitter& out, const char* dir_key, const std::string& dir,
                            const char* digits_key, int digits) {
  text(out, dir_key, dir);
  out << YAML::Key << digits_key << YAML::Value << digits;
}

void write_time_and_scheme(YAML::Emitter& out, const RunConfig& c, const MisoLayoutKeys* miso) {
  out << YAML::Key << "time" << YAML::Value << YAML::BeginMap;
  real(out, "tend", c.tend);
  real(out, "dt_output", c.dt_output);
  out << YAML::Key << "max_steps" << YAML::Value << c.max_steps;
  out << YAML::Key << "exact_times" << YAML::Value << c.exact_times;
  if (miso)
    miso_folder_and_digits(out, "time_save_dir", miso->time_dir, "n_output_digits",
                           miso->output_digits);
  out << YAML::EndMap;

  out << YAML::Key << "mhd" << YAML::Value << YAML::BeginMap;
  if (miso)
    miso_folder_and_digits(out, "mhd_save_dir", miso->mhd_dir, "n_output_digits",
                           miso->rank_digits);
  real(out, "cfl_number", c.cfl_number);
  out << YAML::Key << "artificial_viscosity" << YAML::Value << YAML::BeginMap;
  real(out, "ep", c.ep);
  real(out, "fh", c.fh);
  real(out, "cs_fac", c.cs_fac);
  real(out, "ca_fac", c.ca_fac);
  real(out, "vv_fac", c.vv_fac);
  out << YAML::EndMap;
  out << YAML::Key << "floors" << YAML::Value << YAML::BeginMap;
  real(out, "density", c.density_floor);
  real(out, "pressure", c.pressure_floor);
  out << YAML::EndMap << YAML::EndMap;

  out << YAML::Key << "eos" << YAML::Value << YAML::BeginMap;
  real(out, "gm", c.gamma);
  if (!c.eos_table.empty()) text(out, "table", c.eos_table);
  out << YAML::EndMap;

  out << YAML::Key << "resistivity" << YAML::Value << YAML::BeginMap;
  real(out, "eta", c.resistivity);
  real(out, "cfl_number", c.resistivity_cfl);
  out << YAML::EndMap;
  out << YAML::Key << "viscosity" << YAML::Value << YAML::BeginMap;
  real(out, "nu", c.viscosity);
  real(out, "cfl_number", c.viscosity_cfl);
  out << YAML::EndMap;

  const RadiationParameters& r = c.radiation;
  out << YAML::Key << "radiation" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "enabled" << YAML::Value << r.enabled;
  out << YAML::Key << "rays" << YAML::Value << r.rays;
  real(out, "tolerance", r.tolerance);
  out << YAML::Key << "max_iterations" << YAML::Value << r.max_iterations;
  real(out, "absorption", r.absorption);
  real(out, "mass_absorption", r.mass_absorption);
  real(out, "source", r.source);
  out << YAML::Key << "planck" << YAML::Value << r.planck;
  real(out, "incoming", r.incoming);
  out << YAML::Key << "heating" << YAML::Value << r.heating;
  real(out, "wall_emission", r.wall_emission);
  const char* faces[7] = {"none", "x_lower", "x_upper", "y_lower", "y_upper", "z_lower", "z_upper"};
  out << YAML::Key << "beam" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "face" << YAML::Value << faces[r.beam_face + 1];
  real(out, "intensity", r.beam_intensity);
  real(out, "radius", r.beam_radius);
  out << YAML::Key << "centre" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (double x : r.beam_centre) out << format_real(x);
  out << YAML::EndSeq << YAML::EndMap << YAML::EndMap;
}

void write_parallel_and_io(YAML::Emitter& out, const RunConfig& c, const MisoLayoutKeys* miso) {
  out << YAML::Key << "mpi" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "x_procs" << YAML::Value << c.procs[0];
  out << YAML::Key << "y_procs" << YAML::Value << c.procs[1];
  out << YAML::Key << "z_procs" << YAML::Value << c.procs[2];
  if (miso)
    miso_folder_and_digits(out, "mpi_save_dir", miso->mpi_dir, "n_procs_digits", miso->rank_digits);
  out << YAML::EndMap;

  out << YAML::Key << "io" << YAML::Value << YAML::BeginMap;
  text(out, "output_dir", c.output_dir);
  if (miso) {
    text(out, "save_dir", c.output_dir);
    text(out, "time_save_dir", miso->time_dir);
    text(out, "mpi_save_dir", miso->mpi_dir);
    text(out, "mhd_save_dir", miso->mhd_dir);
    out << YAML::Key << "n_output_digits" << YAML::Value << miso->output_digits;
  }
  out << YAML::Key << "continue" << YAML::Value << c.restart;
  out << YAML::Key << "png" << YAML::Value << c.write_png;
  if (std::isfinite(c.png_z)) real(out, "png_z", c.png_z);
  out << YAML::Key << "log_every" << YAML::Value << c.log_every;
  real(out, "log_dt", c.log_dt);
  text(out, "walltime", c.walltime > 0 ? walltime_text(c.walltime) : std::string());
  out << YAML::Key << "checkpoint_every" << YAML::Value << c.checkpoint_every;
  out << YAML::Key << "checkpoint_keep" << YAML::Value << c.checkpoint_keep;
  out << YAML::Key << "async" << YAML::Value << c.async_output;
  out << YAML::Key << "fsync" << YAML::Value << c.fsync << YAML::EndMap;
}

void write_outputs(YAML::Emitter& out, const RunConfig& c) {
  if (c.outputs.empty()) return;
  out << YAML::Key << "outputs" << YAML::Value << YAML::BeginSeq;
  for (const OutputBlockConfig& b : c.outputs) {
    out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << b.name;
    if (b.dt > 0) real(out, "dt", b.dt);
    if (b.every > 0) out << YAML::Key << "every" << YAML::Value << b.every;
    out << YAML::Key << "variables" << YAML::Value << YAML::Flow << b.variables;
    if (b.slice_axis >= 0) {
      const char* const axes[3] = {"x", "y", "z"};
      out << YAML::Key << "slice" << YAML::Value << YAML::Flow << YAML::BeginMap;
      real(out, axes[b.slice_axis], b.slice_at);
      out << YAML::EndMap;
    }
    if (b.has_box) {
      out << YAML::Key << "box" << YAML::Value << YAML::BeginMap;
      for (const auto& [key, v] :
           {std::make_pair("min", b.box_min), std::make_pair("max", b.box_max)}) {
        out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (int a = 0; a < 3; ++a) out << format_real(v[a]);
        out << YAML::EndSeq;
      }
      out << YAML::EndMap;
    }
    out << YAML::Key << "compression" << YAML::Value << b.compression << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

void write_sources_and_parameters(YAML::Emitter& out, const RunConfig& c) {
  out << YAML::Key << "sources" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "gravity" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (double g : c.gravity) out << format_real(g);
  out << YAML::EndSeq;
  real(out, "heating_rate", c.heating_rate);
  out << YAML::EndMap;

  out << YAML::Key << "problem_parameters" << YAML::Value << YAML::BeginMap;
  for (const auto& [name, value] : c.problem_parameters) {
    // Stored text is canonical (reals, integers, true/false) or a string: quoting keeps both.
    out << YAML::Key << name << YAML::Value << YAML::DoubleQuoted << value;
  }
  out << YAML::EndMap;
}

void write_bodies(YAML::Emitter& out, const RunConfig& c) {
  if (c.bodies.empty()) return;
  out << YAML::Key << "bodies" << YAML::Value << YAML::BeginSeq;
  for (const BodyConfig& b : c.bodies) {
    out << YAML::BeginMap << YAML::Key << "geometry" << YAML::Value << YAML::Load(b.geometry);
    out << YAML::Key << "wall" << YAML::Value << b.wall;
    out << YAML::Key << "magnetic" << YAML::Value << b.magnetic << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

/// MISO's sections that describe its files: data_type and physics.
void write_miso_sections(YAML::Emitter& out, const MisoLayoutKeys& miso) {
  out << YAML::Key << "data_type" << YAML::Value << YAML::BeginMap;
  text(out, "Real", miso.real);
  text(out, "Endian", miso.endian);
  out << YAML::EndMap;
  out << YAML::Key << "physics" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "mhd" << YAML::Value << miso.mhd;
  out << YAML::Key << "rt" << YAML::Value << miso.rt << YAML::EndMap;
}

/// The configuration file of `c` after the comment lines `header` (one per line), with MISO's
/// layout keys when `miso` is not null.
std::string emit(const RunConfig& c, const MisoLayoutKeys* miso, const std::string& header) {
  YAML::Emitter out;
  if (!header.empty())
    for (const std::string& line : text::split(header, '\n'))
      out << YAML::Comment(line) << YAML::Newline;
  out << YAML::BeginMap;
  text(out, "problem", c.problem);
  out << YAML::Key << "precision" << YAML::Value
      << (c.precision == Precision::Float ? "float" : "double");
  text(out, "backend", c.backend);
  write_grid(out, c);
  write_boundary(out, c);
  write_time_and_scheme(out, c, miso);
  write_parallel_and_io(out, c, miso);
  write_sources_and_parameters(out, c);
  write_bodies(out, c);
  write_outputs(out, c);
  if (miso) write_miso_sections(out, *miso);
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace

std::string to_yaml(const RunConfig& c) {
  std::string header = "Alfven run configuration, complete (every default written out)";
  if (!c.source.empty()) header += "\nread from " + c.source;
  return emit(c, nullptr, header);
}

std::string to_miso_yaml(const RunConfig& config, const MisoLayoutKeys& keys,
                         const std::string& header) {
  return emit(config, &keys, header);
}

}  // namespace mhd
}  // namespace alfven
