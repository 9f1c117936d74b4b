/// @file schema.cpp
/// @brief The table of fixed configuration keys. MISO's keys keep MISO's names and defaults
/// (the defaults themselves are RunConfig's member initialisers); the MISO keys without a
/// `store` are accepted, type-checked and have no effect (see docs/configuration.md).
#include "schema.hpp"

#include <algorithm>
#include <climits>

namespace alfven {
namespace mhd {
namespace config_detail {

namespace {

using Store = std::function<void(RunConfig&, const Value&)>;
using Range = std::function<bool(const Value&)>;

Store int_field(int RunConfig::*field) {
  return [field](RunConfig& c, const Value& v) { c.*field = static_cast<int>(v.integer); };
}
Store real_field(double RunConfig::*field) {
  return [field](RunConfig& c, const Value& v) { c.*field = v.real; };
}
Store bool_field(bool RunConfig::*field) {
  return [field](RunConfig& c, const Value& v) { c.*field = v.boolean; };
}
Store text_field(std::string RunConfig::*field) {
  return [field](RunConfig& c, const Value& v) { c.*field = v.text; };
}

Range integer_at_least(long long lowest) {
  return [lowest](const Value& v) { return v.integer >= lowest && v.integer <= INT_MAX; };
}
Range real_above(double lowest) {
  return [lowest](const Value& v) { return v.real > lowest; };
}

KeySpec integer_key(std::string path, long long lowest, std::string expected, Store store,
                    bool required = false) {
  return {std::move(path),
          ValueType::Integer,
          std::move(expected),
          integer_at_least(lowest),
          std::move(store),
          required,
          {}};
}
KeySpec real_key(std::string path, std::string expected, Range range, Store store,
                 bool required = false) {
  return {std::move(path),
          ValueType::Real,
          std::move(expected),
          std::move(range),
          std::move(store),
          required,
          {}};
}
KeySpec bool_key(std::string path, Store store) {
  return {
      std::move(path), ValueType::Boolean, "true or false", nullptr, std::move(store), false, {}};
}
KeySpec text_key(std::string path, Store store) {
  return {std::move(path), ValueType::String, "a string", nullptr, std::move(store), false, {}};
}
KeySpec choice_key(std::string path, std::vector<std::string> choices, Store store) {
  std::string expected = "one of ";
  for (std::size_t i = 0; i < choices.size(); ++i) expected += (i ? ", " : "") + choices[i];
  return {std::move(path), ValueType::Choice, std::move(expected), nullptr, std::move(store),
          false,           std::move(choices)};
}

/// A positive integer kept only for MISO compatibility (file-name digits).
KeySpec ignored_digits(std::string path) {
  return integer_key(std::move(path), 1, "a positive integer", nullptr);
}

std::vector<KeySpec> build_schema() {
  const auto any_real = nullptr;
  const std::string positive_int = "a positive integer";
  const std::string non_negative = "a real number >= 0";
  // The diffusive limit (dissipation.hpp) with cfl_number 1 puts the fastest decaying mode at
  // lambda dt = -2, inside the four-stage scheme's stability interval [-2.78, 0].
  const std::string diffusion_cfl = "a real number in (0, 1]";
  const Range diffusion_cfl_range = [](const Value& v) { return v.real > 0 && v.real <= 1; };
  std::vector<KeySpec> keys = {
      text_key("problem", text_field(&RunConfig::problem)),
      choice_key("precision", {"float", "double"},
                 [](RunConfig& c, const Value& v) {
                   c.precision = v.text == "float" ? Precision::Float : Precision::Double;
                 }),
      choice_key("backend", {"auto", "host", "cuda"}, text_field(&RunConfig::backend)),

      integer_key("grid.i_size", 1, positive_int, int_field(&RunConfig::i_size), true),
      integer_key("grid.j_size", 1, positive_int, int_field(&RunConfig::j_size), true),
      integer_key("grid.k_size", 1, positive_int, int_field(&RunConfig::k_size), true),
      integer_key("grid.margin", 0, "an integer >= 0", int_field(&RunConfig::margin)),
      real_key("grid.x_min", "a real number", any_real, real_field(&RunConfig::x_min)),
      real_key("grid.x_max", "a real number", any_real, real_field(&RunConfig::x_max)),
      real_key("grid.y_min", "a real number", any_real, real_field(&RunConfig::y_min)),
      real_key("grid.y_max", "a real number", any_real, real_field(&RunConfig::y_max)),
      real_key("grid.z_min", "a real number", any_real, real_field(&RunConfig::z_min)),
      real_key("grid.z_max", "a real number", any_real, real_field(&RunConfig::z_max)),

      bool_key("domain.periodic.x",
               [](RunConfig& c, const Value& v) { c.periodic[0] = v.boolean; }),
      bool_key("domain.periodic.y",
               [](RunConfig& c, const Value& v) { c.periodic[1] = v.boolean; }),
      bool_key("domain.periodic.z",
               [](RunConfig& c, const Value& v) { c.periodic[2] = v.boolean; }),

      real_key("time.tend", "a real number > 0", real_above(0), real_field(&RunConfig::tend), true),
      real_key("time.dt_output", "a real number > 0", real_above(0),
               real_field(&RunConfig::dt_output), true),
      integer_key("time.max_steps", -1, "an integer >= 0, or -1 for no limit",
                  [](RunConfig& c, const Value& v) { c.max_steps = static_cast<long>(v.integer); }),
      bool_key("time.exact_times", bool_field(&RunConfig::exact_times)),
      text_key("time.time_save_dir", nullptr),
      ignored_digits("time.n_output_digits"),

      real_key(
          "mhd.cfl_number", "a real number in (0, 1.5]",
          [](const Value& v) { return v.real > 0 && v.real <= 1.5; },
          real_field(&RunConfig::cfl_number)),
      real_key(
          "mhd.artificial_viscosity.ep", non_negative, [](const Value& v) { return v.real >= 0; },
          real_field(&RunConfig::ep)),
      real_key(
          "mhd.artificial_viscosity.fh", non_negative, [](const Value& v) { return v.real >= 0; },
          real_field(&RunConfig::fh)),
      real_key(
          "mhd.artificial_viscosity.cs_fac", non_negative,
          [](const Value& v) { return v.real >= 0; }, real_field(&RunConfig::cs_fac)),
      real_key(
          "mhd.artificial_viscosity.ca_fac", non_negative,
          [](const Value& v) { return v.real >= 0; }, real_field(&RunConfig::ca_fac)),
      real_key(
          "mhd.artificial_viscosity.vv_fac", non_negative,
          [](const Value& v) { return v.real >= 0; }, real_field(&RunConfig::vv_fac)),
      real_key(
          "mhd.floors.density", non_negative, [](const Value& v) { return v.real >= 0; },
          real_field(&RunConfig::density_floor)),
      real_key(
          "mhd.floors.pressure", non_negative, [](const Value& v) { return v.real >= 0; },
          real_field(&RunConfig::pressure_floor)),
      text_key("mhd.mhd_save_dir", nullptr),
      ignored_digits("mhd.n_output_digits"),

      real_key("eos.gm", "a real number > 1", real_above(1), real_field(&RunConfig::gamma)),
      text_key("eos.table", nullptr),  // read (file relative to the configuration) by eos.cpp

      real_key(
          "resistivity.eta", non_negative, [](const Value& v) { return v.real >= 0; },
          real_field(&RunConfig::resistivity)),
      real_key("resistivity.cfl_number", diffusion_cfl, diffusion_cfl_range,
               real_field(&RunConfig::resistivity_cfl)),
      real_key(
          "viscosity.nu", non_negative, [](const Value& v) { return v.real >= 0; },
          real_field(&RunConfig::viscosity)),
      real_key("viscosity.cfl_number", diffusion_cfl, diffusion_cfl_range,
               real_field(&RunConfig::viscosity_cfl)),

      integer_key("mpi.x_procs", 0, "an integer >= 0 (0: automatic)",
                  [](RunConfig& c, const Value& v) { c.procs[0] = static_cast<int>(v.integer); }),
      integer_key("mpi.y_procs", 0, "an integer >= 0 (0: automatic)",
                  [](RunConfig& c, const Value& v) { c.procs[1] = static_cast<int>(v.integer); }),
      integer_key("mpi.z_procs", 0, "an integer >= 0 (0: automatic)",
                  [](RunConfig& c, const Value& v) { c.procs[2] = static_cast<int>(v.integer); }),
      text_key("mpi.mpi_save_dir", nullptr),
      ignored_digits("mpi.n_procs_digits"),

      // io.output_dir, io.save_dir, base.save_dir, io.continue and base.continue are combined in
      // load.cpp (precedence and "either").
      text_key("io.output_dir", nullptr),
      bool_key("io.continue", nullptr),
      bool_key("io.png", bool_field(&RunConfig::write_png)),
      real_key("io.png_z", "a real number", any_real, real_field(&RunConfig::png_z)),
      integer_key("io.log_every", 1, positive_int, int_field(&RunConfig::log_every)),
      real_key(
          "io.log_dt", "a real number >= 0 (0: off)", [](const Value& v) { return v.real >= 0; },
          real_field(&RunConfig::log_dt)),
      {"io.walltime",
       ValueType::String,
       "a wall-time limit HH:MM:SS, e.g. \"11:50:00\" (or \"\" for none)",
       [](const Value& v) { return v.text.empty() || parse_walltime(v.text) > 0; },
       [](RunConfig& c, const Value& v) {
         c.walltime = v.text.empty() ? 0 : parse_walltime(v.text);
       },
       false,
       {}},
      integer_key(
          "io.checkpoint_every", 0, "an integer >= 0 (steps; 0: no periodic checkpoints)",
          [](RunConfig& c, const Value& v) { c.checkpoint_every = static_cast<long>(v.integer); }),
      integer_key("io.checkpoint_keep", 1, positive_int, int_field(&RunConfig::checkpoint_keep)),
      choice_key("io.async", {"auto", "on", "off"}, text_field(&RunConfig::async_output)),
      choice_key("io.fsync", {"checkpoints", "all"}, text_field(&RunConfig::fsync)),
      bool_key("io.enabled", nullptr),
      text_key("io.save_dir", nullptr),
      text_key("io.time_save_dir", nullptr),
      text_key("io.mpi_save_dir", nullptr),
      text_key("io.mhd_save_dir", nullptr),
      text_key("io.rt_save_dir", nullptr),
      ignored_digits("io.n_output_digits"),

      text_key("base.save_dir", nullptr),
      bool_key("base.continue", nullptr),
      text_key("data_type.Real", nullptr),
      text_key("data_type.Endian", nullptr),
      bool_key("physics.mhd", nullptr),
      bool_key("physics.rt", nullptr),

      {"sources.gravity",
       ValueType::Real3,
       "a list of 3 real numbers [gx, gy, gz]",
       nullptr,
       [](RunConfig& c, const Value& v) { std::copy(v.reals, v.reals + 3, c.gravity); },
       false,
       {}},
      real_key("sources.heating_rate", "a real number", any_real,
               real_field(&RunConfig::heating_rate)),

      bool_key("radiation.enabled",
               [](RunConfig& c, const Value& v) { c.radiation.enabled = v.boolean; }),
      integer_key("radiation.rays", 1, "24 (Carlson's A4 set) or 1 (one ray along +z)",
                  [](RunConfig& c, const Value& v) { c.radiation.rays = int(v.integer); }),
      real_key(
          "radiation.tolerance", non_negative, [](const Value& v) { return v.real >= 0; },
          [](RunConfig& c, const Value& v) { c.radiation.tolerance = v.real; }),
      integer_key(
          "radiation.max_iterations", 1, positive_int,
          [](RunConfig& c, const Value& v) { c.radiation.max_iterations = int(v.integer); }),
      real_key(
          "radiation.absorption", non_negative, [](const Value& v) { return v.real >= 0; },
          [](RunConfig& c, const Value& v) { c.radiation.absorption = v.real; }),
      real_key(
          "radiation.mass_absorption", non_negative, [](const Value& v) { return v.real >= 0; },
          [](RunConfig& c, const Value& v) { c.radiation.mass_absorption = v.real; }),
      real_key(
          "radiation.source", non_negative, [](const Value& v) { return v.real >= 0; },
          [](RunConfig& c, const Value& v) { c.radiation.source = v.real; }),
      bool_key("radiation.planck",
               [](RunConfig& c, const Value& v) { c.radiation.planck = v.boolean; }),
      real_key(
          "radiation.incoming", non_negative, [](const Value& v) { return v.real >= 0; },
          [](RunConfig& c, const Value& v) { c.radiation.incoming = v.real; }),
      bool_key("radiation.heating",
               [](RunConfig& c, const Value& v) { c.radiation.heating = v.boolean; }),
      real_key(
          "radiation.wall_emission", non_negative, [](const Value& v) { return v.real >= 0; },
          [](RunConfig& c, const Value& v) { c.radiation.wall_emission = v.real; }),
      choice_key("radiation.beam.face",
                 {"none", "x_lower", "x_upper", "y_lower", "y_upper", "z_lower", "z_upper"},
                 [](RunConfig& c, const Value& v) {
                   const char* faces[6] = {"x_lower", "x_upper", "y_lower",
                                           "y_upper", "z_lower", "z_upper"};
                   c.radiation.beam_face = -1;
                   for (int f = 0; f < 6; ++f)
                     if (v.text == faces[f]) c.radiation.beam_face = f;
                 }),
      real_key(
          "radiation.beam.intensity", non_negative, [](const Value& v) { return v.real >= 0; },
          [](RunConfig& c, const Value& v) { c.radiation.beam_intensity = v.real; }),
      real_key(
          "radiation.beam.radius", non_negative, [](const Value& v) { return v.real >= 0; },
          [](RunConfig& c, const Value& v) { c.radiation.beam_radius = v.real; }),
      {"radiation.beam.centre",
       ValueType::Real3,
       "a list of 3 real numbers [x, y, z]",
       nullptr,
       [](RunConfig& c, const Value& v) {
         std::copy(v.reals, v.reals + 3, c.radiation.beam_centre);
       },
       false,
       {}},
  };
  return keys;
}

/// "a.b.c" -> {"a", "a.b"}: the sections a key lives in.
std::vector<std::string> ancestors(const std::string& path) {
  std::vector<std::string> out;
  for (std::size_t dot = path.find('.'); dot != std::string::npos; dot = path.find('.', dot + 1)) {
    out.push_back(path.substr(0, dot));
  }
  return out;
}

}  // namespace

const std::vector<KeySpec>& schema() {
  static const std::vector<KeySpec> keys = build_schema();
  return keys;
}

const KeySpec* find_key(const std::string& path) {
  for (const KeySpec& key : schema()) {
    if (key.path == path) return &key;
  }
  return nullptr;
}

const std::vector<std::string>& free_form_sections() {
  static const std::vector<std::string> sections = {"boundary", "problem_parameters", "bodies",
                                                    "outputs"};
  return sections;
}

bool is_section(const std::string& path) {
  const auto& free = free_form_sections();
  if (std::find(free.begin(), free.end(), path) != free.end()) return true;
  for (const KeySpec& key : schema()) {
    const auto up = ancestors(key.path);
    if (std::find(up.begin(), up.end(), path) != up.end()) return true;
  }
  return false;
}

std::vector<std::string> keys_under(const std::string& prefix) {
  std::vector<std::string> names;
  auto add = [&](const std::string& path) {
    if (!prefix.empty() && path.compare(0, prefix.size() + 1, prefix + ".") != 0) return;
    const std::size_t start = prefix.empty() ? 0 : prefix.size() + 1;
    const std::string name = path.substr(start, path.find('.', start) - start);
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  };
  for (const KeySpec& key : schema()) add(key.path);
  for (const std::string& section : free_form_sections()) add(section);
  return names;
}

std::vector<std::string> keys_named(const std::string& name) {
  std::vector<std::string> out;
  for (const KeySpec& key : schema()) {
    const std::size_t dot = key.path.rfind('.');
    if (key.path.substr(dot == std::string::npos ? 0 : dot + 1) == name) out.push_back(key.path);
  }
  return out;
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
