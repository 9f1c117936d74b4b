// Shared pieces of the tests of MISO's layout (test_miso_layout.cpp, test_miso_errors.cpp): small
// runs exported, the exported layout read back, files edited in place.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "alfven/config/miso_keys.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/miso_transfer.hpp"
#include "run_test_support.hpp"

namespace alfven_test {

/// Exports `run_dir` into `out_dir` with `procs` ranks per axis (all snapshots).
inline alfven::mhd::MisoExportSummary export_run(const std::string& run_dir,
                                                 const std::string& out_dir,
                                                 std::vector<int> procs = {0, 0, 0},
                                                 std::vector<int> snapshots = {}) {
  alfven::mhd::MisoExportOptions o;
  for (int a = 0; a < 3; ++a) o.procs[a] = procs[std::size_t(a)];
  o.snapshots = std::move(snapshots);
  return alfven::mhd::export_to_miso(run_dir, out_dir, o);
}

/// Imports output `output` (-1: the latest) of `miso_dir` into `file` and reads it back.
inline alfven::io::Snapshot import_output(const std::string& miso_dir, int output,
                                          const std::string& file,
                                          const std::string& problem = "") {
  alfven::mhd::MisoImportOptions o;
  o.output = output;
  o.file = file;
  o.problem = problem;
  alfven::mhd::import_from_miso(miso_dir, o);
  return alfven::io::read_snapshot(file);
}

/// The layout the exported config.yaml of `miso_dir` describes.
inline alfven::io::MisoLayout layout_of(const std::string& miso_dir) {
  alfven::mhd::GivenKeys given;
  const std::string path = miso_dir + "/config.yaml";
  const alfven::mhd::RunConfig cfg =
      alfven::mhd::load_config(path, {}, alfven::mhd::ProblemCatalog{}, &given);
  return alfven::mhd::miso_layout_of(cfg, alfven::mhd::miso_layout_keys(given, path), path);
}

/// The message of the alfven::Error `f` throws ("" when it throws none).
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const alfven::Error& e) {
    return e.what();
  }
  return "";
}

/// Replaces the first `from` in the text file `path` by `to` (the test fails if absent).
inline void replace_in_file(const std::string& path, const std::string& from,
                            const std::string& to) {
  std::string text = read_text(path);
  const std::size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from << " not in " << path;
  text.replace(at, from.size(), to);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

/// Overwrites `bytes` at `offset` of the binary file `path`.
inline void poke(const std::string& path, std::size_t offset, const void* bytes, std::size_t n) {
  std::fstream f(path, std::ios::binary | std::ios::in | std::ios::out);
  f.seekp(std::streamoff(offset));
  f.write(static_cast<const char*>(bytes), std::streamsize(n));
}

/// Every field of two snapshots stored byte for byte the same, with the same metadata.
inline void expect_same_state(const alfven::io::Snapshot& a, const alfven::io::Snapshot& b) {
  EXPECT_EQ(a.meta.time, b.meta.time);
  EXPECT_EQ(a.meta.step, b.meta.step);
  EXPECT_EQ(a.meta.index, b.meta.index);
  EXPECT_EQ(a.meta.problem, b.meta.problem);
  EXPECT_EQ(a.meta.gamma, b.meta.gamma);
  EXPECT_EQ(a.type, b.type);
  for (int d = 0; d < 3; ++d) {
    EXPECT_EQ(a.grid.n[d], b.grid.n[d]);
    EXPECT_EQ(a.grid.lo[d], b.grid.lo[d]);
    EXPECT_EQ(a.grid.hi[d], b.grid.hi[d]);
  }
  for (const char* v : {"density", "velocity_x", "velocity_y", "velocity_z", "magnetic_field_x",
                        "magnetic_field_y", "magnetic_field_z", "internal_energy", "psi"}) {
    ASSERT_TRUE(a.raw.count(v) && b.raw.count(v)) << v;
    EXPECT_TRUE(a.raw.at(v) == b.raw.at(v)) << v << " differs";
  }
}

}  // namespace alfven_test
