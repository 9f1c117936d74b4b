// HaloExchange without MPI: the blocks of a decomposition run in threads of one process and a
// Communicator that copies buffers between them stands in for MPI. Ghost cells filled by the
// exchange (plain or overlapped) must be bit for bit those of one block's periodic or boundary
// fill, and a full solver step on the blocks must equal the step on one block.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <functional>
#include <limits>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "alfven/mhd/halo_exchange.hpp"
#include "alfven/mhd/solver.hpp"

using namespace alfven;
using namespace alfven::mhd;

namespace {

// What the blocks share: the buffers each posts for the current exchange, and a barrier. A block
// that fails aborts the barrier, so that the others stop instead of waiting forever.
class ThreadWorld {
 public:
  struct Post {
    const void* send[2] = {nullptr, nullptr};
    std::size_t bytes[2] = {0, 0};
  };
  explicit ThreadWorld(int size) : size_(size), posts_(std::size_t(size)) {}
  Post& post(int rank) { return posts_[std::size_t(rank)]; }
  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    ALFVEN_REQUIRE(!aborted_, "another block failed");
    const long generation = generation_;
    if (++arrived_ == size_) {
      arrived_ = 0;
      ++generation_;
      cv_.notify_all();
      return;
    }
    cv_.wait(lock, [&] { return generation_ != generation || aborted_; });
    ALFVEN_REQUIRE(!aborted_, "another block failed");
  }
  void abort() {
    std::lock_guard<std::mutex> lock(mutex_);
    aborted_ = true;
    cv_.notify_all();
  }

 private:
  int size_;
  std::vector<Post> posts_;
  std::mutex mutex_;
  std::condition_variable cv_;
  int arrived_ = 0;
  long generation_ = 0;
  bool aborted_ = false;
};

// Block `rank` (x fastest) of a dims[0] x dims[1] x dims[2] decomposition; exchange() keeps the
// Communicator's contract: collective, synchronous, recv[s] gets what the neighbour across face s
// sent across its face 1 - s. The reductions are not needed by a solver and refuse.
class ThreadCommunicator final : public Communicator {
 public:
  ThreadCommunicator(ThreadWorld& world, const int dims[3], const bool periodic[3], int rank)
      : world_(world), rank_(rank), size_(dims[0] * dims[1] * dims[2]) {
    int r = rank;
    for (int a = 0; a < 3; ++a) {
      dims_[a] = dims[a];
      coords_[a] = r % dims[a];
      r /= dims[a];
    }
    for (int a = 0; a < 3; ++a)
      for (int side = 0; side < 2; ++side) {
        int c[3] = {coords_[0], coords_[1], coords_[2]};
        c[a] += side == 0 ? -1 : 1;
        if (c[a] < 0 || c[a] >= dims[a]) {
          if (!periodic[a]) continue;  // stays -1: a domain edge
          c[a] = (c[a] + dims[a]) % dims[a];
        }
        neighbours_[a][side] = c[0] + dims[0] * (c[1] + dims[1] * c[2]);
      }
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void exchange(int axis, const void* const send[2], void* const recv[2],
                const std::size_t bytes[2]) const override {
    ThreadWorld::Post& mine = world_.post(rank_);
    for (int side = 0; side < 2; ++side) {
      mine.send[side] = send[side];
      mine.bytes[side] = bytes[side];
    }
    world_.wait();  // every block has posted
    for (int side = 0; side < 2; ++side) {
      const int peer = neighbour(axis, side);
      if (peer < 0) continue;
      const ThreadWorld::Post& theirs = world_.post(peer);
      ALFVEN_REQUIRE(theirs.bytes[1 - side] == bytes[side],
                     "exchange: the blocks disagree on the slab size");
      std::memcpy(recv[side], theirs.send[1 - side], bytes[side]);
    }
    world_.wait();  // every block has read what it needs: the buffers may change
  }
  double min(double) const override { return refuse(); }
  long min(long) const override { return long(refuse()); }
  double sum(double) const override { return refuse(); }
  double max(double) const override { return refuse(); }
  std::vector<unsigned char> gather(const void*, std::size_t) const override {
    return {(unsigned char)refuse()};
  }
  std::string broadcast(const std::string&, int) const override { return std::to_string(refuse()); }
  void send(const void*, std::size_t, int) const override { refuse(); }
  void receive(void*, std::size_t, int) const override { refuse(); }

 private:
  static double refuse() {
    ALFVEN_REQUIRE(false, "ThreadCommunicator: reductions are not part of a halo exchange");
    return 0;
  }
  ThreadWorld& world_;
  int rank_, size_;
};

// Runs body(comm) on every block of the decomposition, one thread each; rethrows a failure.
void run_blocks(const int dims[3], const bool periodic[3],
                const std::function<void(const Communicator&)>& body) {
  const int size = dims[0] * dims[1] * dims[2];
  ThreadWorld world(size);
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(size));
  std::vector<std::thread> threads;
  for (int r = 0; r < size; ++r)
    threads.emplace_back([&, r] {
      try {
        const ThreadCommunicator comm(world, dims, periodic, r);
        body(comm);
      } catch (...) {
        errors[std::size_t(r)] = std::current_exception();
        world.abort();
      }
    });
  for (auto& t : threads) t.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
}

