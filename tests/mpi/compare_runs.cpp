// Compares the newest snapshots of two run directories (from their snapshots.txt): step, time
// and every field's stored bytes must be identical. Exit 0 if so, 1 with the first difference.
//
//   compare_runs RUN_DIR_A RUN_DIR_B
#include <fstream>
#include <iostream>
#include <string>

#include "alfven/io/snapshot.hpp"

namespace {
std::string newest(const std::string& dir) {
  std::ifstream index(dir + "/snapshots.txt");
  std::string name, last;
  double time = 0;
  while (index >> name >> time) last = name;
  return last.empty() ? std::string() : dir + "/" + last;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: compare_runs RUN_DIR_A RUN_DIR_B\n";
    return 2;
  }
  const std::string a = newest(argv[1]), b = newest(argv[2]);
  if (a.empty() || b.empty()) {
    std::cerr << "no snapshots.txt in " << (a.empty() ? argv[1] : argv[2]) << "\n";
    return 1;
  }
  try {
    const alfven::io::Snapshot sa = alfven::io::read_snapshot(a), sb = alfven::io::read_snapshot(b);
    if (sa.meta.step != sb.meta.step || sa.meta.time != sb.meta.time) {
      std::cerr << a << " is step " << sa.meta.step << " t = " << sa.meta.time << ", " << b << " is step "
                << sb.meta.step << " t = " << sb.meta.time << "\n";
      return 1;
    }
    for (const auto& field : sa.raw) {
      const auto it = sb.raw.find(field.first);
      if (it == sb.raw.end() || it->second != field.second) {
        std::cerr << field.first << " differs between " << a << " and " << b << "\n";
        return 1;
      }
    }
    std::cout << a << " and " << b << ": step " << sa.meta.step << ", all " << sa.raw.size()
              << " fields bitwise identical\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
}
