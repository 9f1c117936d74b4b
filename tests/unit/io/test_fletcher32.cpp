// The Fletcher-32 checksum of direct chunk writes (direct_chunks.hpp) against HDF5's own
// H5_checksum_fletcher32, the function its H5Z_FILTER_FLETCHER32 filter stores: random bytes of
// every length up to a few blocks of the vectorised loop (odd lengths, unaligned starts), data
// whose sums are multiples of 65535 (HDF5 keeps 65535 there, not 0), all zeros, sparse data.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "direct_chunks.hpp"

// Exported by libhdf5 since 1.8.7 (declared in its private H5private.h).
extern "C" std::uint32_t H5_checksum_fletcher32(const void* data, std::size_t len);

using alfven::io::hdf5::fletcher32;

namespace {
std::uint32_t hdf5_fletcher32(const std::vector<unsigned char>& v, std::size_t first,
                              std::size_t bytes) {
  return H5_checksum_fletcher32(v.data() + first, bytes);
}
}  // namespace

TEST(Fletcher32, EqualsHdf5OnRandomBytesOfEveryLength) {
  std::mt19937 rng(12345);
  std::vector<unsigned char> v(40000);
  for (unsigned char& c : v) c = static_cast<unsigned char>(rng());
  // Lengths across the 16-byte vectors and the 128-vector blocks, from both an even and an odd
  // start.
  for (std::size_t bytes = 0; bytes < 36000; bytes += bytes < 600 ? 1 : 97)
    for (std::size_t first : {std::size_t(0), std::size_t(1)})
      ASSERT_EQ(fletcher32(v.data() + first, bytes), hdf5_fletcher32(v, first, bytes))
          << bytes << " bytes from " << first;
}

TEST(Fletcher32, KeepsHdf5sRepresentationOfMultiplesOf65535) {
  // All 0xff: every word 65535, so sum1 is a multiple of 65535 after every word.
  for (std::size_t bytes : {std::size_t(2), std::size_t(16), std::size_t(4096),
                            std::size_t(1) << 20, (std::size_t(1) << 20) + 2}) {
    const std::vector<unsigned char> ones(bytes, 0xff);
    EXPECT_EQ(fletcher32(ones.data(), bytes), hdf5_fletcher32(ones, 0, bytes)) << bytes;
    EXPECT_EQ(fletcher32(ones.data(), bytes), 0xffffffffu) << bytes;
  }
  const std::vector<unsigned char> zeros(1 << 16, 0);
  EXPECT_EQ(fletcher32(zeros.data(), zeros.size()), 0u);
  EXPECT_EQ(hdf5_fletcher32(zeros, 0, zeros.size()), 0u);
  // One non-zero byte at every position of a few vectors, in zeros: sums of a single word.
  for (std::size_t at = 0; at < 300; ++at) {
    std::vector<unsigned char> one(4099, 0);
    one[at * 13 % one.size()] = 0xff;
    ASSERT_EQ(fletcher32(one.data(), one.size()), hdf5_fletcher32(one, 0, one.size())) << at;
  }
  // Words that make sum1 exactly 65535 * k part way (1 followed by 65534, and so on).
  std::vector<unsigned char> pairs(2048);
  for (std::size_t w = 0; w < pairs.size() / 2; ++w) {
    const std::uint32_t value = w % 2 == 0 ? 1 : 65534;
    pairs[2 * w] = static_cast<unsigned char>(value >> 8);
    pairs[2 * w + 1] = static_cast<unsigned char>(value & 0xff);
  }
  for (std::size_t bytes = 2; bytes <= pairs.size(); bytes += 2)
    ASSERT_EQ(fletcher32(pairs.data(), bytes), hdf5_fletcher32(pairs, 0, bytes)) << bytes;
}

TEST(Fletcher32, EqualsHdf5OnAChunkOfFloats) {
  // A 1 MiB chunk of float values, as a snapshot stores them (about 2^18 words per sum).
  std::vector<unsigned char> chunk(std::size_t(1) << 20);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> value(-2.0f, 3.0f);
  for (std::size_t i = 0; i < chunk.size(); i += 4) {
    const float x = value(rng);
    std::memcpy(chunk.data() + i, &x, 4);
  }
  EXPECT_EQ(fletcher32(chunk.data(), chunk.size()), hdf5_fletcher32(chunk, 0, chunk.size()));
}
