/// @file stage.hpp
/// @brief One Runge-Kutta stage of the MISO scheme: q_r = L(q_0, q_a, dt_s) (mhd-scheme.md,
/// "One stage"), for every interior cell, as one fused kernel.
///
/// Derivatives are the fourth-order centred difference
///   D_a f = (-f_{i+2} + 8 f_{i+1} - 8 f_{i-1} + f_{i-2}) / (12 dx_a),
/// applied to the physical fluxes of flux.hpp evaluated from q_a at the four stencil points.
/// Inactive axes are skipped (their derivatives vanish). With Dissipative = true the kernels add
/// the divergence of the resistive and viscous fluxes (dissipation.hpp); with false (runs
/// without resistivity and viscosity) that code is not compiled in.
#pragma once

#include <cmath>

#include "alfven/core/launch.hpp"
#include "alfven/core/macros.hpp"
#include "dissipation.hpp"
#include "eos.hpp"
#include "flux.hpp"
#include "grid.hpp"
#include "source.hpp"
#include "state.hpp"

namespace alfven {
namespace mhd {

/// How the solver computes a stage (Solver::set_stage_method): `fused` (StageKernel below),
/// `two_pass` (FluxKernel, then StageFromFluxKernel) or `tiled` (StageTileKernel,
/// stage_tile.hpp).
enum class StageMethod { fused, two_pass, tiled };

/// Completes one stage at cell c from div = sum_a D_a F_a(q_a): adds the sources (evaluated
/// from q_a) and writes q_r. Shared by every stage kernel (through finish_stage_at).
template <typename Real, typename Source>
ALFVEN_HOST_DEVICE ALFVEN_INLINE void finish_stage(const Primitive<Real>& u0,
                                                   const Primitive<Real>& qc, const Real* div,
                                                   const Source& source, const Real* x, Real dt,
                                                   Real psi_damping, Primitive<Real>& r) {
  Real force[3] = {0, 0, 0};
  Real heating = 0;
  if constexpr (Source::active) {
    source(qc, x, force, heating);
    heating += qc.v[0] * force[0] + qc.v[1] * force[1] + qc.v[2] * force[2];  // work of the force
  }
  r.rho = u0.rho - dt * div[c_mass];
  for (int b = 0; b < 3; ++b) {
    r.v[b] = (u0.rho * u0.v[b] + dt * (force[b] - div[c_mom + b])) / r.rho;
    r.b[b] = u0.b[b] - dt * div[c_mag + b];
  }
  r.psi = (u0.psi - dt * div[c_psi]) * psi_damping;
  const Real energy = u0.total_energy() + dt * (heating - div[c_energy]);
  r.e = (energy - Real(0.5) * r.rho * r.v2() - r.b2() * Gaussian<Real>::inv_8pi) / r.rho;
}

/// The end of every stage kernel at interior cell (i, j, k), index c: the divergence of the
/// resistive and viscous fluxes added to div when Dissipative (dissipation.hpp), then
/// finish_stage at the cell's centre. Returns q_r there.
template <bool Dissipative, typename Real, typename Source>
ALFVEN_HOST_DEVICE ALFVEN_INLINE Primitive<Real> finish_stage_at(
    const ConstFieldsView<Real>& q0, const CellAccess<const Real>& a, long c, int i, int j, int k,
    const Grid& grid, const DissipationCoefficients<Real>& dissipation, const Source& source,
    Real dt, Real psi_damping, Real* div) {
  if constexpr (Dissipative)
    add_dissipative_divergence(a, c, i, j, k, grid, dissipation, source, div);
  const Real x[3] = {Real(grid.centre(0, i)), Real(grid.centre(1, j)), Real(grid.centre(2, k))};
  Primitive<Real> r;
  finish_stage(CellAccess<const Real>(q0).load(c), a.load(c), div, source, x, dt, psi_damping, r);
  return r;
}

/// Fused stage: fluxes evaluated at the stencil points inside the kernel (no scratch memory);
/// one read of q_a's neighbourhood and q_0, one write of q_r per cell. Used on the GPU, where
/// memory traffic, not arithmetic, limits. Run with for_each over grid.interior(). Eos:
/// EquationOfState<Real>, or IdealGas<Real> for a run without a table (no table branch in the
/// kernel; the same bits).
template <typename Real, typename Source = NoSource, bool Dissipative = false,
          typename Eos = EquationOfState<Real>>
struct StageKernel {
  /// 1024 resident threads per multiprocessor in float (at most 64 registers a thread, from 90),
  /// 512 in double (128, from 154): on the H200 (256^3) the step went from 1.89e9 to 2.12e9 cell
  /// updates/s in float and from 8.9e8 to 1.07e9 in double (docs/performance.md).
  /// Blocks of 64 x 2 x 2 cells in float and 32 x 8 x 1 in double, not one row of 256: more of
  /// the stencil's neighbours along j and k are read by the block itself, from L1; the step is
  /// 3 % (float, 2.152e9 -> 2.22e9) and 2 % (double, 1.114e9 -> 1.139e9) faster on the H200.
  using launch_settings = LaunchSettings<256, sizeof(Real) == 4 ? 1024 : 512,
                                         sizeof(Real) == 4 ? 64 : 32, sizeof(Real) == 4 ? 2 : 1>;
  ConstFieldsView<Real> q0;  ///< state at the start of the step
  ConstFieldsView<Real> qa;  ///< stage argument (derivatives and sources are taken from it)
  FieldsView<Real> qr;       ///< result (interior cells written)
  Grid grid;
  Eos eos;
  Real dt;           ///< stage step s * dt
  Real ch2;          ///< GLM c_h^2
  Real psi_damping;  ///< exp(-dt_s / tau)
  Source source;
  DissipationCoefficients<Real> dissipation{};  ///< used when Dissipative

  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const CellAccess<const Real> a(qa);
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
    Real div[num_conserved] = {};
    for (int ax = 0; ax < 3; ++ax) {
      if (!grid.active(ax)) continue;
      const long s = grid.stride(ax);
      Real fm2[num_conserved], fm1[num_conserved], fp1[num_conserved], fp2[num_conserved];
      physical_flux(a.load(c - 2 * s), ax, eos, ch2, fm2);
      physical_flux(a.load(c - s), ax, eos, ch2, fm1);
      physical_flux(a.load(c + s), ax, eos, ch2, fp1);
      physical_flux(a.load(c + 2 * s), ax, eos, ch2, fp2);
      add_derivative(fm2, fm1, fp1, fp2, Real(1) / (Real(12) * Real(grid.d[ax])), div);
    }
    CellAccess<Real>(qr).store(c, finish_stage_at<Dissipative>(q0, a, c, i, j, k, grid, dissipation,
                                                               source, dt, psi_damping, div));
  }
};

/// First half of the two-pass stage: the fluxes F_axis(q_a) of every cell the stencils read,
/// stored as nine components per cell. Run over flux_range(grid, axis). Used on the CPU, where
/// arithmetic limits: each flux is computed once instead of four times. Eos as StageKernel's.
template <typename Real, typename Eos = EquationOfState<Real>>
struct FluxKernel {
  ConstFieldsView<Real> qa;
  FieldsView<Real> flux;
  int axis;
  Eos eos;
  Real ch2;
  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const long c = i + long(flux.extent(0)) * (j + long(flux.extent(1)) * k);
    Real f[num_conserved];
    physical_flux(CellAccess<const Real>(qa).load(c), axis, eos, ch2, f);
    const CellAccess<Real> out(flux);
    for (int n = 0; n < num_conserved; ++n) out(c, n) = f[n];
  }
};

