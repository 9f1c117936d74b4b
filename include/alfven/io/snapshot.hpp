/// @file snapshot.hpp
/// @brief One HDF5 file per output time of the MHD solver: the cell-centred fields without ghost
/// cells, the cell-centre coordinates and the run's metadata; and the reader that restores them
/// bit-exactly (for restarts and for tests).
///
/// File layout (format_version 1; docs/output.md has the full description):
///   /<field>   one dataset per field, shape (nz, ny, nx), float32 or float64 (as written)
///   /x /y /z   1D float64 datasets of cell-centre coordinates, lengths nx, ny, nz
///   root attributes: format_version (int), fields (1D array of strings: the field names in
///   order), time, gamma, x_min, x_max, y_min, y_max, z_min, z_max (float64), step (int64),
///   index, nx, ny, nz (int32), problem (string), and one float64 attribute per `extra` entry;
///   a grid that is no run's state (SnapshotMeta::run_state false) has no time, step, index,
///   problem and gamma.
///
/// The HDF5 C API is used in src/io/snapshot.cpp only: this header includes no HDF5 header, so
/// CUDA translation units may include it.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "alfven/io/grid_info.hpp"

namespace alfven {
namespace io {

/// A field to write: a name and a pointer to cell_count(grid) values of type `type`, x fastest
/// (C order (nz, ny, nx)), interior cells only. The pointer must be host memory; it is only read
/// during write_snapshot.
struct FieldRef {
  std::string name;  ///< dataset name, e.g. "density"; non-empty, no '/', not "x", "y" or "z"
  DataType type;     ///< type of the values behind `data` and of the dataset written
  const void* data;  ///< cell_count(grid) values of `type`
};

/// Metadata stored as root attributes of a snapshot.
struct SnapshotMeta {
  double time = 0.0;    ///< simulation time (code units)
  long step = 0;        ///< time-step number of the run
  int index = 0;        ///< output number (0, 1, 2, ...): snap_<index>.h5
  std::string problem;  ///< problem name, e.g. "orszag_tang"
  double gamma = 0.0;   ///< adiabatic index of the ideal-gas equation of state
  /// Further scalars (e.g. "cfl_number"), each stored as a float64 root attribute of that name.
  /// Keys must not clash with the attributes listed in the file brief.
  std::map<std::string, double> extra;
  /// Further strings (e.g. "mesh_file"), each stored as a scalar UTF-8 string root attribute.
  /// Keys must not clash with the reserved attributes nor with `extra` or `vectors`.
  std::map<std::string, std::string> text;
  /// Further float64 vectors (e.g. "origin" = {x, y, z}), each stored as a 1D float64 root
  /// attribute of that length (>= 1). Keys must not clash with any other attribute.
  std::map<std::string, std::vector<double>> vectors;
  /// Whether the file holds a state of a run, for which time, step, index, problem and gamma mean
  /// something (written as attributes). False for other grids in this layout, e.g. the signed
  /// distance of `alfven sdf --grid`: those five attributes are then not written, and
  /// read_snapshot returns false here (and those members at their defaults) for a file with none
  /// of them.
  bool run_state = true;
};

/// Writes one snapshot to `path` (HDF5), atomically: the file is written to `path + ".tmp"`, closed
/// and then renamed to `path`, so a crash never leaves a half-written file under the real name
/// (an existing `path` is replaced).
///
/// @param grid    cell counts and box; n >= 1 and hi > lo on each axis
/// @param meta    time, step, index, problem, gamma and extra scalars
/// @param fields  the fields, in the order they are listed in the file; all of one DataType,
///                names unique
/// @throws alfven::Error if the arguments are invalid or HDF5 fails; the message names the file and
///         the dataset or attribute being written, and the temporary file is removed.
/// HDF5's automatic error printing is switched off during the call (and restored afterwards).
void write_snapshot(const std::string& path, const GridInfo& grid, const SnapshotMeta& meta,
                    const std::vector<FieldRef>& fields);

/// The contents of a snapshot file, as returned by read_snapshot.
struct Snapshot {
  GridInfo grid{};                    ///< from the attributes nx..nz, x_min..z_max
  SnapshotMeta meta;                  ///< time, step, index, problem, gamma; extra = every other
                                      ///< float64 scalar root attribute, vectors = every other
                                      ///< 1D float64 attribute of length > 1, text = every other
                                      ///< scalar string attribute
  DataType type = DataType::Float64;  ///< stored type of the fields (one per file)
  std::vector<std::string> names;     ///< field names in file order (the `fields` attribute)
  /// Field values converted to double, cell_count(grid) values each, x fastest.
  std::map<std::string, std::vector<double>> values_as_double;
  /// The exact bytes of each field in its stored precision (cell_count(grid) * size_of(type)
  /// bytes, host byte order), for a bit-exact restart: reinterpret as float or double.
  std::map<std::string, std::vector<unsigned char>> raw;
  /// Cell-centre coordinates read from the datasets x, y, z (lengths nx, ny, nz).
  std::array<std::vector<double>, 3> centres;
};

/// Reads a snapshot written by write_snapshot.
///
/// A file with none of the attributes time, step, index, problem and gamma is read as a grid that
/// is no run's state (meta.run_state false, those members left at their defaults); a file with
/// some of them but not all is an error.
/// @throws alfven::Error naming the file and what is wrong with it: the file is missing or not
///         HDF5; an attribute is missing or of the wrong type; a dataset listed in `fields` (or x,
///         y, z) is missing, not floating point, or its shape does not match nx, ny, nz; fields
///         of mixed precision. Example: "snapshot 'run/snap_0003.h5': dataset 'psi' missing".
Snapshot read_snapshot(const std::string& path);

}  // namespace io
}  // namespace alfven