// What a cell that nothing has written holds (NaN: equal to no value).
const double not_set = std::numeric_limits<double>::quiet_NaN();

// A distinct, exactly representable value per global interior cell and variable.
double value(int gi, int gj, int gk, int var) {
  return 1.0 + gi + 32.0 * gj + 1024.0 * gk + 32768.0 * var;
}

Grid global_grid() {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 0.75, 0.5};
  return make_grid(12, 8, 6, lo, hi, 2);  // blocks of 6 cells along x: more than twice the margin
}

// Fields of block `g` with value() in the interior and NaN in every ghost cell.
Fields<double, backend::Host> interior_only(const Grid& g) {
  Fields<double, backend::Host> f(g);
  for (int var = 0; var < num_vars; ++var)
    for (int k = 0; k < g.total[2]; ++k)
      for (int j = 0; j < g.total[1]; ++j)
        for (int i = 0; i < g.total[0]; ++i) {
          const int idx[3] = {i, j, k};
          bool interior = true;
          for (int a = 0; a < 3; ++a)
            interior = interior && idx[a] >= g.margin[a] && idx[a] < g.margin[a] + g.n[a];
          f(i, j, k, var) =
              interior ? value(i - g.margin[0] + g.offset[0], j - g.margin[1] + g.offset[1],
                               k - g.margin[2] + g.offset[2], var)
                       : not_set;
        }
  return f;
}

// Every cell of block `f` (ghosts included) against the same cell of the whole-domain `ref`.
void expect_window_of(const Fields<double, backend::Host>& f, const Grid& g,
                      const Fields<double, backend::Host>& ref, const std::string& what) {
  for (int var = 0; var < num_vars; ++var)
    for (int k = 0; k < g.total[2]; ++k)
      for (int j = 0; j < g.total[1]; ++j)
        for (int i = 0; i < g.total[0]; ++i) {
          const double a = f(i, j, k, var),
                       b = ref(i + g.offset[0], j + g.offset[1], k + g.offset[2], var);
          ASSERT_EQ(std::memcmp(&a, &b, sizeof a), 0)
              << what << ": block at " << g.offset[0] << "," << g.offset[1] << "," << g.offset[2]
              << ", cell " << i << "," << j << "," << k << " var " << var << ": " << a
              << " != " << b;
        }
}

// The ghost fill of one block with boundaries `p` over the whole domain.
Fields<double, backend::Host> one_block_fill(const SchemeParameters& p) {
  const Grid g = global_grid();
  Fields<double, backend::Host> ref = interior_only(g);
  Solver<double, backend::Host> s(g, p);
  s.apply_boundaries(ref);
  return ref;
}

// Per-cell kernel writing value() at every interior cell of block `grid`, all variables.
struct FillKernel {
  FieldsView<double> q;
  Grid grid;
  void operator()(int i, int j, int k) const {
    for (int var = 0; var < num_vars; ++var)
      q(i, j, k, var) =
          value(i - grid.margin[0] + grid.offset[0], j - grid.margin[1] + grid.offset[1],
                k - grid.margin[2] + grid.offset[2], var);
  }
};

}  // namespace

TEST(HaloExchange, GhostCellsEqualOneBlocksPeriodicFill) {
  const SchemeParameters p;  // periodic on every face
  const Fields<double, backend::Host> ref = one_block_fill(p);
  const bool periodic[3] = {true, true, true};
  const int splits[][3] = {{2, 1, 1}, {1, 2, 1}, {1, 1, 2}, {2, 2, 1}, {2, 2, 2}};
  for (const auto& dims : splits) {
    const std::string what =
        std::to_string(dims[0]) + "x" + std::to_string(dims[1]) + "x" + std::to_string(dims[2]);
    run_blocks(dims, periodic, [&](const Communicator& comm) {
      const Grid g = comm.local_grid(global_grid());
      Fields<double, backend::Host> f = interior_only(g);
      Solver<double, backend::Host> s(g, p, NoSource{}, &comm);
      s.apply_boundaries(f);
      expect_window_of(f, g, ref, what);
      for (int a = 0; a < 3; ++a)
        EXPECT_STREQ(s.halo_path(a), dims[a] > 1 ? "host buffers" : "none") << what;
    });
  }
}

