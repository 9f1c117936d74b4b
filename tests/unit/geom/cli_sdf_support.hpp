// What the tests of `alfven sdf` through the built program (ALFVEN_EXE) share: running it,
// reading its CSV output, and a temporary directory holding an icosphere as sphere.stl.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../io/temp_dir.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "alfven/geom/shapes.hpp"

namespace cli_sdf_test {

using namespace alfven;
using namespace alfven::geom;

struct CommandResult {
  int status;
  std::string output;  ///< stdout and stderr together
};

inline CommandResult run_alfven(const std::string& args, const alfven_test::TempDir& dir) {
  const std::string log = dir.file("log.txt");
  const std::string cmd = std::string("\"") + ALFVEN_EXE + "\" " + args + " > " + log + " 2>&1";
  const int rc = std::system(cmd.c_str());
  std::ifstream in(log);
  std::stringstream ss;
  ss << in.rdbuf();
  return CommandResult{WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, ss.str()};
}

inline std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string x;
    while (std::getline(ss, x, ',')) f.push_back(x);
    rows.push_back(f);
  }
  return rows;
}

inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

constexpr double kRadius = 1.0;
constexpr int kSubdivisions = 3;

/// A temporary directory holding sphere.stl (a binary STL icosphere of radius 1; STL stores
/// float32, so vertices are off the sphere by up to ~1e-7: tolerances add 1e-6).
struct SphereFixture {
  alfven_test::TempDir dir;
  TriangleMesh mesh = make_icosphere(kRadius, kSubdivisions);
  double chord = icosphere_chord_error(mesh, kRadius);
  std::string stl = dir.file("sphere.stl");
  SphereFixture() { write_stl(mesh, stl); }
};

/// True when the command printed `text`.
inline bool contains(const CommandResult& r, const std::string& text) {
  return r.output.find(text) != std::string::npos;
}

}  // namespace cli_sdf_test
