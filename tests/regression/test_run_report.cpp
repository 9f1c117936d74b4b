// What a run says on its output stream (issue 42, "first use"): a quiet run says nothing unless
// something needs saying, and a run of no steps says what it wrote.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/run.hpp"
#include "run_test_support.hpp"

namespace fs = std::filesystem;
using namespace alfven;
using namespace alfven::mhd;

using alfven_test::fresh_dir;

namespace {

// Runs `problem` (empty: the default) with `overrides` into the fresh directory `dir`, quiet or
// not; returns what it printed.
std::string run_printing(const std::string& problem, const std::string& dir, bool quiet,
                         const std::vector<std::string>& overrides) {
  RunOptions o;
  o.config = problem;
  o.overrides = overrides;
  o.output_dir = dir;
  o.quiet = quiet;
  std::ostringstream out;
  run(o, out);
  return out.str();
}

}  // namespace

// quiet (RunOptions::quiet, `--quiet`) printed the run's description ("alfven run: orszag_tang,
// 16 x 16 cells, ...") and "output: one process writes each file" all the same: a library
// caller's run into a new directory with nothing to note now prints nothing. Without quiet the
// two lines are there.
TEST(RunReport, AQuietRunPrintsNothingWhenNothingNeedsSaying) {
  const std::vector<std::string> overrides = {"grid.i_size=16", "grid.j_size=16",
                                              "time.max_steps=2", "io.png=false"};
  const std::string dir = fresh_dir("quiet");
  EXPECT_EQ(run_printing("", dir, true, overrides), "");
  fs::remove_all(dir);
  const std::string told = run_printing("", dir, false, overrides);
  EXPECT_NE(told.find("alfven run: orszag_tang, 16 x 16 x 1 cells"), std::string::npos) << told;
  EXPECT_NE(told.find("\noutput: one process writes each file\n"), std::string::npos) << told;
  fs::remove_all(dir);
}

// The searchlight takes no step (time.max_steps: 0): its radiation field is time-independent and
// written from the start state. It said "nothing to do ... raise time.max_steps to take steps";
// it now says what it wrote, and those files are there: the snapshot and the radiation block
// with the variables named.
TEST(RunReport, ARunOfNoStepsSaysWhatItWrote) {
  const std::string dir = fresh_dir("searchlight_report");
  const std::string said =
      run_printing("searchlight", dir, true, {"grid.i_size=16", "grid.j_size=16", "io.png=false"});
  EXPECT_EQ(said.find("nothing to do"), std::string::npos) << said;
  EXPECT_NE(said.find("alfven run: wrote the start state and took no step (time.max_steps = 0): "
                      "snapshot_0000.h5, output block radiation (mean_intensity, "
                      "radiative_flux, radiative_heating)\n"),
            std::string::npos)
      << said;
  const io::Snapshot radiation = io::read_snapshot(dir + "/radiation_0000.h5");
  EXPECT_EQ(radiation.meta.step, 0);
  EXPECT_EQ(radiation.values_as_double.count("mean_intensity"), 1u);
  EXPECT_EQ(io::read_snapshot(dir + "/snapshot_0000.h5").meta.step, 0);
  fs::remove_all(dir);
}
