/// @file test_errors.cpp
/// @brief Every kind of invalid input is reported before anything runs, naming the file, the
/// dotted key, the 1-based line and what was expected; all errors come together.
#include <gtest/gtest.h>

#include "config_test_support.hpp"

using alfven_test::error_of;
using alfven_test::expect_has;
using alfven_test::minimal_yaml;

namespace {

std::string with_grid(const std::string& grid_line) {
  return "time: {tend: 0.5, dt_output: 0.1}\n" + grid_line + "\n";
}
}  // namespace

TEST(ConfigErrors, WrongTypeNamesFileKeyLineAndExpectation) {
  expect_has(error_of("time: {tend: 0.5, dt_output: 0.1}\ngrid:\n  i_size: abc\n  j_size: 1\n"
                      "  k_size: 1\n"),
             "config.yaml:3: grid.i_size: expected a positive integer, got \"abc\"");
}

TEST(ConfigErrors, IntegersMustBeIntegers) {
  expect_has(error_of(with_grid("grid: {i_size: 1.5, j_size: 1, k_size: 1}")),
             "config.yaml:2: grid.i_size: expected a positive integer, got \"1.5\"");
}

TEST(ConfigErrors, RealBooleanEnumAndListTypes) {
  const std::string message = error_of(std::string(minimal_yaml()) +
                                       "mhd: {cfl_number: fast}\n"
                                       "domain: {periodic: {x: maybe}}\n"
                                       "precision: quad\n"
                                       "sources: {gravity: [0, 1]}\n"
                                       "io: {fsync: sometimes}\n");
  expect_has(message,
             "config.yaml:3: mhd.cfl_number: expected a real number in (0, 1.5], got \"fast\"");
  expect_has(message, "config.yaml:4: domain.periodic.x: expected true or false, got \"maybe\"");
  expect_has(message, "config.yaml:5: precision: expected one of float, double, got \"quad\"");
  expect_has(message,
             "config.yaml:6: sources.gravity: expected a list of 3 real numbers [gx, gy, gz], "
             "got [0, 1] (2 values, need 3)");
  expect_has(message,
             "config.yaml:7: io.fsync: expected one of checkpoints, all, got \"sometimes\"");
}

TEST(ConfigErrors, MissingRequiredKey) {
  const std::string message = error_of("grid: {i_size: 4, j_size: 4}\ntime: {tend: 1.0}\n");
  expect_has(message, "config.yaml:1: grid.k_size: required key is missing (a positive integer)");
  expect_has(message, "config.yaml:2: time.dt_output: required key is missing");
}

TEST(ConfigErrors, MissingSectionCitesTheFile) {
  expect_has(error_of("grid: {i_size: 4, j_size: 4, k_size: 1}\n"),
             "config.yaml: time.tend: required key is missing");
}

TEST(ConfigErrors, ValuesOutOfRange) {
  const std::string message = error_of(
      "grid: {i_size: 0, j_size: 4, k_size: 1, margin: 1, x_min: 1.0, x_max: 0.5}\n"
      "time: {tend: -1, dt_output: 0}\n"
      "mhd: {cfl_number: 3.0, artificial_viscosity: {ep: -0.1, fh: -2}}\n"
      "eos: {gm: 1.0}\n"
      "mpi: {x_procs: -1}\n");
  expect_has(message, "config.yaml:1: grid.i_size: expected a positive integer, got \"0\"");
  expect_has(message, "config.yaml:1: grid.margin: expected an integer >= 2");
  expect_has(message,
             "config.yaml:1: grid.x_max: expected a value greater than grid.x_min (1.0), got 0.5");
  expect_has(message, "config.yaml:2: time.tend: expected a real number > 0, got \"-1\"");
  expect_has(message, "config.yaml:2: time.dt_output: expected a real number > 0, got \"0\"");
  expect_has(message,
             "config.yaml:3: mhd.cfl_number: expected a real number in (0, 1.5], got \"3.0\"");
  expect_has(message, "config.yaml:3: mhd.artificial_viscosity.ep: expected a real number >= 0");
  expect_has(message, "config.yaml:3: mhd.artificial_viscosity.fh: expected a real number >= 0");
  expect_has(message, "config.yaml:4: eos.gm: expected a real number > 1, got \"1.0\"");
  expect_has(message,
             "config.yaml:5: mpi.x_procs: expected an integer >= 0 (0: automatic), got \"-1\"");
}

