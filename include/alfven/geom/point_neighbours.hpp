/// @file point_neighbours.hpp
/// @brief What the point-cloud searches (point_cloud.hpp, point_hash_grid.hpp) share: the
/// result of a query (Neighbour), a cloud point in search order (CloudPoint), the one squared
/// distance formula every query and reference scan uses (distance_squared), and the
/// accumulators of the best candidates (k = 1 and k <= MaxK). Host and device.
///
/// Exactness: results are ordered by (distance², original index), so ties go to the smaller
/// index, and a search skips a node or cell only when its lower bound is strictly above the
/// k-th best: results equal a brute-force scan with distance_squared exactly (docs/geometry.md,
/// "Point clouds").
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <type_traits>

#include "alfven/core/error.hpp"
#include "bvh/node.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// The result of a nearest-neighbour query: original 0-based index of the cloud point (-1
/// when there is none: the only point was excluded) and its squared distance (unit²; +inf
/// when index is -1).
template <typename T>
struct Neighbour {
  std::int32_t index;
  T distance2;
};

/// One cloud point in search order: its position and its original 0-based input index.
/// 16 bytes in float (one vector load on a device), 32 in double.
template <typename T>
struct alignas(16) CloudPoint {
  Vec3<T> position;
  std::int32_t index;
};

/// Squared Euclidean distance |a - b|², summed as dx² + dy² + dz² in that order. In device
/// code it is computed with round-to-nearest intrinsics (no FMA contraction), so host and
/// device give the same bits. Every point-cloud query uses this formula; use it for reference
/// computations that must compare equal.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T distance_squared(const Vec3<T>& a, const Vec3<T>& b) {
  return bvh::sum_of_squares<true>(a.x - b.x, a.y - b.y, a.z - b.z);
}

namespace detail {

/// Squared distance from p to a box, a lower bound of distance_squared(p, x) for every x
/// inside it (rounding is monotone, and the sum has distance_squared's order).
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T box_distance_squared(const AABB<T>& b, const Vec3<T>& p) {
  return bvh::sum_of_squares<true>(bvh::gap(p.x, b.lo.x, b.hi.x), bvh::gap(p.y, b.lo.y, b.hi.y),
                                   bvh::gap(p.z, b.lo.z, b.hi.z));
}

template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE T infinity() {
  return T(INFINITY);
}

/// (da, ia) before (db, ib): smaller distance, then smaller index.
template <typename T>
ALFVEN_HOST_DEVICE ALFVEN_INLINE bool before(T da, std::int32_t ia, T db, std::int32_t ib) {
  return da < db || (da == db && ia < ib);
}

/// The best candidate so far (k = 1).
template <typename T>
struct BestOne {
  T d2 = infinity<T>();
  std::int32_t index = -1;
  std::int32_t slot = -1;
  /// Nodes and cells with a lower bound strictly above this are skipped.
  ALFVEN_HOST_DEVICE ALFVEN_INLINE T worst() const { return d2; }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE void insert(T d, std::int32_t i, std::int32_t s) {
    if (index < 0 ? !(d > d2) : before(d, i, d2, index)) {  // accepts +inf when empty
      d2 = d;
      index = i;
      slot = s;
    }
  }
};

/// The k best candidates so far, sorted by (distance², index), in local arrays of MaxK.
template <typename T, int MaxK>
struct BestK {
  T d2[MaxK];
  std::int32_t index[MaxK];
  int k = 1;  ///< wanted, 1 <= k <= MaxK
  int n = 0;  ///< held, n <= k
  ALFVEN_HOST_DEVICE ALFVEN_INLINE T worst() const { return n < k ? infinity<T>() : d2[k - 1]; }
  ALFVEN_HOST_DEVICE ALFVEN_INLINE void insert(T d, std::int32_t i, std::int32_t /*slot*/) {
    int pos;
    if (n < k) {
      pos = n++;
    } else {
      if (!before(d, i, d2[k - 1], index[k - 1])) return;
      pos = k - 1;
    }
    while (pos > 0 && before(d, i, d2[pos - 1], index[pos - 1])) {
      d2[pos] = d2[pos - 1];
      index[pos] = index[pos - 1];
      --pos;
    }
    d2[pos] = d;
    index[pos] = i;
  }
};

/// Host: throws alfven::Error; device: prints and traps (k is a caller's argument).
ALFVEN_HOST_DEVICE inline void check_k(int k, int max_k) {
#if defined(__CUDA_ARCH__)
  if (k < 1 || k > max_k) {
    printf("alfven: PointCloud::k_nearest: k = %d is outside [1, %d]\n", k, max_k);
    __trap();
  }
#else
  ALFVEN_REQUIRE(k >= 1 && k <= max_k,
                 "PointCloud::k_nearest: k = " << k << " is outside [1, " << max_k
                                               << "] (MaxK is the template argument of k_nearest)");
#endif
}

}  // namespace detail

}  // namespace geom
}  // namespace alfven
