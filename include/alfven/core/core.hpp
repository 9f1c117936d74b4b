/// @file core.hpp
/// @brief alfven::core: portable execution. Include this one header to get backends, arrays,
/// views, ranges, both faces of the launch layer (for_each/reduce; gpu::parallel_for/transform),
/// launch settings, memory resources and pools, streams and events, the fatal-error handler and
/// device queries. In a CUDA build (ALFVEN_HAVE_CUDA) it adds device Arrays and copies
/// (cuda/memory.hpp, cuda/check.hpp); in nvcc translation units also the kernels
/// (cuda/launch.hpp) and the CUDA for_each, for_each_tile and reduce (cuda/for_each.hpp,
/// cuda/for_each_tile.hpp, cuda/reduce.hpp).
#pragma once

#include "array.hpp"
#include "backend.hpp"
#include "device.hpp"
#include "error.hpp"
#include "fatal.hpp"
#include "for_each.hpp"
#include "for_each_tile.hpp"
#include "gpu.hpp"
#include "launch.hpp"
#include "macros.hpp"
#include "memory.hpp"
#include "memory_resource.hpp"
#include "pool.hpp"
#include "range.hpp"
#include "reduce.hpp"
#include "stream.hpp"
#include "view.hpp"

// The CUDA backend. Memory and checks need only the runtime API, so plain C++ files of a CUDA
// build get device Arrays and copy_from too; kernels (for_each, reduce) need nvcc.
#if defined(__CUDACC__) || defined(ALFVEN_HAVE_CUDA)
#include "cuda/check.hpp"
#include "cuda/memory.hpp"
#endif
#if defined(__CUDACC__)
#include "cuda/for_each.hpp"
#include "cuda/for_each_tile.hpp"
#include "cuda/launch.hpp"
#include "cuda/reduce.hpp"
#endif
