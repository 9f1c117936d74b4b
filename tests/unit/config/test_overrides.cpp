/// @file test_overrides.cpp
/// @brief `--set key=value` overrides: applied before validation, any type, nested, creating
/// sections; unknown or invalid overrides are reported citing the --set.
#include <gtest/gtest.h>

#include "config_test_support.hpp"

using namespace alfven::mhd;
using alfven_test::error_of;
using alfven_test::load;
using alfven_test::minimal_yaml;

TEST(ConfigOverrides, NumberBoolStringAndNested) {
  const RunConfig c = load(minimal_yaml(), {"grid.i_size=64", "time.tend=2.5", "io.png=false",
                                            "mhd.artificial_viscosity.ep=0.25",
                                            "io.output_dir=runs/a", "domain.periodic.y=no"});
  EXPECT_EQ(c.i_size, 64);
  EXPECT_EQ(c.tend, 2.5);
  EXPECT_FALSE(c.write_png);
  EXPECT_EQ(c.ep, 0.25);
  EXPECT_EQ(c.output_dir, "runs/a");
  EXPECT_FALSE(c.periodic[1]);
}

TEST(ConfigOverrides, MaxStepsIsSettable) {
  EXPECT_EQ(load(minimal_yaml(), {"time.max_steps=20"}).max_steps, 20);
}

TEST(ConfigOverrides, FlowListValue) {
  const RunConfig c = load(minimal_yaml(), {"sources.gravity=[0,0,-1]"});
  EXPECT_EQ(c.gravity[0], 0.0);
  EXPECT_EQ(c.gravity[2], -1.0);
}

TEST(ConfigOverrides, LaterOverrideWinsAndReplacesFileValue) {
  const RunConfig c = load(minimal_yaml(), {"grid.j_size=32", "grid.j_size=33"});
  EXPECT_EQ(c.j_size, 33);
}

TEST(ConfigOverrides, CanSupplyARequiredKey) {
  EXPECT_EQ(load("grid: {i_size: 4, j_size: 4, k_size: 1}\n", {"time.tend=1", "time.dt_output=0.5"})
                .dt_output,
            0.5);
}

TEST(ConfigOverrides, FullPrecisionReal) {
  EXPECT_EQ(load(minimal_yaml(), {"eos.gm=1.4000000000000001"}).gamma, 1.4000000000000001);
}

TEST(ConfigOverrides, UnknownKeyCitesTheSetWithSuggestion) {
  const std::string message = error_of(minimal_yaml(), {"grid.i_sise=64"});
  EXPECT_NE(
      message.find("--set grid.i_sise=64: grid.i_sise: unknown key; did you mean `grid.i_size`?"),
      std::string::npos)
      << message;
}

TEST(ConfigOverrides, WrongTypeCitesTheSet) {
  const std::string message = error_of(minimal_yaml(), {"time.max_steps=lots"});
  EXPECT_NE(
      message.find("--set time.max_steps=lots: time.max_steps: expected an integer >= 0, or -1 "
                   "for no limit, got \"lots\""),
      std::string::npos)
      << message;
}

TEST(ConfigOverrides, MalformedOverrides) {
  const std::string message =
      error_of(minimal_yaml(), {"grid.i_size", "grid..i_size=3", "grid.i_size.deeper=3"});
  EXPECT_NE(message.find("--set grid.i_size: expected KEY=VALUE"), std::string::npos) << message;
  EXPECT_NE(message.find("--set grid..i_size=3: \"grid..i_size\" is not a dotted key"),
            std::string::npos)
      << message;
  EXPECT_NE(
      message.find("--set grid.i_size.deeper=3: grid.i_size.deeper: grid.i_size holds a value"),
      std::string::npos)
      << message;
}

TEST(ConfigOverrides, FileErrorsStillCiteTheFileLine) {
  const std::string message = error_of(
      "grid: {i_size: 4, j_size: 4, k_size: 1}\ntime: {tend: 1, dt_output: x}\n", {"time.tend=2"});
  EXPECT_NE(message.find("config.yaml:2: time.dt_output: expected a real number > 0, got \"x\""),
            std::string::npos)
      << message;
}

// Issue 42, item 19: `--set bodies[0].wall=...` was read as a key named "bodies[0]" and got
// "unknown key; did you mean `bodies`?", citing the file. An entry of a list is now set by its
// index; an entry that does not exist is refused with how to give the whole list.
namespace {
std::string with_one_body() {
  return std::string(minimal_yaml()) +
         "bodies: [{geometry: {sphere: {center: [0.5, 0.5, 0], radius: 0.1}}, wall: slip}]\n";
}
}  // namespace

TEST(ConfigOverrides, AnEntryOfAListIsSetByItsIndex) {
  const RunConfig c = load(with_one_body(), {"bodies[0].wall=fixed",
                                             "outputs=[{name: a, "
                                             "every: 1, variables: [density]}]",
                                             "outputs[0].every=3"});
  ASSERT_EQ(c.bodies.size(), 1u);
  EXPECT_EQ(c.bodies[0].wall, "fixed");
  ASSERT_EQ(c.outputs.size(), 1u);
  EXPECT_EQ(c.outputs[0].every, 3);
  // The whole entry may be replaced too.
  EXPECT_EQ(load(with_one_body(), {"bodies[0]={geometry: {sphere: {radius: 0.2}}, wall: fixed}"})
                .bodies[0]
                .wall,
            "fixed");
}

TEST(ConfigOverrides, AnErrorInAnIndexedEntryCitesTheOverride) {
  alfven_test::expect_has(error_of(with_one_body(), {"bodies[0].wall=slide"}),
                          "--set bodies[0].wall=slide: bodies[0].wall: expected one of slip, "
                          "no_slip, fixed, got \"slide\"; did you mean `slip`?");
}

TEST(ConfigOverrides, AnEntryThatIsNotThereSaysHowToGiveTheWholeList) {
  using alfven_test::expect_has;
  const std::string past_the_end = error_of(with_one_body(), {"bodies[1].wall=slip"});
  expect_has(past_the_end,
             "--set bodies[1].wall=slip: bodies[1].wall: bodies has 1 entry, so "
             "there is no bodies[1]: an entry is added or removed by giving the "
             "whole list, e.g. --set 'bodies=[...]'");
  EXPECT_EQ(past_the_end.find("did you mean"), std::string::npos) << past_the_end;
  expect_has(error_of(minimal_yaml(), {"bodies[0].wall=slip"}),
             "--set bodies[0].wall=slip: bodies[0].wall: bodies is not given, so it has no entry "
             "bodies[0]: an entry is added or removed by giving the whole list, e.g. --set "
             "'bodies=[...]'");
  expect_has(error_of(with_one_body(), {"bodies.wall=slip"}),
             "--set bodies.wall=slip: bodies.wall: bodies is a list: name an entry, e.g. "
             "bodies[0].wall");
  expect_has(error_of(minimal_yaml(), {"grid[0].i_size=3"}),
             "--set grid[0].i_size=3: grid[0].i_size: grid is a section, not a list, so it has "
             "no entry grid[0]");
  for (const char* bad : {"bodies[x].wall=slip", "bodies[-1].wall=slip", "bodies[0.wall=slip",
                          "[0].wall=slip", "bodies[]=1"})
    expect_has(error_of(with_one_body(), {bad}),
               "is not a dotted key such as grid.i_size (or "
               "bodies[0].wall for an entry of a list)");
}
