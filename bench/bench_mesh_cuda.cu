// bench_mesh compiled by nvcc, so that gpu::transform launches CUDA kernels: the pool overload
// times the device kernel alone, the vector overload the whole call with copies (512^3 grid,
// 1e6 random points).
#include "bench_mesh.cpp"
