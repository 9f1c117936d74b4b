// The artificial viscosity's limiter and flux against hand-computed values.
#include <gtest/gtest.h>

#include <cmath>

#include "alfven/mhd/viscosity.hpp"

using namespace alfven::mhd;

TEST(Viscosity, LimitedSlopeIsGeneralisedMinmod) {
  // Monotone increasing: smallest of (eps*1, eps*3, 2) -> eps = 1.5: min(1.5, 4.5, 2) = 1.5.
  EXPECT_DOUBLE_EQ(limited_slope(0.0, 1.0, 4.0, 1.5), 1.5);
  // Monotone decreasing: the one closest to zero: (-1.5, -4.5, -2) -> -1.5.
  EXPECT_DOUBLE_EQ(limited_slope(4.0, 3.0, 0.0, 1.5), -1.5);
  // Extremum: zero slope.
  EXPECT_DOUBLE_EQ(limited_slope(0.0, 1.0, 0.0, 1.0), 0.0);
}

TEST(Viscosity, FluxVanishesForLinearData) {
  // Linear data: reconstructed face states meet, so uR - uL = 0 and there is no flux.
  const double s = limited_slope(1.0, 2.0, 3.0, 1.0);
  EXPECT_DOUBLE_EQ(viscous_flux(2.0, 3.0, s, s, 5.0, 1.0), 0.0);
}

TEST(Viscosity, FluxAtAJumpIsDiffusive) {
  // Step 0 | 1 with flat neighbours: slopes 0, uR - uL = 1, r = 1, phi = 1: F = -c/2.
  EXPECT_DOUBLE_EQ(viscous_flux(0.0, 1.0, 0.0, 0.0, 3.0, 1.0), -1.5);
  // The flux points down the gradient: for 1 | 0 it is +c/2.
  EXPECT_DOUBLE_EQ(viscous_flux(1.0, 0.0, 0.0, 0.0, 3.0, 1.0), 1.5);
}
