// The MHD solver on the device gives the host's answer: 20 steps of Orszag-Tang 128^2 and of
// Brio-Wu, every field compared cell by cell (ghost cells excluded).
//
// Tolerances. The kernels are the same functions, but nvcc contracts a*b + c into fused
// multiply-adds (one rounding instead of two) where g++ does not, so each operation may differ
// by one rounding, and those differences are carried through 20 steps of a nonlinear scheme.
// Measured growth is a factor of ~10^2 - 10^3 over 20 steps, so for double (2^-53 = 1.1e-16)
// we require |host - device| <= 1e-11 x (field scale) and for float (2^-24 = 6e-8) 1e-3 x
// (field scale), the scale being max |field| over the grid (or 1 where a field is ~0).
// psi is the exception: it is sourced by div B, itself a truncation error formed by cancelling
// differences of B, so in float its value carries ~1e-3 relative noise of its own (measured
// 3.4e-3 after 20 steps); we allow 1e-2 x max |psi| there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "alfven/core/device.hpp"
#include "alfven/io/eos_table_file.hpp"
#include "alfven/mhd/eos_models.hpp"
#include "alfven/mhd/run.hpp"
#include "alfven/mhd/simulation.hpp"

using namespace alfven;
using namespace alfven::mhd;

namespace {

template <typename Real>
void compare_backends(const std::string& problem, std::vector<std::string> overrides,
                      double tolerance) {
  if (!device_available()) GTEST_SKIP() << "no CUDA device visible";
  RunOptions o;
  o.config = problem;
  o.overrides = std::move(overrides);
  o.overrides.push_back(sizeof(Real) == 4 ? "precision=float" : "precision=double");
  const RunConfig cfg = resolve_config(o);
  Simulation<Real> host(cfg, "host"), device(cfg, "cuda");
  ASSERT_STREQ(device.solver().backend_name(), "cuda");
  host.run_until(1e30, 20);
  device.run_until(1e30, 20);
  EXPECT_NEAR(device.time(), host.time(), tolerance * host.time());
  Fields<Real, backend::Host> a(host.grid()), b(device.grid());
  host.copy_state_to(a);
  device.copy_state_to(b);
  const Grid& g = host.grid();
  for (int v = 0; v < num_vars; ++v) {
    double scale = 0;
    for (int k = 0; k < g.n[2]; ++k)
      for (int j = 0; j < g.n[1]; ++j)
        for (int i = 0; i < g.n[0]; ++i)
          scale = std::max(
              scale, std::fabs(double(a(i + g.margin[0], j + g.margin[1], k + g.margin[2], v))));
    if (scale < 1e-6) scale = 1;
    double worst = 0;
    for (int k = 0; k < g.n[2]; ++k)
      for (int j = 0; j < g.n[1]; ++j)
        for (int i = 0; i < g.n[0]; ++i) {
          const int ii = i + g.margin[0], jj = j + g.margin[1], kk = k + g.margin[2];
          worst = std::max(worst,
                           std::fabs(double(a(ii, jj, kk, v)) - double(b(ii, jj, kk, v))) / scale);
        }
    ::testing::Test::RecordProperty(std::string("max_rel_diff_") + var_name(v),
                                    std::to_string(worst));
    std::printf("%s %s: max |host - device| / scale = %.3g\n", problem.c_str(), var_name(v), worst);
    const bool noisy = v == psi && sizeof(Real) == 4;
    EXPECT_LE(worst, noisy ? 1e-2 : tolerance) << var_name(v);
  }
}

}  // namespace

TEST(MhdDevice, OrszagTang128DoubleMatchesHost) {
  compare_backends<double>("orszag_tang", {"grid.i_size=128", "grid.j_size=128"}, 1e-11);
}
TEST(MhdDevice, OrszagTang128FloatMatchesHost) {
  compare_backends<float>("orszag_tang", {"grid.i_size=128", "grid.j_size=128"}, 1e-3);
}
TEST(MhdDevice, BrioWuDoubleMatchesHost) {
  compare_backends<double>("brio_wu", {}, 1e-11);
}
TEST(MhdDevice, BrioWuFloatMatchesHost) {
  compare_backends<float>("brio_wu", {}, 1e-3);
}
TEST(MhdDevice, OrszagTang3DDoubleMatchesHost) {
  compare_backends<double>("orszag_tang", {"grid.i_size=32", "grid.j_size=32", "grid.k_size=16"},
                           1e-11);
}

// Embedded bodies on the device: the Mach 3 cylinder (uniform_flow's default: ghost cells,
// image points, fixed cells, the fixed inflow face, floors) and a 3D sphere at rest in a flow.
// The tables are built from geometry evaluated on each backend; the cells' classification agrees
// (the cylinder's surface passes no cell centre within rounding) and the states then differ by
// the fused multiply-adds as above.
TEST(MhdDevice, CylinderBodyDoubleMatchesHost) {
  compare_backends<double>("uniform_flow", {"grid.i_size=64", "grid.j_size=64"}, 1e-11);
}
TEST(MhdDevice, CylinderBodyFloatMatchesHost) {
  compare_backends<float>("uniform_flow", {"grid.i_size=64", "grid.j_size=64"}, 1e-3);
}
TEST(MhdDevice, SphereBody3DDoubleMatchesHost) {
  compare_backends<double>("uniform_flow",
                           {"grid.i_size=24", "grid.j_size=24", "grid.k_size=24",
                            "bodies=[{geometry: {sphere: {center: [0, 0, 0.5], radius: 0.6}}}]",
                            "grid.z_min=-1", "grid.z_max=2", "problem_parameters.velocity_x=0.5"},
                           1e-11);
}

