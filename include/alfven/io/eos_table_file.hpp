/// @file eos_table_file.hpp
/// @brief Tables of an equation of state (`eos: {table: FILE}`): the data, their checks, and
/// their two file forms, HDF5 and text (docs/configuration.md, "Tabulated equation of state").
///
/// A table samples pressure, sound speed and temperature on a uniform grid of n_rho density
/// nodes and n_e specific-internal-energy nodes, uniform in (rho, e) or in (log10 rho, log10 e).
///
/// HDF5 form (format "alfven eos table", version 1):
///   root attributes  format (string "alfven eos table"), version (int 1),
///                    axes (string "log10" or "linear"),
///                    density_min, density_max, internal_energy_min, internal_energy_max
///                    (float64: the first and last nodes, physical values, not logarithms),
///                    description (string, optional)
///   datasets         pressure, sound_speed, temperature: float64, shape (n_rho, n_e) (C order,
///                    energy fastest), chunked with a Fletcher32 checksum
///
/// Text form (the same content; '#' starts a comment, blank lines are skipped):
///   alfven eos table 1
///   axes log10                       (or linear)
///   density MIN MAX N_RHO
///   internal_energy MIN MAX N_E
///   description FREE TEXT            (optional)
///   then N_RHO * N_E lines "pressure sound_speed temperature", energy fastest.
///
/// Units are the run's: Gaussian cgs for a physical gas (rho g cm^-3, e erg g^-1, p dyn cm^-2,
/// c_s cm s^-1, T K). The HDF5 C API is used only in src/io/.
#pragma once

#include <string>
#include <vector>

namespace alfven {
namespace io {

/// A table in double precision (host).
struct EosTableData {
  bool log_axes = true;             ///< nodes uniform in log10 rho and log10 e (else in rho and e)
  int n_rho = 0, n_e = 0;           ///< nodes along each axis (>= 2 each)
  double rho_min = 0, rho_max = 0;  ///< first and last density node
  double e_min = 0, e_max = 0;      ///< first and last internal-energy node
  /// pressure, sound_speed, temperature: n_rho * n_e values each, energy fastest
  /// (value at density node i, energy node j: [i * n_e + j]).
  std::vector<double> pressure, sound_speed, temperature;
  std::string description;  ///< what the table is (free text; may be empty)
  std::string source;       ///< the file it was read from ("" when built in memory)

  /// Density of node i (i in 0..n_rho-1) and internal energy of node j.
  double density_node(int i) const;
  double energy_node(int j) const;
};

/// Checks the node counts of `table` alone (2 <= n <= 65536 per axis, 2^26 values at most): what
/// must hold before arrays are allocated from them. Throws alfven::Error naming `where`.
void check_eos_table_sizes(const EosTableData& table, const std::string& where);

/// Checks a table: sizes (2 <= n <= 65536 per axis, 2^26 values at most, each array n_rho *
/// n_e values), bounds (finite, min < max, positive on log axes), every value finite and
/// positive, and the pressure strictly increasing with e at every density node (so that e(rho, p)
/// is unique). Throws alfven::Error naming `where` (the file) and the first fault, e.g.
/// "t.h5: pressure is not increasing with internal energy at density node 3 (rho = 0.01):
/// p[3][7] = 2 >= p[3][8] = 1.5".
void check_eos_table(const EosTableData& table, const std::string& where);

/// Reads a table from `path`, HDF5 (by its signature) or text, and checks it (check_eos_table).
/// Throws alfven::Error naming the file and what is wrong: missing, unreadable, not a table
/// (format attribute or first line), an unknown version or axes, a missing attribute or dataset,
/// a dataset of the wrong shape or type, a damaged dataset (checksum), a text line that is not
/// three numbers, too few or too many rows. Never allocates from an unchecked size.
EosTableData read_eos_table(const std::string& path);

/// Writes `table` (checked first) to `path`, HDF5 when the name ends in .h5 or .hdf5, else text
/// (17 significant digits, so a double table reads back identical); the file is replaced
/// atomically (written under a temporary name, flushed, renamed). Throws alfven::Error naming
/// the file when it cannot be written.
void write_eos_table(const EosTableData& table, const std::string& path);

}  // namespace io
}  // namespace alfven