TEST(ConfigErrors, MarginBelowTwoIsFineWithoutActiveAxes) {
  EXPECT_NO_THROW(
      alfven_test::load("grid: {i_size: 1, j_size: 1, k_size: 1, margin: 0}\n"
                        "time: {tend: 1, dt_output: 1}\n"));
}

TEST(ConfigErrors, UnknownKeyWithSuggestion) {
  expect_has(error_of(with_grid("grid: {i_sise: 4, i_size: 4, j_size: 4, k_size: 1}")),
             "config.yaml:2: grid.i_sise: unknown key; did you mean `grid.i_size`?");
}

TEST(ConfigErrors, UnknownSectionAndMisplacedKey) {
  const std::string message = error_of(std::string(minimal_yaml()) +
                                       "mhdd: {cfl_number: 0.4}\n"
                                       "tend: 3\n");
  expect_has(message, "config.yaml:3: mhdd: unknown key; did you mean `mhd`?");
  expect_has(message, "config.yaml:4: tend: unknown key; did you mean `time.tend`?");
}

TEST(ConfigErrors, UnknownKeyFarFromAnyListsTheValidOnes) {
  expect_has(error_of(std::string(minimal_yaml()) + "eos: {polytrope: 2}\n"),
             "config.yaml:3: eos.polytrope: unknown key (valid keys in eos: gm, table)");
}

TEST(ConfigErrors, SectionThatIsNotAMap) {
  expect_has(error_of(std::string(minimal_yaml()) + "mhd: 0.5\n"),
             "config.yaml:3: mhd: expected a map of keys, got \"0.5\"");
}

TEST(ConfigErrors, DuplicateKey) {
  expect_has(error_of("grid: {i_size: 4, j_size: 4, k_size: 1}\ntime:\n  tend: 1\n  dt_output: 1\n"
                      "  tend: 2\n"),
             "config.yaml:5: time.tend: duplicate key (first given on line 3)");
}

TEST(ConfigErrors, MalformedYamlGivesFileAndLine) {
  expect_has(error_of("grid: {i_size: 4, j_size: 4, k_size: 1}\ntime: [tend: 1\n"),
             "config.yaml:3: malformed YAML:");
  expect_has(error_of("grid:\n  i_size: 4\n   j_size: 4\n"), "config.yaml:3: malformed YAML:");
}

TEST(ConfigErrors, YamlNestedBeyondTheParsersDepthIsSaidSo) {
  // yaml-cpp's own message for this is "bad file".
  const std::string deep = "problem: orszag_tang\nx: " + std::string(3000, '[') + "\n";
  expect_has(error_of(deep), "malformed YAML: nested too deeply for the YAML parser");
}

TEST(ConfigErrors, TopLevelMustBeAMap) {
  expect_has(error_of("- 1\n- 2\n"), "config.yaml:1: expected a map of sections");
}

TEST(ConfigErrors, AllErrorsReportedTogetherOnePerLine) {
  try {
    alfven_test::load(
        "grid: {i_size: x, j_size: 4, k_size: 1}\n"
        "time: {tend: 1, dt_output: 1}\n"
        "eos: {gm: 0.5}\n"
        "mhd: {cfl_numbr: 0.3}\n");
    FAIL() << "no error";
  } catch (const alfven::mhd::ConfigError& e) {
    ASSERT_EQ(e.messages().size(), 3u) << e.what();
    EXPECT_EQ(e.messages()[0],
              "config.yaml:1: grid.i_size: expected a positive integer, got \"x\"");
    EXPECT_EQ(e.messages()[1], "config.yaml:3: eos.gm: expected a real number > 1, got \"0.5\"");
    EXPECT_EQ(e.messages()[2],
              "config.yaml:4: mhd.cfl_numbr: unknown key; did you mean `mhd.cfl_number`?");
    EXPECT_EQ(std::string(e.what()),
              e.messages()[0] + "\n" + e.messages()[1] + "\n" + e.messages()[2]);
  }
}

