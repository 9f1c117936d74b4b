// Compares two run directories file by file: the newest snapshots of their snapshots.txt, or the
// files named after the directories (snapshots, checkpoints, output-block files). Step, time,
// grid, coordinates and every field's stored bytes must be identical. Exit 0 if so, 1 with the
// first difference. --all compares every .h5 file of the two directories, which must hold the
// same ones.
//
//   compare_runs RUN_DIR_A RUN_DIR_B [FILE... | --all]
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "alfven/io/snapshot.hpp"

namespace {
std::string newest(const std::string& dir) {
  std::ifstream index(dir + "/snapshots.txt");
  std::string name, last;
  double time = 0;
  while (index >> name >> time) last = name;
  return last;
}

bool same(const std::string& a, const std::string& b) {
  const alfven::io::Snapshot sa = alfven::io::read_snapshot(a), sb = alfven::io::read_snapshot(b);
  if (sa.meta.step != sb.meta.step || sa.meta.time != sb.meta.time) {
    std::cerr << a << " is step " << sa.meta.step << " t = " << sa.meta.time << ", " << b
              << " is step " << sb.meta.step << " t = " << sb.meta.time << "\n";
    return false;
  }
  if (sa.names != sb.names || sa.centres != sb.centres) {
    std::cerr << a << " and " << b << " differ in their fields or coordinates\n";
    return false;
  }
  for (int d = 0; d < 3; ++d)
    if (sa.grid.n[d] != sb.grid.n[d] || sa.grid.lo[d] != sb.grid.lo[d] ||
        sa.grid.hi[d] != sb.grid.hi[d]) {
      std::cerr << a << " and " << b << " differ in their grid\n";
      return false;
    }
  for (const auto& field : sa.raw) {
    const auto it = sb.raw.find(field.first);
    if (it == sb.raw.end() || it->second != field.second) {
      std::cerr << field.first << " differs between " << a << " and " << b << "\n";
      return false;
    }
  }
  std::cout << a << " and " << b << ": step " << sa.meta.step << ", all " << sa.raw.size()
            << " fields bitwise identical\n";
  return true;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: compare_runs RUN_DIR_A RUN_DIR_B [FILE... | --all]\n";
    return 2;
  }
  std::vector<std::string> files(argv + 3, argv + argc);
  if (files.size() == 1 && files.front() == "--all") {
    std::vector<std::string> in[2];
    for (int d = 0; d < 2; ++d) {
      std::error_code ec;
      for (const auto& e : std::filesystem::directory_iterator(argv[1 + d], ec))
        if (e.path().extension() == ".h5") in[d].push_back(e.path().filename().string());
      std::sort(in[d].begin(), in[d].end());
    }
    if (in[0] != in[1] || in[0].empty()) {
      std::cerr << argv[1] << " and " << argv[2] << " hold different .h5 files (" << in[0].size()
                << " and " << in[1].size() << ")\n";
      return 1;
    }
    files = in[0];
  }
  if (files.empty()) {
    const std::string a = newest(argv[1]), b = newest(argv[2]);
    if (a.empty() || b.empty()) {
      std::cerr << "no snapshots.txt in " << (a.empty() ? argv[1] : argv[2]) << "\n";
      return 1;
    }
    try {
      return same(std::string(argv[1]) + "/" + a, std::string(argv[2]) + "/" + b) ? 0 : 1;
    } catch (const std::exception& e) {
      std::cerr << e.what() << "\n";
      return 1;
    }
  }
  try {
    for (const std::string& f : files)
      if (!same(std::string(argv[1]) + "/" + f, std::string(argv[2]) + "/" + f)) return 1;
    std::cout << files.size() << " files identical\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
}
