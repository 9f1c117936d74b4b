/// @file miso_keys.hpp
/// @brief The keys of a configuration file that describe MISO's raw output layout (folders,
/// digits of file numbers, byte order, precision, physics): RunConfig ignores them, `alfven import
/// --from miso` reads them and `alfven export --to miso` writes them (docs/miso-layout.md, after
/// ../shared/spec/miso-layout.md).
///
/// Light on purpose, as config.hpp: no yaml-cpp.
#pragma once

#include <string>

#include "alfven/config/config.hpp"

namespace alfven {
namespace mhd {

/// MISO's layout keys of one configuration, with MISO's (and pymiso's) defaults where a key is
/// absent. MISO has spelt them in two places over its versions; the newer (`io.*`) wins.
struct MisoLayoutKeys {
  std::string time_dir = "time/";  ///< io.time_save_dir, else time.time_save_dir
  std::string mpi_dir = "mpi/";    ///< io.mpi_save_dir, else mpi.mpi_save_dir
  std::string mhd_dir = "mhd/";    ///< io.mhd_save_dir, else mhd.mhd_save_dir
  /// Digits of the output number N in time.N.txt and mhd.N.R.bin: io.n_output_digits, else
  /// time.n_output_digits; 1 to kMaxMisoDigits.
  int output_digits = 8;
  /// Digits of the rank R in mhd.N.R.bin: io.n_output_digits, else mhd.n_output_digits, else
  /// mpi.n_procs_digits; 1 to kMaxMisoDigits.
  int rank_digits = 8;
  std::string endian;  ///< data_type.Endian as given ("little" or "big"; "" when absent)
  std::string real;    ///< data_type.Real as given ("double" or "float"; "" when absent)
  /// physics.mhd and physics.rt, as pymiso reads them: absent, an MHD run; rt defaults to false
  /// and mhd to !rt.
  bool mhd = true;
  bool rt = false;
  bool problem_given = false;  ///< the file has Alfven's `problem` key
};

/// Most digits a MISO file number may have (a longer zero-filled name is no file MISO writes).
constexpr int kMaxMisoDigits = 32;

/// The layout keys of a configuration from the keys it gives (load_config's `given`).
/// @param source  the configuration file, for messages
/// @throws ConfigError naming `source` and the key when a digits key exceeds kMaxMisoDigits.
MisoLayoutKeys miso_layout_keys(const GivenKeys& given, const std::string& source);

/// A complete configuration file for MISO's layout: what to_yaml(config) writes (every Alfven key;
/// the Alfven reader loads it back to an equal RunConfig) with MISO's layout keys of `keys` added
/// in both of MISO's spellings (io.time_save_dir and time.time_save_dir, ...; io.n_output_digits,
/// time.n_output_digits, mhd.n_output_digits and mpi.n_procs_digits), `io.save_dir` equal to
/// config.output_dir, `data_type: {Real, Endian}` and `physics: {mhd, rt}`. pymiso's `Conf`
/// reads every section it needs from it. `header` is written first as comment lines (one per
/// line of it; may be empty).
std::string to_miso_yaml(const RunConfig& config, const MisoLayoutKeys& keys,
                         const std::string& header);

}  // namespace mhd
}  // namespace alfven
