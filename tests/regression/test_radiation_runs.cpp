// Radiative transfer in runs: the searchlight problem writes its radiation fields and they obey
// their definitions; radiative heating of a gas bathed in radiation (optically thin, S = 0)
// raises its internal energy by 4 pi chi J dt per volume and step; embedded bodies are opaque
// (a shadow behind a sphere, their emission inside); bad radiation settings, inputs out of the
// arithmetic's range included, are refused before anything is written, and a transfer that
// overflows during a run stops it with the cell named.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/run.hpp"

namespace {

namespace fs = std::filesystem;
using namespace alfven;

constexpr double kFourPi = 12.566370614359172954;

std::string temp(const std::string& name) {
  return (fs::temp_directory_path() /
          ("alfven_test_radiation_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

mhd::RunSummary run_into(const std::string& dir, const std::string& problem,
                         const std::vector<std::string>& overrides) {
  mhd::RunOptions o;
  o.config = problem;
  o.overrides = overrides;
  o.output_dir = dir;
  o.quiet = true;
  fs::remove_all(dir);
  std::ostringstream out;
  return mhd::run(o, out);
}

// The searchlight's radiation block: the heating is 4 pi chi (J - S) with chi = 1, S = 0.5; the
// beam's side of the box is brighter than the far side; without scattering or sources beyond
// S, J stays between the darkest possible value and the beam's intensity.
TEST(RadiationRuns, SearchlightWritesItsRadiationFields) {
  const std::string dir = temp("searchlight");
  run_into(dir, "searchlight", {"grid.i_size=32", "grid.j_size=32", "io.png=false"});
  const io::Snapshot s = io::read_snapshot(dir + "/radiation_0000.h5");
  const std::vector<double>& j = s.values_as_double.at("mean_intensity");
  const std::vector<double>& q = s.values_as_double.at("radiative_heating");
  ASSERT_EQ(j.size(), 32u * 32u);
  for (std::size_t c = 0; c < j.size(); ++c) {
    EXPECT_NEAR(q[c], kFourPi * 1.0 * (j[c] - 0.5), 1e-12);
    EXPECT_GT(j[c], 0);
    EXPECT_LT(j[c], 1);
  }
  EXPECT_GT(j[16 * 32 + 0], j[16 * 32 + 31]);  // y = 0: at the beam's face, then far from it
  EXPECT_EQ(s.values_as_double.count("radiative_flux_x"), 1u);
  fs::remove_all(dir);
}

// A uniform gas at rest (rho = 1), chi = 1e-3 and S = 0, lit by I = 2 entering through every
// face: optically thin (tau < 2e-3 across the box), so J = 2 (1 - O(tau)) everywhere and each
// step adds 4 pi chi J dt to rho e; the gas stays at rest (uniform pressure), so after n steps
// e = e0 + n dt 4 pi chi J to O(tau) = 0.2 %.
TEST(RadiationRuns, HeatingOfAnOpticallyThinGasIsFourPiChiJ) {
  const std::string dir = temp("heating");
  const mhd::RunSummary r = run_into(
      dir, "uniform_flow",
      {"grid.i_size=8", "grid.j_size=8", "grid.k_size=8", "bodies=[]",
       "boundary={x_lower: outflow}", "time.tend=1", "time.dt_output=1", "time.max_steps=5",
       "radiation.enabled=true", "radiation.absorption=1e-3", "radiation.incoming=2",
       "radiation.heating=true", "io.png=false", "problem_parameters.velocity_x=0"});
  ASSERT_EQ(r.steps, 5);
  const io::Snapshot first = io::read_snapshot(dir + "/snapshot_0000.h5");
  const io::Snapshot last = io::read_snapshot(dir + "/snapshot_0001.h5");
  const double de = kFourPi * 1e-3 * 2.0 * last.meta.time;  // rho = 1
  const std::vector<double>& e0 = first.values_as_double.at("internal_energy");
  const std::vector<double>& e1 = last.values_as_double.at("internal_energy");
  for (std::size_t c = 0; c < e0.size(); ++c) EXPECT_NEAR(e1[c] - e0[c], de, 2e-3 * de) << c;
  fs::remove_all(dir);
}

// Interior cell (i, j, k) of an nx x ny x nz snapshot field (x fastest).
std::size_t at(int nx, int ny, int i, int j, int k) {
  return std::size_t(i) + std::size_t(nx) * (std::size_t(j) + std::size_t(ny) * std::size_t(k));
}

// The searchlight in 3D with one ray along +z (no transverse interpolation: geometric optics
// exactly), the beam entering through z_lower (radius 0.45, I = 1) into chi = 1, S = 0, and a
// sphere of radius 0.2 at z = -0.1 in it, 16 x 16 x 32 cells of 1/16 (2/32 along z).
// Behind the sphere, where its cross-section covers the column by more than 1.5 cells, J = 0
// exactly; beside it, a cell or more off its outline, J is that of the run without the sphere,
// bit for bit; inside it J = 0 and so is the heating (no gas there).
TEST(RadiationRuns, ASphereInTheBeamCastsAShadow) {
  const std::vector<std::string> common = {"grid.i_size=16",
                                           "grid.j_size=16",
                                           "grid.k_size=32",
                                           "grid.z_min=-1",
                                           "grid.z_max=1",
                                           "domain.periodic.z=false",
                                           "radiation.rays=1",
                                           "radiation.source=0",
                                           "radiation.beam.face=z_lower",
                                           "radiation.beam.radius=0.45",
                                           "radiation.beam.centre=[0, 0, -1]",
                                           "io.png=false"};
  std::vector<std::string> with_body = common;
  with_body.push_back("bodies=[{geometry: {sphere: {center: [0, 0, -0.1], radius: 0.2}}}]");
  const std::string open_dir = temp("beam_open"), body_dir = temp("beam_body");
  run_into(open_dir, "searchlight", common);
  run_into(body_dir, "searchlight", with_body);
  const io::Snapshot open = io::read_snapshot(open_dir + "/radiation_0000.h5");
  const io::Snapshot body = io::read_snapshot(body_dir + "/radiation_0000.h5");
  const std::vector<double>& j0 = open.values_as_double.at("mean_intensity");
  const std::vector<double>& j1 = body.values_as_double.at("mean_intensity");
  const std::vector<double>& q1 = body.values_as_double.at("radiative_heating");
  ASSERT_EQ(j1.size(), 16u * 16u * 32u);
  const double h = 1.0 / 16, radius = 0.2, zc = -0.1;
  int shadow = 0, beside = 0, inside = 0;
  for (int k = 0; k < 32; ++k)
    for (int j = 0; j < 16; ++j)
      for (int i = 0; i < 16; ++i) {
        const double x = -0.5 + (i + 0.5) * h, y = -0.5 + (j + 0.5) * h, z = -1 + (k + 0.5) * h;
        const double axis = std::hypot(x, y), r = std::sqrt(axis * axis + (z - zc) * (z - zc));
        const std::size_t c = at(16, 16, i, j, k);
        if (r < radius - 1e-9) {
          EXPECT_EQ(j1[c], 0.0) << i << " " << j << " " << k;
          EXPECT_EQ(q1[c], 0.0) << i << " " << j << " " << k;
          ++inside;
        } else if (axis <= radius - 1.5 * h && z >= zc + radius + h) {
          EXPECT_EQ(j1[c], 0.0) << i << " " << j << " " << k;  // before: exp(-z) of the beam
          ++shadow;
        } else if (axis >= radius + h && axis <= 0.45 - h) {
          EXPECT_EQ(j1[c], j0[c]) << i << " " << j << " " << k;
          EXPECT_GT(j0[c], std::exp(-2.0));  // lit
          ++beside;
        }
      }
  EXPECT_GT(inside, 50);
  EXPECT_GT(shadow, 100);
  EXPECT_GT(beside, 1000);
  fs::remove_all(open_dir);
  fs::remove_all(body_dir);
}

// radiation.wall_emission: every ray inside a body has that intensity, so J is it there and the
// flux vanishes (the quadrature's directions cancel); MISO's 2D searchlight with a disc.
TEST(RadiationRuns, BodiesEmitTheirWallEmission) {
  const std::string dir = temp("wall_emission");
  run_into(dir, "searchlight",
           {"grid.i_size=32", "grid.j_size=32", "io.png=false", "radiation.wall_emission=0.3",
            "bodies=[{geometry: {sphere: {center: [0, 0, 0], radius: 0.15}}}]"});
  const io::Snapshot s = io::read_snapshot(dir + "/radiation_0000.h5");
  const std::vector<double>& j = s.values_as_double.at("mean_intensity");
  const std::vector<double>& fx = s.values_as_double.at("radiative_flux_x");
  int inside = 0;
  for (int b = 0; b < 32; ++b)
    for (int a = 0; a < 32; ++a) {
      const double x = -0.5 + (a + 0.5) / 32, y = -0.5 + (b + 0.5) / 32;
      if (std::hypot(x, y) >= 0.15 - 1e-9) continue;
      EXPECT_NEAR(j[at(32, 32, a, b, 0)], 0.3, 1e-15) << a << " " << b;
      EXPECT_NEAR(fx[at(32, 32, a, b, 0)], 0.0, 1e-14) << a << " " << b;
      ++inside;
    }
  EXPECT_GT(inside, 50);
  fs::remove_all(dir);
}

// A transfer whose heating overflows during a run stops it with the cell named (it ended "Done"
// with Inf in the heating): in a box 1e-3 across, chi = mass_absorption x density = 2e4 (an
// optical depth of 1.25 per cell) and S = 1e305 are each in range, but next to a vacuum face,
// where J is about 0.9 S, 4 pi chi (J - S) is -2e309. Without heating the run stops at its first
// output (the searchlight's, at step 0); with radiation.heating at its first step, before the
// heating reaches the gas.
TEST(RadiationRuns, ATransferThatOverflowsStopsTheRunNamingTheCell) {
  const std::vector<std::string> overflow = {
      "grid.x_min=-5e-4",       "grid.x_max=5e-4",
      "grid.y_min=-5e-4",       "grid.y_max=5e-4",
      "radiation.absorption=0", "radiation.mass_absorption=2e4",
      "radiation.source=1e305", "io.png=false"};
  std::vector<std::string> searchlight = overflow;
  for (const char* o : {"grid.i_size=16", "grid.j_size=16", "radiation.beam.face=none"})
    searchlight.push_back(o);
  std::vector<std::string> heated = overflow;
  for (const char* o :
       {"grid.i_size=8", "grid.j_size=8", "grid.k_size=8", "grid.z_min=-5e-4", "grid.z_max=5e-4",
        "bodies=[]", "time.max_steps=3", "radiation.enabled=true", "radiation.heating=true"})
    heated.push_back(o);
  const struct {
    const char* problem;
    const std::vector<std::string>& overrides;
    const char* when;
  } cases[] = {{"searchlight", searchlight, "at step 0 (t = 0)"},
               {"uniform_flow", heated, "at step 0 (t = 0)"}};
  for (const auto& c : cases) {
    const std::string dir = temp("overflow");
    try {
      const mhd::RunSummary r = run_into(dir, c.problem, c.overrides);
      ADD_FAILURE() << c.problem << ": ran " << r.steps << " steps";
    } catch (const mhd::RadiationRangeError& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find(std::string("the radiative transfer of the state ") + c.when +
                       " is not finite: cell (i, j, k) = ("),
                std::string::npos)
          << m;
      EXPECT_NE(m.find("heating 4 pi chi (J - S) = -inf, with chi = 20000"), std::string::npos)
          << m;
    }
    fs::remove_all(dir);
  }
}

// Inputs at the top of the range run: each below the limit, and 4 pi chi I too.
TEST(RadiationRuns, LargeInputsWithinTheRangeRun) {
  const std::string dir = temp("large");
  run_into(dir, "searchlight",
           {"grid.i_size=16", "grid.j_size=16", "io.png=false", "radiation.source=1e300",
            "radiation.beam.intensity=1e300"});
  const io::Snapshot s = io::read_snapshot(dir + "/radiation_0000.h5");
  for (const char* v : {"mean_intensity", "radiative_flux_x", "radiative_heating"})
    for (double x : s.values_as_double.at(v)) ASSERT_TRUE(std::isfinite(x)) << v;
  fs::remove_all(dir);
}

TEST(RadiationRuns, BadRadiationSettingsAreRefusedBeforeAnythingIsWritten) {
  struct Case {
    std::vector<std::string> overrides;
    std::string expected;
  };
  const Case cases[] = {
      {{"radiation.enabled=true", "radiation.rays=8"}, "radiation.rays: expected 24"},
      {{"radiation.heating=true"}, "radiative heating needs the transfer on"},
      {{"radiation.enabled=true", "radiation.planck=true"}, "needs a temperature"},
      {{"radiation.enabled=true", "radiation.beam.face=x_lower"}, "non-periodic face"},
      {{"radiation.enabled=true", "radiation.rays=1"}, "one ray runs along +z"},
      {{"radiation.enabled=true", "domain.periodic.x=false", "radiation.beam.face=x_lower",
        "radiation.beam.radius=0.001", "radiation.beam.centre=[0, 0.5, 0.5]"},
       "covers no cell centre of its face"},
      {{"radiation.enabled=true", "domain.periodic.z=false", "radiation.beam.face=z_lower",
        "radiation.beam.radius=1"},
       "which has one cell"},
      {{"outputs=[{name: r, every: 1, variables: [mean_intensity]}]"},
       "mean_intensity needs radiative transfer"},
      // Out of the range of the arithmetic (each gave NaN or Inf in J, F and the heating).
      {{"radiation.enabled=true", "radiation.absorption=1e308", "radiation.mass_absorption=1e308"},
       "radiation.absorption: 1e+308 is out of the range of the run's arithmetic: at most "
       "1.79769e+305 in double"},
      {{"radiation.enabled=true", "radiation.absorption=1e308", "radiation.mass_absorption=1e308"},
       "radiation.mass_absorption: 1e+308 is out of the range"},
      {{"radiation.enabled=true", "radiation.source=1e308"},
       "radiation.source: 1e+308 is out of the range"},
      {{"radiation.enabled=true", "radiation.incoming=1e308"},
       "radiation.incoming: 1e+308 is out of the range"},
      {{"radiation.enabled=true", "radiation.wall_emission=1e308"},
       "radiation.wall_emission: 1e+308 is out of the range"},
      {{"radiation.enabled=true", "radiation.absorption=1e200", "radiation.source=1e200"},
       "radiation.absorption: the heating's scale 4 pi chi I = 4 pi x 1e+200 x 1e+200 "
       "(radiation.source)"},
      {{"radiation.enabled=true", "precision=float", "radiation.incoming=1e36"},
       "at most 3.40282e+35 in float (so that the flux 4 pi I and the heating 4 pi chi (J - S) "
       "stay finite); choose units in which it is nearer 1, or run with precision: double"},
      {{"radiation.enabled=true", "radiation.wall_emission=-1"}, "radiation.wall_emission"},
  };
  for (const Case& c : cases) {
    const std::string dir = temp("bad");
    try {
      run_into(dir, "orszag_tang", c.overrides);
      ADD_FAILURE() << "accepted: " << c.expected;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(c.expected), std::string::npos) << e.what();
    }
    EXPECT_FALSE(fs::exists(dir));
  }
}

}  // namespace
