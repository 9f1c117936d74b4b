/// @file radiation_coupling.hpp
/// @brief Radiative transfer in an MHD run: the medium (chi and S) from the gas state, the
/// solve, and the heating 4 pi chi (J - S) added to the gas's internal energy (operator split:
/// after each step, from the state at its start; radiation.heating).
#pragma once

#include "../eos.hpp"
#include "../fields.hpp"
#include "../scheme.hpp"
#include "radiative_transfer.hpp"

namespace alfven {
namespace mhd {

/// chi = absorption + mass_absorption rho and S = source, or S = sigma T^4 / pi with T from the
/// equation of state (Planck's grey source function; sigma = 5.670374419e-5 erg cm^-2 s^-1 K^-4,
/// cgs), at every cell. Run over grid.all().
template <typename Real>
struct RadiationMediumKernel {
  ConstFieldsView<Real> q;
  Real* absorption;
  Real* source;
  Grid grid;
  EquationOfState<Real> eos;
  Real chi0, kappa, s0;
  bool planck;
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
    const CellAccess<const Real> a(q);
    const Real rho = a(c, density);
    absorption[c] = chi0 + kappa * rho;
    if (planck) {
      const Real t = eos.temperature(rho, a(c, internal_energy));
      source[c] = Real(5.670374419e-5 / 3.14159265358979323846) * t * t * t * t;
    } else {
      source[c] = s0;
    }
  }
};

/// Adds dt * heat[c] (energy per volume per time) to the internal energy of interior cell c:
/// e += dt heat / rho. Cells inside a body (solid < 0) are left as they are. Run over
/// grid.interior().
template <typename Real>
struct HeatingKernel {
  FieldsView<Real> q;
  Grid grid;
  const Real* heat;
  Real dt;
  const Real* solid = nullptr;
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
    if (solid && solid[c] < Real(0)) return;
    const CellAccess<Real> a(q);
    a(c, internal_energy) += dt * heat[c] / a(c, density);
  }
};

/// The transfer solver of one block and the medium it reads, for a run's parameters.
template <typename Real, typename Backend>
class RadiationCoupling {
 public:
  RadiationCoupling(const Grid& grid, const RadiationParameters& p, const Communicator* comm)
      : params_(p), rt_(grid, p.rays, comm) {
    RadiationBoundary<Real> b;
    b.uniform = Real(p.incoming);
    b.beam_face = p.beam_face;
    b.beam_intensity = Real(p.beam_intensity);
    b.beam_radius = Real(p.beam_radius);
    for (int a = 0; a < 3; ++a) b.beam_centre[a] = Real(p.beam_centre[a]);
    rt_.set_boundary(b);
  }
  const RadiationParameters& parameters() const { return params_; }
  /// The medium from `q` (ghost cells filled) and `eos`, then the solve (collective).
  RadiationSolveReport solve(const Fields<Real, Backend>& q, const EquationOfState<Real>& eos) {
    for_each(Backend{}, rt_.grid().all(),
             RadiationMediumKernel<Real>{q.const_view(), rt_.absorption().data(),
                                         rt_.source().data(), rt_.grid(), eos,
                                         Real(params_.absorption), Real(params_.mass_absorption),
                                         Real(params_.source), params_.planck});
    last_ = rt_.solve(params_.tolerance, params_.max_iterations);
    return last_;
  }
  const RadiativeTransfer<Real, Backend>& transfer() const { return rt_; }
  /// The report of the last solve.
  const RadiationSolveReport& last_report() const { return last_; }

 private:
  RadiationParameters params_;
  RadiativeTransfer<Real, Backend> rt_;
  RadiationSolveReport last_{};
};

}  // namespace mhd
}  // namespace alfven
