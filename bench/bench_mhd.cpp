// MHD throughput benchmark (the README's "On a GPU" quotes it): Orszag-Tang extruded in z,
// periodic, N^3 cells, one rank; one cell update = one full step of one cell (all stages,
// boundaries, viscosity and the CFL reduction; no output). Warm-up 3 steps, then at least 10
// steps and 2 s per repeat, 3 repeats; reports the median step time. Prints one JSON object per
// case. Never asserts anything.
//
//   bench_mhd [--backend host|cuda] [--precision float|double|both] [--sizes 64,128,256]
//             [--stage fused|two-pass|tiled]   (default: the solver's, Solver::set_stage_method)
//             [--body none|sphere|MESH_FILE]
//
// --body puts an embedded body (slip wall) in the middle of the box: a sphere of radius 0.2, or
// the mesh in MESH_FILE scaled to 0.6 of the box; the grid then has 5 ghost cells per side (what
// a run with bodies uses). The JSON line adds the body's cells and the set-up time of its
// ghost-cell tables (geometry evaluated on the backend), so that two runs with and without a body
// give the body's share of a step.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "alfven/core/core.hpp"
#include "alfven/core/device.hpp"
#include "alfven/geom/scene.hpp"
#include "alfven/mhd/problem.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/solver.hpp"

#ifndef ALFVEN_BENCH_FLAGS
#define ALFVEN_BENCH_FLAGS "unknown"
#endif

using namespace alfven;
using namespace alfven::mhd;

namespace {

// Values read and written per cell update by the kernels of one step, counted from the code:
// 4 stages x (q0 + qa read, qr written) = 4 x 27; characteristic speed 9 + 1; 3 viscosity passes
// x (9 + 1 read, 9 written); CFL reduction 9 read. Neighbour reads are assumed to hit in cache.
constexpr int kValuesPerCellUpdate = 4 * 27 + 10 + 3 * 19 + 9;

std::string device_name();

/// The body of --body, or nothing for "none".
std::vector<Body> bench_bodies(const std::string& body) {
  if (body == "none") return {};
  if (body == "sphere")
    return {Body{geom::Expr::sphere(geom::Vec3<double>{0.5, 0.5, 0.5}, 0.2), WallRule{}, "sphere"}};
  // A mesh scaled so that its largest side is 0.6 and centred in the unit box.
  const geom::Expr mesh = geom::parse_geometry_yaml("mesh: {file: \"" + body + "\"}", "--body");
  const geom::TriangleMesh& m = *mesh.triangle_mesh;
  const auto box = m.bounds();
  const double size = std::max(
      {box.second.x - box.first.x, box.second.y - box.first.y, box.second.z - box.first.z});
  const double s = 0.6 / size;
  const geom::Vec3<double> c{0.5 * (box.first.x + box.second.x), 0.5 * (box.first.y + box.second.y),
                             0.5 * (box.first.z + box.second.z)};
  geom::Expr e = geom::Expr::translate(
      geom::Expr::scale(geom::Expr::translate(mesh, geom::Vec3<double>{-c.x, -c.y, -c.z}), s),
      geom::Vec3<double>{0.5, 0.5, 0.5});
  return {Body{e, WallRule{}, body}};
}

const char* stage_name(StageMethod m) {
  return m == StageMethod::fused ? "fused" : (m == StageMethod::two_pass ? "two-pass" : "tiled");
}

template <typename Real, typename Backend>
void bench_case(int n, const char* backend_name, const std::string& stage,
                const std::string& body) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const std::vector<Body> bodies = bench_bodies(body);
  const Grid g = make_grid(n, n, n, lo, hi, bodies.empty() ? 2 : embedded_image_reach);
  SchemeParameters p;
  p.gamma = 5.0 / 3.0;
  p.cfl_number = 1.0;
  p.ep = 1.5;
  p.cs_fac = p.ca_fac = p.vv_fac = 0.8;
  auto problem = make_problem("orszag_tang");
  RunConfig cfg;
  cfg.gamma = p.gamma;
  problem->configure(cfg);
  Fields<Real, backend::Host> init(g);
  fill_initial_state(*problem, g, init);
  Solver<Real, Backend> solver(g, p);
  if (stage == "fused") solver.set_stage_method(StageMethod::fused);
  if (stage == "two-pass") solver.set_stage_method(StageMethod::two_pass);
  if (stage == "tiled") solver.set_stage_method(StageMethod::tiled);
  double setup_seconds = 0;
  if (!bodies.empty()) {
    const auto s0 = std::chrono::steady_clock::now();
    solver.set_bodies(bodies, init);
    device_synchronize();
    setup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count();
  }
  solver.set_state(init);
  auto one_step = [&]() { solver.advance(solver.compute_time_step().dt); };
  for (int w = 0; w < 3; ++w) one_step();
  std::vector<double> step_times;
  for (int r = 0; r < 3; ++r) {
    int steps = 0;
    const auto t0 = std::chrono::steady_clock::now();
    double elapsed = 0;
    while (steps < 10 || elapsed < 2.0) {
      one_step();
      ++steps;
      elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    // compute_time_step returns a value on the host, so the device has finished every step.
    step_times.push_back(elapsed / steps);
  }
  std::sort(step_times.begin(), step_times.end());
  const double t = step_times[1];
  const double rate = double(n) * n * n / t;
  const double bytes = double(kValuesPerCellUpdate) * sizeof(Real);
  int threads = 1;
#ifdef _OPENMP
  threads = omp_get_max_threads();
#endif
  std::printf(
      "{\"name\": \"mhd_orszag_tang_3d\", \"backend\": \"%s\", \"precision\": \"%s\", \"size\": "
      "[%d, %d, %d], "
      "\"host_threads\": %d, \"stage\": \"%s\", \"cell_updates_per_second\": %.4g, \"unit\": "
      "\"cell updates/s\", "
      "\"median_step_seconds\": %.4g, \"estimated_bytes_per_cell_update\": %.0f, "
      "\"estimated_bandwidth_GBps\": %.1f, \"fraction_of_4.3TBps\": %.3f, \"body\": \"%s\", "
      "\"solid_cells\": %ld, "
      "\"ghost_cells\": %ld, \"body_setup_seconds\": %.4g, \"flags\": \"%s\", \"device\": "
      "\"%s\"}\n",
      backend_name, sizeof(Real) == 4 ? "float" : "double", n, n, n, threads,
      stage_name(solver.stage_method()), rate, t, bytes, rate * bytes / 1e9, rate * bytes / 4.3e12,
      body.c_str(), solver.bodies().counts().solid, solver.bodies().counts().ghost, setup_seconds,
      ALFVEN_BENCH_FLAGS, device_name().c_str());
  std::fflush(stdout);
}

}  // namespace

