/// @file cuda/for_each_tile.hpp
/// @brief for_each_tile on the CUDA backend: one block per tile (a grid-stride loop over tiles),
/// the scratch in the block's dynamic shared memory, __syncthreads() after every phase. The
/// contract of the tile functor is in ../for_each_tile.hpp. nvcc translation units only.
#pragma once

#include <cuda_runtime.h>

#include <climits>
#include <cstddef>

#include "../backend.hpp"
#include "../for_each_tile.hpp"
#include "../launch.hpp"
#include "check.hpp"
#include "launch.hpp"

namespace alfven {
namespace detail {

/// The kernel of every tile loop: block b runs tiles b, b + gridDim.x, ...; thread threadIdx.x
/// of the block is the team's thread.
template <int BlockSize, int MinBlocks, typename F>
__global__ void __launch_bounds__(BlockSize, MinBlocks)
    tile_kernel(const ALFVEN_GRID_CONSTANT F f, long tiles) {
  extern __shared__ __align__(16) unsigned char tile_scratch[];
  for (long t = long(blockIdx.x); t < tiles; t += long(gridDim.x)) {
    const int steps = f.steps(t);
    for (int s = 0; s < steps; ++s) {
#pragma unroll
      for (int p = 0; p < F::phases; ++p) {
        f(t, s, p, int(threadIdx.x), tile_scratch);
        __syncthreads();
      }
    }
  }
}

/// Queues the tile loop on `stream`: one block of LS::block_size threads per tile (at most
/// INT_MAX blocks) with f.scratch_bytes() of dynamic shared memory; above the default 48 KiB the
/// kernel is first allowed that much. Errors (fatal, ALFVEN_CUDA_CHECK): scratch larger than a
/// block of this device may hold, a failed launch.
template <typename LS, typename F>
void launch_tiles(long tiles, const F& f, cudaStream_t stream) {
  check_device_functor<F>();
  static_assert(F::phases >= 1, "a tile functor needs at least one phase");
  if (tiles <= 0) return;
  const std::size_t bytes = f.scratch_bytes();
  const auto kernel = tile_kernel<LS::block_size, LS::min_blocks_per_multiprocessor, F>;
  if (bytes > 48 * 1024)
    ALFVEN_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
  kernel<<<clamp_grid(tiles, INT_MAX), LS::block_size, bytes, stream>>>(f, tiles);
  ALFVEN_CUDA_CHECK_LAUNCH("tile_kernel");
}

}  // namespace detail

/// Runs the tile functor f over tiles [0, tiles) on the device (../for_each_tile.hpp).
/// Asynchronous (queued on `stream`); nothing for tiles <= 0.
template <typename F>
void for_each_tile(backend::CUDA, long tiles, const F& f, cudaStream_t stream = 0) {
  detail::launch_tiles<launch_settings_of<F>>(tiles, f, stream);
}

}  // namespace alfven
