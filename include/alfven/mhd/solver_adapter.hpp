/// @file solver_adapter.hpp
/// @brief SolverInterface implemented by a Solver of one backend; included by the translation
/// unit that instantiates that backend (solver_host.cpp, solver_cuda.cu).
#pragma once

#include <memory>

#include "alfven/mhd/solver.hpp"
#include "alfven/mhd/solver_interface.hpp"
#include "alfven/mhd/state_copy.hpp"

namespace alfven {
namespace mhd {

template <typename Real, typename Backend, typename Source>
class SolverAdapter final : public SolverInterface<Real> {
 public:
  SolverAdapter(const Grid& g, const SchemeParameters& p, const Source& s, const Communicator* c)
      : solver_(g, p, s, c) {
    if (p.radiation.enabled)
      radiation_ = std::make_unique<RadiationCoupling<Real, Backend>>(g, p.radiation, c);
  }
  const Grid& grid() const override { return solver_.grid(); }
  void set_state(const Fields<Real, backend::Host>& host) override { solver_.set_state(host); }
  void get_state(Fields<Real, backend::Host>& host) const override {
    host.copy_from(solver_.state());
  }
  void begin_state_copy(Fields<Real, backend::Host>& host) override {
    state_copy_.begin(solver_.grid(), solver_.state(), host);
  }
  void wait_state_copy() override { state_copy_.wait(); }
  TimeStepCheck<Real> compute_time_step() override { return solver_.compute_time_step(); }
  /// With radiation.heating, the transfer is solved from the state at the step's start and its
  /// heating added after the MHD step (operator splitting, first order in time).
  void advance(Real dt, Real glm_dt) override {
    const bool heating = radiation_ && radiation_->parameters().heating;
    if (heating) radiation_->solve(solver_.state(), solver_.eos(), solver_.bodies().solid_mask());
    solver_.advance(dt, glm_dt);
    if (heating) solver_.add_heating(radiation_->transfer().heating().data(), dt);
  }
  bool radiation_enabled() const override { return bool(radiation_); }
  RadiationSolveReport solve_radiation() override {
    ALFVEN_REQUIRE(radiation_, "solve_radiation: this run has no radiation (radiation.enabled)");
    return radiation_->solve(solver_.state(), solver_.eos(), solver_.bodies().solid_mask());
  }
  RadiationSolveReport radiation_report() const override {
    return radiation_ ? radiation_->last_report() : RadiationSolveReport{};
  }
  void get_radiation(Array1D<Real>& mean, Array1D<Real>& flux,
                     Array1D<Real>& heating) const override {
    ALFVEN_REQUIRE(radiation_, "get_radiation: this run has no radiation (radiation.enabled)");
    const RadiativeTransfer<Real, Backend>& rt = radiation_->transfer();
    if (mean.size() != rt.mean_intensity().size()) {
      mean = Array1D<Real>(rt.mean_intensity().size());
      flux = Array1D<Real>(rt.flux().size());
      heating = Array1D<Real>(rt.heating().size());
    }
    mean.copy_from(rt.mean_intensity());
    flux.copy_from(rt.flux());
    heating.copy_from(rt.heating());
  }
  Totals totals() const override { return solver_.totals(); }
  long cells_outside_eos_table() const override { return solver_.cells_outside_eos_table(); }
  HaloProfile halo_profile() const override { return solver_.halo_profile(); }
  const char* halo_path(int axis) const override { return solver_.halo_path(axis); }
  void set_bodies(const std::vector<Body>& bodies,
                  const Fields<Real, backend::Host>& initial) override {
    solver_.set_bodies(bodies, initial);
  }
  void set_fixed_boundaries(const Fields<Real, backend::Host>& initial) override {
    solver_.set_fixed_boundaries(initial);
  }
  void set_body_reach(const BodyReach& reach) override { solver_.set_body_reach(reach); }
  EmbeddedCounts embedded_counts() const override { return solver_.bodies().counts(); }
  std::string embedded_error() const override { return solver_.bodies().error(); }
  BodyReach embedded_reach() const override { return solver_.bodies().reach(); }
  void get_signed_distance(Array3D<Real>& host) const override {
    if (solver_.bodies().active()) host.copy_from(solver_.bodies().signed_distance());
  }
  const char* backend_name() const override { return Backend::name; }

 private:
  Solver<Real, Backend, Source> solver_;
  std::unique_ptr<RadiationCoupling<Real, Backend>> radiation_;  // null without radiation
  StateCopy<Real, Backend> state_copy_;  // begin_state_copy's buffer and stream (CUDA)
};

/// Builds the adapter with NoSource when no source term is set, UniformSources otherwise.
template <typename Real, typename Backend>
std::unique_ptr<SolverInterface<Real>> make_solver_on(const Grid& g, const SchemeParameters& p,
                                                      const SourceParameters& s,
                                                      const Communicator* c) {
  if (!s.any())
    return std::make_unique<SolverAdapter<Real, Backend, NoSource>>(g, p, NoSource{}, c);
  UniformSources<Real> src{{Real(s.gravity[0]), Real(s.gravity[1]), Real(s.gravity[2])},
                           Real(s.heating_rate)};
  return std::make_unique<SolverAdapter<Real, Backend, UniformSources<Real>>>(g, p, src, c);
}

}  // namespace mhd
}  // namespace alfven
