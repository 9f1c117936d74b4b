/// @file embedded/wall.hpp
/// @brief The wall rules of embedded bodies: how the state at a body's ghost cell follows from
/// the fluid state at its image point (sharp-interface ghost-cell method; Tseng & Ferziger 2003,
/// J. Comput. Phys. 192, 593, section 2; Mittal et al. 2008, J. Comput. Phys. 227, 4825,
/// section 2.2).
///
/// The ghost cell G lies inside the body at distance d_G from its surface; its image point I lies
/// in the fluid on the surface normal through G, at distance d_I from the surface (d_I = d_G for
/// the mirror image). With n the unit outward normal and a value varying linearly along the
/// normal, a quantity that vanishes on the wall (the normal velocity at a slip wall, every
/// velocity component at a no-slip wall, the normal field at a perfect conductor) is odd:
/// u_G = -(d_G / d_I) u_I; a quantity with zero normal gradient is even: u_G = u_I.
#pragma once

#include <cstdint>

#include "../state.hpp"
#include "alfven/core/macros.hpp"

namespace alfven {
namespace mhd {

/// What the wall of a body does to the flow.
enum class WallKind : std::int32_t {
  Slip,    ///< no penetration, free slip: normal velocity odd, tangential velocity even
  NoSlip,  ///< no penetration, no slip: every velocity component odd (needs viscosity)
  Fixed    ///< every cell inside keeps the initial state (an inner boundary, e.g. a planet)
};

/// What the wall of a body does to the magnetic field.
enum class MagneticWall : std::int32_t {
  Reflect,  ///< perfect conductor, no field inside: normal component odd, tangential even
  Copy      ///< zero normal gradient: every component even
};

/// The wall of one body.
struct WallRule {
  WallKind wall = WallKind::Slip;
  MagneticWall magnetic = MagneticWall::Reflect;
};

/// The ghost-cell state from the image-point state `s` (interpolated from the fluid), the unit
/// outward normal `n` and ratio = d_G / d_I. Density, internal energy and psi are even (zero
/// normal gradient: an adiabatic wall without sources); velocity and field by the wall rule.
/// WallKind::Fixed never reaches here (its cells keep the initial state).
template <typename Real>
ALFVEN_HOST_DEVICE Primitive<Real> ghost_state(const Primitive<Real>& s, const Real n[3],
                                               Real ratio, const WallRule& rule) {
  Primitive<Real> g = s;
  const Real vn = s.v[0] * n[0] + s.v[1] * n[1] + s.v[2] * n[2];
  if (rule.wall == WallKind::NoSlip) {
    for (int a = 0; a < 3; ++a) g.v[a] = -ratio * s.v[a];
  } else {  // slip: v_t even, v_n odd -> v_G = v_I - (1 + ratio) v_n n
    const Real f = (Real(1) + ratio) * vn;
    for (int a = 0; a < 3; ++a) g.v[a] = s.v[a] - f * n[a];
  }
  if (rule.magnetic == MagneticWall::Reflect) {
    const Real bn = s.b[0] * n[0] + s.b[1] * n[1] + s.b[2] * n[2];
    const Real f = (Real(1) + ratio) * bn;
    for (int a = 0; a < 3; ++a) g.b[a] = s.b[a] - f * n[a];
  }
  return g;
}

}  // namespace mhd
}  // namespace alfven
