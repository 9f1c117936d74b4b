// Reading snapshots: the whole file, or one box of cells of every field (a rank's block at a
// restart). Layout and checks: include/alfven/io/snapshot.hpp.
#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "alfven/core/error.hpp"
#include "alfven/io/snapshot.hpp"
#include "hdf5_support.hpp"

namespace alfven {
namespace io {
namespace {

using hdf5::Handle;
using hdf5::kAxisName;
using hdf5::kCountName;
using hdf5::kFormatVersion;
using hdf5::kMaxName;
using hdf5::kMinName;
using hdf5::kOldestReadableVersion;
using hdf5::memory_type_of;
/// Bounds on what a reader allocates from a file's string attributes (names are short).
constexpr std::size_t kMaxStringBytes = 1 << 16;
constexpr hssize_t kMaxStrings = 1 << 12;

/// Reads from one open file; every failure throws an Error "snapshot '<path>': ...".
class Reader {
 public:
  Reader(const std::string& path, hid_t file) : path_(path), file_(file) {}

  [[noreturn]] void fail(const std::string& what) const {
    const std::string why = hdf5::detail();
    ALFVEN_REQUIRE(false, "snapshot '" << path_ << "': " << what << why);
  }

  /// Opens attribute `name`, checking it exists, has type class `cls` and holds `count` values
  /// (0: a scalar).
  hid_t open_attribute(const std::string& name, H5T_class_t cls, const char* expected) const {
    const htri_t exists = H5Aexists(file_, name.c_str());
    if (exists < 0)  // H5Aexists failed: the object header holding the attributes is damaged
      fail("attribute '" + name + "' cannot be looked up (damaged metadata)");
    if (exists == 0) fail("attribute '" + name + "' missing");
    const hid_t attr = H5Aopen(file_, name.c_str(), H5P_DEFAULT);
    if (attr < 0) fail("attribute '" + name + "': cannot open");
    Handle type(H5Aget_type(attr), H5Tclose);
    if (H5Tget_class(type.get()) != cls) {
      H5Aclose(attr);
      fail("attribute '" + name + "' has the wrong type (expected " + expected + ")");
    }
    return attr;
  }

  /// Number of values in attribute `attr` (1 for a scalar).
  hssize_t attribute_size(hid_t attr) const {
    Handle space(H5Aget_space(attr), H5Sclose);
    return H5Sget_simple_extent_npoints(space.get());
  }

  double scalar_double(const std::string& name) const {
    Handle attr(open_attribute(name, H5T_FLOAT, "a float64 scalar"), H5Aclose);
    if (attribute_size(attr.get()) != 1) fail("attribute '" + name + "' is not a scalar");
    double v = 0;
    if (H5Aread(attr.get(), H5T_NATIVE_DOUBLE, &v) < 0)
      fail("attribute '" + name + "': cannot read");
    return v;
  }

  long long scalar_integer(const std::string& name) const {
    Handle attr(open_attribute(name, H5T_INTEGER, "an integer scalar"), H5Aclose);
    if (attribute_size(attr.get()) != 1) fail("attribute '" + name + "' is not a scalar");
    long long v = 0;
    if (H5Aread(attr.get(), H5T_NATIVE_LLONG, &v) < 0)
      fail("attribute '" + name + "': cannot read");
    return v;
  }

