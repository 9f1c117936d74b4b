// The tabulated equation of state against known answers: bilinear interpolation is exact for a
// bilinear function, values outside the table are those of its edge, e(rho, p) inverts p(rho, e),
// the interpolation error of a smooth function falls at second order with the node spacing, the
// ideal-gas equation of state without a table is the formula bit for bit, and the Saha hydrogen
// model has the limits of a neutral and of a fully ionised ideal gas.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <string>

#include "alfven/mhd/eos.hpp"
#include "alfven/mhd/eos_models.hpp"
#include "alfven/mhd/eos_table_storage.hpp"

namespace {

using alfven::io::EosTableData;
using alfven::mhd::EosTableAxes;
using alfven::mhd::EosTableStorage;
using alfven::mhd::EquationOfState;
using alfven::mhd::IdealGas;
namespace backend = alfven::backend;

EosTableAxes axes(bool log_axes, int n, double rho_min, double rho_max, double e_min,
                  double e_max) {
  EosTableAxes a;
  a.log_axes = log_axes;
  a.n_rho = a.n_e = n;
  a.rho_min = rho_min;
  a.rho_max = rho_max;
  a.e_min = e_min;
  a.e_max = e_max;
  return a;
}

/// A table whose three quantities are f(rho, e) at the nodes.
template <typename F>
EosTableData table_of(const EosTableAxes& a, F f) {
  EosTableData t = alfven::mhd::ideal_gas_table(1.4, 1.0, a);  // the nodes; values replaced
  for (int i = 0; i < t.n_rho; ++i)
    for (int j = 0; j < t.n_e; ++j) {
      const double v = f(t.density_node(i), t.energy_node(j));
      const std::size_t c = std::size_t(i) * t.n_e + j;
      t.pressure[c] = v;
      t.sound_speed[c] = 2 * v;
      t.temperature[c] = 3 * v;
    }
  return t;
}

TEST(EosTable, BilinearFunctionIsInterpolatedExactlyOnLinearAxes) {
  auto f = [](double rho, double e) { return 1 + 2 * rho + 3 * e + 0.5 * rho * e; };
  const EosTableData t = table_of(axes(false, 9, 0.5, 4.5, 1, 9), f);
  const EosTableStorage<double, backend::Host> s(t);
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> r(0.5, 4.5), e(1, 9);
  for (int n = 0; n < 1000; ++n) {
    const double rho = r(gen), en = e(gen);
    EXPECT_NEAR(s.view().value(alfven::mhd::eos_pressure, rho, en), f(rho, en), 1e-13 * f(rho, en));
    EXPECT_NEAR(s.view().value(alfven::mhd::eos_temperature, rho, en), 3 * f(rho, en),
                3e-13 * f(rho, en));
  }
  // At the nodes themselves, the node values.
  EXPECT_EQ(s.view().value(alfven::mhd::eos_pressure, 0.5, 1), f(0.5, 1));
  EXPECT_EQ(s.view().value(alfven::mhd::eos_pressure, 4.5, 9), f(4.5, 9));
}

TEST(EosTable, OutsideTheTableTheEdgeValueIsReturnedAndTheCellIsCounted) {
  auto f = [](double rho, double e) { return rho * e + e; };
  const EosTableData t = table_of(axes(true, 17, 1e-2, 1e2, 1e-1, 1e3), f);
  const EosTableStorage<double, backend::Host> s(t);
  const auto& v = s.view();
  EXPECT_FALSE(v.outside(1.0, 1.0));
  EXPECT_FALSE(v.outside(1e-2, 1e3));
  EXPECT_TRUE(v.outside(1e-3, 1.0));
  EXPECT_TRUE(v.outside(1.0, 1e4));
  EXPECT_TRUE(v.outside(std::nan(""), 1.0));
  using alfven::mhd::eos_pressure;
  EXPECT_EQ(v.value(eos_pressure, 1e-5, 10.0), v.value(eos_pressure, 1e-2, 10.0));
  EXPECT_EQ(v.value(eos_pressure, 1e9, 1e9), f(1e2, 1e3));
  EXPECT_EQ(v.value(eos_pressure, 1e-9, 1e-9), f(1e-2, 1e-1));
}

TEST(EosTable, InternalEnergyInvertsThePressure) {
  for (bool log_axes : {true, false}) {
    const EosTableData t =
        alfven::mhd::saha_hydrogen_table(axes(log_axes, 40, 1e-10, 1e-4, 1e11, 1e14));
    const EosTableStorage<double, backend::Host> s(t);
    const auto& v = s.view();
    std::mt19937 gen(3);
    std::uniform_real_distribution<double> lr(-10, -4), le(11, 14);
    for (int n = 0; n < 500; ++n) {
      const double rho = std::pow(10.0, lr(gen));
      const double e =
          log_axes ? std::pow(10.0, le(gen)) : 1e11 + (1e14 - 1e11) * (le(gen) - 11) / 3;
      const double p = v.value(alfven::mhd::eos_pressure, rho, e);
      EXPECT_NEAR(v.internal_energy(rho, p), e, 1e-9 * e) << rho << " " << e;
    }
    // Below and above the table's pressures: its first and last energy node.
    EXPECT_NEAR(v.internal_energy(1e-6, 1e-30), 1e11, 1e-3);
    EXPECT_NEAR(v.internal_energy(1e-6, 1e30), 1e14, 1e14 * 1e-12);
  }
}

// p = (gamma - 1) rho e and c_s = sqrt(gamma (gamma - 1) e) are not bilinear in log10 rho and
// log10 e: their interpolation error is O(h^2) in the node spacing h, so it falls by 4 when the
// nodes per decade double.
TEST(EosTable, InterpolationErrorOfTheIdealGasFallsAtSecondOrder) {
  std::mt19937 gen(11);
  std::uniform_real_distribution<double> u(-2, 2);
  std::vector<std::pair<double, double>> points;
  for (int n = 0; n < 2000; ++n)
    points.emplace_back(std::pow(10.0, u(gen)), std::pow(10.0, u(gen)));
  const double gamma = 1.4;
  double previous[2] = {0, 0};
  for (int n : {17, 33, 65, 129}) {
    const EosTableStorage<double, backend::Host> s(
        alfven::mhd::ideal_gas_table(gamma, 1.0, axes(true, n, 1e-2, 1e2, 1e-2, 1e2)));
    double err[2] = {0, 0};
    for (const auto& q : points) {
      const double p = (gamma - 1) * q.first * q.second;
      const double cs = std::sqrt(gamma * (gamma - 1) * q.second);
      err[0] = std::max(err[0], std::abs(s.view().value(0, q.first, q.second) / p - 1));
      err[1] = std::max(err[1], std::abs(s.view().value(1, q.first, q.second) / cs - 1));
    }
    if (previous[0] > 0)
      for (int k = 0; k < 2; ++k) {
        const double order = std::log2(previous[k] / err[k]);
        EXPECT_GT(order, 1.8) << "n = " << n << ", quantity " << k;
        EXPECT_LT(order, 2.2) << "n = " << n << ", quantity " << k;
      }
    previous[0] = err[0];
    previous[1] = err[1];
  }
  // The bilinear interpolant of exp(a x) errs by at most (a h)^2 / 8 relative per axis in the
  // middle of a cell: with a = ln 10 for p = (gamma - 1) 10^(x0 + x1) and h = 1/32 decade,
  // 2 (ln(10) / 32)^2 / 8 = 1.29e-3; the random points come within 10 % of that worst case.
  const double worst = 2 * std::pow(std::log(10.0) / 32, 2) / 8;
  EXPECT_LT(previous[0], 1.001 * worst);
  EXPECT_GT(previous[0], 0.9 * worst);
}

TEST(EquationOfState, WithoutATableItIsTheIdealGasBitForBit) {
  EquationOfState<double> eos;
  eos.gamma = 1.4;
  const double rho = 0.37, e = 2.9, p = 0.81;
  EXPECT_FALSE(eos.tabulated());
  EXPECT_EQ(eos.pressure(rho, e), (1.4 - 1) * rho * e);
  EXPECT_EQ(eos.sound_speed(rho, e), std::sqrt(1.4 * (1.4 - 1) * e));
  EXPECT_EQ(eos.internal_energy(rho, p), p / ((1.4 - 1) * rho));
  EXPECT_TRUE(std::isnan(eos.temperature(rho, e)));
  EquationOfState<float> eosf;
  eosf.gamma = 1.4f;
  EXPECT_EQ(eosf.pressure(0.37f, 2.9f), (1.4f - 1.0f) * 0.37f * 2.9f);
  // The ideal gas as a type (what the solver's stage kernels get without a table) gives the
  // same bits.
  const IdealGas<double> ideal = eos.ideal();
  EXPECT_EQ(ideal.gamma, 1.4);
  EXPECT_EQ(ideal.pressure(rho, e), eos.pressure(rho, e));
  EXPECT_EQ(ideal.sound_speed(rho, e), eos.sound_speed(rho, e));
  EXPECT_EQ(ideal.internal_energy(rho, p), eos.internal_energy(rho, p));
}

TEST(EquationOfState, WithATableItAsksTheTable) {
  const EosTableStorage<float, backend::Host> s(
      alfven::mhd::ideal_gas_table(5.0 / 3.0, 0.5, axes(true, 200, 1e-3, 1e3, 1e-3, 1e3)));
  EquationOfState<float> eos;
  eos.table = s.view();
  ASSERT_TRUE(eos.tabulated());
  // 200 nodes over 6 decades: h = 0.030 decades, so the bilinear error of 10^(x0 + x1) is at most
  // 2 (ln(10) h)^2 / 8 = 1.2e-3 (relative), that of sqrt(e) a quarter of it per axis.
  const float rho = 2.5f, e = 0.7f, bound = 1.3e-3f;
  EXPECT_NEAR(eos.pressure(rho, e), 2.0f / 3.0f * rho * e, bound * rho * e);
  EXPECT_NEAR(eos.sound_speed(rho, e), std::sqrt(10.0f / 9.0f * e), bound);
  EXPECT_NEAR(eos.internal_energy(rho, 2.0f / 3.0f * rho * e), e, bound * e);
  // T = (gamma - 1) mu m_u e / k_B.
  const double t = 2.0 / 3.0 * 0.5 * 1.66053906660e-24 * 0.7 / 1.380649e-16;
  EXPECT_NEAR(eos.temperature(rho, e), t, bound * t);
}

// Saha hydrogen: at 3000 K and below (rho = 1e-7 g cm^-3) hydrogen is neutral, p = n k T and
// e = 3/2 k T / m_H, so p / (rho e) = 2/3 and the adiabatic index Gamma_1 = rho c_s^2 / p is 5/3;
// at 10^6 K it is fully ionised: p = 2 n k T, Gamma_1 = 5/3 again (Mihalas 1978, section 5-2).
// In between, the ionisation soaks up energy and Gamma_1 falls well below 5/3, to about 1.17 at
// this density (an independent evaluation of the same equations gives 1.167 on these nodes; the
// hydrogen ionisation zones of stellar envelopes show such a dip, Cox & Giuli 1968, ch. 9).
TEST(SahaHydrogen, HasTheLimitsOfNeutralAndIonisedGasAndASoftIonisationZone) {
  const double rho = 1e-7, k = 1.380649e-16, m_h = 1.6735575e-24;
  auto energy_at = [&](double t, double x) {
    return (1.5 * (1 + x) * k * t + x * 2.1798723611e-11) / m_h;
  };
  const alfven::mhd::SahaHydrogenState cold = alfven::mhd::saha_hydrogen(rho, energy_at(3000, 0));
  // x = 3e-10 here (Saha), which takes x chi of the energy given for x = 0: T lower by 1e-8.
  EXPECT_LT(cold.ionisation, 1e-9);
  EXPECT_NEAR(cold.temperature, 3000, 3000 * 1e-7);
  EXPECT_NEAR(cold.pressure, rho / m_h * k * 3000, 1e-7 * cold.pressure);
  const alfven::mhd::SahaHydrogenState hot = alfven::mhd::saha_hydrogen(rho, energy_at(1e6, 1));
  EXPECT_GT(hot.ionisation, 1 - 1e-6);
  EXPECT_NEAR(hot.temperature, 1e6, 1e6 * 1e-5);
  EXPECT_NEAR(hot.pressure, 2 * rho / m_h * k * hot.temperature, 1e-7 * hot.pressure);

  EosTableAxes a = axes(true, 3, 1e-7 / 1.01, 1e-7 * 1.01, 1e10, 1e15);
  a.n_e = 301;
  const EosTableData z = alfven::mhd::saha_hydrogen_table(a);
  double lowest = 10, first = 0, last = 0;
  for (int j = 0; j < z.n_e; ++j) {
    const std::size_t c = std::size_t(1) * z.n_e + j;  // the middle density node, 1e-7
    const double gamma1 = z.density_node(1) * z.sound_speed[c] * z.sound_speed[c] / z.pressure[c];
    lowest = std::min(lowest, gamma1);
    if (j == 0) first = gamma1;
    last = gamma1;
  }
  EXPECT_NEAR(first, 5.0 / 3.0, 1e-3);
  EXPECT_NEAR(last, 5.0 / 3.0, 2e-2);  // 10^15 erg/g: about 4e6 K, fully ionised
  EXPECT_GT(lowest, 1.12);
  EXPECT_LT(lowest, 1.2);
}

}  // namespace

