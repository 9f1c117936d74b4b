// The registry of built-in problems.
#include <cstdlib>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"

namespace alfven {
namespace mhd {

std::unique_ptr<Problem> make_orszag_tang();
std::unique_ptr<Problem> make_sod();
std::unique_ptr<Problem> make_brio_wu();

std::vector<std::unique_ptr<Problem>> builtin_problems() {
  std::vector<std::unique_ptr<Problem>> list;
  list.push_back(make_orszag_tang());
  list.push_back(make_sod());
  list.push_back(make_brio_wu());
  return list;
}

std::unique_ptr<Problem> make_problem(const std::string& name) {
  for (auto& p : builtin_problems())
    if (p->name() == name) return std::move(p);
  return nullptr;
}

ProblemCatalog problem_catalog() {
  ProblemCatalog catalog;
  for (const auto& p : builtin_problems()) catalog[p->name()] = p->parameters();
  return catalog;
}

std::string parameter_as_string(const RunConfig& config, const std::string& key) {
  const auto it = config.problem_parameters.find(key);
  ALFVEN_REQUIRE(it != config.problem_parameters.end(),
                 "problem '" << config.problem << "' needs problem_parameters." << key);
  return it->second;
}

double parameter_as_double(const RunConfig& config, const std::string& key) {
  return std::strtod(parameter_as_string(config, key).c_str(), nullptr);
}

}  // namespace mhd
}  // namespace alfven
