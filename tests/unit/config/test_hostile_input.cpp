/// @file test_hostile_input.cpp
/// @brief Messages for inputs a new user or an attacker gives (issue 10, item 12), one test per
/// message: a --set that swallowed the file name, a misspelt problem name given as the file, an
/// integer too large for its key, a list with a NaN, a second YAML document, a huge value (the
/// suggestion search and the echo are capped), and a configuration "file" without end.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "config_test_support.hpp"
#include "suggest.hpp"

using alfven_test::error_of;
using alfven_test::expect_has;
using alfven_test::fake_catalog;
using alfven_test::minimal_yaml;

namespace {

/// The ConfigError message of load_config(path) with the fake catalog.
std::string error_of_file(const std::string& path) {
  try {
    alfven::mhd::load_config(path, {}, fake_catalog());
  } catch (const alfven::mhd::ConfigError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a ConfigError for " << path;
  return "";
}

}  // namespace

// `alfven run --set time.max_steps=1 my.yaml`: --set takes every word after it, the file too.
TEST(ConfigHostileInput, SetThatSwallowedTheFileNameSaysSo) {
  const std::string message = error_of(minimal_yaml(), {"time.max_steps=1", "my.yaml"});
  expect_has(message, "--set my.yaml: ");
  expect_has(message, "looks like the configuration file");
  expect_has(message, "alfven run my.yaml --set ...");
}

// `alfven run orszag_tnag`: neither a file nor a problem; the closest problem is suggested.
TEST(ConfigHostileInput, MisspeltProblemNameSuggestsTheProblem) {
  const std::string message = error_of_file("orszag_tnag");
  expect_has(message, "orszag_tnag: no such configuration file");
  expect_has(message, "did you mean the built-in problem `orszag_tang`?");
}

TEST(ConfigHostileInput, IntegerTooLargeForItsKeySaysSo) {
  expect_has(error_of(minimal_yaml(), {"grid.i_size=2147483648"}),
             "grid.i_size: expected a positive integer, got \"2147483648\" (too large: at most "
             "2147483647)");
  expect_has(error_of(minimal_yaml(), {"grid.i_size=99999999999999999999"}),
             "(too large: at most 2147483647)");
}

TEST(ConfigHostileInput, ListWithANanNamesTheElement) {
  const std::string message = error_of(minimal_yaml(), {"sources.gravity=[.nan,0,0]"});
  expect_has(message, "got [.nan, 0, 0]");
  expect_has(message, "element 1 (.nan) is not a finite real number");
}

TEST(ConfigHostileInput, SecondYamlDocumentIsAnError) {
  const std::string message = error_of(std::string(minimal_yaml()) + "---\ngrid: {i_size: 64}\n");
  expect_has(message, "config.yaml:4: a second YAML document");
}

TEST(ConfigHostileInput, HugeProblemValueIsCappedInSearchAndEcho) {
  const std::string huge(1000000, 'x');
  const std::string message = error_of(std::string(minimal_yaml()) + "problem: " + huge + "\n");
  expect_has(message, "unknown problem \"xxxxxxxx");
  expect_has(message, "(1000000 characters)");
  EXPECT_LT(message.size(), 1000u) << message.substr(0, 300);
  // Through --set as well: the override text is shortened where it is cited.
  const std::string set_message = error_of(minimal_yaml(), {"problem=" + huge});
  EXPECT_LT(set_message.size(), 1000u) << set_message.substr(0, 300);
}

// The search itself: a 50 MB name against the problem names. The edit-distance table of the
// old search was (50e6 + 1) x (candidate + 1) ints per candidate (gigabytes, minutes); the length
// bound rules every candidate out before any table is built, and a name of the candidates' length
// still finds its match.
TEST(ConfigHostileInput, SuggestionSearchOfA50MBNameBuildsNoTable) {
  using alfven::mhd::config_detail::closest_match;
  const std::vector<std::string> names = {"orszag_tang", "sod", "brio_wu", "kelvin_helmholtz"};
  EXPECT_EQ(closest_match(std::string(50u << 20, 'x'), names), "");
  EXPECT_EQ(closest_match(std::string(50u << 20, 'x') + "sod", names), "");
  EXPECT_EQ(closest_match("orszag_tnag", names), "orszag_tang");
}

// `alfven run /dev/zero` read until memory ran out: configuration files are capped.
TEST(ConfigHostileInput, EndlessOrHugeConfigurationFileIsRefused) {
  expect_has(error_of_file("/dev/zero"), "/dev/zero: larger than 4 MiB");
  const std::string big = (std::filesystem::temp_directory_path() /
                           ("alfven_test_big_config_" + std::to_string(::getpid()) + ".yaml"))
                              .string();
  {
    std::ofstream f(big);
    f << minimal_yaml() << "# " << std::string(5 << 20, 'c') << "\n";
  }
  expect_has(error_of_file(big), big + ": larger than 4 MiB");
  std::filesystem::remove(big);
}

// dt: 1e-300 hung a run in its output bookkeeping (counting the multiples one by one, deaf to
// SIGTERM); a cadence that would number more than 1e15 outputs is refused, naming the key.
TEST(ConfigHostileInput, CadenceTooSmallForTheRunIsRefused) {
  expect_has(error_of(minimal_yaml(), {"time.dt_output=1e-300"}), "time.dt_output = 1e-300");
  expect_has(error_of(minimal_yaml(), {"io.log_dt=1e-300"}), "io.log_dt = 1e-300");
  const std::string block =
      std::string(minimal_yaml()) + "outputs:\n  - {name: a, dt: 1e-300, variables: [density]}\n";
  const std::string message = error_of(block);
  expect_has(message, "outputs[0].dt = 1e-300");
  expect_has(message, "more than 2.14748e+09 outputs");  // the blocks' limit, below
  EXPECT_NO_THROW(alfven_test::load(minimal_yaml(), {"io.log_dt=1e-6"}));  // small is fine
  // An output block's files are numbered by the multiple in the files' int `index`: dt 1e-10
  // (5e9 multiples before tend = 0.5) wrote index -1751847702 with exit status 0.
  const std::string fine =
      std::string(minimal_yaml()) + "outputs:\n  - {name: a, dt: 1e-10, variables: [density]}\n";
  const std::string said = error_of(fine);
  expect_has(said, "outputs[0].dt = 1e-10 would number more than 2.14748e+09 outputs");
  const std::string just =
      std::string(minimal_yaml()) + "outputs:\n  - {name: a, dt: 2.5e-10, variables: [density]}\n";
  EXPECT_NO_THROW(alfven_test::load(just));  // 2e9 multiples fit
}

// 2147483647 cells and their ghost layers overflowed int and failed deep in the set-up with
// "Array extent 0 is negative"; the configuration now says which key and why.
TEST(ConfigHostileInput, CellsWithGhostsThatOverflowAnIntAreRefused) {
  const std::string message = error_of(minimal_yaml(), {"grid.i_size=2147483647"});
  expect_has(message, "grid.i_size = 2147483647 cells with 2 ghost layers");
  expect_has(message, "do not fit an int");
}
