/// @file communicator.hpp
/// @brief What the solver needs of a distributed run, without MPI in the header: the Cartesian
/// block decomposition of the grid, neighbour exchange of host buffers, and global reductions.
///
/// SerialCommunicator is one block (no MPI). MpiCommunicator (src/mhd/parallel_mpi.cpp, built
/// when MPI is found) implements it over an MPI Cartesian communicator.
#pragma once

#include <algorithm>
#include <array>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/mhd/grid.hpp"

namespace alfven {
namespace mhd {

/// A Cartesian decomposition of the grid into dims[0] x dims[1] x dims[2] equal blocks.
class Communicator {
 public:
  virtual ~Communicator() = default;
  /// This process's rank and the number of ranks.
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// Blocks per axis and this rank's block coordinates.
  const int* dims() const { return dims_; }
  const int* coords() const { return coords_; }
  /// Rank of the neighbour across the lower (side 0) or upper (side 1) face of `axis`, or -1
  /// at a non-periodic domain edge. With dims[axis] == 1 the neighbour, if any, is this rank.
  int neighbour(int axis, int side) const { return neighbours_[axis][side]; }

  /// Sends send[side] to neighbour(axis, side) and receives recv[side] from it, for both
  /// sides at once (non-blocking underneath). Buffers are host memory of bytes[side] bytes each
  /// (0 bytes: a message that only says "ready", used with shared staging); a side without a
  /// neighbour is skipped. Synchronous on return.
  virtual void exchange(int axis, const void* const send[2], void* const recv[2],
                        const std::size_t bytes[2]) const = 0;

  /// Host buffers shared with the neighbours of one axis that run on the same node, so that a
  /// device halo is staged through host memory once, without MPI copying it (see
  /// shared_staging()). Indices [side][parity]: send[s][p] is this rank's outgoing slab across
  /// face s; recv[s][p] is the neighbour's outgoing slab across its face 1 - s, i.e. what this
  /// rank receives on face s. nullptr where the neighbour is on another node or absent.
  struct SharedStaging {
    void* send[2][2] = {{nullptr, nullptr}, {nullptr, nullptr}};
    const void* recv[2][2] = {{nullptr, nullptr}, {nullptr, nullptr}};
    bool pinned = false;  ///< every segment used is page-locked for the device (else pageable)
  };
  /// The shared staging of `axis` for slabs of `bytes` bytes, allocated on first use (pinned,
  /// page-locked for the device), or nullptr where this communicator has none. Collective: every
  /// rank must call it with the same axis and size at the same point of the run (the solver
  /// does, at the first exchange of each axis). Protocol: write send[s][p], make it complete,
  /// exchange() with 0 bytes on those sides, then read recv[s][p]; alternate p between exchanges
  /// of an axis. A slot is rewritten two exchanges later, after the neighbour has said "ready"
  /// again, which it does only once its copies out of the slot are complete.
  virtual const SharedStaging* shared_staging(int axis, std::size_t bytes) const {
    (void)axis;
    (void)bytes;
    return nullptr;
  }
  /// Global minimum / sum / maximum over all ranks (same value returned on every rank).
  virtual double min(double x) const = 0;
  virtual long min(long x) const = 0;
  virtual double sum(double x) const = 0;
  virtual double max(double x) const = 0;
  /// Gathers `bytes` bytes from every rank to rank 0 (rank order); other ranks get nothing.
  /// Messages are split into pieces of at most max_message_bytes() (any size works).
  virtual std::vector<unsigned char> gather(const void* data, std::size_t bytes) const = 0;
  /// Blocking point-to-point transfer of `bytes` bytes of host memory to rank `dest`, matched by
  /// a receive() on that rank; split into pieces of at most max_message_bytes(). Throws
  /// alfven::Error on a single block (no other rank).
  virtual void send(const void* data, std::size_t bytes, int dest) const = 0;
  /// Receives what send() on rank `source` sends (exactly `bytes` bytes) into `data`.
  virtual void receive(void* data, std::size_t bytes, int source) const = 0;
  /// A pointer to the MPI_Comm of this decomposition (for parallel HDF5), or nullptr without MPI.
  virtual const void* mpi_handle() const { return nullptr; }
  /// True when device pointers may be handed to exchange() (a CUDA-aware MPI, detected with
  /// MPIX_Query_cuda_support, or ALFVEN_GPU_AWARE_MPI=1). False whenever awareness is unknown.
  virtual bool device_pointers_allowed() const { return false; }
  /// Broadcasts a string from rank `root` to all ranks.
  virtual std::string broadcast(const std::string& s, int root) const = 0;

