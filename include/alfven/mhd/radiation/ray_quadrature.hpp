/// @file ray_quadrature.hpp
/// @brief The directions and weights of the rays a grey radiative-transfer solve traces:
/// Carlson's A4 set (24 rays, Carlson 1963, LA-2902; the level-symmetric S4 set: three
/// directions per octant, direction cosines 1/3, 1/3, sqrt(7)/3 in every permutation, equal
/// weights 1/24), as MISO's AngularQuadrature has it, or one ray along +z.
#pragma once

#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/core/macros.hpp"

namespace alfven {
namespace mhd {

/// Largest number of rays of a quadrature.
constexpr int max_rays = 24;

/// Ray directions (unit vectors, mu[r][axis]) and weights (summing to 1, so the mean intensity
/// is J = sum_r weight[r] I_r). Trivially copyable: kernels take it by value.
template <typename Real>
struct RayQuadrature {
  int count = 0;
  Real mu[max_rays][3] = {};
  Real weight[max_rays] = {};
};

/// The quadrature of `rays` rays: 24 (Carlson A4) or 1 (a single ray along +z, MISO's other
/// choice). Throws alfven::Error for any other count.
template <typename Real>
RayQuadrature<Real> make_ray_quadrature(int rays) {
  RayQuadrature<Real> q;
  if (rays == 1) {
    q.count = 1;
    q.mu[0][2] = Real(1);
    q.weight[0] = Real(1);
    return q;
  }
  ALFVEN_REQUIRE(rays == 24,
                 "radiation.rays: 24 (Carlson's A4 set) or 1 (one ray along +z), got " << rays);
  const double a = 1.0 / 3.0, b = std::sqrt(1.0 - 2.0 * a * a);  // sqrt(7/9)
  q.count = 24;
  int r = 0;
  for (int major = 0; major < 3; ++major)  // the axis of the cosine sqrt(7)/3
    for (int octant = 0; octant < 8; ++octant, ++r) {
      for (int axis = 0; axis < 3; ++axis) {
        const double sign = (octant >> axis) & 1 ? 1.0 : -1.0;
        q.mu[r][axis] = Real(sign * (axis == major ? b : a));
      }
      q.weight[r] = Real(1.0 / 24.0);
    }
  return q;
}

}  // namespace mhd
}  // namespace alfven
