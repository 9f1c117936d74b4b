// The short-characteristics transfer solver on the device gives the host's answer: a 3D
// searchlight (beam through x_lower, periodic y and z, chi = 1, S = 0.5, 24 rays) in double and
// in float. Tolerances: the same kernels, so host and device differ only where nvcc contracts a
// multiply and an add into one rounding; carried through some 40 planes of sweeps and a few
// iterations that is a few hundred roundings: 1e-12 (double) and 1e-5 (float) of the peak.
// Embedded bodies on the device: the shadows of the host's test (radiation_shadow.hpp).
#include <gtest/gtest.h>

#include <cmath>

#include "../unit/mhd/radiation_shadow.hpp"
#include "alfven/core/device.hpp"
#include "alfven/mhd/radiation/radiative_transfer.hpp"
#include "gpu_test.hpp"

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

using RadiationBodiesDevice = alfven::test::GpuTest;

// A beam on an opaque sphere: J = 0 behind it, the unshaded value beside it, the emission inside
// (one ray along +z: no interpolation, so the device gives the host's exact answers).
TEST_F(RadiationBodiesDevice, BeamOnASphereCastsAShadow) {
  const test::BeamShadow d = test::beam_shadow<double, backend::CUDA>(0.0);
  EXPECT_GT(d.shadow_cells, 100);
  EXPECT_GT(d.beside_cells, 1000);
  EXPECT_EQ(d.shadow_max, 0.0);
  EXPECT_LE(d.beside_error, 1e-14);
  EXPECT_GT(d.beside_min, 0.3);
  EXPECT_EQ(d.inside_max, 0.0);
  const test::BeamShadow f = test::beam_shadow<float, backend::CUDA>(0.25f);
  EXPECT_LT(f.shadow_max, 0.25);
  EXPECT_GT(f.shadow_max, 0.2);
  EXPECT_EQ(f.inside_min, 0.25);
  EXPECT_EQ(f.inside_max, 0.25);
}

// 24 rays around a disc lit from every side: no ray passes through it (beyond a 2-cell penumbra).
TEST_F(RadiationBodiesDevice, NoRayPassesThroughABody) {
  const test::RayShadows m = test::ray_shadows<double, backend::CUDA>();
  EXPECT_GT(m.dark, 500);
  EXPECT_GT(m.lit, 1000);
  EXPECT_LT(m.dark_max, 0.03);
  EXPECT_GT(m.lit_min, 0.98);
}
