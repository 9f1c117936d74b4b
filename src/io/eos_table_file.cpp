// Tables of an equation of state: checks, and the HDF5 and text forms
// (include/alfven/io/eos_table_file.hpp).
#include "alfven/io/eos_table_file.hpp"

#include <hdf5.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "alfven/core/error.hpp"
#include "alfven/core/text.hpp"
#include "atomic_file.hpp"
#include "hdf5_support.hpp"

namespace alfven {
namespace io {

namespace {

using hdf5::Handle;

constexpr const char* kFormat = "alfven eos table";
constexpr int kVersion = 1;
constexpr int kMaxNodes = 65536;
constexpr long kMaxValues = 1L << 26;
const char* const kQuantity[3] = {"pressure", "sound_speed", "temperature"};

std::vector<double>* quantity(EosTableData& t, int q) {
  return q == 0 ? &t.pressure : (q == 1 ? &t.sound_speed : &t.temperature);
}
const std::vector<double>& quantity(const EosTableData& t, int q) {
  return q == 0 ? t.pressure : (q == 1 ? t.sound_speed : t.temperature);
}

}  // namespace

void check_eos_table_sizes(const EosTableData& t, const std::string& where) {
  ALFVEN_REQUIRE(t.n_rho >= 2 && t.n_rho <= kMaxNodes && t.n_e >= 2 && t.n_e <= kMaxNodes,
                 where << ": a table needs 2 to " << kMaxNodes << " nodes along each axis, got "
                       << t.n_rho << " density and " << t.n_e << " internal-energy nodes");
  ALFVEN_REQUIRE(long(t.n_rho) * long(t.n_e) <= kMaxValues,
                 where << ": " << t.n_rho << " x " << t.n_e << " nodes is more than the "
                       << kMaxValues << " values a table may hold");
}

namespace {

bool is_hdf5(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  char sig[8] = {};
  f.read(sig, 8);
  return f.gcount() == 8 && std::string(sig, 8) == "\x89HDF\r\n\x1a\n";
}

// ---- HDF5 ----

std::string read_string_attribute(hid_t file, const char* name, const std::string& path,
                                  bool required) {
  const htri_t exists = H5Aexists(file, name);
  ALFVEN_REQUIRE(exists >= 0, path << ": attribute '" << name
                                   << "' cannot be looked up (damaged metadata)" << hdf5::detail());
  if (exists == 0) {
    ALFVEN_REQUIRE(!required,
                   path << ": attribute '" << name << "' missing (not an " << kFormat << "?)");
    return "";
  }
  Handle a(H5Aopen(file, name, H5P_DEFAULT), H5Aclose);
  Handle type(H5Aget_type(a.get()), H5Tclose);
  Handle space(H5Aget_space(a.get()), H5Sclose);
  ALFVEN_REQUIRE(H5Tget_class(type.get()) == H5T_STRING && H5Tis_variable_str(type.get()) == 0 &&
                     H5Sget_simple_extent_npoints(space.get()) == 1,
                 path << ": attribute '" << name << "' is not one fixed-length string");
  const std::size_t size = H5Tget_size(type.get());
  ALFVEN_REQUIRE(size > 0 && size <= 65536,
                 path << ": attribute '" << name << "' is " << size << " bytes long");
  std::string value(size, '\0');
  Handle mem(H5Tcopy(type.get()), H5Tclose);
  ALFVEN_REQUIRE(H5Aread(a.get(), mem.get(), &value[0]) >= 0,
                 path << ": cannot read attribute '" << name << "' " << hdf5::detail());
  return value.substr(0, value.find('\0'));
}

// One scalar attribute of HDF5 class `kind` (H5T_FLOAT or H5T_INTEGER), read as `memory` (a
// native type of T); `what` names the kind in the message.
template <typename T>
T read_scalar_attribute(hid_t file, const char* name, const std::string& path, H5T_class_t kind,
                        hid_t memory, const char* what) {
  const htri_t exists = H5Aexists(file, name);
  ALFVEN_REQUIRE(exists >= 0, path << ": attribute '" << name
                                   << "' cannot be looked up (damaged metadata)" << hdf5::detail());
  ALFVEN_REQUIRE(exists > 0, path << ": attribute '" << name << "' missing");
  Handle a(H5Aopen(file, name, H5P_DEFAULT), H5Aclose);
  Handle space(H5Aget_space(a.get()), H5Sclose);
  Handle type(H5Aget_type(a.get()), H5Tclose);
  ALFVEN_REQUIRE(H5Sget_simple_extent_npoints(space.get()) == 1 && H5Tget_class(type.get()) == kind,
                 path << ": attribute '" << name << "' is not one " << what);
  T v = 0;
  ALFVEN_REQUIRE(H5Aread(a.get(), memory, &v) >= 0,
                 path << ": cannot read attribute '" << name << "' " << hdf5::detail());
  return v;
}

double read_double_attribute(hid_t file, const char* name, const std::string& path) {
  return read_scalar_attribute<double>(file, name, path, H5T_FLOAT, H5T_NATIVE_DOUBLE,
                                       "floating-point number");
}

int read_int_attribute(hid_t file, const char* name, const std::string& path) {
  return read_scalar_attribute<int>(file, name, path, H5T_INTEGER, H5T_NATIVE_INT, "integer");
}

void read_dataset(hid_t file, const char* name, const EosTableData& t, const std::string& path,
                  std::vector<double>& out) {
  std::string problem;
  Handle set(hdf5::open_dataset(file, name, problem), H5Dclose);
  ALFVEN_REQUIRE(set.valid(), path << ": dataset '" << name << "' " << problem);
  Handle space(H5Dget_space(set.get()), H5Sclose);
  Handle type(H5Dget_type(set.get()), H5Tclose);
  hsize_t dims[2] = {0, 0};
  ALFVEN_REQUIRE(H5Sget_simple_extent_ndims(space.get()) == 2 &&
                     H5Sget_simple_extent_dims(space.get(), dims, nullptr) == 2 &&
                     dims[0] == hsize_t(t.n_rho) && dims[1] == hsize_t(t.n_e),
                 path << ": dataset '" << name << "' must have the shape of 'pressure', ("
                      << t.n_rho << ", " << t.n_e
                      << ") (density nodes, internal-energy nodes), got (" << dims[0] << ", "
                      << dims[1] << ")");
  ALFVEN_REQUIRE(H5Tget_class(type.get()) == H5T_FLOAT,
                 path << ": dataset '" << name << "' is not floating point");
  out.assign(std::size_t(t.n_rho) * std::size_t(t.n_e), 0.0);
  ALFVEN_REQUIRE(
      H5Dread(set.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, out.data()) >= 0,
      path << ": cannot read dataset '" << name << "' (a damaged file?) " << hdf5::detail());
}

EosTableData read_hdf5(const std::string& path) {
  hdf5::QuietHdf5 quiet;
  Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  ALFVEN_REQUIRE(file.valid(), path << ": cannot open as HDF5 " << hdf5::detail());
  const std::string format = read_string_attribute(file.get(), "format", path, true);
  ALFVEN_REQUIRE(format == kFormat,
                 path << ": format is '" << text::excerpt(format) << "', not '" << kFormat << "'");
  const int version = read_int_attribute(file.get(), "version", path);
  ALFVEN_REQUIRE(version == kVersion, path << ": version " << version << " of the table format; "
                                           << "this Alfven reads version " << kVersion);
  EosTableData t;
  t.source = path;
  const std::string axes = read_string_attribute(file.get(), "axes", path, true);
  ALFVEN_REQUIRE(axes == "log10" || axes == "linear",
                 path << ": axes is '" << text::excerpt(axes) << "'; expected log10 or linear");
  t.log_axes = axes == "log10";
  t.rho_min = read_double_attribute(file.get(), "density_min", path);
  t.rho_max = read_double_attribute(file.get(), "density_max", path);
  t.e_min = read_double_attribute(file.get(), "internal_energy_min", path);
  t.e_max = read_double_attribute(file.get(), "internal_energy_max", path);
  t.description = read_string_attribute(file.get(), "description", path, false);
  {
    std::string problem;
    Handle set(hdf5::open_dataset(file.get(), "pressure", problem), H5Dclose);
    ALFVEN_REQUIRE(set.valid(), path << ": dataset 'pressure' " << problem);
    Handle space(H5Dget_space(set.get()), H5Sclose);
    hsize_t dims[2] = {0, 0};
    ALFVEN_REQUIRE(H5Sget_simple_extent_ndims(space.get()) == 2 &&
                       H5Sget_simple_extent_dims(space.get(), dims, nullptr) == 2,
                   path << ": dataset 'pressure' is not two-dimensional");
    t.n_rho = dims[0] <= hsize_t(kMaxNodes) ? int(dims[0]) : kMaxNodes + 1;
    t.n_e = dims[1] <= hsize_t(kMaxNodes) ? int(dims[1]) : kMaxNodes + 1;
  }
  check_eos_table_sizes(t, path);
  for (int q = 0; q < 3; ++q) read_dataset(file.get(), kQuantity[q], t, path, *quantity(t, q));
  return t;
}

void write_hdf5(const EosTableData& t, const std::string& path, const std::string& tmp,
                bool& created) {
  hdf5::QuietHdf5 quiet;
  Handle access(hdf5::make_file_access(path), H5Pclose);
  Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, access.get()), hdf5::close_file);
  ALFVEN_REQUIRE(file.valid(),
                 "cannot write " << path << ": cannot create " << tmp << " " << hdf5::detail());
  created = true;
  auto fail = [&](const std::string& what) {
    ALFVEN_REQUIRE(false, "cannot write " << path << ": " << what << " " << hdf5::detail());
  };
  auto string_attribute = [&](const char* name, const std::string& value) {
    Handle type(hdf5::make_fixed_string_type(value.size() + 1), H5Tclose);
    Handle space(H5Screate(H5S_SCALAR), H5Sclose);
    Handle a(H5Acreate2(file.get(), name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
             H5Aclose);
    std::vector<char> buf(value.begin(), value.end());
    buf.push_back('\0');
    if (!a.valid() || H5Awrite(a.get(), type.get(), buf.data()) < 0)
      fail(std::string("attribute ") + name);
  };
  auto scalar_attribute = [&](const char* name, hid_t file_type, hid_t mem_type, const void* v) {
    Handle space(H5Screate(H5S_SCALAR), H5Sclose);
    Handle a(H5Acreate2(file.get(), name, file_type, space.get(), H5P_DEFAULT, H5P_DEFAULT),
             H5Aclose);
    if (!a.valid() || H5Awrite(a.get(), mem_type, v) < 0) fail(std::string("attribute ") + name);
  };
  string_attribute("format", kFormat);
  const int version = kVersion;
  scalar_attribute("version", H5T_STD_I32LE, H5T_NATIVE_INT, &version);
  string_attribute("axes", t.log_axes ? "log10" : "linear");
  const double bounds[4] = {t.rho_min, t.rho_max, t.e_min, t.e_max};
  const char* bound_names[4] = {"density_min", "density_max", "internal_energy_min",
                                "internal_energy_max"};
  for (int b = 0; b < 4; ++b)
    scalar_attribute(bound_names[b], H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &bounds[b]);
  if (!t.description.empty()) string_attribute("description", t.description);
  const hsize_t dims[2] = {hsize_t(t.n_rho), hsize_t(t.n_e)};
  const std::vector<hsize_t> chunk = hdf5::chunk_shape(2, dims, sizeof(double));
  for (int q = 0; q < 3; ++q) {
    Handle space(H5Screate_simple(2, dims, nullptr), H5Sclose);
    Handle create(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
    if (H5Pset_chunk(create.get(), 2, chunk.data()) < 0 || H5Pset_fletcher32(create.get()) < 0)
      fail("dataset properties");
    Handle set(H5Dcreate2(file.get(), kQuantity[q], H5T_IEEE_F64LE, space.get(), H5P_DEFAULT,
                          create.get(), H5P_DEFAULT),
               H5Dclose);
    if (!set.valid() || H5Dwrite(set.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                                 quantity(t, q).data()) < 0)
      fail(std::string("dataset ") + kQuantity[q]);
  }
  if (!file.close()) fail("cannot close (flush) " + tmp);
}

// ---- text ----

EosTableData read_text(const std::string& path) {
  std::ifstream in(path);
  ALFVEN_REQUIRE(in, path << ": cannot open");
  EosTableData t;
  t.source = path;
  std::string line;
  long number = 0;
  bool header[4] = {false, false, false, false};  // magic, axes, density, internal_energy
  std::size_t row = 0, rows = 0;
  auto where = [&] { return path + ":" + std::to_string(number); };
  while (std::getline(in, line)) {
    ++number;
    const std::size_t hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    const std::string trimmed = text::trim(line);
    if (trimmed.empty()) continue;
    std::istringstream words(trimmed);
    if (!header[0]) {
      std::string a, b, c;
      int version = 0;
      words >> a >> b >> c >> version;
      ALFVEN_REQUIRE(a + " " + b + " " + c == kFormat, where() << ": expected '" << kFormat
                                                               << " 1' as the first line, got '"
                                                               << text::excerpt(trimmed) << "'");
      ALFVEN_REQUIRE(version == kVersion, where() << ": version " << version
                                                  << "; this Alfven reads version " << kVersion);
      header[0] = true;
      continue;
    }
    if (!(header[1] && header[2] && header[3])) {
      std::string key;
      words >> key;
      if (key == "description") {
        t.description = text::trim(trimmed.substr(key.size()));
        continue;
      }
      // Each header line once: a second one silently replaced the first.
      const int slot = key == "axes" ? 1 : key == "density" ? 2 : key == "internal_energy" ? 3 : 0;
      ALFVEN_REQUIRE(slot == 0 || !header[slot],
                     where() << ": a second '" << key << "' line; the header gives each once");
      if (key == "axes") {
        std::string axes;
        words >> axes;
        ALFVEN_REQUIRE(axes == "log10" || axes == "linear", where()
                                                                << ": axes '" << text::excerpt(axes)
                                                                << "'; expected log10 or linear");
        t.log_axes = axes == "log10";
        header[1] = true;
        continue;
      }
      if (key == "density" || key == "internal_energy") {
        double lo = 0, hi = 0;
        long n = 0;
        std::string rest;
        words >> lo >> hi >> n;
        ALFVEN_REQUIRE(words && !(words >> rest), where() << ": expected '" << key
                                                          << " MIN MAX NODES', got '"
                                                          << text::excerpt(trimmed) << "'");
        ALFVEN_REQUIRE(n >= 2 && n <= kMaxNodes, where() << ": a table needs 2 to " << kMaxNodes
                                                         << " nodes along each axis, got " << n
                                                         << " " << key << " nodes");
        const int nodes = int(n);
        if (key == "density") {
          t.rho_min = lo, t.rho_max = hi, t.n_rho = nodes;
          header[2] = true;
        } else {
          t.e_min = lo, t.e_max = hi, t.n_e = nodes;
          header[3] = true;
        }
        if (header[2] && header[3]) {
          check_eos_table_sizes(t, path);
          rows = std::size_t(t.n_rho) * std::size_t(t.n_e);
          for (int q = 0; q < 3; ++q) quantity(t, q)->assign(rows, 0.0);
        }
        continue;
      }
      ALFVEN_REQUIRE(false, where() << ": expected axes, density, internal_energy or description "
                                       "before the rows, got '"
                                    << text::excerpt(trimmed) << "'");
    }
    ALFVEN_REQUIRE(header[1], where() << ": the axes line (axes log10 or axes linear) is missing");
    ALFVEN_REQUIRE(row < rows, where() << ": more than the " << rows << " rows of a " << t.n_rho
                                       << " x " << t.n_e << " table");
    double v[3];
    std::string rest;
    words >> v[0] >> v[1] >> v[2];
    ALFVEN_REQUIRE(words && !(words >> rest),
                   where() << ": expected three numbers (pressure sound_speed temperature), got '"
                           << text::excerpt(trimmed) << "'");
    for (int q = 0; q < 3; ++q) (*quantity(t, q))[row] = v[q];
    ++row;
  }
  ALFVEN_REQUIRE(header[0], path << ": empty (expected '" << kFormat << " 1')");
  ALFVEN_REQUIRE(header[1] && header[2] && header[3],
                 path << ": the header needs the lines axes, density and internal_energy");
  ALFVEN_REQUIRE(row == rows, path << ": " << row << " rows, but a " << t.n_rho << " x " << t.n_e
                                   << " table has " << rows);
  return t;
}

std::string text_form(const EosTableData& t) {
  std::ostringstream out;
  out << std::setprecision(17);
  out << kFormat << " " << kVersion << "\n";
  if (!t.description.empty()) out << "description " << t.description << "\n";
  out << "axes " << (t.log_axes ? "log10" : "linear") << "\n";
  out << "density " << t.rho_min << " " << t.rho_max << " " << t.n_rho << "\n";
  out << "internal_energy " << t.e_min << " " << t.e_max << " " << t.n_e << "\n";
  out << "# pressure sound_speed temperature, internal energy fastest\n";
  for (std::size_t c = 0; c < t.pressure.size(); ++c)
    out << t.pressure[c] << " " << t.sound_speed[c] << " " << t.temperature[c] << "\n";
  return out.str();
}

bool ends_with(const std::string& s, const std::string& end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

}  // namespace

double EosTableData::density_node(int i) const {
  if (!log_axes) return rho_min + (rho_max - rho_min) * i / (n_rho - 1);
  return std::pow(
      10.0, std::log10(rho_min) + (std::log10(rho_max) - std::log10(rho_min)) * i / (n_rho - 1));
}

double EosTableData::energy_node(int j) const {
  if (!log_axes) return e_min + (e_max - e_min) * j / (n_e - 1);
  return std::pow(10.0,
                  std::log10(e_min) + (std::log10(e_max) - std::log10(e_min)) * j / (n_e - 1));
}

void check_eos_table(const EosTableData& t, const std::string& where) {
  check_eos_table_sizes(t, where);
  const double bounds[4] = {t.rho_min, t.rho_max, t.e_min, t.e_max};
  for (double b : bounds)
    ALFVEN_REQUIRE(std::isfinite(b) && (t.log_axes ? b > 0 : b >= 0),
                   where << ": the table's bounds must be finite and "
                         << (t.log_axes ? "positive (log10 axes)" : "non-negative")
                         << " (a density and an internal energy per unit mass), got density "
                         << t.rho_min << " to " << t.rho_max << ", internal energy " << t.e_min
                         << " to " << t.e_max);
  ALFVEN_REQUIRE(t.rho_min < t.rho_max && t.e_min < t.e_max,
                 where << ": each axis must run from a smaller to a larger value, got density "
                       << t.rho_min << " to " << t.rho_max << ", internal energy " << t.e_min
                       << " to " << t.e_max);
  const std::size_t n = std::size_t(t.n_rho) * std::size_t(t.n_e);
  for (int q = 0; q < 3; ++q) {
    const std::vector<double>& v = quantity(t, q);
    ALFVEN_REQUIRE(v.size() == n, where << ": " << kQuantity[q] << " holds " << v.size()
                                        << " values, not " << t.n_rho << " x " << t.n_e);
    for (std::size_t c = 0; c < n; ++c)
      ALFVEN_REQUIRE(std::isfinite(v[c]) && v[c] > 0,
                     where << ": " << kQuantity[q] << "[" << c / t.n_e << "][" << c % t.n_e
                           << "] = " << v[c] << " (every value must be finite and positive)");
  }
  for (int i = 0; i < t.n_rho; ++i)
    for (int j = 0; j + 1 < t.n_e; ++j) {
      const double a = t.pressure[std::size_t(i) * t.n_e + j],
                   b = t.pressure[std::size_t(i) * t.n_e + j + 1];
      ALFVEN_REQUIRE(a < b, where << ": pressure is not increasing with internal energy at "
                                     "density node "
                                  << i << " (rho = " << t.density_node(i) << "): p[" << i << "]["
                                  << j << "] = " << a << " >= p[" << i << "][" << j + 1
                                  << "] = " << b);
    }
}

EosTableData read_eos_table(const std::string& path) {
  {
    std::ifstream probe(path, std::ios::binary);
    ALFVEN_REQUIRE(probe, "cannot open the equation-of-state table '" << path << "'");
    std::error_code ec;
    ALFVEN_REQUIRE(
        !std::filesystem::is_directory(path, ec),
        "the equation-of-state table '" << path << "' is a directory; give the table's file");
  }
  EosTableData t = is_hdf5(path) ? read_hdf5(path) : read_text(path);
  check_eos_table(t, path);
  return t;
}

void write_eos_table(const EosTableData& table, const std::string& path) {
  check_eos_table(table, path);
  if (!ends_with(path, ".h5") && !ends_with(path, ".hdf5")) {
    detail::write_file_atomically(path, text_form(table), "equation-of-state table");
    return;
  }
  const std::string tmp = detail::temporary_path(path);
  detail::require_no_temporary(tmp, path, "equation-of-state table");
  bool created = false;  // removed on failure only when this call created it
  try {
    write_hdf5(table, path, tmp, created);
    detail::sync_file(tmp, "equation-of-state table");
  } catch (...) {
    if (created) std::remove(tmp.c_str());
    throw;
  }
  detail::move_into_place(tmp, path, "equation-of-state table");
}

}  // namespace io
}  // namespace alfven
