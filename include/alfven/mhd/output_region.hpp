/// @file output_region.hpp
/// @brief The cells an output block covers: the whole grid, a plane (slice) or a sub-box. Shared
/// by the configuration checks (a box must hold a cell) and the run (what each rank writes).
#pragma once

#include <algorithm>
#include <cmath>

#include "alfven/config/config.hpp"

namespace alfven {
namespace mhd {

/// Centre of cell i along an axis of n cells over [lo, hi]: lo + (i + 0.5) (hi - lo) / n, in
/// the order io::cell_centre evaluates it.
inline double output_cell_centre(double lo, double hi, int n, int i) {
  return lo + (i + 0.5) * (hi - lo) / n;
}

/// The cells of an output block on a grid of n[a] cells over [lo[a], hi[a]]: offset and count per
/// axis. Whole grid by default. A slice at coordinate s on axis a: the cell that contains s
/// (floor((s - lo) / h), the last cell for s = hi). A box: the cells whose centres lie in
/// [box_min, box_max] on every axis with more than one cell (an axis of one cell keeps it).
/// Returns false when the slice lies outside [lo, hi] or the box holds no cell centre on an axis.
inline bool output_region(const OutputBlockConfig& c, const int n[3], const double lo[3],
                          const double hi[3], int offset[3], int count[3]) {
  for (int a = 0; a < 3; ++a) {
    offset[a] = 0;
    count[a] = n[a];
  }
  if (c.slice_axis >= 0) {
    const int a = c.slice_axis;
    if (!(c.slice_at >= lo[a] && c.slice_at <= hi[a])) return false;
    const double h = (hi[a] - lo[a]) / n[a];
    offset[a] = std::min(n[a] - 1, std::max(0, int(std::floor((c.slice_at - lo[a]) / h))));
    count[a] = 1;
  }
  if (c.has_box) {
    for (int a = 0; a < 3; ++a) {
      if (n[a] == 1) continue;
      int first = 0;
      while (first < n[a] && output_cell_centre(lo[a], hi[a], n[a], first) < c.box_min[a]) ++first;
      int last = n[a] - 1;
      while (last >= 0 && output_cell_centre(lo[a], hi[a], n[a], last) > c.box_max[a]) --last;
      if (last < first) return false;
      offset[a] = first;
      count[a] = last - first + 1;
    }
  }
  return true;
}

}  // namespace mhd
}  // namespace alfven
