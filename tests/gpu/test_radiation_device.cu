// The short-characteristics transfer solver on the device gives the host's answer: a 3D
// searchlight (beam through x_lower, periodic y and z, chi = 1, S = 0.5, 24 rays) in double and
// in float. Tolerances: the same kernels, so host and device differ only where nvcc contracts a
// multiply and an add into one rounding; carried through some 40 planes of sweeps and a few
// iterations that is a few hundred roundings: 1e-12 (double) and 1e-5 (float) of the peak.
#include <gtest/gtest.h>

#include <cmath>

#include "alfven/core/device.hpp"
#include "alfven/mhd/radiation/radiative_transfer.hpp"

namespace {

using namespace alfven;
using namespace alfven::mhd;

template <typename Real>
void compare(double tolerance) {
  if (!device_available()) GTEST_SKIP() << "no CUDA device visible";
  const double lo[3] = {-0.5, -0.5, -0.5}, hi[3] = {0.5, 0.5, 0.5};
  const Grid g = make_grid(40, 24, 24, lo, hi, 2);
  const bool periodic[3] = {false, true, true};
  const SerialCommunicator comm(periodic);
  RadiationBoundary<Real> b;
  b.beam_face = 0;
  b.beam_intensity = 1;
  b.beam_radius = Real(0.2);
  b.beam_centre[0] = Real(-0.5);
  RadiativeTransfer<Real, backend::Host> host(g, 24, &comm);
  RadiativeTransfer<Real, backend::CUDA> device(g, 24, &comm);
  for (long c = 0; c < g.total_cells(); ++c) {
    host.absorption().data()[c] = Real(1);
    host.source().data()[c] = Real(0.5);
  }
  device.absorption().copy_from(host.absorption());
  device.source().copy_from(host.source());
  host.set_boundary(b);
  device.set_boundary(b);
  const RadiationSolveReport rh = host.solve(1e-10, 100), rd = device.solve(1e-10, 100);
  EXPECT_TRUE(rh.converged);
  EXPECT_TRUE(rd.converged);
  Array1D<Real> j(device.mean_intensity().size());
  j.copy_from(device.mean_intensity());
  double worst = 0, peak = 0;
  for (long c = 0; c < j.size(); ++c) {
    worst =
        std::max(worst, std::abs(double(j.data()[c]) - double(host.mean_intensity().data()[c])));
    peak = std::max(peak, std::abs(double(host.mean_intensity().data()[c])));
  }
  std::printf("radiation: max |host - device| / peak = %.3g (iterations %d, %d)\n", worst / peak,
              rh.iterations, rd.iterations);
  EXPECT_LE(worst, tolerance * peak);
}

}  // namespace

TEST(RadiationDevice, SearchlightDoubleMatchesHost) {
  compare<double>(1e-12);
}
TEST(RadiationDevice, SearchlightFloatMatchesHost) {
  compare<float>(1e-5);
}
