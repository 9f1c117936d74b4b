/// @file cuda/launch.hpp
/// @brief The device half of the one launch path: one kernel template per loop shape (a 1D
/// index range, a 3D box), carrying the launch settings into `__launch_bounds__` and taking the
/// functor as a `__grid_constant__` parameter. Both faces launch only through here:
/// for_each/reduce (cuda/for_each.hpp, cuda/reduce.hpp) and gpu::parallel_for/transform
/// (gpu.hpp). nvcc translation units only.
///
/// Kernels are grid-stride loops, so any range fits in one launch (the grid is clamped to the
/// hardware's limits). Launches are asynchronous on the given stream; a failed launch is fatal
/// (ALFVEN_CUDA_CHECK_LAUNCH); a fault inside a kernel shows at the next synchronising call.
#pragma once

#include <cuda_runtime.h>

#include <climits>

#include "../launch.hpp"
#include "../macros.hpp"
#include "../range.hpp"
#include "check.hpp"

namespace alfven {
namespace detail {

/// Largest functor a kernel parameter list can hold (CUDA 12.1+ on Volta and newer: 32764 bytes).
constexpr unsigned long max_kernel_functor_bytes = 32000;

/// What every functor launched on the device must be: trivially copyable (checked in every
/// build, launch.hpp) and small enough for the kernel's parameter space.
template <typename F>
constexpr void check_device_functor() {
  check_kernel_functor<F>();
  static_assert(sizeof(F) <= max_kernel_functor_bytes,
                "functor too large for a kernel parameter: capture views, not arrays of values");
}

/// f(begin + t) for t in [0, n): the kernel of every 1D loop. Index is the type f takes.
template <int BlockSize, int MinBlocks, typename Index, typename F>
__global__ void __launch_bounds__(BlockSize, MinBlocks)
    loop_kernel_1d(const ALFVEN_GRID_CONSTANT F f, Index begin, Index n) {
  const Index stride = Index(gridDim.x) * Index(BlockSize);
  for (Index t = Index(blockIdx.x) * Index(BlockSize) + Index(threadIdx.x); t < n; t += stride)
    f(begin + t);
}

/// f(i, j, k) for every (i, j, k) of r: the kernel of every 3D loop, threadIdx.x along i,
/// threadIdx.y along j, threadIdx.z along k.
template <int BlockSize, int MinBlocks, typename F>
__global__ void __launch_bounds__(BlockSize, MinBlocks)
    loop_kernel_3d(const ALFVEN_GRID_CONSTANT F f, Range3D r) {
  const int sk = int(gridDim.z * blockDim.z), sj = int(gridDim.y * blockDim.y),
            si = int(gridDim.x * blockDim.x);
  for (int k = r.begin[2] + int(blockIdx.z * blockDim.z + threadIdx.z); k < r.end[2]; k += sk)
    for (int j = r.begin[1] + int(blockIdx.y * blockDim.y + threadIdx.y); j < r.end[1]; j += sj)
      for (int i = r.begin[0] + int(blockIdx.x * blockDim.x + threadIdx.x); i < r.end[0]; i += si)
        f(i, j, k);
}

/// Block shape of a 3D launch: z along k (block_z, or the first power of two >= nk when nk is
/// smaller), x along i (a power of two, at least 32 or the first power of two >= ni when ni is
/// smaller, at most block_size / z, and at most block_x when block_x > 0), y the rest. A box a
/// few cells thick in i (the layers next to an x face) or in k (a 2D grid) would otherwise
/// leave most lanes of every block idle.
inline dim3 block_shape_3d(int block_size, int ni, int block_x = 0, int block_z = 1,
                           int nk = INT_MAX) {
  int bz = block_z;
  while (bz > 1 && bz / 2 >= nk) bz /= 2;
  const int plane = block_size / bz;
  const int widest = block_x > 0 && block_x < plane ? block_x : plane;
  int bx = 1;
  while (bx < ni && bx < 32) bx *= 2;
  while (bx < ni && bx * 2 <= widest) bx *= 2;
  return dim3(unsigned(bx), unsigned(plane / bx), unsigned(bz));
}

inline unsigned clamp_grid(long long blocks, long long limit) {
  return unsigned(blocks < 1 ? 1 : (blocks > limit ? limit : blocks));
}

/// Queues f(i) for i in [begin, begin + n) on `stream` with launch settings LS. Nothing for n <= 0.
template <typename LS, typename Index, typename F>
void launch_1d(Index begin, Index n, const F& f, cudaStream_t stream) {
  check_device_functor<F>();
  if (n <= Index(0)) return;
  const unsigned blocks =
      clamp_grid((static_cast<long long>(n) + LS::block_size - 1) / LS::block_size, INT_MAX);
  loop_kernel_1d<LS::block_size, LS::min_blocks_per_multiprocessor, Index, F>
      <<<blocks, LS::block_size, 0, stream>>>(f, begin, n);
  ALFVEN_CUDA_CHECK_LAUNCH("loop_kernel_1d");
}

/// Queues f(i, j, k) over the box r on `stream` with launch settings LS. Nothing for an empty box.
template <typename LS, typename F>
void launch_3d(const Range3D& r, const F& f, cudaStream_t stream) {
  check_device_functor<F>();
  if (r.size() == 0) return;
  const dim3 block =
      block_shape_3d(LS::block_size, r.extent(0), LS::block_x, LS::block_z, r.extent(2));
  const dim3 grid(clamp_grid((r.extent(0) + block.x - 1) / block.x, INT_MAX),
                  clamp_grid((r.extent(1) + block.y - 1) / block.y, 65535),
                  clamp_grid((r.extent(2) + block.z - 1) / block.z, 65535));
  loop_kernel_3d<LS::block_size, LS::min_blocks_per_multiprocessor, F>
      <<<grid, block, 0, stream>>>(f, r);
  ALFVEN_CUDA_CHECK_LAUNCH("loop_kernel_3d");
}

}  // namespace detail
}  // namespace alfven
