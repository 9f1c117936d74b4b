// bench_radiation: one radiative-transfer solve on the host (bench_radiation.hpp).
#include "bench_radiation.hpp"

int main(int argc, char** argv) {
  return alfven::bench::radiation_main<alfven::backend::Host>(argc, argv, "host");
}
