// MISO's raw output layout (miso_layout.hpp): the shape of the files, their names and the
// writers. The readers are in miso_layout_read.cpp.
#include "alfven/io/miso_layout.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>

#include "alfven/core/error.hpp"
#include "atomic_file.hpp"
#include "miso_files.hpp"

namespace alfven {
namespace io {

namespace {

/// `name` inside `folder` ("time/" + "n_output.txt"; a folder without a trailing '/' gets one).
std::string inside(const std::string& folder, const std::string& name) {
  if (folder.empty()) return name;
  return folder.back() == '/' ? folder + name : folder + "/" + name;
}

std::string zero_filled(long long value, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%0*lld", digits, value);
  return buf;
}

/// Creates the folder that holds `path` (a file inside `dir`).
void make_parent(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (parent.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(parent, ec);
  ALFVEN_REQUIRE(!ec, "cannot create the folder '" << parent.string() << "': " << ec.message());
}

/// The 4-byte element-size header followed by `count` values of `elem` bytes, in the layout's
/// byte order.
std::string binary_content(std::uint32_t elem, const void* values, std::size_t count,
                           bool big_endian) {
  std::string out(4 + count * elem, '\0');
  std::memcpy(&out[0], &elem, 4);
  if (count > 0) std::memcpy(&out[4], values, count * elem);
  if (big_endian == host_is_little_endian()) {
    detail::swap_bytes(&out[0], 1, 4);
    detail::swap_bytes(&out[4], count, elem);
  }
  return out;
}

}  // namespace

namespace detail {

void swap_bytes(void* data, std::size_t count, std::size_t elem) {
  auto* p = static_cast<unsigned char*>(data);
  for (std::size_t n = 0; n < count; ++n, p += elem)
    for (std::size_t a = 0, b = elem - 1; a < b; ++a, --b) std::swap(p[a], p[b]);
}

std::string path_in(const std::string& dir, const std::string& relative) {
  return dir.empty() ? relative : inside(dir, relative);
}

double miso_centre(const MisoLayout& layout, int axis, int idx) {
  const double d = (layout.hi[axis] - layout.lo[axis]) / layout.n[axis];
  return layout.lo[axis] + (idx - miso_margin(layout, axis) + 0.5) * d;
}

}  // namespace detail

bool host_is_little_endian() {
  const std::uint16_t one = 1;
  unsigned char first = 0;
  std::memcpy(&first, &one, 1);
  return first == 1;
}

int miso_margin(const MisoLayout& layout, int axis) {
  return layout.n[axis] > 1 ? layout.margin : 0;
}

int miso_local_cells(const MisoLayout& layout, int axis) {
  return layout.n[axis] / layout.procs[axis];
}

int miso_local_total(const MisoLayout& layout, int axis) {
  return miso_local_cells(layout, axis) + 2 * miso_margin(layout, axis);
}

int miso_rank_count(const MisoLayout& layout) {
  return layout.procs[0] * layout.procs[1] * layout.procs[2];
}

std::size_t miso_block_values(const MisoLayout& layout) {
  return std::size_t(kMisoVariables) * std::size_t(miso_local_total(layout, 0)) *
         std::size_t(miso_local_total(layout, 1)) * std::size_t(miso_local_total(layout, 2));
}

std::array<int, 3> miso_cart_coords(const MisoLayout& layout, int rank) {
  const int py = layout.procs[1], pz = layout.procs[2];
  return {rank / (py * pz), (rank / pz) % py, rank % pz};
}

void check_miso_layout(const MisoLayout& layout) {
  const std::string& src = layout.source;
  static const char* const size_key[3] = {"grid.i_size", "grid.j_size", "grid.k_size"};
  static const char* const procs_key[3] = {"mpi.x_procs", "mpi.y_procs", "mpi.z_procs"};
  for (int a = 0; a < 3; ++a) {
    ALFVEN_REQUIRE(layout.n[a] >= 1 && layout.n[a] <= (1 << 30),
                   src << ": " << size_key[a] << " = " << layout.n[a]
                       << " is not a number of cells (1 to 2^30)");
    ALFVEN_REQUIRE(layout.procs[a] >= 1,
                   src << ": " << procs_key[a] << " = " << layout.procs[a]
                       << ": a MISO run names its decomposition (ranks per axis, >= 1)");
    ALFVEN_REQUIRE(layout.n[a] % layout.procs[a] == 0,
                   src << ": " << size_key[a] << " = " << layout.n[a] << " is not divisible by "
                       << procs_key[a] << " = " << layout.procs[a]
                       << " (MISO's blocks are equal; pymiso divides the grid by the ranks)");
    ALFVEN_REQUIRE(layout.hi[a] > layout.lo[a] && std::isfinite(layout.hi[a] - layout.lo[a]),
                   src << ": the grid's "
                       << "xyz"[a] << "_max must exceed "
                       << "xyz"[a] << "_min");
    if (layout.n[a] > 1)
      ALFVEN_REQUIRE(layout.margin >= 2 && layout.margin <= 64,
                     src << ": grid.margin = " << layout.margin
                         << ": expected 2 to 64 ghost cells (the stencils reach two cells)");
  }
  ALFVEN_REQUIRE(layout.output_digits >= 1 && layout.output_digits <= 32 &&
                     layout.rank_digits >= 1 && layout.rank_digits <= 32,
                 src << ": the digits of MISO's file numbers must be 1 to 32");
  const long long ranks = 1LL * layout.procs[0] * layout.procs[1] * layout.procs[2];
  ALFVEN_REQUIRE(ranks <= (1LL << 24), src << ": " << ranks
                                           << " ranks (mpi.x_procs * y_procs * z_procs): at most "
                                           << (1LL << 24));
  // The block must be addressable: 9 * i_total * j_total * k_total values of 8 bytes.
  long double values = kMisoVariables;
  for (int a = 0; a < 3; ++a) values *= miso_local_total(layout, a);
  ALFVEN_REQUIRE(values * 8 < 4.0e18L, src << ": blocks of " << miso_local_total(layout, 0) << " x "
                                           << miso_local_total(layout, 1) << " x "
                                           << miso_local_total(layout, 2)
                                           << " cells are too large to read");
}

std::string miso_grid_file() {
  return "grid.bin";
}

std::string miso_coords_file(const MisoLayout& layout) {
  return inside(layout.mpi_dir, "coords.csv");
}

std::string miso_n_output_file(const MisoLayout& layout) {
  return inside(layout.time_dir, "n_output.txt");
}

std::string miso_time_file(const MisoLayout& layout, int output) {
  return inside(layout.time_dir, "time." + zero_filled(output, layout.output_digits) + ".txt");
}

std::string miso_mhd_file(const MisoLayout& layout, int output, int rank) {
  return inside(layout.mhd_dir, "mhd." + zero_filled(output, layout.output_digits) + "." +
                                    zero_filled(rank, layout.rank_digits) + ".bin");
}

void write_miso_grid(const std::string& dir, const MisoLayout& layout, DataType type) {
  std::vector<double> centres;
  for (int a = 0; a < 3; ++a)
    for (int i = 0; i < layout.n[a] + 2 * miso_margin(layout, a); ++i)
      centres.push_back(detail::miso_centre(layout, a, i));
  std::vector<float> as_float(centres.begin(), centres.end());
  const void* values = type == DataType::Float32 ? static_cast<const void*>(as_float.data())
                                                 : static_cast<const void*>(centres.data());
  const std::string path = detail::path_in(dir, miso_grid_file());
  make_parent(path);
  write_file_atomically(
      path, binary_content(std::uint32_t(size_of(type)), values, centres.size(), layout.big_endian),
      "MISO grid file");
}

void write_miso_coords(const std::string& dir, const MisoLayout& layout) {
  std::string csv = "rank,x,y,z\n";
  for (int r = 0; r < miso_rank_count(layout); ++r) {
    const std::array<int, 3> c = miso_cart_coords(layout, r);
    csv += std::to_string(r) + "," + std::to_string(c[0]) + "," + std::to_string(c[1]) + "," +
           std::to_string(c[2]) + "\n";
  }
  const std::string path = detail::path_in(dir, miso_coords_file(layout));
  make_parent(path);
  write_file_atomically(path, csv, "MISO decomposition file");
}

void write_miso_time(const std::string& dir, const MisoLayout& layout, int output, double time,
                     long step) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%.17g\n%d\n%ld\n", time, output, step);
  const std::string path = detail::path_in(dir, miso_time_file(layout, output));
  make_parent(path);
  write_file_atomically(path, buf, "MISO time file");
}

void write_miso_n_output(const std::string& dir, const MisoLayout& layout, int output) {
  const std::string path = detail::path_in(dir, miso_n_output_file(layout));
  make_parent(path);
  write_file_atomically(path, std::to_string(output) + "\n", "MISO time file");
}

void write_miso_block(const std::string& dir, const MisoLayout& layout, int output, int rank,
                      DataType type, const void* values) {
  const std::string path = detail::path_in(dir, miso_mhd_file(layout, output, rank));
  make_parent(path);
  write_file_atomically(path,
                        binary_content(std::uint32_t(size_of(type)), values,
                                       miso_block_values(layout), layout.big_endian),
                        "MISO field file");
}

}  // namespace io
}  // namespace alfven
