// Radiative transfer in runs: the searchlight problem writes its radiation fields and they obey
// their definitions; radiative heating of a gas bathed in radiation (optically thin, S = 0)
// raises its internal energy by 4 pi chi J dt per volume and step; bad radiation settings are
// refused before anything is written.
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
