// Runs with a tabulated equation of state (eos.table) against the same runs with the ideal gas:
// a table of the ideal gas reproduces Sod's shock tube and the Orszag-Tang vortex to the
// interpolation error of the table, and that difference falls at second order with the table's
// node spacing (log axes: p and c_s are not bilinear there, EosTable unit tests). A run that
// leaves its table says so.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "alfven/io/eos_table_file.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/eos_models.hpp"
#include "alfven/mhd/run.hpp"

namespace {

namespace fs = std::filesystem;
using namespace alfven;

std::string temp(const std::string& name) {
  return (fs::temp_directory_path() /
          ("alfven_test_eos_run_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

/// Writes an ideal-gas table of `nodes` per axis over the given bounds (log axes); its path.
std::string ideal_table(double gamma, int nodes, double rho_lo, double rho_hi, double e_lo,
                        double e_hi) {
  mhd::EosTableAxes a;
  a.n_rho = a.n_e = nodes;
  a.rho_min = rho_lo;
  a.rho_max = rho_hi;
  a.e_min = e_lo;
  a.e_max = e_hi;
  const std::string path = temp("ideal_" + std::to_string(nodes) + ".h5");
  io::write_eos_table(mhd::ideal_gas_table(gamma, 1.0, a), path);
  return path;
}

/// Runs `problem` with `overrides` into a fresh folder; the final snapshot and what it printed.
io::Snapshot run_final(const std::string& problem, std::vector<std::string> overrides,
                       const std::string& name, std::string* printed = nullptr,
                       mhd::RunSummary* summary = nullptr) {
  mhd::RunOptions o;
  o.config = problem;
  o.overrides = std::move(overrides);
  o.output_dir = temp(name);
  o.quiet = true;
  fs::remove_all(o.output_dir);
  std::ostringstream out;
  const mhd::RunSummary s = mhd::run(o, out);
  if (printed) *printed = out.str();
  if (summary) *summary = s;
  char file[64];
  std::snprintf(file, sizeof file, "/snapshot_%04d.h5", s.snapshots - 1);
  io::Snapshot snap = io::read_snapshot(o.output_dir + file);
  fs::remove_all(o.output_dir);
  return snap;
}

/// L1 norm of the difference of `field` between two snapshots, over the L1 norm of the first.
double relative_l1(const io::Snapshot& a, const io::Snapshot& b, const std::string& field) {
  const std::vector<double>& x = a.values_as_double.at(field);
  const std::vector<double>& y = b.values_as_double.at(field);
  double d = 0, n = 0;
  for (std::size_t c = 0; c < x.size(); ++c) {
    d += std::abs(x[c] - y[c]);
    n += std::abs(x[c]);
  }
  return d / n;
}

/// The ideal run and table runs at 65, 129 and 257 nodes per axis: the differences (density and
/// internal energy, relative L1) fall at second order in the node spacing h, and each stays
/// below the table's own worst interpolation error, ((ln(10) h_rho)^2 + (ln(10) h_e)^2) / 8
/// relative for p = (gamma - 1) 10^(log rho + log e) (EosTable unit tests), which drives it.
void expect_second_order(const std::string& problem, const std::vector<std::string>& common,
                         double gamma, double rho_lo, double rho_hi, double e_lo, double e_hi) {
  const io::Snapshot ideal = run_final(problem, common, problem + "_ideal");
  double previous = 0;
  for (int nodes : {65, 129, 257}) {
    const std::string table = ideal_table(gamma, nodes, rho_lo, rho_hi, e_lo, e_hi);
    std::vector<std::string> o = common;
    o.push_back("eos.table=" + table);
    const io::Snapshot tab = run_final(problem, o, problem + "_table");
    EXPECT_EQ(tab.meta.step, ideal.meta.step);
    const double diff =
        std::max(relative_l1(ideal, tab, "density"), relative_l1(ideal, tab, "internal_energy"));
    const double h_rho = std::log(10.0) * std::log10(rho_hi / rho_lo) / (nodes - 1),
                 h_e = std::log(10.0) * std::log10(e_hi / e_lo) / (nodes - 1);
    EXPECT_LT(diff, (h_rho * h_rho + h_e * h_e) / 8) << problem << ", " << nodes << " nodes";
    std::printf("%s, %d nodes: relative L1 difference %.3g\n", problem.c_str(), nodes, diff);
    if (previous > 0) {
      const double order = std::log2(previous / diff);
      EXPECT_GT(order, 1.8) << problem << ", " << nodes << " nodes: " << previous << " -> " << diff;
      EXPECT_LT(order, 2.3) << problem << ", " << nodes << " nodes: " << previous << " -> " << diff;
    }
    previous = diff;
    fs::remove(table);
  }
}

// Sod (gamma = 1.4): rho in [0.125, 1], e in [2, 2.9] during the run; the table spans a decade
// on each side so no cell is clamped. A fixed step count: the table's c_s changes dt slightly.
TEST(EosTableRuns, IdealGasTableReproducesSodAtSecondOrderInTheNodeSpacing) {
  expect_second_order("sod", {"grid.i_size=128", "time.max_steps=60", "io.png=false"}, 1.4, 0.01,
                      10, 0.2, 30);
}

// Orszag-Tang (gamma = 5/3): rho in about [0.4, 2.3], e in [0.6, 4] by t = 0.1.
TEST(EosTableRuns, IdealGasTableReproducesOrszagTangAtSecondOrderInTheNodeSpacing) {
  expect_second_order("orszag_tang",
                      {"grid.i_size=32", "grid.j_size=32", "time.max_steps=20", "io.png=false"},
                      5.0 / 3.0, 0.05, 20, 0.05, 50);
}

// A table that does not cover the run: the cells outside are counted and reported, the run goes
// on with the edge values.
TEST(EosTableRuns, ARunOutsideItsTableSaysSo) {
  // Sod's right state has rho = 0.125: below this table's 0.2.
  const std::string table = ideal_table(1.4, 33, 0.2, 10, 0.2, 30);
  std::string printed;
  mhd::RunSummary s;
  run_final("sod",
            {"grid.i_size=64", "time.max_steps=5", "io.png=false", "io.log_every=1",
             "eos.table=" + table},
            "outside", &printed, &s);
  EXPECT_EQ(s.first_step_outside_eos_table, 0);
  EXPECT_GE(s.cells_outside_eos_table, 30);  // the right half, 32 cells, at the start
  EXPECT_LE(s.cells_outside_eos_table, 64);
  EXPECT_NE(printed.find("lie outside the equation-of-state table"), std::string::npos) << printed;
  fs::remove(table);
}

TEST(EosTableRuns, ABadTableStopsTheRunBeforeAnythingIsWritten) {
  const std::string bad = temp("not_a_table.txt");
  { std::ofstream(bad) << "pressure, please\n"; }
  mhd::RunOptions o;
  o.config = "sod";
  o.overrides = {"eos.table=" + bad};
  o.output_dir = temp("bad_table_run");
  o.quiet = true;
  fs::remove_all(o.output_dir);
  std::ostringstream out;
  try {
    mhd::run(o, out);
    FAIL() << "a run with a bad table started";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("eos.table"), std::string::npos) << m;
    EXPECT_NE(m.find(bad + ":1: expected 'alfven eos table 1'"), std::string::npos) << m;
  }
  EXPECT_FALSE(fs::exists(o.output_dir));
  o.overrides = {"eos.table=" + temp("no_such_table.h5")};
  EXPECT_THROW(mhd::run(o, out), Error);
  EXPECT_FALSE(fs::exists(o.output_dir));
  fs::remove(bad);
}

}  // namespace
