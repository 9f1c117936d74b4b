// bench_radiation_cuda: one radiative-transfer solve on the GPU (bench_radiation.hpp).
#include "bench_radiation.hpp"

int main(int argc, char** argv) {
  if (!alfven::device_available()) {
    std::printf("{\"bench\": \"radiation\", \"skipped\": \"no CUDA device visible\"}\n");
    return 0;
  }
  return alfven::bench::radiation_main<alfven::backend::CUDA>(argc, argv, "cuda");
}
