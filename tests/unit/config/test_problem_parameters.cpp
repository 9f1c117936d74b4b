/// @file test_problem_parameters.cpp
/// @brief `problem` must be a catalogued problem; `problem_parameters` are typed by its specs
/// and completed with their defaults.
#include <gtest/gtest.h>

#include "config_test_support.hpp"

using namespace alfven::mhd;
using alfven_test::error_of;
using alfven_test::load;
using alfven_test::minimal_yaml;

TEST(ConfigProblem, ParametersTypedAndDefaultsFilledIn) {
  const RunConfig c = load(std::string(minimal_yaml()) +
                           "problem: blast\nproblem_parameters: {n_shells: 5, smooth: off}\n");
  EXPECT_EQ(c.problem, "blast");
  ASSERT_EQ(c.problem_parameters.size(), 3u);
  EXPECT_EQ(c.problem_parameters.at("n_shells"), "5");
  EXPECT_EQ(c.problem_parameters.at("smooth"), "false");  // booleans normalised
  EXPECT_EQ(c.problem_parameters.at("radius"), "0.1");    // default from the spec
}

TEST(ConfigProblem, RealsKeepFullPrecision) {
  const RunConfig c =
      load(std::string(minimal_yaml()) + "problem_parameters: {v0: 0.30000000000000004}\n");
  EXPECT_EQ(std::stod(c.problem_parameters.at("v0")), 0.30000000000000004);
  EXPECT_EQ(c.problem_parameters.at("label"), "ot");
}

TEST(ConfigProblem, UnknownProblemGetsSuggestionAndList) {
  const std::string message = error_of(std::string(minimal_yaml()) + "problem: blats\n");
  EXPECT_NE(
      message.find("config.yaml:3: problem: unknown problem \"blats\" (did you mean `blast`?); "
                   "known problems: blast, orszag_tang, plain"),
      std::string::npos)
      << message;
}

TEST(ConfigProblem, WrongTypeAndUnknownParameter) {
  const std::string message = error_of(std::string(minimal_yaml()) +
                                       "problem: blast\n"
                                       "problem_parameters:\n"
                                       "  n_shells: 2.5\n"
                                       "  radus: 0.2\n"
                                       "  colour: red\n");
  EXPECT_NE(message.find("config.yaml:5: problem_parameters.n_shells: expected an integer "
                         "(parameter of problem blast), got \"2.5\""),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("config.yaml:6: problem_parameters.radus: unknown parameter of problem "
                         "blast; did you mean `problem_parameters.radius`?"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("config.yaml:7: problem_parameters.colour: unknown parameter of problem "
                         "blast (its parameters: radius, n_shells, smooth)"),
            std::string::npos)
      << message;
}

TEST(ConfigProblem, ProblemWithoutParameters) {
  const std::string message =
      error_of(std::string(minimal_yaml()) + "problem: plain\nproblem_parameters: {v0: 1}\n");
  EXPECT_NE(message.find("problem_parameters.v0: problem plain takes no parameters"),
            std::string::npos)
      << message;
}

TEST(ConfigProblem, ParameterByOverride) {
  const RunConfig c = load(minimal_yaml(), {"problem=blast", "problem_parameters.radius=0.25"});
  EXPECT_EQ(c.problem_parameters.at("radius"), "0.25");
}

TEST(ConfigProblem, EmptyCatalogAcceptsAnyProblemAndKeepsParametersAsGiven) {
  const RunConfig c = load_config_from_string(
      std::string(minimal_yaml()) + "problem: anything\nproblem_parameters: {a: 1.50}\n",
      "config.yaml", {}, {});
  EXPECT_EQ(c.problem, "anything");
  EXPECT_EQ(c.problem_parameters.at("a"), "1.50");
}