  /// Reads a string attribute (scalar or 1D; fixed-length strings, or the variable-length ones of
  /// format 1 when `variable_allowed`). Sizes are checked before anything is allocated.
  std::vector<std::string> strings(const std::string& name, bool variable_allowed) const {
    Handle attr(open_attribute(name, H5T_STRING, "a string"), H5Aclose);
    const hssize_t count = attribute_size(attr.get());
    if (count < 0) fail("attribute '" + name + "': cannot read its size");
    if (count > kMaxStrings)
      fail("attribute '" + name + "' holds " + std::to_string(count) + " strings (at most " +
           std::to_string(kMaxStrings) + " expected)");
    Handle file_type(H5Aget_type(attr.get()), H5Tclose);
    std::vector<std::string> out;
    if (H5Tis_variable_str(file_type.get()) > 0) {
      if (!variable_allowed)
        fail("attribute '" + name +
             "' holds variable-length strings, which this format version "
             "does not use");
      Handle memory_type(hdf5::make_variable_string_type(), H5Tclose);
      std::vector<char*> buffer(std::size_t(count), nullptr);
      if (H5Aread(attr.get(), memory_type.get(), buffer.data()) < 0)
        fail("attribute '" + name + "': cannot read");
      for (char* s : buffer) {
        out.emplace_back(s != nullptr ? s : "");
        if (s != nullptr) H5free_memory(s);
      }
    } else {
      const std::size_t width = H5Tget_size(file_type.get());
      if (width == 0 || width > kMaxStringBytes)
        fail("attribute '" + name + "' has strings of " + std::to_string(width) +
             " bytes (at most " + std::to_string(kMaxStringBytes) + " expected)");
      std::vector<char> buffer(width * std::size_t(count) + 1, '\0');
      if (H5Aread(attr.get(), file_type.get(), buffer.data()) < 0)
        fail("attribute '" + name + "': cannot read");
      for (hssize_t i = 0; i < count; ++i) {
        const char* s = buffer.data() + std::size_t(i) * width;
        out.emplace_back(s, strnlen(s, width));
      }
    }
    return out;
  }

  /// Opens dataset `name`, checks it is floating point of rank dims.size() with exactly `dims`,
  /// and returns its value size in bytes (4 or 8) with the open handle in `out`.
  std::size_t open_dataset(const std::string& name, const std::vector<hsize_t>& dims,
                           const std::string& dims_meaning, hid_t& out) const {
    std::string problem;
    const hid_t set = hdf5::open_dataset(file_, name, problem);
    if (set < 0) fail("dataset '" + name + "' " + problem);
    Handle guard(set, H5Dclose);
    Handle type(H5Dget_type(set), H5Tclose);
    const std::size_t size = H5Tget_size(type.get());
    if (H5Tget_class(type.get()) != H5T_FLOAT || (size != 4 && size != 8))
      fail("dataset '" + name + "' is not float32 or float64");
    Handle space(H5Dget_space(set), H5Sclose);
    const int rank = H5Sget_simple_extent_ndims(space.get());
    std::vector<hsize_t> actual(rank > 0 ? std::size_t(rank) : 0);
    if (rank > 0) H5Sget_simple_extent_dims(space.get(), actual.data(), nullptr);
    if (actual != dims) {
      std::ostringstream os;
      os << "dataset '" << name << "' has shape " << format(actual) << ", which does not match "
         << dims_meaning << " = " << format(dims) << " from the attributes";
      fail(os.str());
    }
    out = guard.release();
    return size;
  }

  /// Requires that dataset `set` carries a Fletcher32 checksum (format 2 writes one on each).
  void require_checksum(hid_t set, const std::string& name) const {
    Handle create(H5Dget_create_plist(set), H5Pclose);
    if (!create.valid() || H5Pget_filter_by_id2(create.get(), H5Z_FILTER_FLETCHER32, nullptr,
                                                nullptr, nullptr, 0, nullptr, nullptr) < 0)
      fail("dataset '" + name + "' has no checksum (format " + std::to_string(kFormatVersion) +
           " writes one on every dataset): the file was changed after it was written");
    // A chunk can be stored with the filters skipped (H5Dwrite_chunk's filter mask), and then
    // has no checksum to verify: every chunk must have gone through the whole pipeline.
    hsize_t dims[H5S_MAX_RANK] = {}, chunk[H5S_MAX_RANK] = {}, at[H5S_MAX_RANK] = {};
    const int rank = hdf5::chunk_layout(set, create.get(), dims, chunk);
    if (rank < 1) fail("dataset '" + name + "': cannot read its chunk layout" + hdf5::detail());
    for (bool more = dims[0] > 0; more;) {
      unsigned mask = 0;
      haddr_t address = HADDR_UNDEF;
      hsize_t bytes = 0;
      if (H5Dget_chunk_info_by_coord(set, at, &mask, &address, &bytes) < 0 || mask != 0) {
        std::ostringstream os;
        os << "dataset '" << name << "' has a chunk (at";
        for (int a = 0; a < rank; ++a) os << (a ? ", " : " ") << at[a];
        os << ") stored without its checksum (its filters skipped): the file was changed after "
              "it was written";
        fail(os.str());
      }
      more = false;  // the next chunk's offset, the last axis fastest
      for (int a = rank - 1; a >= 0 && !more; --a) {
        at[a] += chunk[a];
        more = at[a] < dims[a];
        if (!more) at[a] = 0;
      }
    }
  }

