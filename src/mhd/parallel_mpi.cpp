// The MPI implementation of parallel.hpp and of Communicator (Cartesian topology, neighbour
// exchange with non-blocking sends and receives of host buffers, reductions, gather).
#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>  // MPIX_Query_cuda_support (Open MPI)
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "alfven/config/config.hpp"
#include "alfven/core/device.hpp"
#include "alfven/core/env.hpp"
#include "alfven/core/fatal.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/parallel.hpp"
#include "alfven/mhd/simulation.hpp"

namespace alfven {
namespace mhd {

namespace {

class MpiCommunicator final : public Communicator {
 public:
  MpiCommunicator(const int dims[3], const bool periodic[3]) {
    int d[3] = {dims[0], dims[1], dims[2]};
    int p[3] = {periodic[0], periodic[1], periodic[2]};
    // x fastest in the rank order as in the field layout: MPI orders the last dimension fastest,
    // so hand it (z, y, x).
    int dz[3] = {d[2], d[1], d[0]}, pz[3] = {p[2], p[1], p[0]};
    MPI_Cart_create(MPI_COMM_WORLD, 3, dz, pz, 0, &cart_);
    MPI_Comm_rank(cart_, &rank_);
    MPI_Comm_size(cart_, &size_);
    int cz[3];
    MPI_Cart_coords(cart_, rank_, 3, cz);
    for (int a = 0; a < 3; ++a) {
      dims_[a] = d[a];
      coords_[a] = cz[2 - a];
      int lo, hi;
      MPI_Cart_shift(cart_, 2 - a, 1, &lo, &hi);
      neighbours_[a][0] = lo == MPI_PROC_NULL ? -1 : lo;
      neighbours_[a][1] = hi == MPI_PROC_NULL ? -1 : hi;
    }
  }
  ~MpiCommunicator() override {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized) return;
    for (auto& st : staging_) {
      for (void* p : st.registered) unregister_host_memory(p);
      if (st.window != MPI_WIN_NULL) MPI_Win_free(&st.window);
    }
    if (node_ != MPI_COMM_NULL) MPI_Comm_free(&node_);
    MPI_Comm_free(&cart_);
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  bool device_pointers_allowed() const override { return gpu_aware_mpi(); }

  void exchange(int axis, const void* const send[2], void* const recv[2],
                const std::size_t bytes[2]) const override {
    // A message sent across face s is received as coming from face 1 - s: tag by direction.
    // Both ends agree on the size: a face is shared staging on both of its ranks or on neither.
    // Pieces of one direction share a tag: MPI delivers them in order (non-overtaking).
    const std::size_t piece = max_message_bytes();
    std::vector<MPI_Request>& req = requests_;
    req.clear();
    for (int side = 0; side < 2; ++side) {
      const int peer = neighbours_[axis][side];
      if (peer < 0) continue;
      auto* to = static_cast<unsigned char*>(recv[side]);
      for (std::size_t p = 0; p < message_pieces(bytes[side], piece); ++p) {
        req.emplace_back();
        MPI_Irecv(to + p * piece, piece_count(bytes[side], piece, p), MPI_BYTE, peer, 1 - side,
                  cart_, &req.back());
      }
    }
    for (int side = 0; side < 2; ++side) {
      const int peer = neighbours_[axis][side];
      if (peer < 0) continue;
      const auto* from = static_cast<const unsigned char*>(send[side]);
      for (std::size_t p = 0; p < message_pieces(bytes[side], piece); ++p) {
        req.emplace_back();
        MPI_Isend(from + p * piece, piece_count(bytes[side], piece, p), MPI_BYTE, peer, side, cart_,
                  &req.back());
      }
    }
    MPI_Waitall(int(req.size()), req.data(), MPI_STATUSES_IGNORE);
  }

