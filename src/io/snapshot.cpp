// HDF5 snapshots through the HDF5 C API (1.10 or newer). Layout: include/alfven/io/snapshot.hpp.
#include "alfven/io/snapshot.hpp"

#include <hdf5.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
#include <sstream>

#include "alfven/core/error.hpp"
#include "atomic_file.hpp"

namespace alfven {
namespace io {
namespace {

constexpr int kFormatVersion = 1;
const char* const kAxisName[3] = {"x", "y", "z"};
const char* const kMinName[3] = {"x_min", "y_min", "z_min"};
const char* const kMaxName[3] = {"x_max", "y_max", "z_max"};
const char* const kCountName[3] = {"nx", "ny", "nz"};

/// Root attributes with a fixed meaning; every other float64 scalar attribute is an `extra`.
const std::set<std::string>& reserved_attributes() {
  static const std::set<std::string> names = {
      "format_version", "fields", "time",  "step",  "index", "problem", "gamma", "x_min",
      "x_max",          "y_min",  "y_max", "z_min", "z_max", "nx",      "ny",    "nz"};
  return names;
}

/// Owns an HDF5 identifier and closes it with the matching H5*close function.
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t)) : id_(id), close_(close) {}
  ~Handle() {
    if (id_ >= 0) close_(id_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  /// Gives up ownership: the caller closes the returned identifier.
  hid_t release() {
    const hid_t id = id_;
    id_ = -1;
    return id;
  }
  /// Closes now and reports whether closing succeeded (for the file: the final flush).
  bool close() {
    const herr_t status = close_(id_);
    id_ = -1;
    return status >= 0;
  }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

/// Switches off HDF5's automatic printing of its error stack while alive; we report errors
/// ourselves with the file and dataset names.
class QuietHdf5 {
 public:
  QuietHdf5() {
    H5Eget_auto2(H5E_DEFAULT, &func_, &data_);
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  }
  ~QuietHdf5() { H5Eset_auto2(H5E_DEFAULT, func_, data_); }
  QuietHdf5(const QuietHdf5&) = delete;
  QuietHdf5& operator=(const QuietHdf5&) = delete;

 private:
  H5E_auto2_t func_ = nullptr;
  void* data_ = nullptr;
};

herr_t innermost_error(unsigned n, const H5E_error2_t* err, void* client) {
  if (n == 0 && err->desc != nullptr) *static_cast<std::string*>(client) = err->desc;
  return 0;
}

/// The description of the innermost entry of HDF5's current error stack (then cleared), as
/// "(hdf5: ...)", or "" if the stack is empty.
std::string hdf5_detail() {
  std::string desc;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, innermost_error, &desc);
  H5Eclear2(H5E_DEFAULT);
  return desc.empty() ? std::string() : " (hdf5: " + desc + ")";
}

hid_t file_type_of(DataType t) {
  return t == DataType::Float32 ? H5T_IEEE_F32LE : H5T_IEEE_F64LE;
}
hid_t memory_type_of(DataType t) {
  return t == DataType::Float32 ? H5T_NATIVE_FLOAT : H5T_NATIVE_DOUBLE;
}

/// A variable-length UTF-8 string type (caller closes).
hid_t make_string_type() {
  const hid_t t = H5Tcopy(H5T_C_S1);
  if (t >= 0) {
    H5Tset_size(t, H5T_VARIABLE);
    H5Tset_cset(t, H5T_CSET_UTF8);
  }
  return t;
}

// ---- writing ------------------------------------------------------------------------------------

/// Writes into one open file; every failure throws an Error naming the file and the object.
class Writer {
 public:
  Writer(const std::string& path, hid_t file) : path_(path), file_(file) {}

  [[noreturn]] void fail(const std::string& what) const {
    const std::string detail = hdf5_detail();
    ALFVEN_REQUIRE(false, "cannot write snapshot '" << path_ << "': " << what << detail);
  }

  void attribute(const char* name, hid_t file_type, hid_t memory_type, const void* value,
                 hsize_t count = 0) {
    Handle space(count == 0 ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, &count, nullptr),
                 H5Sclose);
    if (!space.valid()) fail(std::string("attribute '") + name + "': cannot create dataspace");
    Handle attr(H5Acreate2(file_, name, file_type, space.get(), H5P_DEFAULT, H5P_DEFAULT),
                H5Aclose);
    if (!attr.valid()) fail(std::string("attribute '") + name + "': cannot create");
    if (H5Awrite(attr.get(), memory_type, value) < 0)
      fail(std::string("attribute '") + name + "': cannot write");
  }
  void attribute(const char* name, double v) {
    attribute(name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &v);
  }
  void attribute_int(const char* name, int v) {
    attribute(name, H5T_STD_I32LE, H5T_NATIVE_INT, &v);
  }
  void attribute_long(const char* name, long long v) {
    attribute(name, H5T_STD_I64LE, H5T_NATIVE_LLONG, &v);
  }
  void attribute_strings(const char* name, const std::vector<const char*>& v, bool scalar) {
    Handle type(make_string_type(), H5Tclose);
    if (!type.valid()) fail(std::string("attribute '") + name + "': cannot create string type");
    attribute(name, type.get(), type.get(), v.data(), scalar ? 0 : hsize_t(v.size()));
  }

  void dataset(const std::string& name, int rank, const hsize_t* dims, DataType type,
               const void* data) {
    Handle space(H5Screate_simple(rank, dims, nullptr), H5Sclose);
    if (!space.valid()) fail("dataset '" + name + "': cannot create dataspace");
    Handle set(H5Dcreate2(file_, name.c_str(), file_type_of(type), space.get(), H5P_DEFAULT,
                          H5P_DEFAULT, H5P_DEFAULT),
               H5Dclose);
    if (!set.valid()) fail("dataset '" + name + "': cannot create");
    if (H5Dwrite(set.get(), memory_type_of(type), H5S_ALL, H5S_ALL, H5P_DEFAULT, data) < 0)
      fail("dataset '" + name + "': cannot write");
  }

 private:
  const std::string& path_;
  hid_t file_;
};

void check_arguments(const std::string& path, const GridInfo& grid, const SnapshotMeta& meta,
                     const std::vector<FieldRef>& fields) {
  const auto where = "cannot write snapshot '" + path + "': ";
  for (int a = 0; a < 3; ++a) {
    ALFVEN_REQUIRE(grid.n[a] >= 1, where << kCountName[a] << " = " << grid.n[a] << " must be >= 1");
    ALFVEN_REQUIRE(
        std::isfinite(grid.lo[a]) && std::isfinite(grid.hi[a]) && grid.hi[a] > grid.lo[a],
        where << kMinName[a] << " = " << grid.lo[a] << ", " << kMaxName[a] << " = " << grid.hi[a]
              << ": need finite bounds with max > min");
  }
  ALFVEN_REQUIRE(!fields.empty(), where << "no fields given");
  std::set<std::string> seen;
  for (const FieldRef& f : fields) {
    ALFVEN_REQUIRE(
        !f.name.empty() && f.name.find('/') == std::string::npos && f.name != "." &&
            f.name != "x" && f.name != "y" && f.name != "z",
        where << "invalid field name '" << f.name << "' (empty, contains '/', or is x, y or z)");
    ALFVEN_REQUIRE(seen.insert(f.name).second, where << "field '" << f.name << "' given twice");
    ALFVEN_REQUIRE(f.data != nullptr, where << "field '" << f.name << "' has no data");
    ALFVEN_REQUIRE(f.type == fields.front().type,
                   where << "field '" << f.name << "' is " << name_of(f.type) << " but '"
                         << fields.front().name << "' is " << name_of(fields.front().type)
                         << ": all fields of a snapshot share one precision");
  }
  std::set<std::string> names;
  auto check_name = [&](const std::string& name) {
    ALFVEN_REQUIRE(!name.empty() && name.find('/') == std::string::npos &&
                       reserved_attributes().count(name) == 0 && names.insert(name).second,
                   where << "extra attribute '" << name
                         << "' is empty, contains '/', clashes with a reserved attribute or is "
                            "given twice");
  };
  for (const auto& kv : meta.extra) check_name(kv.first);
  for (const auto& kv : meta.text) check_name(kv.first);
  for (const auto& kv : meta.vectors) {
    check_name(kv.first);
    ALFVEN_REQUIRE(!kv.second.empty(), where << "vector attribute '" << kv.first << "' is empty");
  }
}

void write_contents(const std::string& path, const std::string& tmp, const GridInfo& grid,
                    const SnapshotMeta& meta, const std::vector<FieldRef>& fields) {
  Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose);
  if (!file.valid()) {
    const std::string detail = hdf5_detail();
    ALFVEN_REQUIRE(
        false, "cannot write snapshot '" << path << "': cannot create '" << tmp << "'" << detail);
  }
  Writer w(path, file.get());

