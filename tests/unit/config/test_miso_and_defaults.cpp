/// @file test_miso_and_defaults.cpp
/// @brief A MISO configuration loads unchanged with its values; omitted keys take MISO's
/// defaults; a missing file is reported by name.
#include <gtest/gtest.h>

#include "config_test_support.hpp"

using namespace alfven::mhd;
using alfven_test::fake_catalog;
using alfven_test::load;
using alfven_test::minimal_yaml;

namespace {
const std::string miso_file =
    std::string(ALFVEN_SOURCE_DIR) + "/tests/unit/config/data/miso_mhd2d_vortex.yaml";
}

TEST(ConfigMiso, Mhd2dVortexFileLoadsWithItsValues) {
  const RunConfig c = load_config(miso_file, {}, fake_catalog());
  EXPECT_EQ(c.source, miso_file);
  EXPECT_EQ(c.i_size, 128);
  EXPECT_EQ(c.j_size, 128);
  EXPECT_EQ(c.k_size, 1);
  EXPECT_EQ(c.margin, 2);
  EXPECT_EQ(c.x_max, 1.0);
  EXPECT_EQ(c.tend, 0.8);
  EXPECT_EQ(c.dt_output, 0.01);
  EXPECT_EQ(c.cfl_number, 1.0);
  EXPECT_EQ(c.ep, 1.5);
  EXPECT_EQ(c.fh, 1.0);
  EXPECT_EQ(c.cs_fac, 0.8);
  EXPECT_EQ(c.ca_fac, 0.8);
  EXPECT_EQ(c.vv_fac, 0.8);
  EXPECT_EQ(c.gamma, 5.0 / 3.0);  // 1.6666666666666667 read at full precision
  EXPECT_EQ(c.procs[0], 1);
  EXPECT_EQ(c.procs[1], 1);
  EXPECT_EQ(c.procs[2], 1);
  EXPECT_TRUE(c.periodic[0] && c.periodic[1] && c.periodic[2]);
  EXPECT_EQ(c.output_dir, "data/");  // base.save_dir
  EXPECT_FALSE(c.restart);
  EXPECT_EQ(c.boundary.kind[x_lower][density], BoundaryKind::Periodic);
}

TEST(ConfigMiso, ContinueAndSaveDirFromEitherSection) {
  const RunConfig base =
      load(std::string(minimal_yaml()) + "base: {save_dir: b/, continue: true}\n");
  EXPECT_TRUE(base.restart);
  EXPECT_EQ(base.output_dir, "b/");
  const RunConfig io = load(std::string(minimal_yaml()) +
                            "base: {save_dir: b/}\nio: {save_dir: i/, continue: true}\n");
  EXPECT_TRUE(io.restart);
  EXPECT_EQ(io.output_dir, "i/");
  const RunConfig ours = load(std::string(minimal_yaml()) +
                              "base: {save_dir: b/}\nio: {save_dir: i/, output_dir: out}\n");
  EXPECT_EQ(ours.output_dir, "out");
}

TEST(ConfigMiso, IgnoredMisoKeysAreTypeChecked) {
  const std::string message =
      alfven_test::error_of(std::string(minimal_yaml()) + "io: {n_output_digits: many}\n");
  EXPECT_NE(message.find("config.yaml:3: io.n_output_digits: expected a positive integer, got "
                         "\"many\""),
            std::string::npos)
      << message;
  EXPECT_NO_THROW(
      load(std::string(minimal_yaml()) +
           "io: {enabled: true, time_save_dir: t/, mpi_save_dir: m/, mhd_save_dir: h/}\n"
           "data_type: {Real: double, Endian: little}\n"));
}

TEST(ConfigDefaults, OmittedKeysTakeMisoDefaults) {
  const RunConfig c = load(minimal_yaml());
  EXPECT_EQ(c.source, "config.yaml");
  EXPECT_EQ(c.problem, "orszag_tang");
  EXPECT_EQ(c.precision, Precision::Double);
  EXPECT_EQ(c.backend, "auto");
  EXPECT_EQ(c.margin, 2);
  EXPECT_EQ(c.x_min, 0.0);
  EXPECT_EQ(c.z_max, 1.0);
  EXPECT_TRUE(c.periodic[0] && c.periodic[1] && c.periodic[2]);
  EXPECT_EQ(c.max_steps, -1);
  EXPECT_EQ(c.cfl_number, 0.5);
  EXPECT_EQ(c.ep, 1.0);
  EXPECT_EQ(c.vv_fac, 1.0);
  EXPECT_EQ(c.gamma, 5.0 / 3.0);
  EXPECT_EQ(c.procs[0], 0);
  EXPECT_EQ(c.output_dir, "");
  EXPECT_FALSE(c.restart);
  EXPECT_TRUE(c.write_png);
  EXPECT_EQ(c.log_every, 10);
  EXPECT_EQ(c.gravity[2], 0.0);
  EXPECT_EQ(c.heating_rate, 0.0);
  EXPECT_EQ(c.problem_parameters.at("v0"), "1.0");  // filled from the problem's spec
}

TEST(ConfigDefaults, OurTopLevelKeys) {
  const RunConfig c = load(std::string(minimal_yaml()) +
                           "precision: float\nbackend: host\nproblem: plain\n"
                           "sources: {gravity: [0, -1.5, 0], heating_rate: 0.25}\n"
                           "io: {png: false, log_every: 3}\n");
  EXPECT_EQ(c.precision, Precision::Float);
  EXPECT_EQ(c.backend, "host");
  EXPECT_EQ(c.problem, "plain");
  EXPECT_EQ(c.gravity[1], -1.5);
  EXPECT_EQ(c.heating_rate, 0.25);
  EXPECT_FALSE(c.write_png);
  EXPECT_EQ(c.log_every, 3);
}

TEST(ConfigFile, MissingFileIsNamed) {
  try {
    load_config("/nonexistent/run.yaml", {}, fake_catalog());
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(
        std::string(e.what()).find("/nonexistent/run.yaml: cannot open the configuration file"),
        std::string::npos)
        << e.what();
  }
}

TEST(ConfigFile, ErrorsInAFileCiteItsPathAndLine) {
  try {
    load_config(miso_file, {}, {{"sod", {}}});
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    // The default problem is not in this catalog; the file gives no `problem` line to cite.
    EXPECT_NE(std::string(e.what()).find(miso_file + ": problem: unknown problem \"orszag_tang\""),
              std::string::npos)
        << e.what();
  }
}

TEST(ConfigFile, FolderIsNotAConfiguration) {
  try {
    load_config(ALFVEN_SOURCE_DIR, {}, fake_catalog());
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("is a folder, not a configuration file"),
              std::string::npos)
        << e.what();
  }
}
