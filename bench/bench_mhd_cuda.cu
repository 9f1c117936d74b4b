// bench_mhd compiled by nvcc, so that it can run the CUDA backend (--backend cuda).
#include "bench_mhd.cpp"
