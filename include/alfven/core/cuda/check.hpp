/// @file cuda/check.hpp
/// @brief ALFVEN_CUDA_CHECK: every CUDA runtime call checked, every kernel launch too.
///
/// Needs only the CUDA runtime API header, so plain C++ files of a CUDA build (ALFVEN_HAVE_CUDA)
/// may include it as well as nvcc translation units.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdio>

#include "../fatal.hpp"

namespace alfven {
namespace detail {

/// Reports a failed runtime call and stops: prints
/// "CUDA error in <call> at <file>:<line>: <error string>" and calls alfven::fatal_error (the
/// fatal handler: std::abort by default, MPI_Abort once the MPI layer installs it).
[[noreturn]] inline void cuda_fail(cudaError_t err, const char* call, const char* file, int line) {
  char message[1024];
  std::snprintf(message, sizeof message, "CUDA error in %s at %s:%d: %s (%s)", call, file, line,
                cudaGetErrorString(err), cudaGetErrorName(err));
  fatal_error(message);
}

/// Returns normally when err is cudaSuccess, otherwise reports and stops (cuda_fail).
inline void cuda_check(cudaError_t err, const char* call, const char* file, int line) {
  if (err != cudaSuccess) cuda_fail(err, call, file, line);
}

}  // namespace detail
}  // namespace alfven

/// Evaluates the CUDA runtime call `call` once; on any error prints the call's text, file, line
/// and the error string, then calls the fatal handler (does not return).
#define ALFVEN_CUDA_CHECK(call) ::alfven::detail::cuda_check((call), #call, __FILE__, __LINE__)

/// Checks the kernel launch just made (cudaGetLastError: bad configuration, no code for this
/// GPU, too many resources). Faults inside the kernel show at the next synchronising call,
/// unless ALFVEN_CUDA_SYNC_LAUNCHES is defined: then it also synchronises the device, so an
/// error is reported at the launch that caused it (slow; for debugging).
#if defined(ALFVEN_CUDA_SYNC_LAUNCHES)
#define ALFVEN_CUDA_CHECK_LAUNCH(what)                                                         \
  do {                                                                                         \
    ::alfven::detail::cuda_check(cudaGetLastError(), "launch of " what, __FILE__, __LINE__);   \
    ::alfven::detail::cuda_check(cudaDeviceSynchronize(), "kernel " what, __FILE__, __LINE__); \
  } while (0)
#else
#define ALFVEN_CUDA_CHECK_LAUNCH(what) \
  ::alfven::detail::cuda_check(cudaGetLastError(), "launch of " what, __FILE__, __LINE__)
#endif
