/// @file device.cpp
/// @brief Device queries and selection of the CUDA build (declared in alfven/core/device.hpp).
#include "alfven/core/device.hpp"

#include <cuda_runtime_api.h>

#include "alfven/core/cuda/check.hpp"

namespace alfven {

int device_count() {
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) {
    (void)cudaGetLastError();  // no device / no driver: not an error here
    return 0;
  }
  return count;
}

bool device_available() { return device_count() > 0; }

std::string device_name(int device) {
  const int count = device_count();
  ALFVEN_REQUIRE(device >= 0 && device < count,
                 "device_name: no device " << device << " (" << count << " visible)");
  cudaDeviceProp prop{};
  ALFVEN_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  return prop.name;
}

void select_device(int local_rank) {
  ALFVEN_REQUIRE(local_rank >= 0, "select_device: local rank " << local_rank << " is negative");
  const int count = device_count();
  if (count == 0) return;
  ALFVEN_CUDA_CHECK(cudaSetDevice(local_rank % count));
}

void device_synchronize() {
  if (device_count() > 0) ALFVEN_CUDA_CHECK(cudaDeviceSynchronize());
}

int current_device() {
  if (device_count() == 0) return -1;
  int device = -1;
  ALFVEN_CUDA_CHECK(cudaGetDevice(&device));
  return device;
}

}  // namespace alfven