/// Cells whose flux along `axis` the stage reads: the interior widened by 2 along that axis.
inline Range3D flux_range(const Grid& g, int axis) {
  Range3D r = g.interior();
  r.begin[axis] -= 2;
  r.end[axis] += 2;
  return r;
}

/// Second half of the two-pass stage: the derivatives of the stored fluxes, then finish_stage.
/// Rounds exactly as StageKernel (same functions, same order). Run over grid.interior().
template <typename Real, typename Source = NoSource, bool Dissipative = false>
struct StageFromFluxKernel {
  ConstFieldsView<Real> q0;
  ConstFieldsView<Real> qa;
  FieldsView<Real> qr;
  ConstFieldsView<Real> flux[3];  ///< per axis (unused entries for inactive axes)
  Grid grid;
  Real dt, psi_damping;
  Source source;
  DissipationCoefficients<Real> dissipation{};  ///< used when Dissipative

  ALFVEN_HOST_DEVICE void operator()(int i, int j, int k) const {
    const long c = i + long(grid.total[0]) * (j + long(grid.total[1]) * k);
    Real div[num_conserved] = {};
    for (int ax = 0; ax < 3; ++ax) {
      if (!grid.active(ax)) continue;
      const long s = grid.stride(ax);
      const CellAccess<const Real> f(flux[ax]);
      Real fm2[num_conserved], fm1[num_conserved], fp1[num_conserved], fp2[num_conserved];
      for (int n = 0; n < num_conserved; ++n) {
        fm2[n] = f(c - 2 * s, n);
        fm1[n] = f(c - s, n);
        fp1[n] = f(c + s, n);
        fp2[n] = f(c + 2 * s, n);
      }
      add_derivative(fm2, fm1, fp1, fp2, Real(1) / (Real(12) * Real(grid.d[ax])), div);
    }
    const CellAccess<const Real> a(qa);
    CellAccess<Real>(qr).store(c, finish_stage_at<Dissipative>(q0, a, c, i, j, k, grid, dissipation,
                                                               source, dt, psi_damping, div));
  }

