// bench_point_cloud compiled by nvcc, so that gpu::transform / gpu::parallel_for launch CUDA
// kernels: nearest and k = 8 queries/s of the device kernel alone (cloud, queries and results
// already in device memory), all-nearest-neighbours points/s; builds stay on the host.
#include "bench_point_cloud.cpp"
