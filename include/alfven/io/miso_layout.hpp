/// @file miso_layout.hpp
/// @brief MISO's raw output layout, the folder its Python reader pymiso reads
/// (../shared/spec/miso-layout.md; docs/miso-layout.md): grid.bin, mpi/coords.csv,
/// time/n_output.txt, time/time.N.txt and one mhd/mhd.N.R.bin per output N and rank R, each
/// rank's nine arrays with their ghost cells. Writers (every file atomically, atomic_file.hpp)
/// and readers that check every size against the configuration before reading or allocating
/// anything, and say which file is wrong and how.
///
/// Array order in an mhd file (MISO's, the transpose of Alfven's): variable slowest, then i, j,
/// k, k fastest: value (v, i, j, k) of a block of i_total x j_total x k_total cells is element
/// ((v * i_total + i) * j_total + j) * k_total + k, ghost cells included (i_total = local cells +
/// 2 margin on an active axis). The variables are rho, vx, vy, vz, bx, by, bz, e (specific
/// internal energy), psi: the order of alfven::mhd::Var. Configuration-free: the caller
/// describes the folder with a MisoLayout (alfven/mhd/miso_transfer.hpp builds it from
/// config.yaml).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "alfven/io/grid_info.hpp"

namespace alfven {
namespace io {

/// Number of arrays in an mhd file.
constexpr int kMisoVariables = 9;

/// What the files of one MISO run folder look like, as its config.yaml describes them.
struct MisoLayout {
  int n[3] = {1, 1, 1};      ///< grid.i_size, j_size, k_size: cells of the whole domain
  int margin = 2;            ///< grid.margin: ghost cells on each side of an active axis (n > 1)
  int procs[3] = {1, 1, 1};  ///< mpi.x_procs, y_procs, z_procs: ranks per axis
  double lo[3] = {0, 0, 0};  ///< grid.x_min, y_min, z_min
  double hi[3] = {1, 1, 1};  ///< grid.x_max, y_max, z_max
  std::string time_dir = "time/";      ///< folder of n_output.txt and time.N.txt, in the run folder
  std::string mpi_dir = "mpi/";        ///< folder of coords.csv
  std::string mhd_dir = "mhd/";        ///< folder of mhd.N.R.bin
  int output_digits = 8;               ///< N zero-filled to this many digits
  int rank_digits = 8;                 ///< R zero-filled to this many digits
  bool big_endian = false;             ///< byte order of grid.bin and the mhd files
  std::string source = "config.yaml";  ///< the file the layout comes from, for messages
};

/// Ghost cells on each side of `axis`: margin on an active axis (n > 1), 0 on an inactive one.
int miso_margin(const MisoLayout& layout, int axis);
/// Interior cells of one rank's block along `axis`: n / procs.
int miso_local_cells(const MisoLayout& layout, int axis);
/// Cells of one rank's block along `axis`, ghost cells included.
int miso_local_total(const MisoLayout& layout, int axis);
/// Number of ranks: x_procs * y_procs * z_procs.
int miso_rank_count(const MisoLayout& layout);
/// Values in one mhd file: 9 * i_total * j_total * k_total of the local block.
std::size_t miso_block_values(const MisoLayout& layout);
/// The Cartesian coordinates MISO's MPI_Cart_create gives `rank` (row-major: z fastest), as
/// written by write_miso_coords.
std::array<int, 3> miso_cart_coords(const MisoLayout& layout, int rank);

/// Checks that `layout` describes files pymiso can read: sizes >= 1, margin >= 2 where an axis
/// is active, procs >= 1 dividing the sizes, digits 1 to 32, and blocks small enough to address.
/// @throws alfven::Error naming layout.source and the keys, e.g. "config.yaml: grid.i_size = 30
///         is not divisible by mpi.x_procs = 4 (MISO's blocks are equal)".
void check_miso_layout(const MisoLayout& layout);

/// Paths inside the run folder (relative, '/'-separated): "grid.bin", "mpi/coords.csv",
/// "time/n_output.txt", "time/time.00000003.txt", "mhd/mhd.00000003.00000001.bin".
std::string miso_grid_file();
std::string miso_coords_file(const MisoLayout& layout);
std::string miso_n_output_file(const MisoLayout& layout);
std::string miso_time_file(const MisoLayout& layout, int output);
std::string miso_mhd_file(const MisoLayout& layout, int output, int rank);

/// Writes `dir`/grid.bin: uint32 element size (size_of(type)), then the cell centres of the whole
/// domain with ghost cells, x (n[0] + 2 margin values), y, z, in `type` and the layout's byte
/// order. Creates `dir`. @throws alfven::Error naming the file when it cannot be written.
void write_miso_grid(const std::string& dir, const MisoLayout& layout, DataType type);
/// Writes `dir`/mpi/coords.csv: "rank,x,y,z", then one row per rank (miso_cart_coords).
void write_miso_coords(const std::string& dir, const MisoLayout& layout);
/// Writes `dir`/time/time.N.txt: the time (17 significant digits: it reads back exactly), N and
/// the step count, one per line.
void write_miso_time(const std::string& dir, const MisoLayout& layout, int output, double time,
                     long step);
/// Writes `dir`/time/n_output.txt: the index of the latest output.
void write_miso_n_output(const std::string& dir, const MisoLayout& layout, int output);
/// Writes `dir`/mhd/mhd.N.R.bin: uint32 element size, then `values` (miso_block_values(layout)
/// values of `type` in host byte order, in the order of the file brief), in the layout's byte
/// order.
void write_miso_block(const std::string& dir, const MisoLayout& layout, int output, int rank,
                      DataType type, const void* values);

/// What time/time.N.txt says.
struct MisoTime {
  double time = 0;  ///< simulation time (finite, >= 0)
  int output = 0;   ///< N (equal to the N of the file name)
  long step = 0;    ///< step count (>= 0)
};

/// The output index `dir`/time/n_output.txt holds (0 to INT_MAX).
/// @throws alfven::Error naming the file: missing, empty, not an integer, negative.
int read_miso_n_output(const std::string& dir, const MisoLayout& layout);
/// The three lines of `dir`/time/time.N.txt.
/// @throws alfven::Error naming the file: missing, fewer than three lines, a time that is not a
///         finite number >= 0, an index other than N, a step that is not an integer >= 0.
MisoTime read_miso_time(const std::string& dir, const MisoLayout& layout, int output);
/// The Cartesian coordinates of every rank from `dir`/mpi/coords.csv, indexed by rank.
/// @throws alfven::Error naming the file and line: missing, a header other than rank,x,y,z, a row
///         that is not four integers, a rank outside 0..ranks-1 or listed twice, coordinates
///         outside the decomposition or given to two ranks, rows missing.
std::vector<std::array<int, 3>> read_miso_coords(const std::string& dir, const MisoLayout& layout);
/// Checks `dir`/grid.bin: element size 4 or 8, the size it implies for the layout's grid, finite
/// coordinates, and interior cell centres at lo + (i + 1/2)(hi - lo)/n (to rounding of its type).
/// @throws alfven::Error naming grid.bin and what is wrong.
void check_miso_grid(const std::string& dir, const MisoLayout& layout);

/// One rank's mhd file as read_miso_block returns it.
struct MisoBlock {
  DataType type = DataType::Float64;  ///< from the element size (4: float, 8: double)
  /// miso_block_values(layout) values of `type` in host byte order (file brief's order).
  std::vector<unsigned char> bytes;
};

/// The element size of `dir`/mhd/mhd.N.R.bin, after checking that the file's size is the one the
/// layout implies (reads 4 bytes, allocates nothing).
/// @throws alfven::Error naming the file: missing; shorter than its header; an element size other
///         than 4 or 8 (with a hint when the other byte order would give 4 or 8); truncated or
///         too long (its size and the expected one, with the block's shape).
DataType check_miso_block(const std::string& dir, const MisoLayout& layout, int output, int rank);
/// Reads `dir`/mhd/mhd.N.R.bin whole after check_miso_block, converted to host byte order.
/// @throws alfven::Error as check_miso_block, or when the read fails.
MisoBlock read_miso_block(const std::string& dir, const MisoLayout& layout, int output, int rank);

/// True when this machine stores numbers little-endian.
bool host_is_little_endian();

}  // namespace io
}  // namespace alfven
