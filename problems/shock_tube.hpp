// Shared set-up of the one-dimensional Riemann problems (Sod, Brio-Wu): a left and a right
// state separated at the middle of the domain along a chosen axis.
#pragma once

#include <string>

#include "alfven/mhd/problem.hpp"

namespace alfven {
namespace mhd {

/// Left and right primitive states of a shock tube, with the velocity and field components
/// given along the tube (index 0 = along, 1 and 2 = across, in cyclic order x -> y -> z).
struct ShockTubeStates {
  double rho[2], p[2];
  double v_along[2], b_along[2], b_across[2];
};

/// A shock tube along problem_parameters.axis; the diaphragm is at the middle of that axis.
class ShockTube : public Problem {
 public:
  ShockTube(std::string name, std::string description, ShockTubeStates states)
      : name_(std::move(name)), description_(std::move(description)), states_(states) {}
  std::string name() const override { return name_; }
  std::string description() const override { return description_; }
  std::string default_config() const override;
  std::vector<ProblemParameterSpec> parameters() const override;
  void configure(const RunConfig& config) override;
  InitialState initial_state(double x, double y, double z) const override;

 private:
  std::string name_, description_;
  ShockTubeStates states_;
  int axis_ = 0;
  double middle_ = 0.5, gamma_ = 1.4;
};

}  // namespace mhd
}  // namespace alfven
