// Writing snapshots from one process: all the data at once, or block by block. Layout:
// include/alfven/io/snapshot.hpp; the collective writer is snapshot_parallel.cpp.
#include <algorithm>
#include <cstdio>
#include <functional>

#include "alfven/core/error.hpp"
#include "alfven/io/snapshot.hpp"
#include "atomic_file.hpp"
#include "hdf5_support.hpp"

namespace alfven {
namespace io {

namespace {

using hdf5::FileWriter;
using hdf5::Handle;

/// Writes the file `tmp` (for `path`): header, coordinates, one empty dataset per field, then
/// `write_data(writer, datasets)`, then the vectors; closes it. Throws Error naming the file;
/// `created` is set once tmp has been created (exclusively).
void write_file(const std::string& path, const std::string& tmp, const GridInfo& grid,
                const SnapshotMeta& meta, const std::vector<std::string>& names, DataType type,
                const StorageOptions& options,
                const std::function<void(FileWriter&, const std::vector<hid_t>&)>& write_data,
                bool& created) {
  Handle access(hdf5::make_file_access(path), H5Pclose);
  // Exclusive: a file that appeared at tmp since require_no_temporary is refused, not truncated.
  Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, access.get()), hdf5::close_file);
  if (!file.valid()) {
    const std::string why = hdf5::detail();
    ALFVEN_REQUIRE(false,
                   "cannot write snapshot '" << path << "': cannot create '" << tmp << "'" << why);
  }
  created = true;
  FileWriter w(path, file.get(), options.durable, options.chunk_scratch);
  w.header(grid, meta, names);
  w.coordinates(grid, H5P_DEFAULT, true);
  hsize_t dims[3];
  hdf5::dims_of(grid, dims);
  std::vector<hid_t> sets;
  try {
    for (const std::string& name : names)
      sets.push_back(w.create_dataset(name, 3, dims, type, options.deflate));
    write_data(w, sets);
  } catch (...) {
    for (hid_t s : sets) H5Dclose(s);
    throw;
  }
  for (hid_t s : sets) H5Dclose(s);
  for (const VectorRef& v : options.vectors) w.virtual_vector(v, grid, type);
  if (!file.close()) w.fail("cannot close (flush) '" + tmp + "'");
}

/// write_file through the temporary name, then fsync (options.durable) and rename; the temporary
/// file is removed
/// when anything fails.
void write_atomically(
    const std::string& path, const GridInfo& grid, const SnapshotMeta& meta,
    const std::vector<std::string>& names, DataType type, const StorageOptions& options,
    const std::function<void(FileWriter&, const std::vector<hid_t>&)>& write_data) {
  hdf5::QuietHdf5 quiet;
  const std::string tmp = detail::temporary_path(path);
  detail::require_no_temporary(tmp, path, "snapshot");
  // Room first: a full disk met inside HDF5 is reported only as a failed write or close.
  const std::string room = hdf5::disk_space_problem(
      path, grid, std::vector<DataType>(names.size(), type), options.deflate);
  ALFVEN_REQUIRE(room.empty(), room);
  bool created = false;  // removed on failure only when this call created it
  try {
    write_file(path, tmp, grid, meta, names, type, options, write_data, created);
    if (options.durable) detail::sync_file(tmp, "snapshot");
  } catch (...) {
    if (created) std::remove(tmp.c_str());
    throw;
  }
  detail::move_into_place(tmp, path, "snapshot", options.durable);
}

}  // namespace

void write_snapshot(const std::string& path, const GridInfo& grid, const SnapshotMeta& meta,
                    const std::vector<FieldRef>& fields, const StorageOptions& options) {
  std::vector<std::string> names;
  std::vector<DataType> types;
  for (const FieldRef& f : fields) {
    names.push_back(f.name);
    types.push_back(f.type);
    ALFVEN_REQUIRE(f.data != nullptr,
                   "cannot write snapshot '" << path << "': field '" << f.name << "' has no data");
  }
  hdf5::check_arguments(path, grid, meta, names, types, options);
  write_atomically(path, grid, meta, names, types.front(), options,
                   [&](FileWriter& w, const std::vector<hid_t>& sets) {
                     hsize_t zero[3] = {0, 0, 0}, dims[3];
                     hdf5::dims_of(grid, dims);
                     for (std::size_t f = 0; f < fields.size(); ++f)
                       w.write_hyperslab(sets[f], fields[f].name, zero, dims, fields[f].type,
                                         fields[f].data, H5P_DEFAULT);
                   });
}

void write_snapshot_by_blocks(const std::string& path, const GridInfo& grid,
                              const SnapshotMeta& meta, const std::vector<std::string>& names,
                              DataType type, const BlockSource& source,
                              const StorageOptions& options) {
  hdf5::check_arguments(path, grid, meta, names, std::vector<DataType>(names.size(), type),
                        options);
  std::size_t largest = 0;
  for (const CellBox& b : source.blocks) {
    for (int a = 0; a < 3; ++a)
      ALFVEN_REQUIRE(b.offset[a] >= 0 && b.count[a] >= 0 && b.offset[a] + b.count[a] <= grid.n[a],
                     "cannot write snapshot '" << path
                                               << "': a block reaches outside the grid along "
                                               << "xyz"[a]);
    largest = std::max(largest, cell_count(b));
  }
  write_atomically(
      path, grid, meta, names, type, options, [&](FileWriter& w, const std::vector<hid_t>& sets) {
        // One block of every field at a time.
        std::vector<std::vector<unsigned char>> buffers(
            names.size(), std::vector<unsigned char>(largest * size_of(type)));
        std::vector<void*> out;
        for (auto& b : buffers) out.push_back(b.data());
        for (std::size_t b = 0; b < source.blocks.size(); ++b) {
          if (cell_count(source.blocks[b]) == 0) continue;
          source.fill(b, out);
          hsize_t offset[3], count[3];
          hdf5::hyperslab_of(source.blocks[b], offset, count);
          for (std::size_t f = 0; f < names.size(); ++f)
            w.write_hyperslab(sets[f], names[f], offset, count, type, out[f], H5P_DEFAULT);
        }
      });
}

}  // namespace io
}  // namespace alfven
