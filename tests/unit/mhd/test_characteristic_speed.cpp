// The characteristic speed taken by the last stage (SpeedAfterKernel, then GhostSpeedKernel on
// the refreshed ghost layers) equals the pass over every cell afterwards, bit for bit, with and
// without floors, for periodic, reflecting, outflow and antisymmetric faces; and the formula.
#include <gtest/gtest.h>

#include <cmath>

#include "speed_in_stage.hpp"

using namespace alfven;
using namespace alfven::mhd;

TEST(CharacteristicSpeed, IsTheWeightedSumOfTheThreeSpeeds) {
  Primitive<double> s{};
  s.rho = 2.0;
  s.v[0] = 3.0, s.v[1] = 4.0;                  // |v| = 5
  s.b[2] = std::sqrt(4.0 * M_PI * 2.0) * 7.0;  // c_a = |B| / sqrt(4 pi rho) = 7
  s.e = 9.0 / ((5.0 / 3.0) * (2.0 / 3.0));     // c_s^2 = gamma (gamma - 1) e = 9
  const SpeedFactors<double> f{2.0, 3.0, 5.0};
  EXPECT_NEAR(characteristic_speed(s, IdealGas<double>{}, f), 2.0 * 3 + 3.0 * 7 + 5.0 * 5, 1e-12);
  EXPECT_EQ(characteristic_speed(s, IdealGas<double>{}, f),
            characteristic_speed(s, EquationOfState<double>{}, f));
}

template <typename Real>
void expect_same_bits(const BoundaryConditions& bc, bool floored) {
  const auto d = test::compare_speed_paths<Real, backend::Host>(bc, floored);
  EXPECT_EQ(d.fields, 0);
  EXPECT_EQ(d.speed, 0);
  EXPECT_EQ(d.unwritten, 0);
}

TEST(CharacteristicSpeed, TakenInTheStageGivesTheSameBits) {
  expect_same_bits<double>(BoundaryConditions::all_periodic(), false);
  expect_same_bits<double>(test::mixed_boundaries(), false);
  expect_same_bits<float>(test::mixed_boundaries(), false);
}

TEST(CharacteristicSpeed, TakenAfterTheFloors) {
  expect_same_bits<double>(test::mixed_boundaries(), true);
  expect_same_bits<float>(BoundaryConditions::all_periodic(), true);
}
