/// @file device.cpp
/// @brief Device queries and selection, streams and events of the CUDA build (declared in
/// alfven/core/device.hpp and alfven/core/stream.hpp).
#include "alfven/core/device.hpp"

#include <cuda_runtime_api.h>

#include "alfven/core/cuda/check.hpp"
#include "alfven/core/stream.hpp"

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

bool device_available() {
  return device_count() > 0;
}

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

namespace detail {

StreamHandle stream_create(bool high_priority) {
  int least = 0, greatest = 0;
  ALFVEN_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  cudaStream_t s = nullptr;
  ALFVEN_CUDA_CHECK(
      cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, high_priority ? greatest : least));
  return s;
}

void stream_destroy(StreamHandle stream) {
  if (!stream) return;
  const cudaError_t err = cudaStreamDestroy(stream);
  if (err != cudaErrorCudartUnloading)
    cuda_check(err, "cudaStreamDestroy(stream)", __FILE__, __LINE__);
}

void stream_synchronize(StreamHandle stream) {
  if (stream || device_count() > 0) ALFVEN_CUDA_CHECK(cudaStreamSynchronize(stream));
}

EventHandle event_create(bool timing) {
  cudaEvent_t e = nullptr;
  ALFVEN_CUDA_CHECK(
      cudaEventCreateWithFlags(&e, timing ? cudaEventDefault : cudaEventDisableTiming));
  return e;
}

void event_destroy(EventHandle event) {
  if (!event) return;
  const cudaError_t err = cudaEventDestroy(event);
  if (err != cudaErrorCudartUnloading)
    cuda_check(err, "cudaEventDestroy(event)", __FILE__, __LINE__);
}

void event_record(EventHandle event, StreamHandle stream) {
  ALFVEN_CUDA_CHECK(cudaEventRecord(event, stream));
}

void stream_wait(StreamHandle stream, EventHandle event) {
  ALFVEN_CUDA_CHECK(cudaStreamWaitEvent(stream, event, 0));
}

void event_synchronize(EventHandle event) {
  ALFVEN_CUDA_CHECK(cudaEventSynchronize(event));
}

float event_elapsed_milliseconds(EventHandle start, EventHandle end) {
  float ms = 0.f;
  ALFVEN_CUDA_CHECK(cudaEventElapsedTime(&ms, start, end));
  return ms;
}

}  // namespace detail

int current_device() {
  if (device_count() == 0) return -1;
  int device = -1;
  ALFVEN_CUDA_CHECK(cudaGetDevice(&device));
  return device;
}

}  // namespace alfven