TEST(ConfigErrors, NonFiniteRealsAreRejected) {
  expect_has(error_of(std::string(minimal_yaml()) + "sources: {heating_rate: .nan}\n"),
             "config.yaml:3: sources.heating_rate: expected a real number, got \".nan\"");
}

TEST(ConfigErrors, IsAnAlfvenError) {
  EXPECT_THROW(alfven_test::load("grid: 1\n"), alfven::Error);
}

// temperature needs a tabulated equation of state; eos.table names a file it reads and checks.
TEST(ConfigErrors, TemperatureWithoutATableAndABadTableAreRefused) {
  expect_has(error_of(std::string(minimal_yaml()) +
                      "outputs: [{name: t, every: 1, variables: [temperature]}]\n"),
             "temperature needs a tabulated equation of state (eos.table)");
  expect_has(error_of(std::string(minimal_yaml()) + "eos: {table: /no/such/table.h5}\n"),
             "config.yaml:3: eos.table: cannot open the equation-of-state table "
             "'/no/such/table.h5'");
}

// A box of an output block that holds no cell centre said only "on some axis": the message now
// names the axis, the box's bounds there and the domain's cell centres.
TEST(ConfigErrors, AnEmptyOutputBoxNamesItsAxisAndTheCellCentres) {
  expect_has(
      error_of(std::string(minimal_yaml()) + "outputs: [{name: b, every: 1, variables: [density], "
                                             "box: {min: [1.5, 0.1, 0], max: [2.0, 0.5, 1]}}]\n"),
      "the box holds no cell centre along x: [1.5, 2] against the domain [0, 1], whose 16 "
      "cell centres run from 0.03125 to 0.96875 in steps of 0.0625");
  expect_has(
      error_of(std::string(minimal_yaml()) + "outputs: [{name: b, every: 1, variables: [density], "
                                             "box: {min: [0.1, 0.6, 0], max: [0.5, 0.4, 1]}}]\n"),
      "the box holds no cell centre along y: [0.6, 0.4] against the domain [0, 1], whose 8 "
      "cell centres run from 0.0625 to 0.9375");
}

// A slice whose coordinate is not a number said only "expected {x: X}, ... got a map", and a
// block name over 64 characters did not say that names have a length limit.
TEST(ConfigErrors, OutputSliceAndNameErrorsSayWhatIsWrong) {
  const std::string block = std::string(minimal_yaml()) + "outputs: [{name: s, every: 1, " +
                            "variables: [density], slice: ";
  expect_has(error_of(block + "{x: .nan}}]\n"),
             "outputs[0].slice.x: expected a finite real number (the coordinate of the plane), "
             "got");
  expect_has(error_of(block + "{x: abc}}]\n"), "the coordinate of the plane), got \"abc\"");
  expect_has(error_of(block + "{w: 0.5}}]\n"),
             "expected the axis x, y or z as the key ({x: X}, {y: Y} or {z: Z}), got \"w\"");
  expect_has(error_of(std::string(minimal_yaml()) + "outputs: [{name: " + std::string(65, 'a') +
                      ", every: 1, variables: [density]}]\n"),
             "expected a name of 1 to 64 lower-case letters");
}