  w.attribute_int("format_version", kFormatVersion);
  std::vector<const char*> names;
  for (const FieldRef& f : fields) names.push_back(f.name.c_str());
  w.attribute_strings("fields", names, false);
  if (meta.run_state) {
    w.attribute("time", meta.time);
    w.attribute_long("step", meta.step);
    w.attribute_int("index", meta.index);
    w.attribute_strings("problem", {meta.problem.c_str()}, true);
    w.attribute("gamma", meta.gamma);
  }
  for (int a = 0; a < 3; ++a) {
    w.attribute(kMinName[a], grid.lo[a]);
    w.attribute(kMaxName[a], grid.hi[a]);
    w.attribute_int(kCountName[a], grid.n[a]);
  }
  for (const auto& kv : meta.extra) w.attribute(kv.first.c_str(), kv.second);
  for (const auto& kv : meta.text) w.attribute_strings(kv.first.c_str(), {kv.second.c_str()}, true);
  for (const auto& kv : meta.vectors)
    w.attribute(kv.first.c_str(), H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, kv.second.data(),
                hsize_t(kv.second.size()));

  for (int a = 0; a < 3; ++a) {
    std::vector<double> centre(grid.n[a]);
    for (int i = 0; i < grid.n[a]; ++i) centre[i] = cell_centre(grid, a, i);
    const hsize_t n = hsize_t(grid.n[a]);
    w.dataset(kAxisName[a], 1, &n, DataType::Float64, centre.data());
  }
  const hsize_t dims[3] = {hsize_t(grid.n[2]), hsize_t(grid.n[1]), hsize_t(grid.n[0])};
  for (const FieldRef& f : fields) w.dataset(f.name, 3, dims, f.type, f.data);

