// Reading MISO's raw output layout (miso_layout.hpp) with every size checked against the layout
// before anything is read or allocated, and messages naming the file and what is wrong.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "alfven/core/error.hpp"
#include "alfven/core/text.hpp"
#include "alfven/io/csv.hpp"
#include "alfven/io/miso_layout.hpp"
#include "miso_files.hpp"

namespace alfven {
namespace io {

namespace {

namespace fs = std::filesystem;

/// "MISO file 'PATH'", the start of every message about PATH.
std::string file_named(const std::string& path) {
  return "MISO file '" + path + "'";
}

/// Throws unless `path` is a regular file; returns its size.
std::uintmax_t existing_file_size(const std::string& path) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  ALFVEN_REQUIRE(fs::exists(status), file_named(path) << ": missing");
  ALFVEN_REQUIRE(fs::is_regular_file(status), file_named(path) << ": not a regular file");
  const std::uintmax_t size = fs::file_size(path, ec);
  ALFVEN_REQUIRE(!ec, file_named(path) << ": cannot read its size: " << ec.message());
  return size;
}

/// The whole text file `path`, at most `limit` bytes.
std::string read_text_file(const std::string& path, std::uintmax_t limit) {
  const std::uintmax_t size = existing_file_size(path);
  ALFVEN_REQUIRE(size <= limit, file_named(path) << ": " << size << " bytes, more than the "
                                                 << limit << " such a file can need");
  std::ifstream in(path, std::ios::binary);
  ALFVEN_REQUIRE(in, file_named(path) << ": cannot open it");
  std::string content(std::size_t(size), '\0');
  in.read(&content[0], std::streamsize(size));
  ALFVEN_REQUIRE(std::uintmax_t(in.gcount()) == size, file_named(path) << ": cannot read it");
  return content;
}

/// The lines of `content`, trimmed, empty lines at the end dropped.
std::vector<std::string> lines_of(const std::string& content) {
  std::vector<std::string> lines;
  for (const std::string& line : text::split(content, '\n')) lines.push_back(text::trim(line));
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

/// `text` for messages: quoted, at most 40 characters.
std::string shown(const std::string& text) {
  return "'" + (text.size() > 40 ? text.substr(0, 40) + "..." : text) + "'";
}

/// Reads the uint32 element-size header of an open binary file in the layout's byte order and
/// checks it is 4 or 8.
std::uint32_t element_size(std::ifstream& in, const std::string& path, const MisoLayout& layout) {
  std::uint32_t elem = 0;
  in.read(reinterpret_cast<char*>(&elem), 4);
  ALFVEN_REQUIRE(in.gcount() == 4, file_named(path) << ": shorter than its 4-byte header");
  std::uint32_t swapped = elem;
  detail::swap_bytes(&swapped, 1, 4);
  if (layout.big_endian == host_is_little_endian()) std::swap(elem, swapped);
  if (elem == 4 || elem == 8) return elem;
  const bool other_order = swapped == 4 || swapped == 8;
  ALFVEN_REQUIRE(false, file_named(path)
                            << ": element size " << elem << " in its header, expected 4 (float) or "
                            << "8 (double)"
                            << (other_order
                                    ? std::string("; read in the other byte order it is ") +
                                          std::to_string(swapped) + ": the file is " +
                                          (layout.big_endian ? "little" : "big") +
                                          "-endian but config.yaml says data_type.Endian: " +
                                          (layout.big_endian ? "big" : "little")
                                    : std::string()));
  return 0;
}

DataType type_of(std::uint32_t elem) {
  return elem == 4 ? DataType::Float32 : DataType::Float64;
}

/// `values` (host byte order after conversion) as doubles.
std::vector<double> as_doubles(const std::vector<unsigned char>& bytes, std::uint32_t elem) {
  const std::size_t count = bytes.size() / elem;
  std::vector<double> out(count);
  for (std::size_t n = 0; n < count; ++n) {
    if (elem == 4) {
      float f;
      std::memcpy(&f, bytes.data() + n * 4, 4);
      out[n] = f;
    } else {
      std::memcpy(&out[n], bytes.data() + n * 8, 8);
    }
  }
  return out;
}

}  // namespace

int read_miso_n_output(const std::string& dir, const MisoLayout& layout) {
  const std::string path = detail::path_in(dir, miso_n_output_file(layout));
  const std::vector<std::string> lines = lines_of(read_text_file(path, 4096));
  ALFVEN_REQUIRE(!lines.empty(), file_named(path) << ": empty; it should hold the index of the "
                                                     "latest output");
  const auto n = text::parse_integer(lines[0]);
  ALFVEN_REQUIRE(n && *n >= 0 && *n <= std::numeric_limits<int>::max(),
                 file_named(path) << ": " << shown(lines[0])
                                  << " is not an output index (an integer 0 to 2147483647)");
  return int(*n);
}

MisoTime read_miso_time(const std::string& dir, const MisoLayout& layout, int output) {
  const std::string path = detail::path_in(dir, miso_time_file(layout, output));
  const std::vector<std::string> lines = lines_of(read_text_file(path, 4096));
  ALFVEN_REQUIRE(lines.size() >= 3, file_named(path)
                                        << ": " << lines.size()
                                        << " lines, expected three (time, output index, step)");
  MisoTime t;
  const auto time = text::parse_real(lines[0]);
  ALFVEN_REQUIRE(time && *time >= 0, file_named(path)
                                         << ": line 1: " << shown(lines[0])
                                         << " is not a simulation time (finite, >= 0)");
  t.time = *time;
  const auto index = text::parse_integer(lines[1]);
  ALFVEN_REQUIRE(index && *index == output, file_named(path)
                                                << ": line 2: " << shown(lines[1])
                                                << " is not its output index " << output);
  t.output = output;
  const auto step = text::parse_integer(lines[2]);
  ALFVEN_REQUIRE(step && *step >= 0 && *step <= std::numeric_limits<long>::max(),
                 file_named(path) << ": line 3: " << shown(lines[2])
                                  << " is not a step count (an integer >= 0)");
  t.step = long(*step);
  return t;
}

std::vector<std::array<int, 3>> read_miso_coords(const std::string& dir, const MisoLayout& layout) {
  const std::string path = detail::path_in(dir, miso_coords_file(layout));
  const int ranks = miso_rank_count(layout);
  const std::string content = read_text_file(path, 4096 + 64 * std::uintmax_t(ranks));
  std::vector<std::array<int, 3>> coords(std::size_t(ranks), {-1, -1, -1});
  std::set<std::array<int, 3>> taken;
  bool header = true;
  std::size_t rows = 0;
  parse_csv(content, path, [&](const CsvRecord& record) {
    std::vector<std::string> f;
    for (const CsvField& field : record.fields) f.push_back(text::trim(field.text));
    if (header) {
      ALFVEN_REQUIRE(f == std::vector<std::string>({"rank", "x", "y", "z"}),
                     file_named(path)
                         << " line " << record.line << ": expected the header rank,x,y,z");
      header = false;
      return;
    }
    ALFVEN_REQUIRE(f.size() == 4, file_named(path) << " line " << record.line << ": " << f.size()
                                                   << " fields, expected rank,x,y,z");
    long long v[4];
    for (int i = 0; i < 4; ++i) {
      const auto n = text::parse_integer(f[std::size_t(i)]);
      ALFVEN_REQUIRE(n, file_named(path) << " line " << record.line << ": "
                                         << shown(f[std::size_t(i)]) << " is not an integer");
      v[i] = *n;
    }
    ALFVEN_REQUIRE(v[0] >= 0 && v[0] < ranks,
                   file_named(path)
                       << " line " << record.line << ": rank " << v[0] << " outside 0 to "
                       << ranks - 1 << " (config.yaml: " << layout.procs[0] << " x "
                       << layout.procs[1] << " x " << layout.procs[2] << " ranks)");
    std::array<int, 3> c{};
    for (int a = 0; a < 3; ++a) {
      ALFVEN_REQUIRE(v[a + 1] >= 0 && v[a + 1] < layout.procs[a],
                     file_named(path)
                         << " line " << record.line << ": rank " << v[0] << " at (" << v[1] << ", "
                         << v[2] << ", " << v[3] << ") lies outside the decomposition "
                         << layout.procs[0] << " x " << layout.procs[1] << " x " << layout.procs[2]
                         << " of config.yaml (mpi.x_procs, y_procs, z_procs)");
      c[std::size_t(a)] = int(v[a + 1]);
    }
    ALFVEN_REQUIRE(coords[std::size_t(v[0])][0] < 0, file_named(path)
                                                         << " line " << record.line << ": rank "
                                                         << v[0] << " is listed twice");
    ALFVEN_REQUIRE(taken.insert(c).second, file_named(path)
                                               << " line " << record.line << ": rank " << v[0]
                                               << " at (" << c[0] << ", " << c[1] << ", " << c[2]
                                               << "), where another rank is");
    coords[std::size_t(v[0])] = c;
    ++rows;
  });
  ALFVEN_REQUIRE(!header, file_named(path) << ": empty; expected the header rank,x,y,z");
  ALFVEN_REQUIRE(rows == std::size_t(ranks),
                 file_named(path) << ": " << rows << " ranks listed, config.yaml has " << ranks
                                  << " (mpi.x_procs * y_procs * z_procs)");
  return coords;
}

void check_miso_grid(const std::string& dir, const MisoLayout& layout) {
  const std::string path = detail::path_in(dir, miso_grid_file());
  const std::uintmax_t size = existing_file_size(path);
  std::ifstream in(path, std::ios::binary);
  ALFVEN_REQUIRE(in, file_named(path) << ": cannot open it");
  const std::uint32_t elem = element_size(in, path, layout);
  std::size_t count = 0;
  for (int a = 0; a < 3; ++a) count += std::size_t(layout.n[a] + 2 * miso_margin(layout, a));
  const std::uintmax_t expected = 4 + std::uintmax_t(count) * elem;
  ALFVEN_REQUIRE(size == expected, file_named(path)
                                       << ": " << size << " bytes, expected " << expected
                                       << " (4-byte header and " << count << " coordinates of "
                                       << elem << " bytes: " << layout.n[0] << " x " << layout.n[1]
                                       << " x " << layout.n[2] << " cells with " << layout.margin
                                       << " ghost cells on active axes, as config.yaml says)");
  std::vector<unsigned char> bytes(count * elem);
  in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
  ALFVEN_REQUIRE(std::size_t(in.gcount()) == bytes.size(), file_named(path) << ": cannot read it");
  if (layout.big_endian == host_is_little_endian()) detail::swap_bytes(bytes.data(), count, elem);
  const std::vector<double> x = as_doubles(bytes, elem);
  const double eps = elem == 4 ? 1.2e-7 : 2.3e-16;
  std::size_t at = 0;
  for (int a = 0; a < 3; ++a) {
    const int m = miso_margin(layout, a), total = layout.n[a] + 2 * m;
    const double d = (layout.hi[a] - layout.lo[a]) / layout.n[a];
    const double tol = 1e-3 * d + 8 * eps * (std::fabs(layout.lo[a]) + std::fabs(layout.hi[a]));
    for (int i = 0; i < total; ++i, ++at) {
      ALFVEN_REQUIRE(std::isfinite(x[at]), file_named(path)
                                               << ": "
                                               << "xyz"[a] << "[" << i << "] is " << x[at]);
      const double want = detail::miso_centre(layout, a, i);
      ALFVEN_REQUIRE(i < m || i >= total - m || std::fabs(x[at] - want) <= tol,
                     file_named(path)
                         << ": "
                         << "xyz"[a] << "[" << i << "] = " << x[at]
                         << ", but config.yaml's grid puts that cell centre at " << want
                         << ": grid.bin and config.yaml describe different grids");
    }
  }
}

DataType check_miso_block(const std::string& dir, const MisoLayout& layout, int output, int rank) {
  const std::string path = detail::path_in(dir, miso_mhd_file(layout, output, rank));
  const std::uintmax_t size = existing_file_size(path);
  std::ifstream in(path, std::ios::binary);
  ALFVEN_REQUIRE(in, file_named(path) << ": cannot open it");
  const std::uint32_t elem = element_size(in, path, layout);
  const std::uintmax_t values = miso_block_values(layout);
  const std::uintmax_t expected = 4 + values * elem;
  ALFVEN_REQUIRE(
      size == expected, file_named(path)
                            << ": " << (size < expected ? "truncated: " : "too long: ") << size
                            << " bytes, expected " << expected << " (4-byte header and 9 arrays of "
                            << miso_local_total(layout, 0) << " x " << miso_local_total(layout, 1)
                            << " x " << miso_local_total(layout, 2) << " values of " << elem
                            << " bytes: the block of one of " << layout.procs[0] << " x "
                            << layout.procs[1] << " x " << layout.procs[2]
                            << " ranks with its ghost cells, as config.yaml says)");
  return type_of(elem);
}

MisoBlock read_miso_block(const std::string& dir, const MisoLayout& layout, int output, int rank) {
  MisoBlock block;
  block.type = check_miso_block(dir, layout, output, rank);
  const std::string path = detail::path_in(dir, miso_mhd_file(layout, output, rank));
  const std::size_t elem = size_of(block.type);
  block.bytes.resize(miso_block_values(layout) * elem);
  std::ifstream in(path, std::ios::binary);
  in.seekg(4);
  in.read(reinterpret_cast<char*>(block.bytes.data()), std::streamsize(block.bytes.size()));
  ALFVEN_REQUIRE(in && std::size_t(in.gcount()) == block.bytes.size(),
                 file_named(path) << ": cannot read it (it changed while being read?)");
  if (layout.big_endian == host_is_little_endian())
    detail::swap_bytes(block.bytes.data(), block.bytes.size() / elem, elem);
  return block;
}

}  // namespace io
}  // namespace alfven
