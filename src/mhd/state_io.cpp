// A run's fields in files whatever the decomposition (state_io.hpp).
#include "alfven/mhd/state_io.hpp"

#include <algorithm>
#include <climits>
#include <cstring>
#include <iterator>
#include <memory>
#include <sstream>

#include "alfven/config/config.hpp"
#include "alfven/core/env.hpp"
#include "alfven/mhd/simulation.hpp"
#include "alfven/mhd/variables.hpp"

namespace alfven {
namespace mhd {

namespace {

/// Collective: when any rank's `message` is not empty, every rank throws the message of the
/// lowest such rank: a ConfigError when that rank's error was one, else a CollectiveError.
void agree(const Communicator& comm, const std::string& message, bool config_error) {
  const long bad = comm.min(message.empty() ? LONG_MAX : long(comm.rank()));
  if (bad == LONG_MAX) return;
  const std::string text = comm.broadcast((config_error ? "C" : "E") + message, int(bad));
  if (text[0] == 'C') throw ConfigError({text.substr(1)});
  throw CollectiveError(text.substr(1));
}

/// The 6 ints of a box, for messages between ranks.
struct PackedBox {
  int v[6];
};

PackedBox pack(const io::CellBox& b) {
  return {{b.offset[0], b.offset[1], b.offset[2], b.count[0], b.count[1], b.count[2]}};
}

io::CellBox unpack(const unsigned char* bytes) {
  PackedBox p;
  std::memcpy(&p, bytes, sizeof p);
  io::CellBox b;
  for (int a = 0; a < 3; ++a) {
    b.offset[a] = p.v[a];
    b.count[a] = p.v[3 + a];
  }
  return b;
}

/// Every rank's box, on rank 0 (empty elsewhere).
std::vector<io::CellBox> gather_boxes(const Communicator& comm, const io::CellBox& mine) {
  const PackedBox p = pack(mine);
  const std::vector<unsigned char> all = comm.gather(&p, sizeof p);
  std::vector<io::CellBox> boxes;
  for (std::size_t r = 0; r < all.size() / sizeof p; ++r)
    boxes.push_back(unpack(all.data() + r * sizeof p));
  return boxes;
}

io::CellBox shifted(io::CellBox b, const io::CellBox& origin) {
  if (io::cell_count(b) == 0) return io::CellBox{};
  for (int a = 0; a < 3; ++a) b.offset[a] -= origin.offset[a];
  return b;
}

/// Rank 0 writes the file from every rank's part, receiving them in rank order; the other ranks
/// send theirs. Rank 0 receives every part even after a failure, so that no rank waits forever.
void write_through_rank_zero(const Communicator& comm, const std::string& path,
                             const io::GridInfo& file_grid, const io::CellBox& file_box,
                             const io::CellBox& part, const io::SnapshotMeta& meta,
                             const std::vector<io::FieldRef>& fields,
                             const io::StorageOptions& options) {
  const std::vector<io::CellBox> parts = gather_boxes(comm, part);
  const io::DataType type = fields.front().type;
  std::string message;
  if (comm.rank() != 0) {
    for (const io::FieldRef& f : fields)
      if (io::cell_count(part) > 0) comm.send(f.data, io::cell_count(part) * io::size_of(type), 0);
  } else {
    std::vector<std::string> names;
    for (const io::FieldRef& f : fields) names.push_back(f.name);
    io::BlockSource source;
    std::size_t received = 1;  // rank 0's own part needs no message
    for (const io::CellBox& b : parts) source.blocks.push_back(shifted(b, file_box));
    source.fill = [&](std::size_t r, const std::vector<void*>& out) {
      const std::size_t bytes = io::cell_count(parts[r]) * io::size_of(type);
      for (std::size_t f = 0; f < fields.size(); ++f) {
        if (r == 0)
          std::memcpy(out[f], fields[f].data, bytes);
        else
          comm.receive(out[f], bytes, int(r));
      }
      received = std::max(received, r + 1);
    };
    try {
      io::write_snapshot_by_blocks(path, file_grid, meta, names, type, source, options);
    } catch (const Error& e) {
      message = e.what();
      std::size_t largest = 0;
      for (const io::CellBox& b : parts) largest = std::max(largest, io::cell_count(b));
      std::vector<unsigned char> drain(largest * io::size_of(type));
      for (std::size_t r = std::max<std::size_t>(received, 1); r < parts.size(); ++r)
        for (std::size_t f = 0; f < fields.size() && io::cell_count(parts[r]) > 0; ++f)
          comm.receive(drain.data(), io::cell_count(parts[r]) * io::size_of(type), int(r));
    }
  }
  agree(comm, message, false);
}

}  // namespace

io::CellBox block_box(const Grid& local) {
  io::CellBox b;
  for (int a = 0; a < 3; ++a) {
    b.offset[a] = local.offset[a];
    b.count[a] = local.n[a];
  }
  return b;
}

io::CellBox intersect(const io::CellBox& a, const io::CellBox& b) {
  io::CellBox c;
  for (int d = 0; d < 3; ++d) {
    const int lo = std::max(a.offset[d], b.offset[d]);
    const int hi = std::min(a.offset[d] + a.count[d], b.offset[d] + b.count[d]);
    if (hi <= lo) return io::CellBox{};
    c.offset[d] = lo;
    c.count[d] = hi - lo;
  }
  return c;
}

io::GridInfo grid_info(const Grid& grid) {
  io::GridInfo info{};
  for (int a = 0; a < 3; ++a) {
    info.n[a] = grid.global_n[a];
    info.lo[a] = grid.lo[a];
    info.hi[a] = grid.hi[a];
  }
  return info;
}

WritePath write_path(const Communicator& comm) {
  if (comm.size() == 1) return WritePath::OneProcess;
  // ALFVEN_PARALLEL_HDF5=0 takes the path of a build without parallel HDF5 (tests compare both).
  const bool collective = io::parallel_writes_available() && comm.mpi_handle() != nullptr &&
                          env_flag("ALFVEN_PARALLEL_HDF5", true);
  return collective ? WritePath::Collective : WritePath::ThroughRankZero;
}

const char* describe(WritePath path) {
  switch (path) {
    case WritePath::OneProcess:
      return "one process writes each file";
    case WritePath::Collective:
      return "each rank writes its block of one file (parallel HDF5, collective MPI-IO)";
    case WritePath::ThroughRankZero:
      return "each rank sends its block to rank 0, which writes them one after the other (serial "
             "HDF5)";
  }
  return "";
}

void write_distributed(const Communicator& comm, const std::string& path,
                       const io::GridInfo& file_grid, const io::CellBox& file_box,
                       const io::CellBox& part, const io::SnapshotMeta& meta,
                       const std::vector<io::FieldRef>& fields, const io::StorageOptions& options) {
  ALFVEN_REQUIRE(!fields.empty(), "cannot write '" << path << "': no fields");
  switch (write_path(comm)) {
    case WritePath::OneProcess:
      for (int a = 0; a < 3; ++a)
        ALFVEN_REQUIRE(part.offset[a] == file_box.offset[a] && part.count[a] == file_box.count[a],
                       "cannot write '" << path << "': one process must hold all of it");
      io::write_snapshot(path, file_grid, meta, fields, options);
      return;
    case WritePath::Collective: {
      io::Collective collective;
      collective.mpi_comm = comm.mpi_handle();
      collective.max_piece_bytes = max_message_bytes();
      try {
        io::write_snapshot_collective(path, file_grid, meta, fields, shifted(part, file_box),
                                      collective, options);
      } catch (const Error& e) {
        throw CollectiveError(e.what());  // raised on every rank
      }
      return;
    }
    case WritePath::ThroughRankZero:
      write_through_rank_zero(comm, path, file_grid, file_box, part, meta, fields, options);
      return;
  }
}

namespace {
// Plane k of box (counted from the box's first plane) of variable v into out[0 .. nx * ny), one
// row (contiguous in both) at a time.
template <typename Real>
void copy_interior_plane(const Fields<Real, backend::Host>& state, const Grid& local, int v,
                         const io::CellBox& box, int k, Real* out) {
  const int i0 = box.offset[0] - local.offset[0] + local.margin[0];
  for (int j = 0; j < box.count[1]; ++j) {
    const Real* row = &state(i0, box.offset[1] - local.offset[1] + local.margin[1] + j,
                             box.offset[2] - local.offset[2] + local.margin[2] + k, v);
    out = std::copy(row, row + box.count[0], out);
  }
}

// copy_interior into out[0 .. cell_count(box)), plane by plane on all threads (on one thread
// the copies, with the page faults of a new buffer, took 0.37 s of a 256^3 float snapshot's
// 1.4 s on the H200's host; 0.04 s on its 16).
template <typename Real>
void copy_interior_to(const Fields<Real, backend::Host>& state, const Grid& local, int v,
                      const io::CellBox& box, Real* out) {
  const std::size_t plane = std::size_t(box.count[0]) * std::size_t(box.count[1]);
#pragma omp parallel for schedule(static) if (plane * std::size_t(box.count[2]) >= (1u << 16))
  for (int k = 0; k < box.count[2]; ++k)
    copy_interior_plane(state, local, v, box, k, out + std::size_t(k) * plane);
}
}  // namespace

template <typename Real>
void copy_interior(const Fields<Real, backend::Host>& state, const Grid& local, int v,
                   const io::CellBox& box, std::vector<Real>& out) {
  out.resize(io::cell_count(box));
  copy_interior_to(state, local, v, box, out.data());
}

std::size_t packed_state_values(const Grid& local) {
  return io::cell_count(block_box(local)) * std::size_t(num_vars);
}

template <typename Real>
void write_state(const Communicator& comm, const Grid& local, const Grid& global,
                 const Fields<Real, backend::Host>& state, const std::vector<Real>& signed_distance,
                 const std::string& path, const io::SnapshotMeta& meta,
                 const io::StorageOptions& options, PackedBuffer<Real>* packed) {
  const io::CellBox block = block_box(local);
  const std::size_t cells = io::cell_count(block);
  const io::DataType type = sizeof(Real) == 4 ? io::DataType::Float32 : io::DataType::Float64;
  // Not value-initialised: every value is copied in below (zeroing 9 fields first cost a tenth
  // of the write of a 256^3 snapshot).
  PackedBuffer<Real> own;
  if (!packed) packed = &own;
  packed->reserve(packed_state_values(local));
  Real* values = packed->values.get();
  std::vector<io::FieldRef> fields;
  for (int v = 0; v < num_vars; ++v) {
    copy_interior_to(state, local, v, block, values + v * cells);
    fields.push_back({var_name(v), type, values + v * cells});
  }
  if (!signed_distance.empty()) {
    ALFVEN_REQUIRE(signed_distance.size() == cells, "write_state: signed_distance has "
                                                        << signed_distance.size()
                                                        << " values, the block " << cells);
    fields.push_back({"signed_distance", type, signed_distance.data()});
  }
  io::CellBox whole;
  for (int a = 0; a < 3; ++a) whole.count[a] = global.global_n[a];
  // velocity and magnetic_field as vectors for ParaView (virtual datasets over the components).
  io::StorageOptions with_vectors = options;
  for (const char* v : {"velocity", "magnetic_field"}) {
    const std::string b = v;
    with_vectors.vectors.push_back({b, {b + "_x", b + "_y", b + "_z"}});
  }
  write_distributed(comm, path, grid_info(global), whole, block, meta, fields, with_vectors);
}

template <typename Real>
io::Snapshot restore_state(Simulation<Real>& sim, const std::string& file, RestorePurpose purpose) {
  const bool restart = purpose == RestorePurpose::Restart;
  const std::string cannot = (restart ? "cannot restart from '" : "cannot export '") + file + "': ";
  const Grid& g = sim.grid();
  const Grid& global = sim.global_grid();
  const RunConfig& cfg = sim.config();
  io::Snapshot snap;
  std::string message;
  bool config_error = false;
  // The interior comes from the file; the rest starts as the run's current (initial) state, so
  // that the ghost layers beyond the refreshed depth (Grid::halo_depth) hold what an
  // uninterrupted run's hold.
  Fields<Real, backend::Host> host(g);
  sim.copy_state_to(host);
  try {
    // The metadata first: a snapshot of another grid is reported as such (this rank's block of
    // the configuration's grid may not even lie inside the file's).
    snap = io::read_snapshot_metadata(file);
    ALFVEN_REQUIRE(snap.meta.run_state, cannot
                                            << "it is no run's snapshot (it has no time, step "
                                               "or problem; e.g. a grid written by `alfven sdf`)");
    // The nine fields first: an output block's file (outputs:) has the run's metadata but
    // only its variables, often on a slice or box, whose cell counts say nothing useful.
    std::string missing;
    for (int v = 0; v < num_vars; ++v)
      if (std::find(snap.names.begin(), snap.names.end(), var_name(v)) == snap.names.end())
        missing += std::string(missing.empty() ? "" : ", ") + var_name(v);
    if (!missing.empty())
      message = cannot + "it lacks " + missing +
                " of the nine fields of a state (an output block's file, outputs:, holds only "
                "its variables)" +
                (restart ? "; restart from a snapshot_NNNN.h5 or checkpoint_NNNNNNNN.h5" : "");
    for (int a = 0; a < 3 && message.empty(); ++a)
      if (snap.grid.n[a] != global.global_n[a]) {
        std::ostringstream os;
        os << cannot << "it has " << snap.grid.n[0] << " x " << snap.grid.n[1] << " x "
           << snap.grid.n[2] << " cells, the configuration " << global.global_n[0] << " x "
           << global.global_n[1] << " x " << global.global_n[2];
        if (restart)
          os << "; restart on the snapshot's grid (--set grid.i_size=" << snap.grid.n[0]
             << " --set grid.j_size=" << snap.grid.n[1] << " --set grid.k_size=" << snap.grid.n[2]
             << ") or start a new run without --restart";
        else
          os << " (the run directory's config.yaml, which describes another run than its "
                "snapshots)";
        message = os.str();
      }
    if (message.empty()) snap = io::read_snapshot_block(file, block_box(g));
  } catch (const Error& e) {
    message = e.what();
  }
  if (message.empty()) {
    // A restart continues the same problem: a different problem, box or gas would silently give
    // a state the configuration does not describe.
    std::ostringstream differ;
    if (!snap.meta.problem.empty() && snap.meta.problem != cfg.problem)
      differ << " problem '" << snap.meta.problem << "' (configuration: '" << cfg.problem << "');";
    for (int a = 0; a < 3; ++a)
      if (snap.grid.lo[a] != global.lo[a] || snap.grid.hi[a] != global.hi[a])
        differ << " "
               << "xyz"[a] << " in [" << snap.grid.lo[a] << ", " << snap.grid.hi[a]
               << "] (configuration: [" << global.lo[a] << ", " << global.hi[a] << "]);";
    if (snap.meta.gamma != 0 && snap.meta.gamma != cfg.gamma)
      differ << " gamma " << snap.meta.gamma << " (configuration: " << cfg.gamma << ");";
    if (!differ.str().empty()) {
      message = cannot + "the snapshot was written with" + differ.str() +
                (restart ? " restart with the configuration of the run that wrote it"
                         : " the run directory's config.yaml describes another run");
      config_error = true;
    }
  }
  if (message.empty()) {
    const bool is_float = snap.type == io::DataType::Float32;
    if (is_float != (sizeof(Real) == 4))
      message = cannot + "it holds " + (is_float ? "float" : "double") + " fields" +
                (restart ? std::string("; set precision: ") + (is_float ? "float" : "double")
                         : std::string(", the run directory's config.yaml says precision: ") +
                               (is_float ? "double" : "float"));
  }
  for (int v = 0; v < num_vars && message.empty(); ++v) {
    const auto it = snap.raw.find(var_name(v));
    if (it == snap.raw.end()) {
      message = cannot + "no dataset " + var_name(v);
      break;
    }
    const Real* values = reinterpret_cast<const Real*>(it->second.data());
    std::size_t n = 0;
    for (int k = 0; k < g.n[2]; ++k)
      for (int j = 0; j < g.n[1]; ++j)
        for (int i = 0; i < g.n[0]; ++i)
          host(i + g.margin[0], j + g.margin[1], k + g.margin[2], v) = values[n++];
  }
  agree(sim.communicator(), message, config_error);
  // The fields go; the bodies' signed distance stays, for a restart to compare the bodies
  // (restart_bodies.hpp).
  for (auto it = snap.raw.begin(); it != snap.raw.end();)
    it = it->first == "signed_distance" ? std::next(it) : snap.raw.erase(it);
  try {
    sim.restore(host, snap.meta.time, snap.meta.step);  // fills ghost cells (halos, boundaries)
  } catch (const UnphysicalStateError& e) {             // on every rank
    throw UnphysicalStateError(cannot + e.what() + "; it was written as a run went wrong" +
                               (restart ? ": restart from an earlier snapshot" : ""));
  }
  return snap;
}

std::vector<double> gather_plane(const Communicator& comm, const io::CellBox& part,
                                 const std::vector<double>& values, const io::CellBox& plane) {
  ALFVEN_REQUIRE(
      values.size() == io::cell_count(part),
      "gather_plane: " << values.size() << " values for " << io::cell_count(part) << " cells");
  const std::vector<io::CellBox> parts = gather_boxes(comm, part);
  if (comm.rank() != 0) {
    if (!values.empty()) comm.send(values.data(), values.size() * sizeof(double), 0);
    return {};
  }
  std::vector<double> out(io::cell_count(plane));
  std::vector<double> incoming;
  for (std::size_t r = 0; r < parts.size(); ++r) {
    const io::CellBox& p = parts[r];
    if (io::cell_count(p) == 0) continue;
    if (r == 0) {
      incoming = values;
    } else {
      incoming.resize(io::cell_count(p));
      comm.receive(incoming.data(), incoming.size() * sizeof(double), int(r));
    }
    std::size_t m = 0;
    for (int k = 0; k < p.count[2]; ++k)
      for (int j = 0; j < p.count[1]; ++j)
        for (int i = 0; i < p.count[0]; ++i)
          out[std::size_t(p.offset[0] - plane.offset[0] + i) +
              std::size_t(plane.count[0]) *
                  (std::size_t(p.offset[1] - plane.offset[1] + j) +
                   std::size_t(plane.count[1]) * std::size_t(p.offset[2] - plane.offset[2] + k))] =
              incoming[m++];
  }
  return out;
}

#define ALFVEN_STATE_IO(Real)                                                                   \
  template void copy_interior<Real>(const Fields<Real, backend::Host>&, const Grid&, int,       \
                                    const io::CellBox&, std::vector<Real>&);                    \
  template void write_state<Real>(const Communicator&, const Grid&, const Grid&,                \
                                  const Fields<Real, backend::Host>&, const std::vector<Real>&, \
                                  const std::string&, const io::SnapshotMeta&,                  \
                                  const io::StorageOptions&, PackedBuffer<Real>*);              \
  template io::Snapshot restore_state<Real>(Simulation<Real>&, const std::string&, RestorePurpose);
ALFVEN_STATE_IO(float)
ALFVEN_STATE_IO(double)
#undef ALFVEN_STATE_IO

}  // namespace mhd
}  // namespace alfven
