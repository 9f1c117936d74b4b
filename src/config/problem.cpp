/// @file problem.cpp
/// @brief The `problem` key and the `problem_parameters:` section, checked against the problem
/// catalog the solver layer supplies.
#include <fmt/format.h>

#include "scalars.hpp"
#include "sections.hpp"
#include "suggest.hpp"

namespace alfven {
namespace mhd {
namespace config_detail {

namespace {

const char* type_phrase(ProblemParameterSpec::Type type) {
  switch (type) {
    case ProblemParameterSpec::Real:
      return "a real number";
    case ProblemParameterSpec::Integer:
      return "an integer";
    case ProblemParameterSpec::Boolean:
      return "true or false";
    case ProblemParameterSpec::String:
      return "a string";
  }
  return "a value";
}

/// The canonical text of `node` as a value of `type`, or nullopt when it is not one.
std::optional<std::string> canonical(ProblemParameterSpec::Type type, const YAML::Node& node) {
  switch (type) {
    case ProblemParameterSpec::Real:
      if (const auto v = read_real(node)) return format_real(*v);
      return std::nullopt;
    case ProblemParameterSpec::Integer:
      if (const auto v = read_integer(node)) return std::to_string(*v);
      return std::nullopt;
    case ProblemParameterSpec::Boolean:
      if (const auto v = read_boolean(node)) return std::string(*v ? "true" : "false");
      return std::nullopt;
    case ProblemParameterSpec::String:
      return read_text(node);
  }
  return std::nullopt;
}

std::vector<std::string> names_of(const std::vector<ProblemParameterSpec>& specs) {
  std::vector<std::string> names;
  for (const auto& spec : specs) names.push_back(spec.name);
  return names;
}

/// True if config.problem is in the catalog (or the catalog is empty); records an error if not.
bool check_problem_name(const TreeContents& contents, const ProblemCatalog& problems,
                        const RunConfig& config, Diagnostics& diagnostics) {
  if (problems.empty() || problems.count(config.problem)) return true;
  std::vector<std::string> known;
  for (const auto& entry : problems) known.push_back(entry.first);
  const std::string close = closest_match(config.problem, known);
  const auto given = contents.values.find("problem");
  const YAML::Mark mark =
      given == contents.values.end() ? YAML::Mark::null_mark() : given->second.node.Mark();
  diagnostics.error(
      "problem", mark,
      fmt::format("unknown problem \"{}\"{}; known problems: {}", excerpt(config.problem),
                  close.empty() ? "" : fmt::format(" (did you mean `{}`?)", close),
                  join_names(known)));
  return false;
}

/// One `name: value` of problem_parameters for a catalogued problem.
void read_parameter(const std::string& problem, const std::vector<ProblemParameterSpec>& specs,
                    const std::string& name, const YAML::Mark& mark, const YAML::Node& value,
                    RunConfig& config, Diagnostics& diagnostics) {
  const std::string key = "problem_parameters." + name;
  for (const auto& spec : specs) {
    if (spec.name != name) continue;
    if (const auto text = canonical(spec.type, value)) {
      config.problem_parameters[name] = *text;
    } else {
      diagnostics.error(key, value.Mark(),
                        fmt::format("expected {} (parameter of problem {}), got {}",
                                    type_phrase(spec.type), problem, describe(value)));
    }
    return;
  }
  const std::vector<std::string> names = names_of(specs);
  const std::string close = closest_match(name, names);
  if (!close.empty()) {
    diagnostics.error(key, mark,
                      fmt::format("unknown parameter of problem {}; did you mean "
                                  "`problem_parameters.{}`?",
                                  problem, close));
  } else if (names.empty()) {
    diagnostics.error(key, mark, fmt::format("problem {} takes no parameters", problem));
  } else {
    diagnostics.error(key, mark,
                      fmt::format("unknown parameter of problem {} (its parameters: {})", problem,
                                  join_names(names)));
  }
}

/// Adds the default of every parameter the file did not give.
void fill_defaults(const std::string& problem, const std::vector<ProblemParameterSpec>& specs,
                   RunConfig& config, Diagnostics& diagnostics) {
  for (const auto& spec : specs) {
    if (config.problem_parameters.count(spec.name)) continue;
    const auto text = canonical(spec.type, YAML::Node(spec.default_value));
    if (!text) {
      diagnostics.error_at(
          "problem catalog",
          fmt::format("problem {}: the default \"{}\" of parameter {} is not {}", problem,
                      spec.default_value, spec.name, type_phrase(spec.type)));
      continue;
    }
    config.problem_parameters[spec.name] = *text;
  }
}

}  // namespace

void read_problem(const TreeContents& contents, const ProblemCatalog& problems, RunConfig& config,
                  Diagnostics& diagnostics) {
  if (!check_problem_name(contents, problems, config, diagnostics)) return;
  const auto section = contents.sections.find("problem_parameters");
  const bool given = section != contents.sections.end() && section->second.node.IsMap();
  if (problems.empty()) {
    if (!given) return;
    for_each_entry(section->second.node, "problem_parameters", diagnostics,
                   [&](const std::string& name, const YAML::Mark&, const YAML::Node& value) {
                     if (const auto text = value.IsScalar() ? read_text(value) : std::nullopt) {
                       config.problem_parameters[name] = *text;
                     } else {
                       diagnostics.error("problem_parameters." + name, value.Mark(),
                                         "expected a scalar value, got " + describe(value));
                     }
                   });
    return;
  }
  const auto& specs = problems.at(config.problem);
  if (given) {
    for_each_entry(section->second.node, "problem_parameters", diagnostics,
                   [&](const std::string& name, const YAML::Mark& mark, const YAML::Node& value) {
                     read_parameter(config.problem, specs, name, mark, value, config, diagnostics);
                   });
  }
  fill_defaults(config.problem, specs, config, diagnostics);
}

}  // namespace config_detail
}  // namespace mhd
}  // namespace alfven
