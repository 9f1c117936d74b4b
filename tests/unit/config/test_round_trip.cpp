/// @file test_round_trip.cpp
/// @brief to_yaml writes a complete configuration that loads back to an equal RunConfig.
#include <gtest/gtest.h>

#include "config_test_support.hpp"

using namespace alfven::mhd;
using alfven_test::load;

namespace {
void expect_round_trip(const RunConfig& original) {
  const std::string text = to_yaml(original);
  const RunConfig again = load(text);
  EXPECT_TRUE(again == original) << text;
  // Writing again gives the same text (after the comment naming the source).
  const std::string rewritten = to_yaml(again);
  EXPECT_EQ(rewritten.substr(rewritten.find("problem:")), text.substr(text.find("problem:")));
}
}  // namespace

TEST(ConfigRoundTrip, MisoFile) {
  expect_round_trip(
      load_config(std::string(ALFVEN_SOURCE_DIR) + "/tests/unit/config/data/miso_mhd2d_vortex.yaml",
                  {}, alfven_test::fake_catalog()));
}

TEST(ConfigRoundTrip, EveryFieldAwayFromItsDefault) {
  const RunConfig c = load(
      "problem: blast\nprecision: float\nbackend: cuda\n"
      "grid: {i_size: 30, j_size: 20, k_size: 10, margin: 3, x_min: -0.1, x_max: 0.7,\n"
      "       y_min: 1e-3, y_max: 2, z_min: -5, z_max: 1.0000000000000002}\n"
      "domain: {periodic: {x: false, y: true, z: false}}\n"
      "boundary:\n  x_lower: reflecting\n  z_upper: {default: symmetric, psi: antisymmetric}\n"
      "time: {tend: 0.30000000000000004, dt_output: 0.01, max_steps: 7}\n"
      "mhd: {cfl_number: 0.9, artificial_viscosity: {ep: 1.5, fh: 0.5, cs_fac: 0.8, ca_fac: 0.7, "
      "vv_fac: 0.6}}\n"
      "eos: {gm: 1.4}\nmpi: {x_procs: 2, y_procs: 0, z_procs: 3}\n"
      "io: {output_dir: \"true\", continue: yes, png: false, log_every: 4}\n"
      "sources: {gravity: [0.1, -9.81, 1e-20], heating_rate: 2.5e-7}\n"
      "problem_parameters: {radius: 0.123456789012345678, smooth: false}\n");
  EXPECT_EQ(c.output_dir, "true");
  expect_round_trip(c);
}

TEST(ConfigRoundTrip, EmptyOutputDirStaysEmpty) {
  const RunConfig c = load(alfven_test::minimal_yaml());
  ASSERT_EQ(c.output_dir, "");
  expect_round_trip(c);
}

TEST(ConfigRoundTrip, EqualityIgnoresOnlyTheSource) {
  RunConfig a = load(alfven_test::minimal_yaml());
  RunConfig b = a;
  b.source = "elsewhere.yaml";
  EXPECT_TRUE(a == b);
  b.boundary.kind[x_lower][psi] = BoundaryKind::Outflow;
  EXPECT_FALSE(a == b);
}
