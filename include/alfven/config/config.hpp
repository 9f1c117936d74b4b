/// @file config.hpp
/// @brief The run configuration of the MHD solver: what a YAML file (plus `--set key=value`
/// overrides) says, validated and with every default filled in.
///
/// The keys and their meaning are listed in docs/configuration.md. A MISO configuration file
/// loads unchanged: MISO's keys keep MISO's names and defaults, and MISO keys that Alfven does not
/// use are accepted, type-checked and ignored.
///
/// This header is light on purpose (no yaml-cpp): CUDA translation units include it. It sits in
/// include/alfven/config/ because the `alfven_config` library (src/config) implements it; its
/// names stay in namespace alfven::mhd, since what it describes is an MHD run.
#pragma once

#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/io/eos_table_file.hpp"
#include "alfven/mhd/radiation/radiation_parameters.hpp"
#include "alfven/mhd/variables.hpp"

namespace alfven {
namespace mhd {

/// Floating-point type of the fields and the arithmetic of a run.
enum class Precision { Float, Double };

/// What a boundary does to one variable in the ghost cells next to one face.
enum class BoundaryKind {
  Periodic,       ///< copied from the opposite side of the domain (domain.periodic.<axis>: true)
  Outflow,        ///< zero gradient: the ghost cell repeats the last interior cell
  Symmetric,      ///< mirrored: ghost cell k outside equals interior cell k inside
  Antisymmetric,  ///< mirrored with the sign flipped
  Fixed,          ///< the ghost cells keep the initial condition's values (an inflow face)
};

/// The six faces of the domain box, in the order the boundary tables use.
enum Face : int { x_lower = 0, x_upper, y_lower, y_upper, z_lower, z_upper, num_faces };

/// Boundary kind per face and per variable (variables in the order of alfven::mhd::Var).
/// Value-initialised, every entry is Periodic.
struct BoundarySpec {
  BoundaryKind kind[num_faces][num_vars] = {};
};

/// Describes one parameter a problem set-up takes under `problem_parameters:`.
struct ProblemParameterSpec {
  std::string name;                                          ///< key under problem_parameters
  enum Type { Real, Integer, Boolean, String } type = Real;  ///< what the value must parse as
  std::string default_value;  ///< used when the file does not give the key
  std::string description;    ///< one line, shown by `alfven problems`
};

/// One entry of the `bodies:` list: a solid body embedded in the grid (see
/// docs/embedded-boundaries.md).
struct BodyConfig {
  /// bodies[i].geometry: the geometry node of scene files as YAML text (block style), with
  /// relative mesh file paths made absolute (they are given relative to the configuration file).
  std::string geometry;
  std::string wall = "slip";         ///< bodies[i].wall: slip | no_slip | fixed
  std::string magnetic = "reflect";  ///< bodies[i].magnetic: reflect | copy
};

/// One entry of the `outputs:` list: an output of its own cadence, variables and region, written
/// as NAME_NNNN.h5 files (the snapshot layout) with the index NAME.xdmf (docs/output.md,
/// "Output blocks").
struct OutputBlockConfig {
  std::string name;  ///< outputs[i].name: [a-z0-9_], unique, not a name the run uses itself
  double dt = 0;     ///< outputs[i].dt: time between outputs (> 0), or 0 when `every` is given
  long every = 0;    ///< outputs[i].every: steps between outputs (> 0), or 0 when `dt` is given
  /// outputs[i].variables: names of alfven/mhd/output_variables.hpp (fields, vectors, derived),
  /// as given; at least one.
  std::vector<std::string> variables;
  int slice_axis = -1;   ///< outputs[i].slice: {x|y|z: coordinate}: the axis (0, 1, 2), or -1
  double slice_at = 0;   ///< the coordinate of the plane (the cells that contain it)
  bool has_box = false;  ///< outputs[i].box: {min: [x, y, z], max: [x, y, z]} given
  double box_min[3] = {0, 0, 0};  ///< the cells whose centres lie in [min, max] on every axis
  double box_max[3] = {0, 0, 0};
  int compression = 0;  ///< outputs[i].compression: deflate level 0 (none) to 9, with shuffle
};

/// A complete, validated run configuration. Field comments give the YAML key; defaults are
/// MISO's. A default-constructed RunConfig is not a valid run (tend and dt_output are 0).
struct RunConfig {
  std::string source;                       ///< file path of the config, or "built-in:NAME"
  std::string problem = "orszag_tang";      ///< problem
  Precision precision = Precision::Double;  ///< precision: float | double
  std::string backend = "auto";             ///< backend: auto | host | cuda

