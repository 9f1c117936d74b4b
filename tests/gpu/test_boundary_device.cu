/// @file test_boundary_device.cu
/// @brief The refresh of a block's ghost layers on the device (GhostLayerKernel, one launch for
/// every axis) gives the host's bits: ghost cells are copies, sign flips and stored values, so no
/// rounding may differ. Every boundary kind on some variable of every face, fixed faces included,
/// a deeper ghost layer left as it was, float and double. Skips without a device.
#include <gtest/gtest.h>

#include "alfven/core/core.hpp"
#include "alfven/mhd/solver.hpp"
#include "gpu_test.hpp"

namespace {

using namespace alfven;
using namespace alfven::mhd;
using BoundaryDevice = alfven::test::GpuTest;

template <typename Real>
void fill_tagged(Fields<Real, backend::Host>& f, const Grid& g, double offset) {
  for (int var = 0; var < num_vars; ++var)
    for (int k = 0; k < g.total[2]; ++k)
      for (int j = 0; j < g.total[1]; ++j)
        for (int i = 0; i < g.total[0]; ++i)
          f(i, j, k, var) = Real(offset + i + 64.0 * j + 4096.0 * k + 0.5 * var);
}

template <typename Real>
void check_device_refresh_equals_host() {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
  const Grid g = make_grid(33, 18, 11, lo, hi, 3);  // margin 3, the scheme refreshes 2
  SchemeParameters p;
  for (int face = 0; face < 6; ++face)
    for (int var = 0; var < num_vars; ++var) p.boundaries.code[face][var] = (face + 2 * var) % 5;
  Fields<Real, backend::Host> initial(g), state(g), host_result(g), device_result(g);
  fill_tagged(initial, g, 0.25);
  fill_tagged(state, g, 0.0);
  Solver<Real, backend::Host> on_host(g, p);
  Solver<Real, backend::CUDA> on_device(g, p);
  on_host.set_fixed_boundaries(initial);
  on_device.set_fixed_boundaries(initial);
  host_result.copy_from(state);
  on_host.apply_boundaries(host_result);
  Fields<Real, backend::CUDA> f(g);
  f.copy_from(state);
  on_device.apply_boundaries(f);
  device_result.copy_from(f);
  long differ = 0, changed = 0;
  for (int var = 0; var < num_vars; ++var)
    for (int k = 0; k < g.total[2]; ++k)
      for (int j = 0; j < g.total[1]; ++j)
        for (int i = 0; i < g.total[0]; ++i) {
          differ += host_result(i, j, k, var) != device_result(i, j, k, var);
          changed += host_result(i, j, k, var) != state(i, j, k, var);
        }
  EXPECT_EQ(differ, 0);
  EXPECT_GT(changed, 0);
}

TEST_F(BoundaryDevice, OneLaunchRefreshGivesTheHostsBitsInDouble) {
  check_device_refresh_equals_host<double>();
}
TEST_F(BoundaryDevice, OneLaunchRefreshGivesTheHostsBitsInFloat) {
  check_device_refresh_equals_host<float>();
}

}  // namespace
