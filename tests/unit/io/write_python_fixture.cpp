// Writes a small run for the Python reader test (check_python_reader.py): two snapshots whose
// file names sort opposite to their times, an XDMF index and a CSV log.
//
// Usage: io_python_fixture DIR
// Values: density = 1 + x + 10 y + t, velocity_x = x * y, on a 6 x 5 x 1 grid over
// [0, 1] x [0, 2] x [0, 0.1]; snapshot_0001.h5 (t = 0, float64), snapshot_0000.h5 (t = 0.5,
// float32).
#include <cstdio>
#include <exception>
#include <filesystem>
#include <vector>

#include "alfven/io/csv_log.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/io/xdmf.hpp"

namespace io = alfven::io;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  try {
    const std::filesystem::path dir = argv[1];
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    io::GridInfo g{{6, 5, 1}, {0.0, 0.0, 0.0}, {1.0, 2.0, 0.1}};
    const double times[2] = {0.0, 0.5};
    const char* names[2] = {"snapshot_0001.h5", "snapshot_0000.h5"};
    for (int s = 0; s < 2; ++s) {
      std::vector<double> rho, vx;
      std::vector<float> rho32, vx32;
      for (int j = 0; j < g.n[1]; ++j)
        for (int i = 0; i < g.n[0]; ++i) {
          const double x = io::cell_centre(g, 0, i), y = io::cell_centre(g, 1, j);
          rho.push_back(1.0 + x + 10.0 * y + times[s]);
          vx.push_back(x * y);
          rho32.push_back(float(rho.back()));
          vx32.push_back(float(vx.back()));
        }
      io::SnapshotMeta meta;
      meta.time = times[s];
      meta.step = 10 * s;
      meta.index = s;
      meta.problem = "python_fixture";
      meta.gamma = 1.4;
      meta.extra["cfl_number"] = 0.4;
      std::vector<io::FieldRef> fields;
      if (s == 0)
        fields = {{"density", io::DataType::Float64, rho.data()},
                  {"velocity_x", io::DataType::Float64, vx.data()}};
      else
        fields = {{"density", io::DataType::Float32, rho32.data()},
                  {"velocity_x", io::DataType::Float32, vx32.data()}};
      io::write_snapshot((dir / names[s]).string(), g, meta, fields);
    }
    io::write_xdmf((dir / "run.xdmf").string(), g, io::DataType::Float64, {"density", "velocity_x"},
                   {{names[0], times[0]}, {names[1], times[1]}});
    io::CsvLog log((dir / "log.csv").string(), {"step", "time", "dt", "total_mass"});
    log.append({0, 0.0, 0.25, 1.5});
    log.append({10, 0.5, 0.125, 1.5});
  } catch (const std::exception& e) {
    std::fprintf(stderr, "io_python_fixture: %s\n", e.what());
    return 1;
  }
  return 0;
}
