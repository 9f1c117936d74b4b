/// @file macros.hpp
/// @brief Portability macros: where a function may run, and how a lambda is written so that
/// the same source compiles for the host and for a CUDA device.
#pragma once

#if defined(__CUDACC__)
/// Marks a function callable from host code and from device code (a kernel).
#define ALFVEN_HOST_DEVICE __host__ __device__
/// Marks a function callable only from device code.
#define ALFVEN_DEVICE __device__
/// Opens a lambda handed to for_each/reduce. Captures by value: never `[&]`, never `this`
/// (copy members into locals first; see docs/core.md, "Lambdas").
#define ALFVEN_LAMBDA [=] __host__ __device__
#else
#define ALFVEN_HOST_DEVICE
#define ALFVEN_DEVICE
#define ALFVEN_LAMBDA [=]
#endif

/// Forces inlining of small numerical helpers on both compilers.
#if defined(__CUDACC__)
#define ALFVEN_INLINE __forceinline__
#else
#define ALFVEN_INLINE inline __attribute__((always_inline))
#endif

/// Kernel parameter qualifier: all threads read the (const) parameter in place from the
/// constant parameter space (`__grid_constant__`, CUDA >= 11.7 on compute capability >= 7.0),
/// so large functors are not copied into registers or local memory; empty elsewhere.
#if defined(__CUDACC__) && defined(__CUDACC_VER_MAJOR__) &&                                     \
    (__CUDACC_VER_MAJOR__ > 11 || (__CUDACC_VER_MAJOR__ == 11 && __CUDACC_VER_MINOR__ >= 7)) && \
    (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700)
#define ALFVEN_GRID_CONSTANT __grid_constant__
#else
#define ALFVEN_GRID_CONSTANT
#endif

/// True inside a translation unit compiled by nvcc (host or device pass).
#if defined(__CUDACC__)
#define ALFVEN_CUDA_COMPILER 1
#else
#define ALFVEN_CUDA_COMPILER 0
#endif