#if defined(__CUDACC__)
#include "alfven/core/device.hpp"
namespace {
std::string device_name() {
  return alfven::device_count() > 0 ? alfven::device_name(0) : "none";
}
}  // namespace
#else
#include <fstream>
namespace {
std::string device_name() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "cpu";
}
}  // namespace
#endif

int main(int argc, char** argv) {
  std::string backend = "host", precision = "both", stage = "default", body = "none";
  std::vector<int> sizes = {64, 128};
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--backend")
      backend = value;
    else if (key == "--precision")
      precision = value;
    else if (key == "--stage" &&
             (value == "default" || value == "fused" || value == "two-pass" || value == "tiled"))
      stage = value;
    else if (key == "--body")
      body = value;
    else if (key == "--sizes") {
      sizes.clear();
      for (const char* s = value.c_str(); *s;) {
        sizes.push_back(std::atoi(s));
        while (*s && *s != ',') ++s;
        if (*s == ',') ++s;
      }
    } else {
      std::fprintf(stderr,
                   "usage: bench_mhd [--backend host|cuda] [--precision float|double|both] "
                   "[--sizes 64,128] [--stage fused|two-pass|tiled] [--body none|sphere|MESH]\n");
      return 2;
    }
  }
  for (int n : sizes) {
    if (backend == "host") {
      if (precision != "double") bench_case<float, backend::Host>(n, "host", stage, body);
      if (precision != "float") bench_case<double, backend::Host>(n, "host", stage, body);
    } else {
#if defined(__CUDACC__)
      if (precision != "double") bench_case<float, backend::CUDA>(n, "cuda", stage, body);
      if (precision != "float") bench_case<double, backend::CUDA>(n, "cuda", stage, body);
#else
      std::fprintf(stderr,
                   "bench_mhd: this binary has no CUDA backend (build bench_mhd_cuda with the cuda "
                   "preset)\n");
      return 1;
#endif
    }
  }
  return 0;
}
