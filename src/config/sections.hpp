/// @file sections.hpp
/// @brief Readers of the free-form sections and the checks that span several keys.
#pragma once

#include "alfven/config/config.hpp"
#include "diagnostics.hpp"
#include "validate.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

/// Fills config.boundary: Periodic on the faces of periodic axes (config.periodic must be set),
/// elsewhere from the `boundary:` section, outflow where it says nothing. Records unknown faces
/// or variables, unknown kinds, and entries for faces of periodic axes.
void read_boundary(const TreeContents& contents, RunConfig& config, Diagnostics& diagnostics);

/// Checks config.problem against `problems` and fills config.problem_parameters from the
/// `problem_parameters:` section, typed by the problem's specs, defaults added. With an empty
/// catalog the name is not checked and parameters are kept as given.
void read_problem(const TreeContents& contents, const ProblemCatalog& problems, RunConfig& config,
                  Diagnostics& diagnostics);

/// Fills config.bodies from the `bodies:` list (each geometry node parsed by the scene parser
/// unless `geometry` is TextOnly, relative mesh paths taken against the configuration file's
/// directory). Records entries that are not maps, unknown keys, a missing geometry, bad walls,
/// and whatever the geometry parser rejects (with its line).
void read_bodies(const TreeContents& contents, RunConfig& config, Diagnostics& diagnostics,
                 BodyGeometryCheck geometry = BodyGeometryCheck::Parse);

/// The directory relative file paths of a configuration (meshes, tables) are given against:
/// that of the configuration file `source`, or "" (the working directory) for built-in and
/// in-memory configurations.
std::string base_directory(const std::string& source);

/// Reads eos.table: resolves the file against the configuration's directory (config.eos_table,
/// absolute), reads and checks it (io::read_eos_table) into config.eos_table_data. Records the
/// reader's error at the key's line.
void read_eos(const TreeContents& contents, RunConfig& config, Diagnostics& diagnostics);

/// Checks the radiation section's rules that involve several keys (ray count, Planck's source
/// needs eos.table, a beam's face is not periodic, heating needs radiation.enabled).
void check_radiation(const TreeContents& contents, const RunConfig& config,
                     Diagnostics& diagnostics);

/// Fills config.outputs from the `outputs:` list (name, dt or every, variables, slice or box,
/// compression), checking names, variables (signed_distance only with bodies) and that a slice
/// or box holds cells of the grid. Call after the grid keys and read_bodies.
void read_outputs(const TreeContents& contents, RunConfig& config, Diagnostics& diagnostics);

/// Combines keys that share a field (output directory, restart flag) and checks the rules that
/// involve several keys (x_max > x_min, margin >= 2 when an axis is active).
void finish_and_cross_check(const TreeContents& contents, RunConfig& config,
                            Diagnostics& diagnostics);

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