// An output block named snapshot_mid wrote snapshot_mid_0000.h5, which readers that list
// snapshot_*.h5 (python/alfven did) took for a snapshot: names starting with snapshot_ are refused,
// saying why and what to name the block instead; other names that contain "snapshot" are fine.
TEST(ConfigErrors, AnOutputBlockNameMayNotStartWithSnapshot) {
  const auto block = [](const std::string& name) {
    return std::string(minimal_yaml()) + "outputs: [{name: " + name +
           ", every: 1, variables: [density]}]\n";
  };
  const std::string message = error_of(block("snapshot_mid"));
  expect_has(message,
             "outputs[0].name: \"snapshot_mid\" starts with \"snapshot_\", the prefix of "
             "the run's own snapshots (snapshot_NNNN.h5)");
  expect_has(message, "files snapshot_mid_NNNN.h5 would be read as snapshots");
  expect_has(message, "name the block e.g. \"mid_snapshot\"");
  expect_has(error_of(block("snapshot_")), "name the block e.g. \"block\"");
  for (const char* fine : {"mid_snapshot", "snapshots_mid", "snap_mid"})
    EXPECT_NO_THROW(alfven_test::load(block(fine))) << fine;
}

// An error inside a list set with --set (outputs=[...]) cited the configuration file's line 1,
// which has no outputs; it now cites the override, as --set grid.i_size=abc does.
TEST(ConfigErrors, AnErrorInAListSetOnTheCommandLineCitesTheOverride) {
  expect_has(error_of(minimal_yaml(), {"outputs=[{name: a, every: 0, variables: [density]}]"}),
             "--set outputs=[{name: a, every: 0, variables: [density]}]: outputs[0].every: "
             "expected an integer > 0");
}

// Issue 42, item 19: a geometry error in a body set with --set cited `config.yaml:1` (or
// `built-in:NAME:1`), the first line of a file that has no bodies; it now cites the override.
TEST(ConfigErrors, AGeometryErrorOfABodySetOnTheCommandLineCitesTheOverride) {
  const std::string set = "bodies=[{geometry: {sphere: {radius: -1}}}]";
  const std::string message = error_of(minimal_yaml(), {set});
  expect_has(message, "bodies[0].geometry: --set " + set + ": make_sphere: radius must be > 0");
  EXPECT_EQ(message.find("config.yaml"), std::string::npos) << message;
  // From the file, the geometry's own line is still cited.
  expect_has(error_of(std::string(minimal_yaml()) + "bodies:\n  - geometry:\n      sphere: "
                                                    "{radius: -1}\n"),
             "bodies[0].geometry: config.yaml:5: make_sphere: radius must be > 0");
}

// Issue 42, item 19: a beam whose centre lies off its face was reported against
// radiation.beam.radius; the centre is now named, with the face's extent. A beam on its face that
// falls between the cell centres is still the radius's fault.
TEST(ConfigErrors, ABeamCentreOffItsFaceIsReportedAgainstTheCentre) {
  const std::string base =
      "grid: {i_size: 16, j_size: 8, k_size: 1, x_min: 0, x_max: 1, y_min: 0, y_max: 1}\n"
      "time: {tend: 0.5, dt_output: 0.1}\n"
      "domain: {periodic: {x: false}}\n";
  const std::string off = error_of(
      base + "radiation: {enabled: true, beam: {face: x_lower, radius: 0.1, centre: [0, 5, 0]}}\n");
  expect_has(off,
             "config.yaml:4: radiation.beam.centre: the beam's centre [0, 5, 0] lies off its "
             "face x_lower (y in [0, 1]), farther than the radius 0.1: move the centre onto "
             "the face");
  EXPECT_EQ(off.find("radiation.beam.radius"), std::string::npos) << off;
  // Centre 0.5 lies between the cell centres 0.4375 and 0.5625: the radius is too small.
  const std::string small = error_of(
      base +
      "radiation: {enabled: true, beam: {face: x_lower, radius: 0.001, centre: [0, 0.5, 0]}}\n");
  expect_has(small,
             "radiation.beam.radius: the beam (radius 0.001, centre [0, 0.5, 0]) covers no "
             "cell centre of its face");
  EXPECT_EQ(small.find("radiation.beam.centre"), std::string::npos) << small;
}