// Issue 42, item 19: energies below what 1 K gives (`alfven eos-table saha-hydrogen --energy
// 1:10:5`) were refused as "pressure is not increasing with internal energy", without the range
// the model has. The range is the energy of neutral hydrogen at 1 K, 3/2 k / m_H, to that of
// ionised hydrogen at 1e10 K, (3 k 1e10 + chi) / m_H, and the refusal names it.
TEST(SahaHydrogen, EnergiesOutsideTheModelAreRefusedNamingTheRangeItGives) {
  const double k = 1.380649e-16, m_h = 1.6735575e-24, chi = 2.1798723611e-11;
  const std::array<double, 2> range = alfven::mhd::saha_hydrogen_energy_range(1e-12, 1e-2);
  EXPECT_NEAR(range[0], 1.5 * k / m_h, 1e-9 * range[0]);
  // At 1e10 K and 1e-2 g cm^-3, 1 - x is about 1e-9 (Saha): the upper end lies that much below.
  EXPECT_NEAR(range[1], (3 * k * 1e10 + chi) / m_h, 1e-8 * range[1]);
  EXPECT_LE(range[1], (3 * k * 1e10 + chi) / m_h);
  std::string message;
  try {
    alfven::mhd::saha_hydrogen_table(axes(true, 5, 1e-12, 1e-2, 1, 10));
  } catch (const alfven::Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("internal energies 1 to 10 erg g^-1 reach outside what the model gives "
                         "at densities 1e-12 to 0.01 g cm^-3: 1.23747e+08 to 2.47495e+18 erg "
                         "g^-1 (temperatures 1 K to 1e10 K)"),
            std::string::npos)
      << message;
  // Within the range (the command's defaults) nothing changes.
  EXPECT_NO_THROW(alfven::mhd::saha_hydrogen_table(axes(true, 3, 1e-12, 1e-2, 1e10, 1e15)));
}