  int i_size = 1, j_size = 1, k_size = 1;  ///< grid.{i,j,k}_size, cells per axis (required)
  int margin = 2;               ///< grid.margin, ghost cells on each side of an active axis
  double x_min = 0, x_max = 1;  ///< grid.x_min, grid.x_max
  double y_min = 0, y_max = 1;  ///< grid.y_min, grid.y_max
  double z_min = 0, z_max = 1;  ///< grid.z_min, grid.z_max
  bool periodic[3] = {true, true, true};  ///< domain.periodic.{x,y,z}
  /// Periodic on the faces of periodic axes; elsewhere from the `boundary:` section (outflow by
  /// default).
  BoundarySpec boundary;

  double tend = 0;       ///< time.tend, end time (required)
  double dt_output = 0;  ///< time.dt_output, time between snapshots (required)
  long max_steps = -1;   ///< time.max_steps, -1 = no limit
  /// time.exact_times: shorten the step that would pass an output time or tend so that it lands
  /// on it (false: MISO's behaviour, steps follow the CFL condition only).
  bool exact_times = false;

  double cfl_number = 0.5;                    ///< mhd.cfl_number
  double ep = 1, fh = 1;                      ///< mhd.artificial_viscosity.{ep, fh}
  double cs_fac = 1, ca_fac = 1, vv_fac = 1;  ///< mhd.artificial_viscosity.{cs,ca,vv}_fac
  double gamma = 5.0 / 3.0;                   ///< eos.gm, ratio of specific heats
  /// eos.table: the file of a tabulated equation of state, made absolute ("" : the ideal gas of
  /// eos.gm), and its contents, read and checked when the configuration is loaded.
  std::string eos_table;
  std::shared_ptr<const io::EosTableData> eos_table_data;
  double density_floor = 0;      ///< mhd.floors.density, 0 = none
  double pressure_floor = 0;     ///< mhd.floors.pressure, 0 = none
  double resistivity = 0;        ///< resistivity.eta, magnetic diffusivity (>= 0)
  double resistivity_cfl = 0.5;  ///< resistivity.cfl_number
  double viscosity = 0;          ///< viscosity.nu, kinematic viscosity (>= 0)
  double viscosity_cfl = 0.5;    ///< viscosity.cfl_number

  int procs[3] = {0, 0, 0};  ///< mpi.{x,y,z}_procs, ranks per axis, 0 = automatic

  /// io.output_dir, else MISO's io.save_dir, else base.save_dir, else "" (the driver then uses
  /// the problem name).
  std::string output_dir;
  bool restart = false;   ///< io.continue or base.continue (MISO)
  bool write_png = true;  ///< io.png
  /// io.png_z: the z of the x-y plane a 3D run's density image shows; NaN (not given): the middle
  /// of the domain.
  double png_z = std::numeric_limits<double>::quiet_NaN();
  int log_every = 10;  ///< io.log_every: a CSV log row at every multiple of it (absolute step)
  double log_dt = 0;   ///< io.log_dt: also a log row at the first step past each multiple (0: off)
  /// io.walltime (HH:MM:SS) or --walltime, in seconds: checkpoint and stop before it; 0: none.
  double walltime = 0;
  long checkpoint_every = 0;  ///< io.checkpoint_every, steps between checkpoints (0: none)
  int checkpoint_keep = 2;    ///< io.checkpoint_keep, how many of the newest checkpoints stay
  /// io.async: "auto" (write files in the background on a CUDA run of one rank), "on", "off".
  std::string async_output = "auto";
  /// io.fsync: which files are flushed to the disk (fsync) before they are renamed into place:
  /// "checkpoints" (checkpoints and the run's index files; analysis snapshots and output blocks
  /// are left to the kernel's writeback) or "all".
  std::string fsync = "checkpoints";
  /// outputs: further outputs with their own cadence, variables and region.
  std::vector<OutputBlockConfig> outputs;

  RadiationParameters radiation;  ///< radiation.*: grey radiative transfer (off by default)
  double gravity[3] = {0, 0, 0};  ///< sources.gravity: [gx, gy, gz], uniform acceleration
  double heating_rate = 0;        ///< sources.heating_rate, energy per volume per time

  /// bodies: solid bodies embedded in the grid (none by default).
  std::vector<BodyConfig> bodies;

  /// problem_parameters.*: every parameter of the chosen problem, validated against its spec and
  /// kept as text (reals in shortest round-trip form, booleans as true/false).
  std::map<std::string, std::string> problem_parameters;
};

/// Known problems and the parameters each takes, supplied by the caller (the solver layer owns
/// the problem registry). An empty catalog turns the problem checks off: any problem name is
/// accepted and problem_parameters are kept as given (scalars only).
using ProblemCatalog = std::map<std::string, std::vector<ProblemParameterSpec>>;

/// A configuration that does not validate. what() lists every problem found, one per line, each
/// as `FILE:LINE: dotted.key: what was expected` (or `--set KEY=VALUE: ...` for an override).
class ConfigError : public Error {
 public:
  /// Builds the error from its lines (at least one).
  explicit ConfigError(std::vector<std::string> messages);
  /// The individual messages, in the order they were found.
  const std::vector<std::string>& messages() const { return messages_; }

