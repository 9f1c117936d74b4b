// bench_linear_wave: the convergence table of the linear_wave problem (issue 13): the L1 error
// after one period of each wave (alfven, fast, slow, entropy) at N = 16, 32, 64, 128, with the
// artificial viscosity off and at its defaults, and the measured order between successive N.
// One JSON line per wave and setting. Host backend, double precision; tens of seconds on one
// core. tests/regression/test_linear_wave.cpp asserts the order for N <= 64.
//
//   bench_linear_wave [--sizes 16,32,64,128] [--amplitude A]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "linear_wave_error.hpp"

int main(int argc, char** argv) {
  std::vector<int> sizes = {16, 32, 64, 128};
  std::string amplitude;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--sizes" && i + 1 < argc) {
      sizes.clear();
      std::stringstream list(argv[++i]);
      for (std::string n; std::getline(list, n, ',');) sizes.push_back(std::atoi(n.c_str()));
    } else if (a == "--amplitude" && i + 1 < argc) {
      amplitude = argv[++i];
    } else {
      std::fprintf(stderr, "usage: bench_linear_wave [--sizes 16,32,64,128] [--amplitude A]\n");
      return 2;
    }
  }
  try {
    for (const bool viscous : {false, true}) {
      for (const char* wave : {"alfven", "fast", "slow", "entropy"}) {
        std::vector<std::string> overrides =
            viscous ? std::vector<std::string>{} : alfven_test::no_artificial_viscosity();
        if (!amplitude.empty()) overrides.push_back("problem_parameters.amplitude=" + amplitude);
        std::string errors, orders;
        double last = 0;
        for (std::size_t s = 0; s < sizes.size(); ++s) {
          const double e = alfven_test::run_linear_wave(wave, sizes[s], overrides).l1;
          char item[64];
          std::snprintf(item, sizeof item, "%s%.4e", s ? ", " : "", e);
          errors += item;
          if (s) {
            std::snprintf(item, sizeof item, "%s%.2f", s > 1 ? ", " : "", std::log2(last / e));
            orders += item;
          }
          last = e;
        }
        std::string n_list;
        for (std::size_t s = 0; s < sizes.size(); ++s)
          n_list += (s ? ", " : "") + std::to_string(sizes[s]);
        std::printf(
            "{\"bench\": \"linear_wave\", \"wave\": \"%s\", \"artificial_viscosity\": \"%s\", "
            "\"sizes\": [%s], "
            "\"l1_error\": [%s], \"order\": [%s]}\n",
            wave, viscous ? "default" : "off", n_list.c_str(), errors.c_str(), orders.c_str());
        std::fflush(stdout);
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_linear_wave: %s\n", e.what());
    return 1;
  }
  return 0;
}