  // One MPI shared-memory window per axis over the ranks of this node: each rank's segment holds
  // its outgoing slabs [side][parity]; a neighbour on the same node reads them in place.
  // ALFVEN_NODE_STAGING=0 turns it off (every face then goes through MPI messages).
  const SharedStaging* shared_staging(int axis, std::size_t bytes) const override {
    Staging& st = staging_[axis];
    if (st.ready) return st.usable ? &st.view : nullptr;
    st.ready = true;
    if (!env_flag("ALFVEN_NODE_STAGING", true)) return nullptr;  // same answer on every rank
    if (node_ == MPI_COMM_NULL)
      MPI_Comm_split_type(cart_, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node_);
    const std::size_t slot = (bytes + 4095) / 4096 * 4096;  // page-aligned slots
    void* base = nullptr;
    MPI_Win_allocate_shared(MPI_Aint(4 * slot), 1, MPI_INFO_NULL, node_, &base, &st.window);
    MPI_Group world_group, node_group;
    MPI_Comm_group(cart_, &world_group);
    MPI_Comm_group(node_, &node_group);
    bool any_local = false, all_pinned = true;
    for (int side = 0; side < 2; ++side) {
      const int peer = neighbours_[axis][side];
      int local = MPI_UNDEFINED;
      if (peer >= 0) MPI_Group_translate_ranks(world_group, 1, &peer, node_group, &local);
      if (local == MPI_UNDEFINED) continue;
      MPI_Aint size = 0;
      int unit = 0;
      void* peer_base = nullptr;
      MPI_Win_shared_query(st.window, local, &size, &unit, &peer_base);
      for (int parity = 0; parity < 2; ++parity) {
        st.view.send[side][parity] = static_cast<char*>(base) + (2 * side + parity) * slot;
        // The neighbour sends to this face from its face 1 - side.
        st.view.recv[side][parity] =
            static_cast<char*>(peer_base) + (2 * (1 - side) + parity) * slot;
      }
      // Page-lock the neighbour's segment as mapped here, for full-speed device copies (both
      // sides may name the same neighbour: register its segment once).
      if (std::find(st.registered.begin(), st.registered.end(), peer_base) == st.registered.end()) {
        if (register_host_memory(peer_base, 4 * slot))
          st.registered.push_back(peer_base);
        else
          all_pinned = false;
      }
      any_local = true;
    }
    if (any_local) {
      if (register_host_memory(base, 4 * slot))
        st.registered.push_back(base);
      else
        all_pinned = false;
    }
    st.view.pinned = any_local && all_pinned;
    MPI_Group_free(&world_group);
    MPI_Group_free(&node_group);
    st.usable = any_local;
    return st.usable ? &st.view : nullptr;
  }
  double min(double x) const override { return reduce(x, MPI_DOUBLE, MPI_MIN); }
  long min(long x) const override {
    long r;
    MPI_Allreduce(&x, &r, 1, MPI_LONG, MPI_MIN, cart_);
    return r;
  }
  double sum(double x) const override { return reduce(x, MPI_DOUBLE, MPI_SUM); }
  double max(double x) const override { return reduce(x, MPI_DOUBLE, MPI_MAX); }
  std::vector<unsigned char> gather(const void* data, std::size_t bytes) const override {
    // Point to point, rank by rank, in pieces: no count or displacement can overflow an int.
    std::vector<unsigned char> all(rank_ == 0 ? bytes * std::size_t(size_) : 0);
    if (rank_ != 0) {
      send(data, bytes, 0);
      return all;
    }
    if (bytes > 0) std::memcpy(all.data(), data, bytes);
    for (int r = 1; r < size_; ++r) receive(all.data() + std::size_t(r) * bytes, bytes, r);
    return all;
  }
  void send(const void* data, std::size_t bytes, int dest) const override {
    const std::size_t piece = max_message_bytes();
    const auto* from = static_cast<const unsigned char*>(data);
    for (std::size_t p = 0; p < message_pieces(bytes, piece); ++p)
      MPI_Send(from + p * piece, piece_count(bytes, piece, p), MPI_BYTE, dest, kPointToPointTag,
               cart_);
  }
  void receive(void* data, std::size_t bytes, int source) const override {
    const std::size_t piece = max_message_bytes();
    auto* to = static_cast<unsigned char*>(data);
    for (std::size_t p = 0; p < message_pieces(bytes, piece); ++p)
      MPI_Recv(to + p * piece, piece_count(bytes, piece, p), MPI_BYTE, source, kPointToPointTag,
               cart_, MPI_STATUS_IGNORE);
  }
  const void* mpi_handle() const override { return &cart_; }
  std::string broadcast(const std::string& s, int root) const override {
    long n = long(s.size());
    MPI_Bcast(&n, 1, MPI_LONG, root, cart_);
    std::string r = rank_ == root ? s : std::string(std::size_t(n), ' ');
    const std::size_t piece = max_message_bytes();
    for (std::size_t p = 0; p < message_pieces(r.size(), piece); ++p)
      MPI_Bcast(&r[0] + p * piece, piece_count(r.size(), piece, p), MPI_CHAR, root, cart_);
    return r;
  }

