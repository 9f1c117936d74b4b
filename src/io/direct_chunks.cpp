#include "direct_chunks.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#ifdef __linux__
#include <fcntl.h>
#endif
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "alfven/core/env.hpp"

namespace alfven {
namespace io {
namespace hdf5 {

std::uint32_t fletcher32(const unsigned char* data, std::size_t bytes) {
  // Both sums are kept modulo 65535, as the fold of the running sums (x & 0xffff) + (x >> 16)
  // keeps them; at the end each is written as the fold leaves it: 0 only when every byte is 0
  // (a positive sum never folds to 0), else in [1, 65535], so 65535 where the sum is a
  // multiple of 65535 (see the return).
  constexpr std::uint64_t M = 65535;
  std::uint64_t s1 = 0, s2 = 0;
  bool nonzero = false;
  std::size_t words = bytes / 2;
#if defined(__SSE2__)
  // Eight words at a time. Over the 8 words w_0..w_7 of a vector, sum1 grows by sum(w_k) and
  // sum2 by 8 sum1 + sum((8 - k) w_k), sum1 as it was before the vector; over a block of V
  // vectors, sum2 grows by 8 V sum1 + 8 (sum over the vectors of the words of the vectors
  // before them) + the weighted sums. The words, less 32768 so that they are signed 16-bit
  // lanes, are summed in pairs by pmaddwd (with weights 1, or 8..1) into 32-bit lanes; the
  // 32768s are added back per block. 128 vectors keep every lane below 2^31 (the running
  // "before" sum reaches 128 * 128 * 8 * 32768 / 2 < 2^31).
  const __m128i flip = _mm_set1_epi16(std::int16_t(-32768));
  const __m128i ones = _mm_set1_epi16(1);
  const __m128i weights = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
  const auto lanes_sum = [](__m128i v) {
    alignas(16) std::int32_t lane[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(lane), v);
    return std::int64_t(lane[0]) + lane[1] + lane[2] + lane[3];
  };
  __m128i any = _mm_setzero_si128();
  while (words >= 8) {
    const std::size_t vectors = std::min<std::size_t>(words / 8, 128);
    __m128i sum = _mm_setzero_si128(), before = _mm_setzero_si128();
    __m128i weighted = _mm_setzero_si128();
    for (std::size_t j = 0; j < vectors; ++j, data += 16) {
      const __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data));
      any = _mm_or_si128(any, raw);
      const __m128i w =  // the big-endian words, less 32768
          _mm_xor_si128(_mm_or_si128(_mm_slli_epi16(raw, 8), _mm_srli_epi16(raw, 8)), flip);
      before = _mm_add_epi32(before, sum);
      sum = _mm_add_epi32(sum, _mm_madd_epi16(w, ones));
      weighted = _mm_add_epi32(weighted, _mm_madd_epi16(w, weights));
    }
    words -= 8 * vectors;
    const std::int64_t v = std::int64_t(vectors), half = 32768;
    const std::int64_t block1 = lanes_sum(sum) + v * 8 * half;
    const std::int64_t block_before = lanes_sum(before) + v * (v - 1) / 2 * 8 * half;
    const std::int64_t block2 = lanes_sum(weighted) + v * 36 * half;
    s2 = (s2 + std::uint64_t(8 * v) * s1 + 8 * (std::uint64_t(block_before) % M) +
          std::uint64_t(block2)) %
         M;
    s1 = (s1 + std::uint64_t(block1)) % M;
  }
  nonzero = _mm_movemask_epi8(_mm_cmpeq_epi8(any, _mm_setzero_si128())) != 0xffff;
#endif
  for (; words > 0; --words, data += 2) {
    const std::uint32_t w = (std::uint32_t(data[0]) << 8) | std::uint32_t(data[1]);
    nonzero = nonzero || w != 0;
    s1 = (s1 + w) % M;
    s2 = (s2 + s1) % M;
  }
  if (bytes % 2 == 1) {  // an odd last byte is the high half of a word
    nonzero = nonzero || data[0] != 0;
    s1 = (s1 + (std::uint32_t(data[0]) << 8)) % M;
    s2 = (s2 + s1) % M;
  }
  if (!nonzero) return 0;
  const std::uint32_t sum1 = s1 == 0 ? 65535 : std::uint32_t(s1);
  const std::uint32_t sum2 = s2 == 0 ? 65535 : std::uint32_t(s2);
  return (sum2 << 16) | sum1;
}

namespace {

// The dataset's shape and chunk shape when its only filter is Fletcher-32 and its chunks are
// contiguous in a C-order array; false otherwise.
bool direct_layout(hid_t set, int& rank, hsize_t dims[8], hsize_t chunk[8]) {
  const hid_t space = H5Dget_space(set);
  if (space < 0) return false;
  rank = H5Sget_simple_extent_ndims(space);
  const bool shaped =
      rank >= 1 && rank <= 8 && H5Sget_simple_extent_dims(space, dims, nullptr) == rank;
  H5Sclose(space);
  if (!shaped) return false;
  const hid_t create = H5Dget_create_plist(set);
  if (create < 0) return false;
  bool ok = H5Pget_layout(create) == H5D_CHUNKED && H5Pget_chunk(create, rank, chunk) == rank &&
            H5Pget_nfilters(create) == 1;
  if (ok) {
    unsigned flags = 0, values[8];
    std::size_t count = 8;
    ok = H5Pget_filter2(create, 0, &flags, &count, values, 0, nullptr, nullptr) ==
         H5Z_FILTER_FLETCHER32;
  }
  H5Pclose(create);
  if (!ok) return false;
  // Contiguous chunks: after the first axis whose chunk is not the whole extent (or whose chunk
  // extent is not 1), every faster axis is whole.
  int a = 0;
  while (a < rank && chunk[a] == 1) ++a;
  for (int b = a + 1; b < rank; ++b)
    if (chunk[b] != dims[b]) return false;
  return true;
}

// The file descriptor of the file holding `set` when HDF5 writes it through one (the default
// sec2 driver), else -1.
int descriptor_of(hid_t set) {
  const hid_t file = H5Iget_file_id(set);
  if (file < 0) return -1;
  void* handle = nullptr;
  const hid_t access = H5Fget_access_plist(file);
  // Only sec2's handle is an int (MPI-IO's is an MPI_File, the core driver's none).
  const bool ok = access >= 0 && H5Pget_driver(access) == H5FD_SEC2 &&
                  H5Fget_vfd_handle(file, H5P_DEFAULT, &handle) >= 0 && handle != nullptr;
  if (access >= 0) H5Pclose(access);
  H5Fclose(file);  // the reference H5Iget_file_id took
  return ok ? *static_cast<int*>(handle) : -1;
}

// Starts writing the file's dirty pages to the disk without waiting for it (Linux).
void start_writeback(int fd) {
#ifdef __linux__
  if (fd >= 0) sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);  // only a hint: errors ignored
#else
  (void)fd;
#endif
}

}  // namespace