  /// The local block of `global` for this rank: n = global_n / dims, offset = coords * n.
  /// Throws alfven::Error (same message on every rank) when an active axis does not divide
  /// evenly, naming the sizes that would.
  Grid local_grid(const Grid& global) const;

 protected:
  int dims_[3] = {1, 1, 1};
  int coords_[3] = {0, 0, 0};
  int neighbours_[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}};
};

/// One block, one process.
class SerialCommunicator final : public Communicator {
 public:
  /// periodic[a]: whether axis a wraps (then the block is its own neighbour).
  explicit SerialCommunicator(const bool periodic[3]) {
    for (int a = 0; a < 3; ++a) neighbours_[a][0] = neighbours_[a][1] = periodic[a] ? 0 : -1;
  }
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void exchange(int, const void* const[2], void* const[2], const std::size_t[2]) const override {
    ALFVEN_REQUIRE(
        false, "SerialCommunicator::exchange: a single block has no neighbours to exchange with");
  }
  double min(double x) const override { return x; }
  long min(long x) const override { return x; }
  double sum(double x) const override { return x; }
  double max(double x) const override { return x; }
  std::vector<unsigned char> gather(const void* data, std::size_t bytes) const override {
    const auto* p = static_cast<const unsigned char*>(data);
    return std::vector<unsigned char>(p, p + bytes);
  }
  void send(const void*, std::size_t, int dest) const override {
    ALFVEN_REQUIRE(
        false, "SerialCommunicator::send: a single block has no rank " << dest << " to send to");
  }
  void receive(void*, std::size_t, int source) const override {
    ALFVEN_REQUIRE(false, "SerialCommunicator::receive: a single block has no rank "
                              << source << " to receive from");
  }
  std::string broadcast(const std::string& s, int) const override { return s; }
};

/// The largest message (bytes) one MPI call carries: larger transfers (halos, gathers, broadcasts,
/// point-to-point, pieces of a collective write) are split into several calls, so that no count
/// handed to MPI can overflow an int. 1 GiB, or ALFVEN_MPI_MAX_MESSAGE_BYTES when set (a positive
/// integer; tests lower it to a few KB to exercise the splitting). Read once.
std::size_t max_message_bytes();

/// Number of pieces of at most `piece` bytes that carry `bytes` bytes: at least one (a message
/// of 0 bytes is still sent, e.g. a "ready" signal).
inline std::size_t message_pieces(std::size_t bytes, std::size_t piece) {
  return bytes == 0 ? 1 : (bytes + piece - 1) / piece;
}

/// An error every rank raises with the same message, having agreed on it collectively (e.g. a
/// damaged restart file that one rank found): ranks exit together without MPI_Abort.
class CollectiveError : public Error {
 public:
  explicit CollectiveError(const std::string& m) : Error(m) {}
};

/// A decomposition that cannot work (raised identically on every rank, so that one rank reports
/// it and none aborts the others).
class DecompositionError : public Error {
 public:
  explicit DecompositionError(const std::string& m) : Error(m) {}
};

namespace detail {
// Whether `p` blocks along axis a of `global` are equal and at least `margin` cells thick.
inline bool divides(const Grid& global, int a, int p) {
  if (!global.active(a)) return p == 1;
  return p >= 1 && global.global_n[a] % p == 0 && global.global_n[a] / p >= global.margin[a];
}
// Halo cells one block exchanges per refresh (both faces of each split axis).
inline double halo_volume(const Grid& global, const int d[3]) {
  double v = 0;
  for (int a = 0; a < 3; ++a) {
    if (d[a] == 1) continue;
    double face = 2.0 * global.margin[a];
    for (int b = 0; b < 3; ++b)
      if (b != a) face *= double(global.global_n[b]) / d[b];
    v += face;
  }
  return v;
}
// Every split of `size` ranks into equal blocks of `global`, with procs[a] > 0 fixed.
inline std::vector<std::array<int, 3>> decompositions(int size, const int procs[3],
                                                      const Grid& global) {
  std::vector<std::array<int, 3>> all;
  for (int px = 1; px <= size; ++px) {
    if (size % px || (procs[0] > 0 && px != procs[0]) || !divides(global, 0, px)) continue;
    for (int py = 1; py <= size / px; ++py) {
      if ((size / px) % py || (procs[1] > 0 && py != procs[1]) || !divides(global, 1, py)) continue;
      const int pz = size / px / py;
      if ((procs[2] > 0 && pz != procs[2]) || !divides(global, 2, pz)) continue;
      all.push_back({px, py, pz});
    }
  }
  return all;
}
}  // namespace detail

/// The split of `size` ranks into dims[0] x dims[1] x dims[2] equal blocks of `global`: axes with
/// procs[a] > 0 are fixed (MISO's mpi.*_procs), the others chosen so that every block is equal
/// and at least `margin` cells thick, with the fewest halo cells per block (ties: fewer split
/// axes, then splits along x first, whose halos overlap computation on GPUs).
/// Throws DecompositionError naming the splits or rank counts that would work.
inline std::array<int, 3> choose_decomposition(int size, const int procs[3], const Grid& global) {
  for (int a = 0; a < 3; ++a)
    if (!global.active(a) && procs[a] > 1)
      throw DecompositionError(
          std::string("mpi.") + "xyz"[a] + "_procs = " + std::to_string(procs[a]) +
          " but the grid has one cell along " + "xyz"[a] + "; set it to 1 (or 0)");
  const auto all = detail::decompositions(size, procs, global);
  if (!all.empty()) {
    auto key = [&](const std::array<int, 3>& d) {
      const int split = (d[0] > 1) + (d[1] > 1) + (d[2] > 1);
      return std::make_tuple(detail::halo_volume(global, d.data()), split, -d[0], -d[1]);
    };
    return *std::min_element(all.begin(), all.end(),
                             [&](const auto& x, const auto& y) { return key(x) < key(y); });
  }
  std::ostringstream m;
  m << "no split of " << size << " rank" << (size == 1 ? "" : "s") << " gives equal blocks of the "
    << global.global_n[0] << " x " << global.global_n[1] << " x " << global.global_n[2]
    << " grid, each at least " << global.margin[0] << " cells thick";
  const bool fixed = procs[0] > 0 || procs[1] > 0 || procs[2] > 0;
  if (fixed) {
    const int free_procs[3] = {0, 0, 0};
    const auto any = detail::decompositions(size, free_procs, global);
    m << " with mpi.x_procs/y_procs/z_procs = " << procs[0] << "/" << procs[1] << "/" << procs[2]
      << " (0 = free)";
    if (!any.empty()) {
      m << "; splits that work with " << size << " ranks:";
      for (std::size_t i = 0; i < any.size() && i < 8; ++i)
        m << (i ? "," : "") << " " << any[i][0] << " x " << any[i][1] << " x " << any[i][2];
      m << " (set mpi.*_procs to one of them, or to 0)";
      throw DecompositionError(m.str());
    }
  }
  std::string counts;
  int found = 0;
  for (int n = 1; n <= 4 * size + 8 && found < 8; ++n) {
    const int free_procs[3] = {0, 0, 0};
    if (!detail::decompositions(n, free_procs, global).empty()) {
      counts += (found++ ? ", " : "") + std::to_string(n);
    }
  }
  m << "; rank counts that work: " << (counts.empty() ? "none (the grid is too small)" : counts)
    << " (mpiexec -n ...), or change the grid size";
  throw DecompositionError(m.str());
}

inline Grid Communicator::local_grid(const Grid& global) const {
  Grid g = global;
  for (int a = 0; a < 3; ++a) {
    if (dims_[a] == 1) continue;
    ALFVEN_REQUIRE(global.active(a), "mpi: "
                                         << "xyz"[a] << "_procs = " << dims_[a]
                                         << " but the grid has one cell along "
                                         << "xyz"[a] << "; set mpi."
                                         << "xyz"[a] << "_procs: 1");
    if (global.global_n[a] % dims_[a] != 0) {
      std::string works;
      for (int p = 1; p <= global.global_n[a] && works.size() < 60; ++p)
        if (global.global_n[a] % p == 0 && global.global_n[a] / p >= global.margin[a])
          works += (works.empty() ? "" : ", ") + std::to_string(p);
      ALFVEN_REQUIRE(false, "grid: "
                                << "ijk"[a] << "_size = " << global.global_n[a]
                                << " does not divide into " << dims_[a] << " blocks along "
                                << "xyz"[a] << " (mpi."
                                << "xyz"[a] << "_procs); use a multiple of " << dims_[a] << ", or "
                                << "xyz"[a] << "_procs in {" << works << "}");
    }
    g.n[a] = global.global_n[a] / dims_[a];
    ALFVEN_REQUIRE(g.n[a] >= global.margin[a],
                   "grid: blocks of " << g.n[a] << " cells along "
                                      << "xyz"[a] << " are thinner than the " << global.margin[a]
                                      << " ghost cells; use fewer ranks along "
                                      << "xyz"[a]);
    g.offset[a] = coords_[a] * g.n[a];
    g.total[a] = g.n[a] + 2 * g.margin[a];
  }
  return g;
}

}  // namespace mhd
}  // namespace alfven