  if (!file.close()) w.fail("cannot close (flush) '" + tmp + "'");
}

// ---- reading ------------------------------------------------------------------------------------

/// Reads from one open file; every failure throws an Error "snapshot '<path>': ...".
class Reader {
 public:
  Reader(const std::string& path, hid_t file) : path_(path), file_(file) {}

  [[noreturn]] void fail(const std::string& what) const {
    const std::string detail = hdf5_detail();
    ALFVEN_REQUIRE(false, "snapshot '" << path_ << "': " << what << detail);
  }

  /// Opens attribute `name`, checking it exists, has type class `cls` and holds `count` values
  /// (0: a scalar).
  hid_t open_attribute(const std::string& name, H5T_class_t cls, const char* expected) const {
    const htri_t exists = H5Aexists(file_, name.c_str());
    if (exists <= 0) fail("attribute '" + name + "' missing");
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

  /// Reads a string attribute (scalar or 1D; variable- or fixed-length strings).
  std::vector<std::string> strings(const std::string& name) const {
    Handle attr(open_attribute(name, H5T_STRING, "a string"), H5Aclose);
    const hssize_t count = attribute_size(attr.get());
    if (count < 0) fail("attribute '" + name + "': cannot read its size");
    Handle file_type(H5Aget_type(attr.get()), H5Tclose);
    std::vector<std::string> out;
    if (H5Tis_variable_str(file_type.get()) > 0) {
      Handle memory_type(make_string_type(), H5Tclose);
      std::vector<char*> buffer(std::size_t(count), nullptr);
      if (H5Aread(attr.get(), memory_type.get(), buffer.data()) < 0)
        fail("attribute '" + name + "': cannot read");
      for (char* s : buffer) {
        out.emplace_back(s != nullptr ? s : "");
        if (s != nullptr) H5free_memory(s);
      }
    } else {
      const std::size_t width = H5Tget_size(file_type.get());
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
    if (H5Lexists(file_, name.c_str(), H5P_DEFAULT) <= 0) fail("dataset '" + name + "' missing");
    const hid_t set = H5Dopen2(file_, name.c_str(), H5P_DEFAULT);
    if (set < 0) fail("'" + name + "' is not a dataset");
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

}  // namespace

void write_snapshot(const std::string& path, const GridInfo& grid, const SnapshotMeta& meta,
                    const std::vector<FieldRef>& fields) {
  check_arguments(path, grid, meta, fields);
  QuietHdf5 quiet;
  const std::string tmp = detail::temporary_path(path);
  try {
    write_contents(path, tmp, grid, meta, fields);
  } catch (...) {
    std::remove(tmp.c_str());
    throw;
  }
  detail::move_into_place(tmp, path, "snapshot");
}

Snapshot read_snapshot(const std::string& path) {
  std::error_code ec;
  ALFVEN_REQUIRE(std::filesystem::is_regular_file(path, ec),
                 "snapshot '" << path << "': file not found");
  QuietHdf5 quiet;
  Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  if (!file.valid()) {
    const std::string detail = hdf5_detail();
    ALFVEN_REQUIRE(false, "snapshot '" << path << "': cannot open as HDF5" << detail);
  }
  Reader r(path, file.get());
  Snapshot s;

  const long long version = r.scalar_integer("format_version");
  if (version != kFormatVersion)
    r.fail("format_version " + std::to_string(version) + " is not supported (this build reads " +
           std::to_string(kFormatVersion) + ")");
  s.names = r.strings("fields");
  if (s.names.empty()) r.fail("attribute 'fields' lists no fields");
  // A grid that is no run's state has none of the run attributes; one of them alone is an error
  // (the others are then reported missing).
  s.meta.run_state = false;
  for (const char* name : {"time", "step", "index", "problem", "gamma"})
    s.meta.run_state = s.meta.run_state || H5Aexists(file.get(), name) > 0;
  if (s.meta.run_state) {
    s.meta.time = r.scalar_double("time");
    s.meta.step = long(r.scalar_integer("step"));
    s.meta.index = int(r.scalar_integer("index"));
    const std::vector<std::string> problem = r.strings("problem");
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
  }

  // Every other float64 scalar attribute is an extra.
  std::vector<std::string> attribute_names;
  hsize_t position = 0;
  if (H5Aiterate2(file.get(), H5_INDEX_NAME, H5_ITER_INC, &position, collect_attribute_name,
                  &attribute_names) < 0)
    r.fail("cannot list the root attributes");
  for (const std::string& name : attribute_names) {
    if (reserved_attributes().count(name)) continue;
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
      s.meta.text[name] = r.strings(name).front();
    }
  }

  // Coordinates.
  for (int a = 0; a < 3; ++a) {
    hid_t id = -1;
    const std::size_t size =
        r.open_dataset(kAxisName[a], {hsize_t(s.grid.n[a])}, kCountName[a], id);
    Handle set(id, H5Dclose);
    if (size != 8) r.fail(std::string("dataset '") + kAxisName[a] + "' is not float64");
    s.centres[a].resize(std::size_t(s.grid.n[a]));
    if (H5Dread(id, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, s.centres[a].data()) < 0)
      r.fail(std::string("dataset '") + kAxisName[a] + "': cannot read");
  }

  // Fields.
  const std::vector<hsize_t> dims = {hsize_t(s.grid.n[2]), hsize_t(s.grid.n[1]),
                                     hsize_t(s.grid.n[0])};
  const std::size_t count = cell_count(s.grid);
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
    std::vector<unsigned char>& raw = s.raw[name];
    raw.resize(count * size);
    if (H5Dread(id, memory_type_of(type), H5S_ALL, H5S_ALL, H5P_DEFAULT, raw.data()) < 0)
      r.fail("dataset '" + name + "': cannot read");
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
  return s;
}

}  // namespace io
}  // namespace alfven