  /// Reads dataset `set` as `memory_type` into `out`: all of it, or (box non-null) the hyperslab
  /// of `box` of a 3D dataset; says so when a checksum fails.
  void read_dataset(hid_t set, const std::string& name, hid_t memory_type, void* out,
                    const CellBox* box = nullptr) const {
    herr_t status = 0;
    std::string why;
    if (box == nullptr) {
      status = H5Dread(set, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, out);
      if (status < 0) why = hdf5::detail();
    } else {
      hsize_t offset[3], count[3];
      hdf5::hyperslab_of(*box, offset, count);
      Handle file_space(H5Dget_space(set), H5Sclose);
      Handle memory_space(H5Screate_simple(3, count, nullptr), H5Sclose);
      status =
          H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, offset, nullptr, count, nullptr);
      if (status >= 0)
        status = H5Dread(set, memory_type, memory_space.get(), file_space.get(), H5P_DEFAULT, out);
      if (status < 0) why = hdf5::detail();  // before any other HDF5 call clears the error stack
    }
    if (status >= 0) return;
    std::string lower = why;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (lower.find("checksum") != std::string::npos ||
        lower.find("fletcher") != std::string::npos || lower.find("filter") != std::string::npos)
      ALFVEN_REQUIRE(false, "snapshot '"
                                << path_ << "': dataset '" << name
                                << "' is damaged: its checksum does not match its data (the file "
                                   "changed after it was written; use an earlier snapshot)"
                                << why);
    ALFVEN_REQUIRE(false,
                   "snapshot '" << path_ << "': dataset '" << name << "': cannot read" << why);
  }

  static std::string format(const std::vector<hsize_t>& dims) {
    std::ostringstream os;
    os << "(";
    for (std::size_t i = 0; i < dims.size(); ++i) os << (i ? "," : "") << dims[i];
    os << ")";
    return os.str();
  }

 private:
  const std::string& path_;
  hid_t file_;
};

herr_t collect_attribute_name(hid_t, const char* name, const H5A_info_t*, void* client) {
  static_cast<std::vector<std::string>*>(client)->emplace_back(name);
  return 0;
}

/// Opens `path` and reads everything but the fields into `s`; returns the open file.
hid_t read_metadata(const std::string& path, Snapshot& s) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  ALFVEN_REQUIRE(std::filesystem::exists(status), "snapshot '" << path << "': file not found");
  ALFVEN_REQUIRE(!std::filesystem::is_directory(status),
                 "snapshot '" << path << "' is a directory; give a snapshot file in it (e.g. "
                              << path
                              << "/snapshot_0001.h5), or set io.continue: true to continue a run "
                                 "directory from its newest snapshot");
  ALFVEN_REQUIRE(std::filesystem::is_regular_file(status),
                 "snapshot '" << path
                              << "' is not a regular file (a device, pipe or socket); give an "
                                 "HDF5 snapshot file");
  Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  if (!file.valid()) {
    const std::string why = hdf5::detail();
    const bool damaged = why.find("checksum") != std::string::npos;
    ALFVEN_REQUIRE(false, "snapshot '"
                              << path << "': cannot open as HDF5"
                              << (damaged
                                      ? " (the file is damaged: a metadata checksum does not match)"
                                      : "")
                              << why);
  }
  Reader r(path, file.get());

