/// @file bench_radiation.hpp
/// @brief One radiative-transfer solve timed on a backend: a 3D searchlight (beam through
/// x_lower, chi = 1, S = 0.5, 24 rays) on an N^3 block with vacuum faces (one sweep per solve),
/// best of 3; prints one JSON line with rays x cells per second. Included by bench_radiation.cpp
/// (host) and bench_radiation_cuda.cu (CUDA).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "alfven/core/device.hpp"
#include "alfven/mhd/radiation/radiative_transfer.hpp"

namespace alfven {
namespace bench {

template <typename Real, typename Backend>
void radiation_case(int n, const char* backend, const char* precision) {
  using namespace alfven::mhd;
  const double lo[3] = {-0.5, -0.5, -0.5}, hi[3] = {0.5, 0.5, 0.5};
  const Grid g = make_grid(n, n, n, lo, hi, 2);
  const bool periodic[3] = {false, false, false};
  const SerialCommunicator comm(periodic);
  RadiativeTransfer<Real, Backend> rt(g, 24, &comm);
  Array1D<Real> chi(g.total_cells()), s(g.total_cells());
  for (long c = 0; c < g.total_cells(); ++c) chi.data()[c] = Real(1), s.data()[c] = Real(0.5);
  rt.absorption().copy_from(chi);
  rt.source().copy_from(s);
  RadiationBoundary<Real> b;
  b.beam_face = 0;
  b.beam_intensity = 1;
  b.beam_radius = Real(0.2);
  b.beam_centre[0] = Real(-0.5);
  rt.set_boundary(b);
  rt.solve(0, 1);  // warm-up (first launches, page faults)
  double best = 1e30;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    rt.solve(0, 1);
    device_synchronize();  // a CUDA solve's last kernels (no-op on the host)
    best = std::min(best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  const double rate = 24.0 * double(g.interior_cells()) / best;
  std::printf(
      "{\"bench\": \"radiation\", \"backend\": \"%s\", \"precision\": \"%s\", \"n\": %d, "
      "\"rays\": 24, \"seconds\": %.4g, \"ray_cell_updates_per_second\": %.4g}\n",
      backend, precision, n, best, rate);
}

/// `bench_radiation [N ...]` (default 32 64): every size in float and double.
template <typename Backend>
int radiation_main(int argc, char** argv, const char* backend) {
  std::vector<int> sizes;
  for (int a = 1; a < argc; ++a) {
    const int n = std::atoi(argv[a]);
    if (n < 2 || n > 1024) {
      std::fprintf(stderr,
                   "usage: %s [N ...]: cube sizes from 2 to 1024 (default 32 64); got '%s'\n",
                   argv[0], argv[a]);
      return 2;
    }
    sizes.push_back(n);
  }
  if (sizes.empty()) sizes = {32, 64};
  for (int n : sizes) {
    radiation_case<float, Backend>(n, backend, "float");
    radiation_case<double, Backend>(n, backend, "double");
  }
  return 0;
}

}  // namespace bench
}  // namespace alfven
