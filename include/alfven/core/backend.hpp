/// @file backend.hpp
/// @brief Backend tags. A backend says where an array lives and where a loop runs.
#pragma once

namespace alfven {
namespace backend {

/// Host memory; loops run on the CPU (with OpenMP threads when the build has OpenMP).
struct Host {
  static constexpr const char* name = "host";
};

/// CUDA device memory (plain cudaMalloc); loops run as CUDA kernels. Usable only in
/// translation units compiled by nvcc in a build with ALFVEN_ENABLE_CUDA.
struct CUDA {
  static constexpr const char* name = "cuda";
};

}  // namespace backend
}  // namespace alfven
