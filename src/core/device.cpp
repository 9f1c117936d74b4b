/// @file device.cpp
/// @brief Device queries and selection of the CUDA build (declared in alfven/core/device.hpp).
#include "alfven/core/device.hpp"

#include <cuda_runtime_api.h>

#include <cstdlib>
#include <new>

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

void* allocate_pinned(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  if (device_count() == 0) {  // no driver: plain memory (pinning needs a CUDA context)
    void* p = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!p) throw std::bad_alloc();
    return p;
  }
  void* p = nullptr;
  if (cudaHostAlloc(&p, bytes, cudaHostAllocPortable) != cudaSuccess) {
    (void)cudaGetLastError();
    throw std::bad_alloc();
  }
  return p;
}

void free_pinned(void* p) {
  if (!p) return;
  // Memory from the fallback above is not registered with CUDA: ask before freeing.
  cudaPointerAttributes attr{};
  if (device_count() > 0 && cudaPointerGetAttributes(&attr, p) == cudaSuccess &&
      attr.type == cudaMemoryTypeHost) {
    ALFVEN_CUDA_CHECK(cudaFreeHost(p));
  } else {
    (void)cudaGetLastError();
    std::free(p);
  }
}

bool register_host_memory(void* p, std::size_t bytes) {
  if (!p || bytes == 0 || device_count() == 0) return false;
  if (cudaHostRegister(p, bytes, cudaHostRegisterPortable) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return true;
}

void unregister_host_memory(void* p) {
  if (p && cudaHostUnregister(p) != cudaSuccess) (void)cudaGetLastError();
}

void* create_stream(bool high_priority) {
  int least = 0, greatest = 0;
  ALFVEN_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t s = nullptr;
  ALFVEN_CUDA_CHECK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, high_priority ? greatest : least));
  return s;
}

void destroy_stream(void* stream) {
  if (stream) ALFVEN_CUDA_CHECK(cudaStreamDestroy(static_cast<cudaStream_t>(stream)));
}

void* create_event(bool timing) {
  cudaEvent_t e = nullptr;
  ALFVEN_CUDA_CHECK(cudaEventCreateWithFlags(&e, timing ? cudaEventDefault : cudaEventDisableTiming));
  return e;
}

float elapsed_milliseconds(void* start, void* end) {
  float ms = 0.f;
  ALFVEN_CUDA_CHECK(cudaEventElapsedTime(&ms, static_cast<cudaEvent_t>(start), static_cast<cudaEvent_t>(end)));
  return ms;
}

void destroy_event(void* event) {
  if (event) ALFVEN_CUDA_CHECK(cudaEventDestroy(static_cast<cudaEvent_t>(event)));
}

void record_event(void* event, void* stream) {
  ALFVEN_CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(event), static_cast<cudaStream_t>(stream)));
}

void stream_wait_event(void* stream, void* event) {
  ALFVEN_CUDA_CHECK(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream), static_cast<cudaEvent_t>(event), 0));
}

void event_synchronize(void* event) { ALFVEN_CUDA_CHECK(cudaEventSynchronize(static_cast<cudaEvent_t>(event))); }

int current_device() {
  if (device_count() == 0) return -1;
  int device = -1;
  ALFVEN_CUDA_CHECK(cudaGetDevice(&device));
  return device;
}

}  // namespace alfven
