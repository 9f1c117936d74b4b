/// @file grid_info.hpp
/// @brief The description of a uniform Cartesian grid that every output file carries: cell
/// counts, domain box, cell-centre coordinates, and the floating-point type of stored fields.
///
/// Layout convention (shared with alfven::mhd, see docs/output.md): a field of a grid with
/// n = {nx, ny, nz} interior cells holds nx*ny*nz values with the x index fastest,
/// `value[i + nx*(j + ny*k)]`, which is C order for the shape (nz, ny, nx). Output never contains
/// ghost cells.
#pragma once

#include <cstddef>

namespace alfven {
namespace io {

/// Floating-point type of the values of a field, in memory and in files.
enum class DataType {
  Float32,  ///< IEEE-754 binary32 (`float`), 4 bytes
  Float64   ///< IEEE-754 binary64 (`double`), 8 bytes
};

/// Size in bytes of one value of type `t` (4 or 8).
inline std::size_t size_of(DataType t) {
  return t == DataType::Float32 ? 4 : 8;
}

/// Name of `t` for messages: "float32" or "float64".
inline const char* name_of(DataType t) {
  return t == DataType::Float32 ? "float32" : "float64";
}

/// A uniform Cartesian grid of cells covering the box [lo, hi] (code length units).
///
/// `n[a]` is the number of interior cells along axis a (0 = x, 1 = y, 2 = z); an inactive axis of a
/// 1D or 2D run has n = 1. Cell i along axis a spans [lo + i*h, lo + (i+1)*h] with
/// h = (hi - lo) / n, and its centre is `lo + (i + 0.5) * (hi - lo) / n` (see cell_centre).
struct GridInfo {
  int n[3];      ///< nx, ny, nz: interior cells per axis, each >= 1
  double lo[3];  ///< x_min, y_min, z_min: lower corner of the domain
  double hi[3];  ///< x_max, y_max, z_max: upper corner of the domain, hi > lo
};

/// Number of cells nx*ny*nz of `g` (the number of values of one field).
inline std::size_t cell_count(const GridInfo& g) {
  return std::size_t(g.n[0]) * std::size_t(g.n[1]) * std::size_t(g.n[2]);
}

/// Cell width (hi - lo) / n along `axis` (0, 1 or 2).
inline double cell_width(const GridInfo& g, int axis) {
  return (g.hi[axis] - g.lo[axis]) / g.n[axis];
}

/// Centre of cell `i` along `axis`: exactly `lo + (i + 0.5) * (hi - lo) / n`, evaluated in this
/// order so that writers, readers and tests obtain bit-identical coordinates.
inline double cell_centre(const GridInfo& g, int axis, int i) {
  return g.lo[axis] + (i + 0.5) * (g.hi[axis] - g.lo[axis]) / g.n[axis];
}

}  // namespace io
}  // namespace alfven
