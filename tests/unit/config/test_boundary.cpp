/// @file test_boundary.cpp
/// @brief The `boundary:` section: one kind per face, reflecting walls, per-variable maps, and
/// the conflict with a periodic axis.
#include <gtest/gtest.h>

#include "config_test_support.hpp"

using namespace alfven::mhd;
using alfven_test::error_of;
using alfven_test::load;
using alfven_test::minimal_yaml;

namespace {
std::string non_periodic_x(const std::string& boundary) {
  return std::string(minimal_yaml()) + "domain: {periodic: {x: false}}\nboundary:\n" + boundary;
}
}  // namespace

TEST(ConfigBoundary, PeriodicAxesArePeriodicAndOthersDefaultToOutflow) {
  const RunConfig c = load(std::string(minimal_yaml()) + "domain: {periodic: {x: false}}\n");
  for (int v = 0; v < num_vars; ++v) {
    EXPECT_EQ(c.boundary.kind[x_lower][v], BoundaryKind::Outflow);
    EXPECT_EQ(c.boundary.kind[x_upper][v], BoundaryKind::Outflow);
    EXPECT_EQ(c.boundary.kind[y_lower][v], BoundaryKind::Periodic);
    EXPECT_EQ(c.boundary.kind[z_upper][v], BoundaryKind::Periodic);
  }
}

TEST(ConfigBoundary, OneKindForAllVariables) {
  const RunConfig c = load(non_periodic_x("  x_lower: symmetric\n  x_upper: antisymmetric\n"));
  EXPECT_EQ(c.boundary.kind[x_lower][density], BoundaryKind::Symmetric);
  EXPECT_EQ(c.boundary.kind[x_lower][psi], BoundaryKind::Symmetric);
  EXPECT_EQ(c.boundary.kind[x_upper][velocity_y], BoundaryKind::Antisymmetric);
}

TEST(ConfigBoundary, ReflectingFlipsOnlyTheNormalComponents) {
  const RunConfig c = load(std::string(minimal_yaml()) +
                           "domain: {periodic: {y: false}}\nboundary: {y_lower: reflecting}\n");
  for (int v = 0; v < num_vars; ++v) {
    const bool normal = v == velocity_y || v == magnetic_field_y;
    EXPECT_EQ(c.boundary.kind[y_lower][v],
              normal ? BoundaryKind::Antisymmetric : BoundaryKind::Symmetric)
        << var_name(v);
  }
  EXPECT_EQ(c.boundary.kind[y_upper][velocity_y], BoundaryKind::Outflow);
}

TEST(ConfigBoundary, PerVariableMapWithDefaultAndVectorGroups) {
  const RunConfig c = load(non_periodic_x(
      "  x_lower: {magnetic_field_z: symmetric, default: outflow, velocity: antisymmetric,\n"
      "            velocity_z: symmetric, density: reflecting}\n"));
  const auto& k = c.boundary.kind[x_lower];
  EXPECT_EQ(k[density], BoundaryKind::Symmetric);  // reflecting: density is not normal
  EXPECT_EQ(k[velocity_x], BoundaryKind::Antisymmetric);
  EXPECT_EQ(k[velocity_y], BoundaryKind::Antisymmetric);
  EXPECT_EQ(k[velocity_z], BoundaryKind::Symmetric);  // a single variable beats its vector
  EXPECT_EQ(k[magnetic_field_x], BoundaryKind::Outflow);
  EXPECT_EQ(k[magnetic_field_z], BoundaryKind::Symmetric);
  EXPECT_EQ(k[internal_energy], BoundaryKind::Outflow);
}

TEST(ConfigBoundary, BoundaryOnAPeriodicAxisIsAnError) {
  const std::string message =
      error_of(std::string(minimal_yaml()) + "boundary:\n  z_upper: outflow\n");
  EXPECT_NE(message.find("config.yaml:4: boundary.z_upper: the z axis is periodic "
                         "(domain.periodic.z: true)"),
            std::string::npos)
      << message;
}

TEST(ConfigBoundary, UnknownFaceVariableAndKind) {
  const std::string message =
      error_of(non_periodic_x("  x_lowr: outflow\n"
                              "  x_lower: {densty: outflow}\n"
                              "  x_upper: sticky\n"));
  EXPECT_NE(message.find("config.yaml:5: boundary.x_lowr: unknown face; did you mean "
                         "`boundary.x_lower`?"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("config.yaml:6: boundary.x_lower.densty: unknown variable; did you mean "
                         "`boundary.x_lower.density`?"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("config.yaml:7: boundary.x_upper: expected one of outflow, symmetric, "
                         "antisymmetric, reflecting, fixed, got \"sticky\""),
            std::string::npos)
      << message;
}

TEST(ConfigBoundary, PeriodicAsAKindPointsToDomainPeriodic) {
  const std::string message = error_of(non_periodic_x("  x_lower: periodic\n"));
  EXPECT_NE(message.find("set with domain.periodic.<axis>: true"), std::string::npos) << message;
}

TEST(ConfigBoundary, SettableByOverride) {
  const RunConfig c =
      load(minimal_yaml(), {"domain.periodic.x=false", "boundary.x_upper=reflecting"});
  EXPECT_EQ(c.boundary.kind[x_upper][velocity_x], BoundaryKind::Antisymmetric);
  EXPECT_EQ(c.boundary.kind[x_upper][velocity_y], BoundaryKind::Symmetric);
}
