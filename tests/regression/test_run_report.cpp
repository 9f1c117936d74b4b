// What a run says on its output stream (issue 42, "first use"): a quiet run says nothing unless
// something needs saying.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

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
