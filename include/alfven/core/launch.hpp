/// @file launch.hpp
/// @brief Launch settings: threads per block and the resident-thread target of a device loop.
///
/// Given as template arguments, `for_each<BlockSize, MinResidentThreads>(backend, range, f)`, or
/// as a tag, `for_each(backend, LaunchSettings<BlockSize, MinResidentThreads>{}, range, f)`. On
/// the CUDA backend they become `__launch_bounds__(BlockSize, MinResidentThreads / BlockSize)`:
/// the compiler keeps registers low enough that MinResidentThreads threads fit on one
/// multiprocessor. The host backend accepts and ignores them, so one source serves both.
#pragma once

namespace alfven {

/// Threads per block of a device loop when none are given.
constexpr int default_block_size = 256;

/// Launch settings of a device loop. BlockSize: threads per block, a multiple of 32 (a warp)
/// from 32 to 1024. MinResidentThreads: threads that should be resident on one multiprocessor
/// at once (0: no request; at most 2048, the most a Hopper multiprocessor holds).
template <int BlockSize = default_block_size, int MinResidentThreads = 0>
struct LaunchSettings {
  static_assert(BlockSize >= 32 && BlockSize <= 1024 && BlockSize % 32 == 0,
                "BlockSize must be a multiple of 32 from 32 to 1024");
  static_assert(MinResidentThreads >= 0 && MinResidentThreads <= 2048,
                "MinResidentThreads must be from 0 to 2048");
  /// Threads per block.
  static constexpr int block_size = BlockSize;
  /// Requested resident threads per multiprocessor.
  static constexpr int min_resident_threads = MinResidentThreads;
  /// Second argument of __launch_bounds__ (at least 1).
  static constexpr int min_blocks_per_multiprocessor =
      MinResidentThreads / BlockSize > 0 ? MinResidentThreads / BlockSize : 1;
};

/// for_each with a LaunchSettings tag: the same as for_each<BlockSize, MinResidentThreads>(b, r, f).
template <int BlockSize, int MinResidentThreads, typename Backend, typename Range, typename F>
void for_each(Backend b, LaunchSettings<BlockSize, MinResidentThreads>, const Range& r, const F& f) {
  for_each<BlockSize, MinResidentThreads>(b, r, f);
}

}  // namespace alfven