  const long long version = r.scalar_integer("format_version");
  if (version < kOldestReadableVersion || version > kFormatVersion)
    r.fail("format_version " + std::to_string(version) + " is not supported (this build reads " +
           std::to_string(kOldestReadableVersion) + " to " + std::to_string(kFormatVersion) + ")");
  s.format_version = int(version);
  s.checksummed = version >= 2;
  const bool variable_strings = version == 1;
  s.names = r.strings("fields", variable_strings);
  if (s.names.empty()) r.fail("attribute 'fields' lists no fields");
  // A grid that is no run's state has none of the run attributes; one of them alone is an error
  // (the others are then reported missing).
  s.meta.run_state = false;
  for (const char* name : {"time", "step", "index", "problem", "gamma"})
    s.meta.run_state = s.meta.run_state || H5Aexists(file.get(), name) > 0;
  if (s.meta.run_state) {
    // What a restart relies on: a finite time >= 0, a step >= 0, an output number in int.
    s.meta.time = r.scalar_double("time");
    if (!(std::isfinite(s.meta.time) && s.meta.time >= 0)) {
      std::ostringstream os;
      os << "attribute 'time' = " << s.meta.time << " is not a simulation time (finite, >= 0)";
      r.fail(os.str());
    }
    const long long step = r.scalar_integer("step");
    // At most 2^53: the log and the schedules count steps in doubles, and a run goes on adding
    // to it (2^63 - 3 wrapped to a negative step with exit status 0).
    if (step < 0 || step > (1LL << 53))
      r.fail("attribute 'step' = " + std::to_string(step) +
             " is not a step number (0 to 2^53 = 9007199254740992)");
    s.meta.step = long(step);
    const long long index = r.scalar_integer("index");
    if (index < 0 || index > INT_MAX)
      r.fail("attribute 'index' = " + std::to_string(index) + " is not an output number (0 to " +
             std::to_string(INT_MAX) + ")");
    s.meta.index = int(index);
    const std::vector<std::string> problem = r.strings("problem", variable_strings);
    if (problem.size() != 1) r.fail("attribute 'problem' is not a single string");
    s.meta.problem = problem.front();
    s.meta.gamma = r.scalar_double("gamma");
  }
  for (int a = 0; a < 3; ++a) {
    s.grid.lo[a] = r.scalar_double(kMinName[a]);
    s.grid.hi[a] = r.scalar_double(kMaxName[a]);
    const long long n = r.scalar_integer(kCountName[a]);
    if (n < 1 || n > (1ll << 31) - 1)
      r.fail(std::string("attribute '") + kCountName[a] + "' = " + std::to_string(n) +
             " is not a valid cell count");
    s.grid.n[a] = int(n);
    // The cell width must be a positive finite number (x_min < x_max, no overflow).
    const double h = cell_width(s.grid, a);
    if (!(h > 0) || !std::isfinite(h)) {
      std::ostringstream os;
      os.precision(17);
      os << "attributes '" << kMinName[a] << "' = " << s.grid.lo[a] << " and '" << kMaxName[a]
         << "' = " << s.grid.hi[a] << " do not bound a domain (need " << kMinName[a] << " < "
         << kMaxName[a] << ", both finite, with a finite cell width)";
      r.fail(os.str());
    }
  }

  // Every other float64 scalar attribute is an extra.
  std::vector<std::string> attribute_names;
  hsize_t position = 0;
  if (H5Aiterate2(file.get(), H5_INDEX_NAME, H5_ITER_INC, &position, collect_attribute_name,
                  &attribute_names) < 0)
    r.fail("cannot list the root attributes");
  for (const std::string& name : attribute_names) {
    if (hdf5::is_reserved_attribute(name)) continue;
    Handle attr(H5Aopen(file.get(), name.c_str(), H5P_DEFAULT), H5Aclose);
    Handle type(H5Aget_type(attr.get()), H5Tclose);
    Handle space(H5Aget_space(attr.get()), H5Sclose);
    const bool scalar = H5Sget_simple_extent_type(space.get()) == H5S_SCALAR;
    const hssize_t count = r.attribute_size(attr.get());
    if (H5Tget_class(type.get()) == H5T_FLOAT && count == 1 && scalar) {
      s.meta.extra[name] = r.scalar_double(name);
    } else if (H5Tget_class(type.get()) == H5T_FLOAT && count >= 1) {
      std::vector<double> v(static_cast<std::size_t>(count));
      if (H5Aread(attr.get(), H5T_NATIVE_DOUBLE, v.data()) < 0)
        r.fail("attribute '" + name + "': cannot read");
      s.meta.vectors[name] = v;
    } else if (H5Tget_class(type.get()) == H5T_STRING && count == 1 && scalar) {
      s.meta.text[name] = r.strings(name, variable_strings).front();
    }
  }

