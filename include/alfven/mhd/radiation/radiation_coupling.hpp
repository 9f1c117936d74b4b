/// @file radiation_coupling.hpp
/// @brief Radiative transfer in an MHD run: the medium (chi and S) from the gas state, the
/// solve, and the heating 4 pi chi (J - S) added to the gas's internal energy (operator split:
/// after each step, from the state at its start; radiation.heating). Embedded bodies are opaque
/// to the rays and emit radiation.wall_emission; a solve that leaves J, F or the heating of a
/// cell not finite names that cell in its report.
#pragma once

#include <sstream>
#include <string>

#include "../eos.hpp"
#include "../fields.hpp"
#include "../scheme.hpp"
#include "../state_range.hpp"
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
  /// The medium from `q` (ghost cells filled) and `eos`, then the solve (collective). `solid`:
  /// the embedded bodies' signed distance on Backend (EmbeddedBoundary::solid_mask), or null
  /// without bodies. A cell whose J, F or heating is not finite is described in the report's
  /// `nonfinite` (this block's first; the caller stops the run).
  RadiationSolveReport solve(const Fields<Real, Backend>& q, const EquationOfState<Real>& eos,
                             const Real* solid = nullptr) {
    for_each(Backend{}, rt_.grid().all(),
             RadiationMediumKernel<Real>{q.const_view(), rt_.absorption().data(),
                                         rt_.source().data(), rt_.grid(), eos,
                                         Real(params_.absorption), Real(params_.mass_absorption),
                                         Real(params_.source), params_.planck});
    rt_.set_bodies(RadiationBodies<Real>{solid, Real(params_.wall_emission)});
    last_ = rt_.solve(params_.tolerance, params_.max_iterations);
    if (last_.nonfinite_cell >= 0) last_.nonfinite = describe(last_.nonfinite_cell);
    return last_;
  }
  const RadiativeTransfer<Real, Backend>& transfer() const { return rt_; }
  /// The report of the last solve.
  const RadiationSolveReport& last_report() const { return last_; }

 private:
  // Interior cell `cell` of the block: its position, J, F and heating, and the chi and S there.
  std::string describe(long cell) {
    const Grid& g = rt_.grid();
    const long n = g.total_cells();
    Array1D<Real> mean(n), flux(3 * n), heating(n), chi(n), s(n);
    mean.copy_from(rt_.mean_intensity());
    flux.copy_from(rt_.flux());
    heating.copy_from(rt_.heating());
    chi.copy_from(rt_.absorption());
    s.copy_from(rt_.source());
    const int i = int(cell % g.total[0]), j = int((cell / g.total[0]) % g.total[1]),
              k = int(cell / (long(g.total[0]) * g.total[1]));
    std::ostringstream os;
    os.precision(10);
    os << describe_cell(g, i, j, k) << " has the mean intensity J = " << double(mean.data()[cell])
       << ", the flux F = (" << double(flux.data()[cell]) << ", " << double(flux.data()[n + cell])
       << ", " << double(flux.data()[2 * n + cell])
       << ") and the heating 4 pi chi (J - S) = " << double(heating.data()[cell])
       << ", with chi = " << double(chi.data()[cell]) << " (radiation.absorption "
       << params_.absorption << " + radiation.mass_absorption " << params_.mass_absorption
       << " x density) and S = " << double(s.data()[cell])
       << (params_.planck ? " (sigma T^4 / pi, radiation.planck)" : " (radiation.source)")
       << ": the transfer multiplies these in "
       << (sizeof(Real) == sizeof(float) ? "float" : "double") << ", where each must stay within "
       << state_magnitude_limit<Real>();
    return os.str();
  }

  RadiationParameters params_;
  RadiativeTransfer<Real, Backend> rt_;
  RadiationSolveReport last_{};
};

}  // namespace mhd
}  // namespace alfven
