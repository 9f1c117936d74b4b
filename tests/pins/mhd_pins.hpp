/// @file mhd_pins.hpp
/// @brief Bit-exact checksums of MHD runs on fixed inputs (see pin_cases.hpp): the fields after
/// a few steps of Orszag–Tang (2D and 3D), Brio–Wu and Sod, on a chosen backend. Host code
/// (Simulation picks the backend at run time).
#pragma once

#include <string>
#include <vector>

#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"
#include "pin_cases.hpp"

namespace alfven {
namespace pins {

/// One pinned MHD run: a built-in problem with overrides, stepped `steps` times.
struct MhdCase {
  const char* name;
  const char* problem;
  std::vector<std::string> overrides;
  int steps;
};

/// The pinned runs (in both precisions each).
inline std::vector<MhdCase> mhd_cases() {
  return {
      {"orszag_tang_2d", "orszag_tang", {"grid.i_size=64", "grid.j_size=64"}, 20},
      {"orszag_tang_3d", "orszag_tang", {"grid.i_size=16", "grid.j_size=16", "grid.k_size=16"}, 5},
      {"brio_wu_x", "brio_wu", {"grid.i_size=256"}, 20},
      {"sod_y", "sod", {"problem_parameters.axis=y", "grid.i_size=1", "grid.j_size=128"}, 20},
  };
}

/// Checksum of every field value (ghost cells included), the time and the step count after
/// c.steps steps on `backend` ("host" or "cuda") in precision Real.
template <typename Real>
std::uint64_t mhd_checksum(const MhdCase& c, const std::string& backend) {
  mhd::RunOptions o;
  o.config = c.problem;
  o.overrides = c.overrides;
  o.overrides.push_back(sizeof(Real) == 4 ? "precision=float" : "precision=double");
  mhd::Simulation<Real> sim(mhd::resolve_config(o), backend);
  sim.run_until(1e30, c.steps);
  mhd::Fields<Real, backend::Host> q(sim.grid());
  sim.copy_state_to(q);
  Checksum s;
  s.bytes(q.array().data(), std::size_t(q.array().size()) * sizeof(Real));
  s.add(sim.time());
  s.add(sim.steps());
  return s.h;
}

}  // namespace pins
}  // namespace alfven