 private:
  std::vector<std::string> messages_;
};

/// Largest configuration file load_config reads (4 MiB): a configuration is a few hundred bytes,
/// and `alfven run /dev/zero` must stop at once.
constexpr std::size_t kMaxConfigBytes = std::size_t(4) << 20;

/// The fixed keys a configuration gives (after the `--set` overrides), each with its validated
/// value as text: integers in decimal, reals in shortest round-trip form, booleans `true` or
/// `false`, strings and choices as given, a list of 3 reals as `[a, b, c]`. Keys the file does not
/// give are absent; free-form sections (`boundary`, `problem_parameters`, ...) are not listed. Lets
/// a reader of MISO's layout see keys that RunConfig ignores (alfven/config/miso_keys.hpp) and
/// whether a key was given at all.
using GivenKeys = std::map<std::string, std::string>;

/// What load_config does with the geometry nodes of `bodies:`. Parse: each is parsed by the
/// scene parser, reading its mesh files, so that a bad shape or a mesh that is missing or does not
/// read is an error naming the file and line before a run starts. TextOnly: each is checked as
/// YAML only and kept as text (mesh paths made absolute), no file read: for commands that never
/// build the bodies (`alfven export` and `import` write the nine fields only, and must work when
/// a run's mesh files are gone).
enum class BodyGeometryCheck { Parse, TextOnly };

/// Reads, validates and completes the configuration in the YAML file `path` (one YAML document,
/// at most kMaxConfigBytes).
/// `overrides` are `dotted.key=value` strings (from `--set`), applied in order before validation;
/// the value is a YAML scalar or flow collection (`[0, 0, -1]`).
/// Throws ConfigError listing every problem found (missing file, with a suggestion when `path`
/// is a bare word close to a problem of `problems`; a file over the size limit; malformed YAML; a
/// second YAML document; unknown key, wrong type, missing required key, value out of range);
/// nothing is returned partially valid. `given`, when not null, receives the keys the file gives
/// (GivenKeys). `geometry`: whether the bodies' geometry is parsed (BodyGeometryCheck).
RunConfig load_config(const std::string& path, const std::vector<std::string>& overrides,
                      const ProblemCatalog& problems, GivenKeys* given = nullptr,
                      BodyGeometryCheck geometry = BodyGeometryCheck::Parse);

/// As load_config, from YAML text; `source_name` names it in messages and in RunConfig::source
/// (e.g. "built-in:orszag_tang").
RunConfig load_config_from_string(const std::string& yaml_text, const std::string& source_name,
                                  const std::vector<std::string>& overrides,
                                  const ProblemCatalog& problems, GivenKeys* given = nullptr,
                                  BodyGeometryCheck geometry = BodyGeometryCheck::Parse);

/// A complete YAML configuration equivalent to `config` (every key written, defaults included),
/// which load_config reads back to an equal RunConfig. The run directory keeps it as config.yaml.
std::string to_yaml(const RunConfig& config);

/// The dotted names of every key a configuration file may contain, including the MISO keys that
/// are accepted and ignored. Sections with free-form keys appear as `boundary.<face>` and
/// `problem_parameters.<name>`.
std::vector<std::string> config_keys();

/// Name of a face as used in configuration keys ("x_lower" ... "z_upper").
const char* face_name(int face);

/// Name of a boundary kind as used in configuration files ("periodic", "outflow", ...).
const char* boundary_kind_name(BoundaryKind kind);

/// Equal if every entry is equal.
bool operator==(const BoundarySpec& a, const BoundarySpec& b);
/// Not equal.
inline bool operator!=(const BoundarySpec& a, const BoundarySpec& b) {
  return !(a == b);
}

/// Equal if every field is equal (doubles exactly).
bool operator==(const OutputBlockConfig& a, const OutputBlockConfig& b);

/// Seconds of a wall-time limit "HH:MM:SS" (hours may exceed 23), or -1 if `text` is not one.
double parse_walltime(const std::string& text);

/// Equal if geometry, wall and magnetic are equal.
bool operator==(const BodyConfig& a, const BodyConfig& b);
/// Equal if every field except `source` (where the configuration came from) is equal; doubles
/// compare exactly.
bool operator==(const RunConfig& a, const RunConfig& b);
/// Not equal.
inline bool operator!=(const RunConfig& a, const RunConfig& b) {
  return !(a == b);
}

}  // namespace mhd
}  // namespace alfven