  /// The host row (launch.hpp, has_host_row) without the dissipative terms: the derivatives
  /// of a chunk of cells along x, component by component, in loops the compiler vectorises,
  /// then finish_stage_at cell by cell. The same operations in the same order as operator(), so
  /// the same bits (without FMA contraction, as the host builds are compiled). With the
  /// dissipative terms, operator() cell by cell.
  void row(int i0, int i1, int j, int k) const {
    if constexpr (Dissipative) {
      for (int i = i0; i < i1; ++i) (*this)(i, j, k);
    } else {
      constexpr int Chunk = 64;
      const CellAccess<const Real> a(qa);
      const CellAccess<Real> out(qr);
      const long row0 = long(grid.total[0]) * (j + long(grid.total[1]) * k);
      for (int ib = i0; ib < i1; ib += Chunk) {
        const int n = i1 - ib < Chunk ? i1 - ib : Chunk;
        const long c0 = row0 + ib;
        Real div[Chunk][num_conserved];  // cell by cell, as finish_stage reads it
        for (int l = 0; l < Chunk; ++l)
          for (int v = 0; v < num_conserved; ++v) div[l][v] = Real(0);
        for (int ax = 0; ax < 3; ++ax) {
          if (!grid.active(ax)) continue;
          const long s = grid.stride(ax);
          const Real inv12d = Real(1) / (Real(12) * Real(grid.d[ax]));
          const CellAccess<const Real> f(flux[ax]);
          for (int v = 0; v < num_conserved; ++v) {
            const Real* fv = f.ptr + v * f.ncell + c0;
#pragma omp simd
            for (int l = 0; l < n; ++l)
              div[l][v] += fourth_order_difference(fv[l - 2 * s], fv[l - s], fv[l + s],
                                                   fv[l + 2 * s], inv12d);
          }
        }
        for (int l = 0; l < n; ++l)  // not vectorised by GCC (the Primitive aggregates)
          out.store(c0 + l, finish_stage_at<false>(q0, a, c0 + l, ib + l, j, k, grid, dissipation,
                                                   source, dt, psi_damping, &div[l][0]));
      }
    }
  }
};

}  // namespace mhd
}  // namespace alfven