// Issue 13's physics on the device: the magnetosphere (dipole, gravity toward the planet, the
// planet a `wall: fixed` body, floors, the solar-wind inflow face) at its default 64^3;
// explicit resistivity and viscosity (their fluxes and time-step limits) on Orszag-Tang; a
// problem's own source (Rayleigh-Taylor's uniform gravity with reflecting walls); the spatially
// varying resistivity of the reconnection problem. Same tolerances as above.
TEST(MhdDevice, MagnetosphereDoubleMatchesHost) {
  compare_backends<double>("magnetosphere", {}, 1e-11);
}
TEST(MhdDevice, ResistivityAndViscosityDoubleMatchHost) {
  compare_backends<double>(
      "orszag_tang",
      {"grid.i_size=128", "grid.j_size=128", "resistivity.eta=0.002", "viscosity.nu=0.002"}, 1e-11);
}
TEST(MhdDevice, ResistivityAndViscosityFloatMatchHost) {
  compare_backends<float>(
      "orszag_tang",
      {"grid.i_size=128", "grid.j_size=128", "resistivity.eta=0.002", "viscosity.nu=0.002"}, 1e-3);
}
TEST(MhdDevice, RayleighTaylorDoubleMatchesHost) {
  compare_backends<double>("rayleigh_taylor", {"grid.i_size=64", "grid.j_size=192"}, 1e-11);
}
TEST(MhdDevice, ReconnectionDoubleMatchesHost) {
  compare_backends<double>("reconnection", {"grid.i_size=128", "grid.j_size=32"}, 1e-11);
}

// A tabulated equation of state on the device: the table is copied to device memory and
// interpolated there with the host's formula (eos_table.hpp); Sod and Orszag-Tang with an
// ideal-gas table (log axes, 65 nodes a side) against the host, same tolerances (the
// interpolation adds a few operations per evaluation, each one rounding).
namespace {
std::string write_ideal_table(double gamma, const char* name) {
  EosTableAxes a;
  a.n_rho = a.n_e = 65;
  a.rho_min = 0.01;
  a.rho_max = 20;
  a.e_min = 0.05;
  a.e_max = 50;
  const std::string path = std::string("/tmp/alfven_gpu_test_") + name + ".h5";
  io::write_eos_table(ideal_gas_table(gamma, 1.0, a), path);
  return path;
}
}  // namespace

TEST(MhdDevice, SodWithATableDoubleMatchesHost) {
  compare_backends<double>("sod", {"eos.table=" + write_ideal_table(1.4, "sod")}, 1e-11);
}
TEST(MhdDevice, OrszagTangWithATableFloatMatchesHost) {
  compare_backends<float>(
      "orszag_tang",
      {"grid.i_size=128", "grid.j_size=128", "eos.table=" + write_ideal_table(5.0 / 3.0, "ot")},
      1e-3);
}

// begin_state_copy returns before the state has reached the host (StateCopy: a device buffer,
// then its own stream), so the steps taken before wait_state_copy must not change what arrives:
// the host array holds, bit for bit and ghost cells included, the state of the call.
TEST(MhdDevice, StateCopyOverlappingStepsHoldsTheStateOfItsStart) {
  if (!device_available()) GTEST_SKIP() << "no CUDA device visible";
  RunOptions o;
  o.config = "orszag_tang";
  o.overrides = {"grid.i_size=96", "grid.j_size=64", "grid.k_size=8"};
  Simulation<double> device(resolve_config(o), "cuda");
  device.run_until(1e30, 3);
  Fields<double, backend::Host> expected(device.grid()), copied(device.grid());
  device.copy_state_to(expected);
  const std::size_t bytes = std::size_t(copied.array().size()) * sizeof(double);
  const bool pinned = register_host_memory(copied.array().data(), bytes);
  device.solver().begin_state_copy(copied);
  device.run_until(1e30, 8);  // five more steps while the copy travels
  device.solver().wait_state_copy();
  long differ = 0;
  for (long n = 0; n < expected.array().size(); ++n)
    differ += expected.array().data()[n] != copied.array().data()[n];
  EXPECT_EQ(differ, 0) << "of " << expected.array().size() << " values";
  // The state did move on (else the test shows nothing).
  Fields<double, backend::Host> now(device.grid());
  device.copy_state_to(now);
  long moved = 0;
  for (long n = 0; n < now.array().size(); ++n)
    moved += now.array().data()[n] != expected.array().data()[n];
  EXPECT_GT(moved, 0);
  if (pinned) unregister_host_memory(copied.array().data());
}
