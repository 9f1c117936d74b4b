// What the HDF5 writers and readers share: handles, errors, types, chunks, the FileWriter.
#include "hdf5_support.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <set>

#include "alfven/core/error.hpp"
#include "alfven/core/text.hpp"
#include "direct_chunks.hpp"

namespace alfven {
namespace io {
namespace hdf5 {

const char* const kAxisName[3] = {"x", "y", "z"};
const char* const kMinName[3] = {"x_min", "y_min", "z_min"};
const char* const kMaxName[3] = {"x_max", "y_max", "z_max"};
const char* const kCountName[3] = {"nx", "ny", "nz"};

namespace {

/// Keeps HDF5 from closing files at process exit. When a write fails (a full disk), HDF5 1.10
/// cannot close the file (its final flush fails) and keeps it half-closed; its exit handler then
/// touches it again and crashes (H5F__close_cb, segfault). Every file this library opens is
/// closed explicitly, so nothing needs HDF5's exit handler: it is switched off before the library
/// starts (a static initialiser of this file; H5dont_atexit must precede every other HDF5 call).
/// A file that failed to close is abandoned (HDF5 keeps its descriptor until the process ends).
/// HDF5's own printing of its error stacks is switched off as well: every failure is reported in
/// our message (detail()). With it on, a read of a damaged file (a metadata checksum that does
/// not match) ended, after our message, in "HDF5: infinite loop closing library" and a line of
/// interface names, printed when MPI_Finalize shuts parallel HDF5 down.
const bool kNoExitHandler = [] {
  H5dont_atexit();
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  return true;
}();

herr_t innermost_error(unsigned n, const H5E_error2_t* err, void* client) {
  if (n == 0 && err->desc != nullptr) *static_cast<std::string*>(client) = err->desc;
  return 0;
}

bool valid_name(const std::string& name) {
  return !name.empty() && name.find('/') == std::string::npos && name != "." && name != "x" &&
         name != "y" && name != "z";
}

}  // namespace

bool is_reserved_attribute(const std::string& name) {
  static const std::set<std::string> names = {
      "format_version", "fields", "time",  "step",  "index", "problem", "gamma", "x_min",
      "x_max",          "y_min",  "y_max", "z_min", "z_max", "nx",      "ny",    "nz"};
  return names.count(name) > 0;
}

namespace {
std::atomic<int> g_abandoned{0};
}  // namespace

herr_t close_file(hid_t file) {
  const herr_t status = H5Fclose(file);
  if (status < 0) ++g_abandoned;
  return status;
}

QuietHdf5::QuietHdf5() {
  (void)kNoExitHandler;
  H5Eget_auto2(H5E_DEFAULT, &func_, &data_);
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

QuietHdf5::~QuietHdf5() {
  H5Eset_auto2(H5E_DEFAULT, func_, data_);
}

std::string detail() {
  std::string desc;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, innermost_error, &desc);
  H5Eclear2(H5E_DEFAULT);
  // A failed system call is described with its time, buffer addresses and sizes over two lines;
  // what matters is the system's message ("File too large", "No space left on device").
  const std::string marker = "error message = '";
  const std::size_t at = desc.find(marker);
  if (at != std::string::npos) {
    const std::size_t end = desc.find('\'', at + marker.size());
    desc = desc.substr(0, desc.find(':')) + ": " +
           desc.substr(at + marker.size(), end - at - marker.size());
  }
  return desc.empty() ? std::string() : " (hdf5: " + desc + ")";
}

namespace {
// Whether every value of dataset `set` (creation properties `create`) has storage: a compact
// one always; a contiguous one when its storage is allocated; a chunked one when every chunk
// is (H5Dget_space_status cannot say: with a checksum or compression the stored bytes differ
// from the values' bytes, and it reports a complete dataset as partly allocated).
bool fully_allocated(hid_t set, hid_t create) {
  const H5D_layout_t layout = H5Pget_layout(create);
  if (layout == H5D_COMPACT) return true;
  if (layout == H5D_CONTIGUOUS) {
    H5D_space_status_t status = H5D_SPACE_STATUS_ERROR;
    return H5Dget_space_status(set, &status) >= 0 && status == H5D_SPACE_STATUS_ALLOCATED;
  }
  if (layout != H5D_CHUNKED) return false;
  hsize_t dims[H5S_MAX_RANK] = {}, chunk[H5S_MAX_RANK] = {};
  const int rank = chunk_layout(set, create, dims, chunk);
  bool ok = rank >= 0;
  hsize_t expected = 1, stored = 0;
  for (int a = 0; ok && a < rank; ++a) expected *= (dims[a] + chunk[a] - 1) / chunk[a];
  const hid_t space = H5Dget_space(set);  // the whole dataset (HDF5 1.10.8 refuses H5S_ALL)
  ok = ok && space >= 0 && H5Dget_num_chunks(set, space, &stored) >= 0 && stored == expected;
  if (space >= 0) H5Sclose(space);
  return ok;
}
}  // namespace

int chunk_layout(hid_t set, hid_t create, hsize_t* dims, hsize_t* chunk) {
  const hid_t space = H5Dget_space(set);
  const int rank = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
  bool ok = rank >= 1 && rank <= H5S_MAX_RANK &&
            H5Sget_simple_extent_dims(space, dims, nullptr) == rank &&
            H5Pget_chunk(create, rank, chunk) == rank;
  for (int a = 0; ok && a < rank; ++a) ok = chunk[a] > 0;
  if (space >= 0) H5Sclose(space);
  return ok ? rank : -1;
}

hid_t open_dataset(hid_t file, const std::string& name, std::string& problem) {
  // Every dataset read is a member of the root group: a path ("a/b") would pass through links
  // the checks below do not see (H5Lexists and H5Lget_info look at the last name only).
  if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..") {
    problem = "is not a name of the file's root group (no '/' or empty name is read)";
    return -1;
  }
  const htri_t exists = H5Lexists(file, name.c_str(), H5P_DEFAULT);
  if (exists == 0) {
    problem = "missing";
    return -1;
  }
  // Only a dataset stored in this file is read: a soft or external link would make the reader
  // follow a name or another file the writer never put there (an external link opens any file).
  H5L_info_t link{};
  if (exists > 0 && H5Lget_info(file, name.c_str(), &link, H5P_DEFAULT) >= 0 &&
      link.type != H5L_TYPE_HARD) {
    problem = link.type == H5L_TYPE_SOFT       ? "is a soft link to another name"
              : link.type == H5L_TYPE_EXTERNAL ? "is an external link to another file"
                                               : "is a user-defined link";
    problem += ", not a dataset stored under its name (Alfven writes no links)";
    return -1;
  }
  detail();  // clears the error of a link that could not be read: H5Dopen2 reports it
  const hid_t set = exists > 0 ? H5Dopen2(file, name.c_str(), H5P_DEFAULT) : -1;
  if (set >= 0) {
    // Its values must be its own and all written: not a virtual dataset (a view of others,
    // possibly in other files), and no chunk or storage left unallocated (read as fill values).
    const hid_t create = H5Dget_create_plist(set);
    const H5D_layout_t layout = create >= 0 ? H5Pget_layout(create) : H5D_LAYOUT_ERROR;
    // Raw data in other files ("external storage") is refused as external links are.
    const bool external = create >= 0 && H5Pget_external_count(create) != 0;
    const bool written =
        layout != H5D_VIRTUAL && !external && create >= 0 && fully_allocated(set, create);
    if (create >= 0) H5Pclose(create);
    if (!written) {
      problem = layout == H5D_VIRTUAL
                    ? "is a virtual dataset (a view of other datasets), not one stored in the file"
                : external
                    ? "keeps its values in other files (HDF5 external storage), not in this one"
                    : "has storage that was never written (part or all of it unallocated): the "
                      "file is incomplete or was changed after it was written";
      H5Dclose(set);
      detail();
      return -1;
    }
    return set;
  }
  const std::string why = detail();
  // Another kind of object of that name opens as that kind; a damaged one opens as none.
  const hid_t group = exists > 0 ? H5Gopen2(file, name.c_str(), H5P_DEFAULT) : -1;
  const hid_t type = exists > 0 && group < 0 ? H5Topen2(file, name.c_str(), H5P_DEFAULT) : -1;
  if (group >= 0) H5Gclose(group);
  if (type >= 0) H5Tclose(type);
  detail();  // clears the errors of the attempts that failed
  if (group >= 0 || type >= 0) {
    problem = "is a group or a named datatype, not a dataset";
    return -1;
  }
  problem = "cannot be read (damaged metadata)" + why;
  return -1;
}

hid_t file_type_of(DataType t) {
  return t == DataType::Float32 ? H5T_IEEE_F32LE : H5T_IEEE_F64LE;
}
hid_t memory_type_of(DataType t) {
  return t == DataType::Float32 ? H5T_NATIVE_FLOAT : H5T_NATIVE_DOUBLE;
}

hid_t make_variable_string_type() {
  const hid_t t = H5Tcopy(H5T_C_S1);
  if (t >= 0) {
    H5Tset_size(t, H5T_VARIABLE);
    H5Tset_cset(t, H5T_CSET_UTF8);
  }
  return t;
}

hid_t make_fixed_string_type(std::size_t width) {
  const hid_t t = H5Tcopy(H5T_C_S1);
  if (t >= 0) {
    H5Tset_size(t, width);
    H5Tset_strpad(t, H5T_STR_NULLPAD);
    H5Tset_cset(t, H5T_CSET_UTF8);
  }
  return t;
}

std::vector<hsize_t> chunk_shape(int rank, const hsize_t* dims, std::size_t value_size,
                                 const hsize_t* align) {
  std::vector<hsize_t> chunk(dims, dims + rank);
  hsize_t budget = std::max<hsize_t>(1, kChunkBytes / value_size);  // values per chunk
  for (int a = rank - 1; a >= 0; --a) {                             // fastest axis first
    // The most this axis may take: its extent, or the block alignment (which divides it).
    const hsize_t most = align ? std::max<hsize_t>(1, std::min(dims[a], align[a])) : dims[a];
    hsize_t c = std::max<hsize_t>(1, std::min(most, budget));
    if (align)
      while (most % c != 0) --c;  // a divisor of the alignment: chunk edges on block edges
    chunk[std::size_t(a)] = c;
    budget = std::max<hsize_t>(1, budget / c);
    if (c < most) {  // this axis is split: slower axes one at a time
      for (int b = a - 1; b >= 0; --b) chunk[std::size_t(b)] = 1;
      break;
    }
  }
  if (align && rank > 0 && chunk[std::size_t(rank - 1)] < std::min<hsize_t>(32, dims[rank - 1]))
    return chunk_shape(rank, dims, value_size);  // thin columns: shared chunks are cheaper
  return chunk;
}

std::vector<hsize_t> chunk_alignment(int rank, const hsize_t* dims, const hsize_t* boxes,
                                     int processes) {
  const auto gcd = [](hsize_t a, hsize_t b) {
    while (b != 0) {
      const hsize_t t = a % b;
      a = b;
      b = t;
    }
    return a;
  };
  std::vector<hsize_t> align(dims, dims + rank);
  for (int p = 0; p < processes; ++p) {
    const hsize_t* offset = boxes + std::size_t(p) * 2 * std::size_t(rank);
    const hsize_t* count = offset + rank;
    bool empty = false;
    for (int a = 0; a < rank; ++a) empty = empty || count[a] == 0;
    if (empty) continue;
    for (int a = 0; a < rank; ++a)
      align[std::size_t(a)] = gcd(gcd(align[std::size_t(a)], offset[a]), offset[a] + count[a]);
  }
  for (hsize_t& g : align) g = std::max<hsize_t>(1, g);
  return align;
}

hid_t make_file_access(const std::string& path) {
  // The 1.10 file format: superblock version 3 and object headers version 2, which carry
  // checksums of the metadata (and the attributes in them).
  const hid_t access = H5Pcreate(H5P_FILE_ACCESS);
  if (access < 0 || H5Pset_libver_bounds(access, H5F_LIBVER_V110, H5F_LIBVER_V110) < 0) {
    if (access >= 0) H5Pclose(access);
    const std::string why = detail();
    ALFVEN_REQUIRE(false,
                   "cannot write snapshot '" << path << "': cannot select the file format" << why);
  }
  return access;
}

void dims_of(const GridInfo& grid, hsize_t dims[3]) {
  dims[0] = hsize_t(grid.n[2]);
  dims[1] = hsize_t(grid.n[1]);
  dims[2] = hsize_t(grid.n[0]);
}

void hyperslab_of(const CellBox& box, hsize_t offset[3], hsize_t count[3]) {
  const bool empty = cell_count(box) == 0;
  for (int a = 0; a < 3; ++a) {
    offset[2 - a] = empty ? 0 : hsize_t(box.offset[a]);
    count[2 - a] = empty ? 0 : hsize_t(box.count[a]);
  }
}

// ---- FileWriter ---------------------------------------------------------------------------------

void FileWriter::fail(const std::string& what) const {
  const std::string why = detail();
  ALFVEN_REQUIRE(false, "cannot write snapshot '" << path_ << "': " << what << why);
}

void FileWriter::attribute(const char* name, hid_t file_type, hid_t memory_type, const void* value,
                           hsize_t count) {
  Handle space(count == 0 ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, &count, nullptr), H5Sclose);
  if (!space.valid()) fail(std::string("attribute '") + name + "': cannot create dataspace");
  Handle attr(H5Acreate2(file_, name, file_type, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  if (!attr.valid()) fail(std::string("attribute '") + name + "': cannot create");
  if (H5Awrite(attr.get(), memory_type, value) < 0)
    fail(std::string("attribute '") + name + "': cannot write");
}

void FileWriter::attribute_strings(const char* name, const std::vector<std::string>& v,
                                   bool scalar) {
  std::size_t width = 1;
  for (const std::string& t : v) width = std::max(width, t.size() + 1);
  std::vector<char> packed(width * v.size(), '\0');
  for (std::size_t i = 0; i < v.size(); ++i)
    std::memcpy(&packed[i * width], v[i].data(), v[i].size());
  Handle type(make_fixed_string_type(width), H5Tclose);
  if (!type.valid()) fail(std::string("attribute '") + name + "': cannot create string type");
  attribute(name, type.get(), type.get(), packed.data(), scalar ? 0 : hsize_t(v.size()));
}

void FileWriter::header(const GridInfo& grid, const SnapshotMeta& meta,
                        const std::vector<std::string>& names) {
  attribute_int("format_version", kFormatVersion);
  attribute_strings("fields", names, false);
  if (meta.run_state) {
    attribute("time", meta.time);
    attribute_long("step", meta.step);
    attribute_int("index", meta.index);
    attribute_strings("problem", {meta.problem}, true);
    attribute("gamma", meta.gamma);
  }
  for (int a = 0; a < 3; ++a) {
    attribute(kMinName[a], grid.lo[a]);
    attribute(kMaxName[a], grid.hi[a]);
    attribute_int(kCountName[a], grid.n[a]);
  }
  for (const auto& kv : meta.extra) attribute(kv.first.c_str(), kv.second);
  for (const auto& kv : meta.text) attribute_strings(kv.first.c_str(), {kv.second}, true);
  for (const auto& kv : meta.vectors)
    attribute(kv.first.c_str(), H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, kv.second.data(),
              hsize_t(kv.second.size()));
}

hid_t FileWriter::create_dataset(const std::string& name, int rank, const hsize_t* dims,
                                 DataType type, int deflate, const hsize_t* align) {
  Handle space(H5Screate_simple(rank, dims, nullptr), H5Sclose);
  if (!space.valid()) fail("dataset '" + name + "': cannot create dataspace");
  Handle create(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  const std::vector<hsize_t> chunk = chunk_shape(rank, dims, size_of(type), align);
  if (!create.valid() || H5Pset_chunk(create.get(), rank, chunk.data()) < 0)
    fail("dataset '" + name + "': cannot set up chunks");
  // Filters run in this order on writing: shuffle, deflate, then the checksum of what is stored.
  if (deflate > 0 &&
      (H5Pset_shuffle(create.get()) < 0 || H5Pset_deflate(create.get(), unsigned(deflate)) < 0))
    fail("dataset '" + name + "': cannot set up compression (shuffle + deflate)");
  if (H5Pset_fletcher32(create.get()) < 0)
    fail("dataset '" + name + "': cannot set up its checksum");
  const hid_t set = H5Dcreate2(file_, name.c_str(), file_type_of(type), space.get(), H5P_DEFAULT,
                               create.get(), H5P_DEFAULT);
  if (set < 0) fail("dataset '" + name + "': cannot create");
  return set;
}

void FileWriter::write_hyperslab(hid_t set, const std::string& name, const hsize_t* offset,
                                 const hsize_t* count, DataType type, const void* data,
                                 hid_t transfer) {
  Handle file_space(H5Dget_space(set), H5Sclose);
  const int rank = H5Sget_simple_extent_ndims(file_space.get());
  hsize_t values = 1;
  for (int a = 0; a < rank; ++a) values *= count[a];
  if (values == 0) {
    H5Sselect_none(file_space.get());
    Handle memory_space(H5Screate(H5S_NULL), H5Sclose);
    if (H5Dwrite(set, memory_type_of(type), memory_space.get(), file_space.get(), transfer, data) <
        0)
      fail("dataset '" + name + "': cannot write");
    return;
  }
  // The whole dataset from one process: pre-filtered chunks when the layout allows
  // (direct_chunks.hpp), the same bytes in the file as H5Dwrite stores.
  if (transfer == H5P_DEFAULT && H5Tequal(memory_type_of(type), file_type_of(type)) > 0) {
    hsize_t dims[8] = {};
    bool whole = rank <= 8 && H5Sget_simple_extent_dims(file_space.get(), dims, nullptr) == rank;
    for (int a = 0; whole && a < rank; ++a) whole = offset[a] == 0 && count[a] == dims[a];
    if (whole) {
      const DirectWrite done =
          write_by_direct_chunks(set, data, size_of(type), *scratch_, early_writeback_);
      if (done == DirectWrite::Failed) fail("dataset '" + name + "': cannot write a chunk");
      if (done == DirectWrite::Written) return;
    }
  }
  if (H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, offset, nullptr, count, nullptr) < 0)
    fail("dataset '" + name + "': cannot select the block to write");
  Handle memory_space(H5Screate_simple(rank, count, nullptr), H5Sclose);
  if (H5Dwrite(set, memory_type_of(type), memory_space.get(), file_space.get(), transfer, data) < 0)
    fail("dataset '" + name + "': cannot write");
}

void FileWriter::coordinates(const GridInfo& grid, hid_t transfer, bool write_values) {
  for (int a = 0; a < 3; ++a) {
    std::vector<double> centre(write_values ? std::size_t(grid.n[a]) : 0);
    for (std::size_t i = 0; i < centre.size(); ++i) centre[i] = cell_centre(grid, a, int(i));
    const hsize_t n = hsize_t(grid.n[a]), zero = 0, count = write_values ? n : 0;
    Handle set(create_dataset(kAxisName[a], 1, &n, DataType::Float64, 0), H5Dclose);
    write_hyperslab(set.get(), kAxisName[a], &zero, &count, DataType::Float64, centre.data(),
                    transfer);
  }
}

void FileWriter::virtual_vector(const VectorRef& vector, const GridInfo& grid, DataType type) {
  hsize_t source_dims[3];
  dims_of(grid, source_dims);
  const hsize_t dims[4] = {source_dims[0], source_dims[1], source_dims[2], 3};
  Handle space(H5Screate_simple(4, dims, nullptr), H5Sclose);
  Handle source(H5Screate_simple(3, source_dims, nullptr), H5Sclose);
  Handle create(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  if (!space.valid() || !source.valid() || !create.valid())
    fail("vector '" + vector.name + "': cannot create its dataspace");
  for (int c = 0; c < 3; ++c) {
    const hsize_t offset[4] = {0, 0, 0, hsize_t(c)}, count[4] = {dims[0], dims[1], dims[2], 1};
    // "." is this file, whatever its name: the mapping survives the rename into place.
    if (H5Sselect_hyperslab(space.get(), H5S_SELECT_SET, offset, nullptr, count, nullptr) < 0 ||
        H5Pset_virtual(create.get(), space.get(), ".", vector.components[c].c_str(), source.get()) <
            0)
      fail("vector '" + vector.name + "': cannot map component '" + vector.components[c] + "'");
  }
  H5Sselect_all(space.get());
  Handle set(H5Dcreate2(file_, vector.name.c_str(), file_type_of(type), space.get(), H5P_DEFAULT,
                        create.get(), H5P_DEFAULT),
             H5Dclose);
  if (!set.valid()) fail("vector '" + vector.name + "': cannot create its virtual dataset");
}

void check_arguments(const std::string& path, const GridInfo& grid, const SnapshotMeta& meta,
                     const std::vector<std::string>& names, const std::vector<DataType>& types,
                     const StorageOptions& options) {
  const auto where = "cannot write snapshot '" + path + "': ";
  for (int a = 0; a < 3; ++a) {
    ALFVEN_REQUIRE(grid.n[a] >= 1, where << kCountName[a] << " = " << grid.n[a] << " must be >= 1");
    ALFVEN_REQUIRE(
        std::isfinite(grid.lo[a]) && std::isfinite(grid.hi[a]) && grid.hi[a] > grid.lo[a],
        where << kMinName[a] << " = " << grid.lo[a] << ", " << kMaxName[a] << " = " << grid.hi[a]
              << ": need finite bounds with max > min");
  }
  ALFVEN_REQUIRE(!names.empty(), where << "no fields given");
  std::set<std::string> seen;
  for (std::size_t f = 0; f < names.size(); ++f) {
    ALFVEN_REQUIRE(valid_name(names[f]), where << "invalid field name '" << names[f]
                                               << "' (empty, contains '/', or is x, y or z)");
    ALFVEN_REQUIRE(seen.insert(names[f]).second, where << "field '" << names[f] << "' given twice");
    ALFVEN_REQUIRE(types[f] == types.front(),
                   where << "field '" << names[f] << "' is " << name_of(types[f]) << " but '"
                         << names.front() << "' is " << name_of(types.front())
                         << ": all fields of a snapshot share one precision");
  }
  ALFVEN_REQUIRE(options.deflate >= 0 && options.deflate <= 9,
                 where << "compression level " << options.deflate << " is not in 0..9");
  for (const VectorRef& v : options.vectors) {
    ALFVEN_REQUIRE(valid_name(v.name) && seen.insert(v.name).second,
                   where << "vector name '" << v.name << "' is invalid or clashes with a field");
    for (const std::string& c : v.components)
      ALFVEN_REQUIRE(
          std::find(names.begin(), names.end(), c) != names.end(),
          where << "vector '" << v.name << "': component '" << c << "' is not among the fields");
  }
  std::set<std::string> attributes;
  auto check_name = [&](const std::string& name) {
    ALFVEN_REQUIRE(
        !name.empty() && name.find('/') == std::string::npos && !is_reserved_attribute(name) &&
            attributes.insert(name).second,
        where << "extra attribute '" << name
              << "' is empty, contains '/', clashes with a reserved attribute or is given twice");
  };
  for (const auto& kv : meta.extra) check_name(kv.first);
  for (const auto& kv : meta.text) check_name(kv.first);
  for (const auto& kv : meta.vectors) {
    check_name(kv.first);
    ALFVEN_REQUIRE(!kv.second.empty(), where << "vector attribute '" << kv.first << "' is empty");
  }
}

std::string disk_space_problem(const std::string& path, const GridInfo& grid,
                               const std::vector<DataType>& types, int deflate) {
  double values = 0;
  if (deflate == 0)
    for (DataType type : types)
      values += double(size_of(type)) * double(grid.n[0]) * double(grid.n[1]) * double(grid.n[2]);
  // Metadata, chunk index and checksums, coordinates: well under 64 KiB + 1 % of the values.
  const double need = 65536.0 + 8.0 * double(grid.n[0] + grid.n[1] + grid.n[2]) + 1.01 * values;
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  const auto space = std::filesystem::space(folder.empty() ? "." : folder, ec);
  if (ec || double(space.available) >= need) return "";
  return "cannot write snapshot '" + path + "': the disk has " +
         text::size_text(double(space.available)) + " free and the file needs about " +
         text::size_text(need) + "; free some space or write it elsewhere";
}

}  // namespace hdf5

int abandoned_files() {
  return hdf5::g_abandoned.load();
}

}  // namespace io
}  // namespace alfven
