/// @file eos_table.hpp
/// @brief A tabulated equation of state evaluated in device code: pressure, sound speed and
/// temperature on a uniform grid in (rho, e) or (log10 rho, log10 e), interpolated bilinearly
/// and clamped at the table's edges, as MISO's UniformTableInterpolator2D does; and the inverse
/// e(rho, p) that the floors need. The table's file layout and its checks:
/// include/alfven/io/eos_table_file.hpp; the equation of state that chooses between this and the
/// ideal gas: eos.hpp.
#pragma once

#include "alfven/core/macros.hpp"
#include "alfven/core/math.hpp"

namespace alfven {
namespace mhd {

/// The quantities a table holds, in this order in EosTableView::data.
enum EosTableQuantity : int { eos_pressure = 0, eos_sound_speed = 1, eos_temperature = 2 };
/// Number of tabulated quantities.
constexpr int eos_table_quantities = 3;

/// Non-owning view of a table on the backend that evaluates it. `data` holds the three
/// quantities one after the other, each n0 x n1 values with the energy axis fastest:
/// quantity q at density node i and energy node j is data[(q * n0 + i) * n1 + j]. Node i sits at
/// x0 = x0_min + i / inv_dx0, where x0 is rho (linear axes) or log10 rho (log axes); likewise j
/// and e. Units are those of the run (Gaussian cgs for a physical table): rho in g cm^-3, e in
/// erg g^-1, p in erg cm^-3 (dyn cm^-2), c_s in cm s^-1, T in K.
template <typename Real>
struct EosTableView {
  const Real* data = nullptr;  ///< null: no table
  int n0 = 0, n1 = 0;          ///< nodes along density and internal energy (each >= 2)
  bool log_axes = false;       ///< axes are log10 rho and log10 e
  Real x0_min = 0, x0_max = 0, inv_dx0 = 0;  ///< density axis (its first and last node)
  Real x1_min = 0, x1_max = 0, inv_dx1 = 0;  ///< energy axis

  /// Axis coordinates of (rho, e): themselves, or their log10.
  ALFVEN_HOST_DEVICE Real axis0(Real rho) const { return log_axes ? math::log10(rho) : rho; }
  ALFVEN_HOST_DEVICE Real axis1(Real e) const { return log_axes ? math::log10(e) : e; }

  /// True when (rho, e) lies outside the table (a value there is clamped to the nearest edge);
  /// NaN counts as outside.
  ALFVEN_HOST_DEVICE bool outside(Real rho, Real e) const {
    const Real x0 = axis0(rho), x1 = axis1(e);
    return !(x0 >= x0_min && x0 <= x0_max && x1 >= x1_min && x1 <= x1_max);
  }

  /// Quantity q at (rho, e): bilinear in the axis coordinates within the cell of nodes around
  /// them, the coordinates first clamped to the table (so outside it the value of the nearest
  /// edge point is returned).
  ALFVEN_HOST_DEVICE Real value(int q, Real rho, Real e) const {
    int i, j;
    Real f, g;
    locate(axis0(rho), x0_min, inv_dx0, n0, i, f);
    locate(axis1(e), x1_min, inv_dx1, n1, j, g);
    const Real* t = data + (long(q) * n0 + i) * n1 + j;
    return (Real(1) - f) * ((Real(1) - g) * t[0] + g * t[1]) +
           f * ((Real(1) - g) * t[n1] + g * t[n1 + 1]);
  }

  /// The specific internal energy at which the table's pressure at density rho equals p: the
  /// inverse of value(eos_pressure, rho, .) along e (the table's pressure rises strictly with e
  /// at every density node, checked when the table is read, so the inverse is unique). Clamped
  /// to the table's first or last energy node when p lies below or above the pressures there.
  ALFVEN_HOST_DEVICE Real internal_energy(Real rho, Real p) const {
    int i;
    Real f;
    locate(axis0(rho), x0_min, inv_dx0, n0, i, f);
    const Real* row = data + long(eos_pressure) * n0 * n1 + long(i) * n1;
    auto at = [&](int j) { return (Real(1) - f) * row[j] + f * row[n1 + j]; };
    int lo = 0, hi = n1 - 1;  // at(lo) <= p < at(hi) once p lies inside
    Real x1;
    if (!(p > at(lo))) {
      x1 = x1_min;
    } else if (!(p < at(hi))) {
      x1 = x1_max;
    } else {
      while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        if (at(mid) <= p)
          lo = mid;
        else
          hi = mid;
      }
      const Real plo = at(lo), phi = at(hi);
      x1 = x1_min + (Real(lo) + (p - plo) / (phi - plo)) / inv_dx1;
    }
    return log_axes ? math::exp(x1 * Real(2.302585092994045684)) : x1;  // 10^x1
  }

 private:
  // Node index i in [0, n - 2] and weight f in [0, 1] of coordinate x (clamped).
  ALFVEN_HOST_DEVICE static void locate(Real x, Real x_min, Real inv_dx, int n, int& i, Real& f) {
    Real t = (x - x_min) * inv_dx;
    t = t > Real(0) ? t : Real(0);  // NaN goes to the first node
    t = t < Real(n - 1) ? t : Real(n - 1);
    i = int(t);
    i = i < n - 2 ? i : n - 2;
    f = t - Real(i);
  }
};

}  // namespace mhd
}  // namespace alfven
