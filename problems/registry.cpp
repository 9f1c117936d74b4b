// The registry of built-in problems.
#include <cstdlib>

#include "alfven/core/error.hpp"
#include "alfven/mhd/problem.hpp"

namespace alfven {
namespace mhd {

std::unique_ptr<Problem> make_orszag_tang();
std::unique_ptr<Problem> make_sod();
std::unique_ptr<Problem> make_brio_wu();
std::unique_ptr<Problem> make_uniform_flow();
std::unique_ptr<Problem> make_searchlight();
std::unique_ptr<Problem> make_kelvin_helmholtz();
std::unique_ptr<Problem> make_rayleigh_taylor();
std::unique_ptr<Problem> make_magnetosphere();
std::unique_ptr<Problem> make_reconnection();
std::unique_ptr<Problem> make_rotor();
std::unique_ptr<Problem> make_blast_wave();
std::unique_ptr<Problem> make_field_loop();
std::unique_ptr<Problem> make_linear_wave();

namespace {
std::vector<ProblemFactory>& user_factories() {
  static std::vector<ProblemFactory> factories;
  return factories;
}
}  // namespace

void register_problem(ProblemFactory factory) {
  ALFVEN_REQUIRE(factory, "register_problem: empty factory");
  const std::string name = factory()->name();
  for (const auto& p : builtin_problems())
    ALFVEN_REQUIRE(p->name() != name,
                   "register_problem: a problem named '" << name << "' already exists");
  user_factories().push_back(std::move(factory));
}

std::vector<std::unique_ptr<Problem>> builtin_problems() {
  std::vector<std::unique_ptr<Problem>> list;
  list.push_back(make_orszag_tang());
  list.push_back(make_sod());
  list.push_back(make_brio_wu());
  list.push_back(make_uniform_flow());
  list.push_back(make_searchlight());
  list.push_back(make_kelvin_helmholtz());
  list.push_back(make_rayleigh_taylor());
  list.push_back(make_magnetosphere());
  list.push_back(make_reconnection());
  list.push_back(make_rotor());
  list.push_back(make_blast_wave());
  list.push_back(make_field_loop());
  list.push_back(make_linear_wave());
  for (const auto& f : user_factories()) list.push_back(f());
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