// Domain edges inside a split axis: the outer faces get their boundary conditions, the faces
// between blocks the neighbour's cells.
TEST(HaloExchange, DomainEdgesKeepTheirBoundaryConditions) {
  SchemeParameters p;
  p.boundaries.set_face(face_x_lower, bc_outflow);
  p.boundaries.set_reflecting(face_x_upper);
  p.boundaries.set_face(face_z_lower, bc_symmetric);
  p.boundaries.set_face(face_z_upper, bc_outflow);
  const Fields<double, backend::Host> ref = one_block_fill(p);
  const bool periodic[3] = {false, true, false};
  const int splits[][3] = {{2, 1, 1}, {2, 1, 2}};
  for (const auto& dims : splits) {
    run_blocks(dims, periodic, [&](const Communicator& comm) {
      const Grid g = comm.local_grid(global_grid());
      Fields<double, backend::Host> f = interior_only(g);
      Solver<double, backend::Host> s(g, p, NoSource{}, &comm);
      s.apply_boundaries(f);
      expect_window_of(f, g, ref, "edges " + std::to_string(dims[2]));
    });
  }
}

// The overlapped exchange computes the layers the neighbours read first, packs them, and only
// then the rest of the block: if the layers missed a cell a neighbour reads, its ghost cell would
// keep the NaN of the unwritten block. The result must be bit for bit the plain sequence's.
TEST(HaloExchange, OverlappedExchangeEqualsKernelThenExchange) {
  const bool periodic[3] = {true, true, true};
  const int splits[][3] = {{2, 1, 1}, {2, 2, 1}};
  for (const auto& dims : splits) {
    run_blocks(dims, periodic, [&](const Communicator& comm) {
      const Grid g = comm.local_grid(global_grid());
      HaloSwitches on;
      on.overlap = true;
      HaloExchange<double, backend::Host> halo(g, &comm, on);
      EXPECT_EQ(halo.overlap_axis(g.interior()), -1);  // host fields: nothing to overlap
      Fields<double, backend::Host> plain(g), overlapped(g);
      for (auto* f : {&plain, &overlapped})
        std::fill_n(f->array().data(), f->array().size(), not_set);
      for_each(backend::Host{}, g.interior(), FillKernel{plain.view(), g});
      halo.exchange(plain, 0);
      halo.exchange_overlapping(overlapped, 0, g.interior(), FillKernel{overlapped.view(), g});
      ASSERT_EQ(std::memcmp(plain.array().data(), overlapped.array().data(),
                            sizeof(double) * plain.array().size()),
                0);
      // The x ghost cells next to interior rows hold the neighbour's cells (periodic wrap).
      for (int k = g.margin[2]; k < g.margin[2] + g.n[2]; ++k)
        for (int j = g.margin[1]; j < g.margin[1] + g.n[1]; ++j)
          for (int i : {0, 1, g.total[0] - 2, g.total[0] - 1}) {
            const int gi = (i - g.margin[0] + g.offset[0] + g.global_n[0]) % g.global_n[0];
            ASSERT_EQ(overlapped(i, j, k, psi),
                      value(gi, j - g.margin[1] + g.offset[1], k - g.margin[2] + g.offset[2], psi));
          }
    });
  }
}

// With a halo depth below the margin (a run with bodies whose image points stay near the
// interior) the exchange and the boundary kernel fill exactly that many layers: those equal one
// block's full fill, the layers beyond keep the NaN nothing wrote.
TEST(HaloExchange, AShallowHaloDepthFillsThatManyLayersOnly) {
  const double lo[3] = {0, 0, 0}, hi[3] = {1, 0.75, 0.5};
  const Grid global = make_grid(12, 8, 6, lo, hi, 3);
  const SchemeParameters p;  // periodic on every face
  Fields<double, backend::Host> ref = interior_only(global);
  Solver<double, backend::Host> whole(global, p);
  whole.apply_boundaries(ref);
  const bool periodic[3] = {true, true, true};
  const int dims[3] = {2, 2, 1};
  run_blocks(dims, periodic, [&](const Communicator& comm) {
    Grid g = comm.local_grid(global);
    const int depth[3] = {2, 2, 2};
    HaloExchange<double, backend::Host> halo(g, &comm);
    halo.set_halo_depth(depth);
    for (int a = 0; a < 3; ++a) g.halo_depth[a] = 2;
    Fields<double, backend::Host> f = interior_only(g);
    for (int axis = 0; axis < 3; ++axis) {
      if (halo.exchanges(axis)) {
        halo.exchange(f, axis);
        continue;
      }
      for_each(backend::Host{}, Range1D{0, boundary_cells(g, axis)},
               BoundaryKernel<double>{f.view(), g, p.boundaries, axis});
    }
    EXPECT_THROW(halo.set_halo_depth(depth), Error);  // after the first exchange
    for (int var = 0; var < num_vars; ++var)
      for (int k = 0; k < g.total[2]; ++k)
        for (int j = 0; j < g.total[1]; ++j)
          for (int i = 0; i < g.total[0]; ++i) {
            const int idx[3] = {i, j, k};
            bool outer = false;  // in the layer beyond the depth along some axis
            for (int a = 0; a < 3; ++a) outer = outer || idx[a] == 0 || idx[a] == g.total[a] - 1;
            const double a = f(i, j, k, var);
            const double b =
                outer ? not_set : ref(i + g.offset[0], j + g.offset[1], k + g.offset[2], var);
            ASSERT_EQ(std::memcmp(&a, &b, sizeof a), 0)
                << "cell " << i << "," << j << "," << k << " var " << var << ": " << a;
          }
  });
}

