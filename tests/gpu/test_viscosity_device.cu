/// @file test_viscosity_device.cu
/// @brief The viscous update on the device: every run length gives the same bits (one kernel,
/// the run a run-time value, each face flux with the same operands and operations), and the
/// device agrees with the host to rounding: nvcc contracts products into fused multiply-adds
/// where g++ does not, about one rounding per operation, so the bound is 1e-12 (double) and
/// 1e-5 (float) times the largest |value| of each field over a single update. Skips without a
/// device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "../unit/mhd/rough_state.hpp"
#include "alfven/core/core.hpp"
#include "alfven/mhd/fields.hpp"
#include "alfven/mhd/grid.hpp"
#include "alfven/mhd/viscosity.hpp"
#include "gpu_test.hpp"

namespace {

using namespace alfven;
using namespace alfven::mhd;
using ViscosityDevice = alfven::test::GpuTest;

template <typename Real, typename Backend>
Fields<Real, backend::Host> update(const Grid& g, const Fields<Real, backend::Host>& q_host,
                                   const Array3D<Real, backend::Host>& speed_host, int axis,
                                   int run) {
  Fields<Real, Backend> q(g), out(g);
  Array3D<Real, Backend> speed(g.total[0], g.total[1], g.total[2]);
  q.copy_from(q_host);
  out.copy_from(q_host);
  speed.copy_from(speed_host);
  const ViscosityKernel<Real> k{q.const_view(),
                                out.view(),
                                speed.const_view(),
                                axis,
                                g.stride(axis),
                                Real(0.3),
                                Real(0.5),
                                Real(1.0),
                                run,
                                g.margin[axis],
                                g.margin[axis] + g.n[axis]};
  for_each(Backend{}, viscosity_runs(g, axis, run), k);
  Fields<Real, backend::Host> result(g);
  result.copy_from(out);
  return result;
}

template <typename Real>
void check_runs_and_host() {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(37, 21, 13, lo, hi, 2);
  Fields<Real, backend::Host> q(g);
  Array3D<Real, backend::Host> speed(g.total[0], g.total[1], g.total[2]);
  test::fill_rough_state(g, q);
  test::fill_rough_speed(speed);
  const double tolerance = sizeof(Real) == 8 ? 1e-12 : 1e-5;
  for (int axis = 0; axis < 3; ++axis) {
    const auto ref = update<Real, backend::CUDA>(g, q, speed, axis, 1);
    for (int run : {3, 4, 8, 16, 64}) {
      const auto out = update<Real, backend::CUDA>(g, q, speed, axis, run);
      for (int n = 0; n < num_vars; ++n)
        for (int k = 0; k < g.total[2]; ++k)
          for (int j = 0; j < g.total[1]; ++j)
            for (int i = 0; i < g.total[0]; ++i)
              ASSERT_EQ(out(i, j, k, n), ref(i, j, k, n))
                  << "axis " << axis << ", run " << run << ", variable " << n;
    }
    const auto host = update<Real, backend::Host>(g, q, speed, axis, 8);
    for (int n = 0; n < num_vars; ++n) {
      double scale = 0, worst = 0;
      for (int k = 0; k < g.total[2]; ++k)
        for (int j = 0; j < g.total[1]; ++j)
          for (int i = 0; i < g.total[0]; ++i) {
            scale = std::max(scale, std::abs(double(host(i, j, k, n))));
            worst = std::max(worst, std::abs(double(host(i, j, k, n)) - double(ref(i, j, k, n))));
          }
      EXPECT_LE(worst, tolerance * scale) << "axis " << axis << ", variable " << n;
    }
  }
}

TEST_F(ViscosityDevice, RunLengthsGiveTheSameBitsAndAgreeWithTheHostInDouble) {
  check_runs_and_host<double>();
}
TEST_F(ViscosityDevice, RunLengthsGiveTheSameBitsAndAgreeWithTheHostInFloat) {
  check_runs_and_host<float>();
}

}  // namespace
