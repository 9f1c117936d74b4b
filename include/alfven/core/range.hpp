/// @file range.hpp
/// @brief Index ranges handed to for_each and reduce. Half-open: [begin, end).
#pragma once

#include "macros.hpp"

namespace alfven {

/// One-dimensional half-open index range [begin, end).
struct Range1D {
  long begin = 0;
  long end = 0;
  /// Number of indices in the range (0 when end <= begin).
  ALFVEN_HOST_DEVICE long size() const { return end > begin ? end - begin : 0; }
};

/// Three-dimensional half-open box of indices [begin[d], end[d]) for d = 0 (i, x, fastest),
/// 1 (j, y), 2 (k, z, slowest). Loops visit i fastest, matching the array layout.
struct Range3D {
  int begin[3] = {0, 0, 0};
  int end[3] = {0, 0, 0};
  /// Extent along axis d (0 when empty).
  ALFVEN_HOST_DEVICE int extent(int d) const { return end[d] > begin[d] ? end[d] - begin[d] : 0; }
  /// Number of index triples in the box.
  ALFVEN_HOST_DEVICE long size() const { return long(extent(0)) * extent(1) * extent(2); }
};

/// Builds the Range3D [i0, i1) x [j0, j1) x [k0, k1).
inline Range3D make_range(int i0, int i1, int j0, int j1, int k0, int k1) {
  Range3D r;
  r.begin[0] = i0;
  r.end[0] = i1;
  r.begin[1] = j0;
  r.end[1] = j1;
  r.begin[2] = k0;
  r.end[2] = k1;
  return r;
}

}  // namespace alfven
