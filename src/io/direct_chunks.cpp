#include "direct_chunks.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#ifdef __linux__
#include <fcntl.h>
#endif

#include "alfven/core/env.hpp"

namespace alfven {
namespace io {
namespace hdf5 {

std::uint32_t fletcher32(const unsigned char* data, std::size_t bytes) {
  std::uint32_t sum1 = 0, sum2 = 0;
  std::size_t words = bytes / 2;
  while (words > 0) {
    // 360 words keep both sums below 2^32 before they are folded.
    const std::size_t run = std::min<std::size_t>(words, 360);
    words -= run;
    for (std::size_t w = 0; w < run; ++w, data += 2) {
      sum1 += (std::uint32_t(data[0]) << 8) | std::uint32_t(data[1]);
      sum2 += sum1;
    }
    sum1 = (sum1 & 0xffff) + (sum1 >> 16);
    sum2 = (sum2 & 0xffff) + (sum2 >> 16);
  }
  if (bytes % 2 == 1) {
    sum1 += std::uint32_t(data[0]) << 8;
    sum2 += sum1;
    sum1 = (sum1 & 0xffff) + (sum1 >> 16);
    sum2 = (sum2 & 0xffff) + (sum2 >> 16);
  }
  sum1 = (sum1 & 0xffff) + (sum1 >> 16);
  sum2 = (sum2 & 0xffff) + (sum2 >> 16);
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