 private:
  double reduce(double x, MPI_Datatype t, MPI_Op op) const {
    double r;
    MPI_Allreduce(&x, &r, 1, t, op, cart_);
    return r;
  }
  // Bytes of piece p (0-based) of a `bytes`-byte message cut into pieces of `piece` bytes.
  static int piece_count(std::size_t bytes, std::size_t piece, std::size_t p) {
    return int(std::min(piece, bytes - std::min(bytes, p * piece)));
  }
  static constexpr int kPointToPointTag = 9;  // exchange() uses 0 and 1
  MPI_Comm cart_ = MPI_COMM_NULL;
  int rank_ = 0, size_ = 1;
  mutable std::vector<MPI_Request> requests_;  // exchange(): reused between calls
  struct Staging {
    bool ready = false, usable = false;
    MPI_Win window = MPI_WIN_NULL;
    SharedStaging view;
    std::vector<void*> registered;
  };
  mutable MPI_Comm node_ = MPI_COMM_NULL;  // ranks sharing this node's memory
  mutable Staging staging_[3];
};

}  // namespace

bool gpu_aware_mpi() {
  if (const char* env = std::getenv("ALFVEN_GPU_AWARE_MPI"); env && *env)
    return env_flag("ALFVEN_GPU_AWARE_MPI", false);
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
  return MPIX_Query_cuda_support() == 1;
#else
  return false;  // unknown: never hand MPI a device pointer
#endif
}

ParallelEnvironment::ParallelEnvironment(int& argc, char**& argv) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) MPI_Init(&argc, &argv);
  // A fatal error on one rank (a failed CUDA call) stops every rank, not just this one.
  set_fatal_handler([](const char* message) {
    std::fprintf(stderr, "%s\n", message);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 3);
  });
}

ParallelEnvironment::~ParallelEnvironment() {
  if (io::abandoned_files() > 0) {
    // Parallel HDF5 terminates itself inside MPI_Finalize (an attribute of MPI_COMM_SELF) and
    // crashes on a file it could not close after a failed write: leave without finalizing.
    std::fflush(nullptr);
    std::_Exit(exit_status_);
  }
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

bool mpi_built() {
  return true;
}

std::size_t max_message_bytes() {
  static const std::size_t bytes = [] {
    const char* env = std::getenv("ALFVEN_MPI_MAX_MESSAGE_BYTES");
    const long long v = env && *env ? std::atoll(env) : 0;
    // INT_MAX bounds every piece; 1 GiB unless told otherwise.
    return v > 0 ? std::size_t(std::min<long long>(v, 0x7fffffffLL)) : std::size_t(1) << 30;
  }();
  return bytes;
}

int world_rank() {
  int initialized = 0, r = 0;
  MPI_Initialized(&initialized);
  if (initialized) MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int world_size() {
  int initialized = 0, s = 1;
  MPI_Initialized(&initialized);
  if (initialized) MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

int node_local_rank() {
  static int local = -1;
  if (local < 0) {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) return 0;
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &local);
    MPI_Comm_free(&node);
  }
  return local;
}

const char* mpi_library() {
  static std::string name;
  if (name.empty()) {
    char buf[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(buf, &len);
    name.assign(buf, std::size_t(len));
    const auto cut = name.find_first_of(",\n");
    if (cut != std::string::npos) name.resize(cut);
  }
  return name.c_str();
}

void synchronize_ranks() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) MPI_Barrier(MPI_COMM_WORLD);
}

void abort_all(int code) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized && world_size() > 1) MPI_Abort(MPI_COMM_WORLD, code);
  std::exit(code);
}

bool collective_error(const std::exception& e) {
  return dynamic_cast<const ConfigError*>(&e) != nullptr ||
         dynamic_cast<const UnphysicalStateError*>(&e) != nullptr ||
         dynamic_cast<const CollectiveError*>(&e) != nullptr ||
         dynamic_cast<const DecompositionError*>(&e) != nullptr;
}

std::unique_ptr<Communicator> make_communicator(const int procs[3], const bool periodic[3],
                                                const Grid& global) {
  const int size = world_size();
  if (size == 1) {
    for (int a = 0; a < 3; ++a)
      if (procs[a] > 1)
        throw DecompositionError(
            std::string("mpi.") + "xyz"[a] + "_procs = " + std::to_string(procs[a]) +
            " but the run has 1 process; start it with mpiexec -n " +
            std::to_string(std::max(procs[0], 1) * std::max(procs[1], 1) * std::max(procs[2], 1)) +
            " or set the procs to 1");
    return std::make_unique<SerialCommunicator>(periodic);
  }
  const std::array<int, 3> dims = choose_decomposition(size, procs, global);  // same on every rank
  return std::make_unique<MpiCommunicator>(dims.data(), periodic);
}

}  // namespace mhd
}  // namespace alfven