DirectWrite write_by_direct_chunks(hid_t set, const void* data, std::size_t value_size,
                                   std::vector<unsigned char>& scratch, bool early_writeback) {
  int rank = 0;
  hsize_t dims[8], chunk[8];
  // ALFVEN_HDF5_DIRECT_CHUNKS=0 leaves every write to HDF5's pipeline (to compare the two).
  if (!env_flag("ALFVEN_HDF5_DIRECT_CHUNKS", true) || !direct_layout(set, rank, dims, chunk))
    return DirectWrite::NotApplicable;
  // Chunks in C order of their grid; each is one run of `run` values of `data` (shorter at the
  // upper edge of the split axis, where the stored chunk is padded with zeros).
  hsize_t chunks = 1, per_chunk = 1;
  hsize_t grid[8];
  for (int a = 0; a < rank; ++a) {
    grid[a] = (dims[a] + chunk[a] - 1) / chunk[a];
    chunks *= grid[a];
    per_chunk *= chunk[a];
  }
  const std::size_t chunk_bytes = std::size_t(per_chunk) * value_size;
  std::size_t stride[8];  // bytes between consecutive indices along each axis of data
  stride[rank - 1] = value_size;
  for (int a = rank - 2; a >= 0; --a) stride[a] = stride[a + 1] * std::size_t(dims[a + 1]);
  const unsigned char* bytes = static_cast<const unsigned char*>(data);
  // Chunk q (C order of the chunk grid): its offset, and where its values lie in data: one run,
  // since the axes slower than the split one have chunk extent 1 and the faster ones are whole.
  auto offset_of = [&](hsize_t q, hsize_t offset[8]) {
    for (int a = rank - 1; a >= 0; --a) {
      offset[a] = (q % grid[a]) * chunk[a];
      q /= grid[a];
    }
  };
  // A batch of chunks is copied and checksummed on all threads, then stored in order.
  const long batch = long(std::min<hsize_t>(64, chunks));
  if (scratch.size() < std::size_t(batch) * (chunk_bytes + 4))
    scratch.resize(std::size_t(batch) * (chunk_bytes + 4));
  unsigned char* const buffer = scratch.data();  // one pointer for every thread of the team
  const int fd = descriptor_of(set);
  for (hsize_t first = 0; first < chunks; first += hsize_t(batch)) {
    const long n = long(std::min<hsize_t>(hsize_t(batch), chunks - first));
    // Small datasets stay on this thread: no thread team is started for them (a process that
    // forks after writing only small files can still use OpenMP in the child).
#pragma omp parallel for schedule(static) if (n >= 4)
    for (long c = 0; c < n; ++c) {
      hsize_t offset[8];
      offset_of(first + hsize_t(c), offset);
      std::size_t begin = 0, have = value_size;
      for (int a = 0; a < rank; ++a) {
        begin += std::size_t(offset[a]) * stride[a];
        have *= std::size_t(std::min(chunk[a], dims[a] - offset[a]));  // short at an upper edge
      }
      unsigned char* out = buffer + std::size_t(c) * (chunk_bytes + 4);
      std::memcpy(out, bytes + begin, have);
      std::memset(out + have, 0, chunk_bytes - have);
      const std::uint32_t sum = fletcher32(out, chunk_bytes);
      for (int b = 0; b < 4; ++b)  // stored little-endian, as the filter stores it
        out[chunk_bytes + std::size_t(b)] = static_cast<unsigned char>((sum >> (8 * b)) & 0xff);
    }
    for (long c = 0; c < n; ++c) {
      hsize_t offset[8];
      offset_of(first + hsize_t(c), offset);
      if (H5Dwrite_chunk(set, H5P_DEFAULT, 0, offset, chunk_bytes + 4,
                         buffer + std::size_t(c) * (chunk_bytes + 4)) < 0)
        return DirectWrite::Failed;
    }
    if (early_writeback) start_writeback(fd);
  }
  return DirectWrite::Written;
}

}  // namespace hdf5
}  // namespace io
}  // namespace alfven
