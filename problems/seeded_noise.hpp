// Random perturbations that do not depend on the decomposition: the value at a cell is a hash of
// the seed and the bits of the cell centre's coordinates (the same double on every rank, since a
// block's centres are lo + (global index + 1/2) d), so 1 or N ranks see the same numbers (MISO's
// demos seed a generator with the rank instead).
#pragma once

#include <cstdint>
#include <cstring>

namespace alfven {
namespace mhd {

/// SplitMix64 (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number generators",
/// OOPSLA): a bijective 64-bit mixing function.
inline std::uint64_t splitmix64(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// A number uniform in [-1, 1) determined by `seed`, the position (x, y, z) and `component`
/// (several independent numbers per cell).
inline double seeded_uniform(std::uint64_t seed, double x, double y, double z, int component) {
  std::uint64_t h = splitmix64(seed ^ (std::uint64_t(component) << 56));
  for (double c : {x, y, z}) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &c, sizeof bits);
    h = splitmix64(h ^ bits);
  }
  return double(h >> 11) * (2.0 / 9007199254740992.0) - 1.0;  // 53 random bits -> [-1, 1)
}

}  // namespace mhd
}  // namespace alfven
