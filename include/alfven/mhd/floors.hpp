/// @file floors.hpp
/// @brief Density and pressure floors: after each update, a cell whose density or pressure fell
/// below a floor is raised to it (momentum and field kept as velocities and field, so the
/// raised cell keeps its velocity). Off by default (floors 0); MISO's magnetosphere and flows
/// that open near-vacuum regions (the lee side of a body started impulsively at high Mach
/// number) need them. Mass and energy are then not conserved where a floor acts.
#pragma once

#include "alfven/core/launch.hpp"
#include "alfven/core/macros.hpp"
#include "eos.hpp"
#include "fields.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// The floors of a run (mhd.floors.density, mhd.floors.pressure); 0 is no floor.
template <typename Real>
struct Floors {
  Real rho_min = 0;  ///< density floor
  Real p_min = 0;    ///< pressure floor
  /// True when either floor is set.
  bool active() const { return rho_min > Real(0) || p_min > Real(0); }
  /// Raises the density and the internal energy of cell c of `q` to the floors (p = (gamma - 1)
  /// rho e >= p_min); a NaN is replaced by the floor as well. Eos: EquationOfState<Real> or
  /// IdealGas<Real> (eos.hpp).
  template <typename Eos>
  ALFVEN_HOST_DEVICE void apply(const CellAccess<Real>& q, long c, const Eos& eos) const {
    Real& rho = q(c, density);
    if (!(rho >= rho_min)) rho = rho_min;
    Real& e = q(c, internal_energy);
    const Real e_min = eos.internal_energy(rho, p_min);
    if (!(e >= e_min)) e = e_min;
  }
};

/// A cell kernel followed by the floors on the cell it wrote: what the solver runs in place of
/// `kernel` when floors are set (so the overlapped halo exchange sends floored values).
template <typename Kernel, typename Real, typename Eos = EquationOfState<Real>>
struct FlooredKernel {
  Kernel kernel;
  FieldsView<Real> out;  ///< the fields `kernel` writes
  Floors<Real> floors;
  Eos eos;
  using launch_settings = launch_settings_of<Kernel>;  ///< those of the kernel it wraps
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    kernel(i, j, k);
    const long c = i + long(out.extent(0)) * (j + long(out.extent(1)) * k);
    floors.apply(CellAccess<Real>(out), c, eos);
  }
  /// The host row (launch.hpp, has_host_row): the kernel's row, then the floors on each cell.
  /// The same values as cell by cell: the kernel reads no cell of `out`.
  void row(int i0, int i1, int j, int k) const {
    alfven::detail::host_row(kernel, i0, i1, j, k);
    const long c0 = long(out.extent(0)) * (j + long(out.extent(1)) * k);
    for (int i = i0; i < i1; ++i) floors.apply(CellAccess<Real>(out), c0 + i, eos);
  }
};

}  // namespace mhd
}  // namespace alfven
