// Whole-dataset writes by pre-filtered chunks (H5Dwrite_chunk): the copy of each chunk and its
// Fletcher-32 checksum are made on all the host's threads, and HDF5 only stores the bytes; its
// own filter pipeline does both on the calling thread, once per chunk. Measured on the dev VM, 9
// fields of 256^3 float to tmpfs with bare HDF5 calls: 0.74 s through the pipeline, 0.44 s by
// direct chunks on one thread, 0.31 s with no checksum at all (docs/output.md has the figures of
// whole snapshots). ALFVEN_HDF5_DIRECT_CHUNKS=0 turns it off. Private to alfven_io.
//
// For a file that will be flushed (early_writeback), on Linux the kernel is asked to start
// writing each batch to the disk as soon as it is stored (sync_file_range,
// SYNC_FILE_RANGE_WRITE: it does not wait), so that the fsync finds little left to do. Measured on
// the H200's host (ext4), 256^3 float, 9 fields: the fsync took 0.24-0.30 s after the writes,
// 0.03-0.08 s with the early start; the whole snapshot 0.57-0.59 s against 0.35-0.42 s
// (2026-12-03).
#pragma once

#include <hdf5.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace alfven {
namespace io {
namespace hdf5 {

/// Fletcher-32 checksum of `bytes` bytes as HDF5's H5Z_FILTER_FLETCHER32 stores it (the value
/// of HDF5's H5_checksum_fletcher32): the bytes as 16-bit big-endian words (an odd last byte as
/// the high half of a word), sum1 the sum of the words and sum2 the sum of sum1's running
/// values, both modulo 65535 as HDF5's folds leave them (0 only for all-zero data, else in
/// [1, 65535]); result (sum2 << 16) | sum1. J. G. Fletcher, "An Arithmetic Checksum for Serial
/// Transmissions", IEEE Trans. Commun. 30 (1982) 247. Eight words at a time with SSE2 (every
/// x86-64): 3-4x the word-by-word loop (64 MiB in 7-10 ms against 25 ms on the dev VM).
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
/// are those HDF5's own pipeline stores. `scratch` holds a batch of filtered chunks; it is grown
/// as needed and kept by the caller for the next dataset (a new 64 MB buffer for each of a
/// snapshot's 9 fields cost 0.3 s of its 1.4 s on the H200's host in page faults and zeroing).
/// `early_writeback`: start each batch's writeback to the disk at once (for a file flushed after
/// it); without it the pages stay in the page cache until the kernel writes them.
DirectWrite write_by_direct_chunks(hid_t set, const void* data, std::size_t value_size,
                                   std::vector<unsigned char>& scratch, bool early_writeback);

}  // namespace hdf5
}  // namespace io
}  // namespace alfven