  // Coordinates.
  for (int a = 0; a < 3; ++a) {
    hid_t id = -1;
    const std::size_t size =
        r.open_dataset(kAxisName[a], {hsize_t(s.grid.n[a])}, kCountName[a], id);
    Handle set(id, H5Dclose);
    if (size != 8) r.fail(std::string("dataset '") + kAxisName[a] + "' is not float64");
    if (s.checksummed) r.require_checksum(id, kAxisName[a]);
    s.centres[a].resize(std::size_t(s.grid.n[a]));
    r.read_dataset(id, kAxisName[a], H5T_NATIVE_DOUBLE, s.centres[a].data());
    // The centres are what readers other than Alfven (Python, ParaView) place the values at;
    // Alfven restarts from the attributes. The writer takes them from cell_centre, so they
    // agree to the bit; a billionth of a cell is allowed for files of other writers.
    const double h = cell_width(s.grid, a);
    for (int i = 0; i < s.grid.n[a]; ++i) {
      const double want = cell_centre(s.grid, a, i), got = s.centres[a][std::size_t(i)];
      if (!(std::fabs(got - want) <= 1e-9 * h)) {
        std::ostringstream os;
        os.precision(17);
        os << "dataset '" << kAxisName[a] << "' has " << got << " at index " << i
           << " where the grid attributes (lo, hi, n) put the cell centre at " << want
           << ": the file was changed after it was written";
        r.fail(os.str());
      }
    }
  }

  return file.release();
}

/// Reads the fields of the open `file` into `s`: all cells, or (box non-null) only `box`, whose
/// values_as_double are then left empty.
void read_fields(const std::string& path, hid_t file, Snapshot& s, const CellBox* box) {
  Reader r(path, file);
  const std::vector<hsize_t> dims = {hsize_t(s.grid.n[2]), hsize_t(s.grid.n[1]),
                                     hsize_t(s.grid.n[0])};
  const std::size_t count = box ? cell_count(*box) : cell_count(s.grid);
  for (std::size_t f = 0; f < s.names.size(); ++f) {
    const std::string& name = s.names[f];
    if (s.raw.count(name)) r.fail("field '" + name + "' listed twice in attribute 'fields'");
    hid_t id = -1;
    const std::size_t size = r.open_dataset(name, dims, "nz,ny,nx", id);
    Handle set(id, H5Dclose);
    const DataType type = size == 4 ? DataType::Float32 : DataType::Float64;
    if (f == 0) {
      s.type = type;
    } else if (type != s.type) {
      r.fail("dataset '" + name + "' is " + name_of(type) + " but '" + s.names.front() + "' is " +
             name_of(s.type) + " (fields of mixed precision)");
    }
    if (s.checksummed) r.require_checksum(id, name);
    std::vector<unsigned char>& raw = s.raw[name];
    raw.resize(count * size);
    r.read_dataset(id, name, memory_type_of(type), raw.data(), box);
    if (box) continue;
    std::vector<double>& values = s.values_as_double[name];
    values.resize(count);
    if (type == DataType::Float32) {
      for (std::size_t i = 0; i < count; ++i) {
        float v;
        std::memcpy(&v, raw.data() + 4 * i, 4);
        values[i] = v;
      }
    } else {
      std::memcpy(values.data(), raw.data(), 8 * count);
    }
  }
}

}  // namespace

Snapshot read_snapshot(const std::string& path) {
  hdf5::QuietHdf5 quiet;
  Snapshot s;
  Handle file(read_metadata(path, s), H5Fclose);
  for (int a = 0; a < 3; ++a) s.box.count[a] = s.grid.n[a];
  read_fields(path, file.get(), s, nullptr);
  return s;
}

Snapshot read_snapshot_metadata(const std::string& path) {
  hdf5::QuietHdf5 quiet;
  Snapshot s;
  Handle file(read_metadata(path, s), H5Fclose);
  return s;
}

Snapshot read_snapshot_block(const std::string& path, const CellBox& box) {
  hdf5::QuietHdf5 quiet;
  Snapshot s;
  Handle file(read_metadata(path, s), H5Fclose);
  for (int a = 0; a < 3; ++a)
    ALFVEN_REQUIRE(
        box.count[a] >= 1 && box.offset[a] >= 0 && box.offset[a] + box.count[a] <= s.grid.n[a],
        "snapshot '" << path << "' has " << s.grid.n[0] << " x " << s.grid.n[1] << " x "
                     << s.grid.n[2] << " cells: the cells " << box.offset[a] << " to "
                     << box.offset[a] + box.count[a] - 1 << " along "
                     << "xyz"[a] << " asked for are not among them");
  s.box = box;
  read_fields(path, file.get(), s, &box);
  return s;
}

}  // namespace io
}  // namespace alfven
