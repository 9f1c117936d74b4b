// Whole-dataset writes by pre-filtered chunks (H5Dwrite_chunk): the copy of each chunk and its
// Fletcher-32 checksum are made on all the host's threads, and HDF5 only stores the bytes; its
// own filter pipeline does both on the calling thread, once per chunk. Measured on the dev VM, 9
// fields of 256^3 float to tmpfs with bare HDF5 calls: 0.74 s through the pipeline, 0.44 s by
// direct chunks on one thread, 0.31 s with no checksum at all (docs/output.md has the figures of
// whole snapshots). ALFVEN_HDF5_DIRECT_CHUNKS=0 turns it off. Private to alfven_io.
#pragma once

#include <hdf5.h>

#include <cstddef>
#include <cstdint>

namespace alfven {
namespace io {
namespace hdf5 {

/// Fletcher-32 checksum of `bytes` bytes as HDF5's H5Z_FILTER_FLETCHER32 stores it: the bytes
/// as 16-bit big-endian words (an odd last byte as the high half of a word), two running sums
/// folded modulo 65535 every 360 words, result (sum2 << 16) | sum1. J. G. Fletcher, "An
/// Arithmetic Checksum for Serial Transmissions", IEEE Trans. Commun. 30 (1982) 247.
std::uint32_t fletcher32(const unsigned char* data, std::size_t bytes);

/// What write_by_direct_chunks did.
enum class DirectWrite {
  NotApplicable,  ///< nothing written: the dataset is not of the kind below (use H5Dwrite)
  Written,        ///< every chunk stored
  Failed          ///< an HDF5 call failed while storing chunks (the dataset is incomplete)
};

/// Writes all of dataset `set` from `data` (C order, values of `value_size` bytes laid out as
/// the file's type stores them: the caller checks that no conversion is needed) as pre-filtered
/// chunks, when its only filter is Fletcher-32 and its chunks are contiguous in `data` (every
/// axis faster than the first split one whole, every slower one of chunk extent 1: the shapes
/// chunk_shape gives). Edge chunks are padded with zeros, as HDF5 stores them. The stored bytes
/// are those HDF5's own pipeline stores.
DirectWrite write_by_direct_chunks(hid_t set, const void* data, std::size_t value_size);

}  // namespace hdf5
}  // namespace io
}  // namespace alfven
