// Shared pieces of the run-directory and restart tests: fresh directories, small runs of the
// Orszag-Tang vortex, and reading back what a run wrote (index, log, text).
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "alfven/mhd/run.hpp"

namespace alfven_test {

/// A fresh (removed) path under the temporary folder, unique to this process.
inline std::string fresh_dir(const std::string& name) {
  const std::filesystem::path p = std::filesystem::temp_directory_path() /
                                  ("alfven_test_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(p);
  return p.string();
}

inline std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

/// The Orszag-Tang vortex on a 16 x 16 grid (about 0.02 per step) with `more` overrides.
inline std::vector<std::string> small_vortex(std::vector<std::string> more) {
  std::vector<std::string> o = {"grid.i_size=16", "grid.j_size=16"};
  o.insert(o.end(), more.begin(), more.end());
  return o;
}

/// Runs quietly into `dir`; returns what the run printed.
inline std::string run_into(const std::string& dir, const std::vector<std::string>& overrides,
                            const std::string& restart_file = "",
                            alfven::mhd::RunSummary* summary = nullptr) {
  alfven::mhd::RunOptions o;
  o.overrides = overrides;
  o.output_dir = dir;
  o.restart_file = restart_file;
  o.quiet = true;
  std::ostringstream out;
  const alfven::mhd::RunSummary s = alfven::mhd::run(o, out);
  if (summary) *summary = s;
  return out.str();
}

/// The lines of DIR/snapshots.txt as (file name, time).
inline std::vector<std::pair<std::string, double>> read_index(const std::string& dir) {
  std::vector<std::pair<std::string, double>> entries;
  std::ifstream in(dir + "/snapshots.txt");
  std::string name;
  double time = 0;
  while (in >> name >> time) entries.emplace_back(name, time);
  return entries;
}

/// The rows of DIR/log.csv (header skipped), each as its comma-separated fields.
inline std::vector<std::vector<std::string>> read_log(const std::string& dir) {
  std::vector<std::vector<std::string>> rows;
  std::ifstream in(dir + "/log.csv");
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::stringstream ss(line);
    std::string f;
    while (std::getline(ss, f, ',')) fields.push_back(f);
    rows.push_back(fields);
  }
  return rows;
}

}  // namespace alfven_test