TEST(HaloExchange, MisuseIsReported) {
  const Grid g = global_grid();
  HaloExchange<double, backend::Host> alone(g, nullptr);
  Fields<double, backend::Host> f(g);
  EXPECT_FALSE(alone.exchanges(0));
  EXPECT_THROW(alone.exchange(f, 0), Error);
  EXPECT_THROW(alone.exchange_overlapping(f, 0, g.interior(), FillKernel{f.view(), g}), Error);
  EXPECT_STREQ(alone.path(0), "none");
  const int too_deep[3] = {3, 2, 2}, too_shallow[3] = {1, 2, 2};
  EXPECT_THROW(alone.set_halo_depth(too_deep), Error);  // more than the margin (2)
  EXPECT_THROW(alone.set_halo_depth(too_shallow), Error);
}

// Whole steps (stages, viscosity, every refresh) on 2 and 4 blocks equal the step on one block,
// ghost cells included; float takes the two-pass stage, double the fused one.
template <typename Real>
void expect_steps_equal_one_block(const int dims[3]) {
  const Grid global = global_grid();
  const SchemeParameters p;
  auto initial = [](const Grid& g) {
    Fields<Real, backend::Host> f(g);
    for (int k = 0; k < g.total[2]; ++k)
      for (int j = 0; j < g.total[1]; ++j)
        for (int i = 0; i < g.total[0]; ++i) {
          const double x = g.centre(0, i), y = g.centre(1, j), z = g.centre(2, k);
          f(i, j, k, density) = Real(1.0 + 0.3 * std::sin(6.0 * x + 2.0 * y) * std::cos(5.0 * z));
          f(i, j, k, velocity_x) = Real(0.2 * std::cos(4.0 * y + z));
          f(i, j, k, velocity_y) = Real(0.1 * std::sin(3.0 * x));
          f(i, j, k, velocity_z) = Real(0.05 * std::sin(2.0 * x + 3.0 * y));
          f(i, j, k, magnetic_field_x) = Real(0.3 * std::sin(5.0 * z));
          f(i, j, k, magnetic_field_y) = Real(0.2 * std::cos(7.0 * x));
          f(i, j, k, magnetic_field_z) = Real(0.1);
          f(i, j, k, psi) = Real(0);
          f(i, j, k, internal_energy) = Real(2.0 + 0.5 * std::cos(3.0 * x + 4.0 * z));
        }
    return f;
  };
  Solver<Real, backend::Host> one(global, p);
  one.set_state(initial(global));
  const Real dt = Real(0.5) * one.compute_time_step().dt;
  for (int step = 0; step < 2; ++step) one.advance(dt);
  const bool periodic[3] = {true, true, true};
  run_blocks(dims, periodic, [&](const Communicator& comm) {
    const Grid g = comm.local_grid(global);
    Solver<Real, backend::Host> s(g, p, NoSource{}, &comm);
    s.set_state(initial(g));
    for (int step = 0; step < 2; ++step) s.advance(dt);
    for (int var = 0; var < num_vars; ++var)
      for (int k = 0; k < g.total[2]; ++k)
        for (int j = 0; j < g.total[1]; ++j)
          for (int i = 0; i < g.total[0]; ++i) {
            const Real a = s.state()(i, j, k, var);
            const Real b = one.state()(i + g.offset[0], j + g.offset[1], k + g.offset[2], var);
            ASSERT_EQ(std::memcmp(&a, &b, sizeof a), 0)
                << i << "," << j << "," << k << " var " << var;
          }
  });
}

TEST(HaloExchange, StepsOnBlocksEqualOneBlockDouble) {
  const int dims[3] = {2, 1, 1};
  expect_steps_equal_one_block<double>(dims);
}

TEST(HaloExchange, StepsOnBlocksEqualOneBlockFloat) {
  const int dims[3] = {1, 2, 2};
  expect_steps_equal_one_block<float>(dims);
}
