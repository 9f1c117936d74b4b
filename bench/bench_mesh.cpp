// bench_mesh: mesh signed distance queries per second and BVH build times (docs/geometry.md,
// "Benchmarks"). Plain harness; prints one JSON object per case, asserts nothing.
//
// For each mesh (porsche.stl and sphere.stl from the shared meshes, $ALFVEN_SHARED_DIR/meshes
// when that is set, and the generated torus knots of 48,000 and 775,000 triangles,
// make_torus_knot; or --meshes a,b,... with generated:torus_knot_48k|775k), precision and BVH
// build (SAH, Morton on the host; LBVH in parallel, on the device in bench_mesh_cuda or on the
// host's threads with --builds lbvh here):
//  - the build time (into a host pool, or the backend's memory for LBVH; "bvh_build", seconds);
//  - MeshSDF::signed_distance on 1e6 random points in a box 3x the mesh's bounding box
//    ("random_3x_box") and on an N^3 grid of points filling the bounding box padded by 10 %
//    ("grid"; N = 128 on the host, 512 on a device). Grid points are listed in 4x4x4 blocks,
//    the blocks in Morton order (the order of a 3D-indexed grid walked by bricks), so that
//    neighbouring queries (a GPU warp) traverse nearly the same nodes; --grid-order linear
//    lists them x fastest instead.
//  - the pool overload (query alone, data already in gpu::memory_resource()) with one thread
//    and all threads, and the vector overload (whole call with copies) with all threads.
//    "us_per_query" is also printed for one thread. On the host, mode "morton_order" evaluates
//    the same points in Morton order (query_order.hpp: what evaluate_mesh_sdf does), the
//    ordering, the gather of the points and the scatter of the results timed with the queries.
//  - --sign winding adds the winding-number sign mode (default: pseudonormal only).
//
// bench_mesh_cuda (bench/bench_mesh_cuda.cu) is this file compiled by nvcc: gpu::transform
// then launches CUDA kernels; the pool overload times the kernel alone and the vector overload
// the whole call with its copies.
//
// Usage: bench_mesh [--meshes a.stl,b.stl] [--grid N] [--random M] [--precision
//        float|double|both] [--builds sah,morton,lbvh] [--sign pseudonormal,winding]
//        [--grid-order blocks|linear] [--repeats R] [--threads-one yes|no]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "alfven/geom/mesh_sdf.hpp"
#include "alfven/geom/query_order.hpp"
#include "bench_common.hpp"

#ifndef ALFVEN_BENCH_MESH_DIR
#define ALFVEN_BENCH_MESH_DIR "../shared/meshes"
#endif

using namespace alfven;
using namespace alfven::geom;
using alfven::bench::best_time;
using alfven::bench::max_threads;
using alfven::bench::PointsOnBackend;
using alfven::bench::print_case;
using alfven::bench::set_threads;
using alfven::bench::split;
using alfven::bench::thread_counts;

namespace {

/// Where porsche.stl and sphere.stl are: $ALFVEN_SHARED_DIR/meshes when that is set, else the
/// shared folder beside the source tree.
std::string mesh_dir() {
  const char* env = std::getenv("ALFVEN_SHARED_DIR");
  return env ? std::string(env) + "/meshes" : std::string(ALFVEN_BENCH_MESH_DIR);
}

struct Options : alfven::bench::CommonOptions {
  std::string meshes;  ///< "": the defaults (see main)
  std::string builds;  ///< "": sah,morton (and lbvh in a CUDA build)
  std::string sign = "pseudonormal";
  std::string grid_order = "blocks";
  bool one_thread = true;
};

/// A generated mesh by name (generated:torus_knot_48k or generated:torus_knot_775k), else the
/// mesh file at `path`.
TriangleMesh load_mesh(const std::string& path) {
  if (path == "generated:torus_knot_48k") return make_torus_knot(480, 50);
  if (path == "generated:torus_knot_775k") return make_torus_knot(3100, 125);
  return read_mesh(path);
}

template <typename T>
struct SignedDistance {
  MeshSDF<T> sdf;
  SignMode mode;
  ALFVEN_HOST_DEVICE T operator()(const Vec3<T>& p) const { return sdf.signed_distance(p, mode); }
};

/// N^3 cell centres of the box padded by 10 %: in 4x4x4 blocks ordered along a Morton curve
/// ("blocks", N a multiple of 4) or x fastest ("linear").
template <typename T>
std::vector<Vec3<T>> grid_points(const AABB<T>& box, int n, bool blocks) {
  const Vec3<T> pad = T(0.1) * (box.hi - box.lo);
  const Vec3<T> lo = box.lo - pad, ext = box.hi + pad - lo;
  auto at = [&](int i, int j, int k) {
    return lo + mul(ext, Vec3<T>{(T(i) + T(0.5)) / T(n), (T(j) + T(0.5)) / T(n),
                                 (T(k) + T(0.5)) / T(n)});
  };
  std::vector<Vec3<T>> p;
  p.reserve(std::size_t(n) * n * n);
  if (!blocks || n % 4 != 0) {
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) p.push_back(at(i, j, k));
    return p;
  }
  const int nb = n / 4;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> order;  // (Morton code, block)
  for (int bk = 0; bk < nb; ++bk)
    for (int bj = 0; bj < nb; ++bj)
      for (int bi = 0; bi < nb; ++bi)
        order.emplace_back(std::uint32_t(bvh::spread_bits_21(std::uint64_t(bi)) |
                                         bvh::spread_bits_21(std::uint64_t(bj)) << 1 |
                                         bvh::spread_bits_21(std::uint64_t(bk)) << 2),
                           std::uint32_t((bk * nb + bj) * nb + bi));
  std::sort(order.begin(), order.end());
  for (const auto& o : order) {
    const int b = int(o.second), bi = b % nb, bj = (b / nb) % nb, bk = b / (nb * nb);
    for (int k = 0; k < 4; ++k)
      for (int j = 0; j < 4; ++j)
        for (int i = 0; i < 4; ++i) p.push_back(at(4 * bi + i, 4 * bj + j, 4 * bk + k));
  }
  return p;
}

template <typename T>
void run_points(const std::string& name, const char* precision, const SignedDistance<T>& query,
                const std::vector<Vec3<T>>& points, const std::string& label, const Options& o) {
  const std::size_t n = points.size();
  PointsOnBackend<T> buffers(points);
  const int all = max_threads();
  const std::vector<int> counts = thread_counts(o.one_thread);
  for (int threads : counts) {
    set_threads(threads);
    const double t = best_time(
        o.repeats, [&] { gpu::transform(query, buffers.device, buffers.in, buffers.out); });
    print_case(name, precision, label, n, threads, "pool", double(n) / t, "queries_per_second",
               "queries/s");
    if (threads == 1)
      print_case(name, precision, label, n, 1, "pool", 1e6 * t / double(n), "us_per_query", "us");
  }
  std::vector<T> d(n);
  if (!gpu::enabled) {
    std::vector<Vec3<T>> sorted(n);
    std::vector<T> ds(n);
    for (int threads : counts) {
      set_threads(threads);
      const double t = best_time(o.repeats, [&] {
        const std::vector<std::uint32_t> order = morton_order(points);
        for (std::size_t k = 0; k < n; ++k) sorted[k] = points[order[k]];
        gpu::transform(query, PODSpan<const Vec3<T>>{sorted.data(), n}, PODSpan<T>{ds.data(), n});
        for (std::size_t k = 0; k < n; ++k) d[order[k]] = ds[k];
      });
      print_case(name, precision, label, n, threads, "morton_order", double(n) / t,
                 "queries_per_second", "queries/s");
      if (threads == 1)
        print_case(name, precision, label, n, 1, "morton_order", 1e6 * t / double(n),
                   "us_per_query", "us");
    }
    set_threads(all);
  }
  const double tv = best_time(o.repeats, [&] { gpu::transform(query, points, d); });
  print_case(name, precision, label, n, all, "vector", double(n) / tv, "queries_per_second",
             "queries/s");
  set_threads(all);
}

template <typename T>
void run_mesh(const std::string& path, const TriangleMesh& mesh, const char* precision,
              const Options& o) {
  std::string stem = path.substr(path.find_last_of("/:") + 1);
  stem = stem.substr(0, stem.find_last_of('.'));
  std::vector<Vec3<T>> grid, rnd;  // the same points for every build
  for (const std::string& b : split(o.builds)) {
    MeshSDFOptions opt;
    if (!parse_bvh_build(b, opt.build)) {
      std::fprintf(stderr, "bench_mesh: unknown build '%s'\n", b.c_str());
      continue;
    }
    // Host builds go into a host pool and are mirrored; LBVH builds in place, into the backend's
    // memory (on the device in bench_mesh_cuda, on the host's threads here; its thread count is
    // the machine's, the "threads" of the line is 1 for the other builds).
    const bool device_build = opt.build == BVHBuild::LBVH;
    const MemoryResource& where = device_build ? gpu::memory_resource() : host_memory_resource();
    const double tb = best_time(std::max(1, o.repeats - 1), [&] {
      Pool scratch(where);
      (void)MeshSDF<T>::build(scratch, mesh, opt);
    });
    Pool pool(where);
    const MeshSDF<T> sdf = MeshSDF<T>::build(pool, mesh, opt);
    const std::string name = "mesh_sdf/" + stem + "/" + b;
    print_case(name + "/bvh_build", precision, "none", mesh.triangle_count(), 1,
               device_build && gpu::enabled ? "device" : "host", tb, "seconds", "s");
    pool.freeze();
    const Pool device = device_build ? std::move(pool) : Pool::mirror(pool, gpu::memory_resource());
    const MeshSDF<T> view = sdf.rebased_view(device);
    if (grid.empty()) {
      grid = grid_points(view.box(), o.grid, o.grid_order == "blocks");
      rnd = alfven::bench::random_points_3x(view.box(), o.random);
    }
    for (const std::string& s : split(o.sign)) {
      const SignMode mode = s == "winding" ? SignMode::WindingNumber : SignMode::Pseudonormal;
      const SignedDistance<T> q{view, mode};
      const std::string nm = name + "/" + s;
      run_points(nm, precision, q, rnd, "random_3x_box", o);
      run_points(nm, precision, q, grid, "grid_" + o.grid_order, o);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int a = 1; a < argc; ++a) {
    const std::string s = argv[a];
    const bool has = a + 1 < argc;
    if (has && o.parse(s, argv[a + 1]))
      ++a;
    else if (s == "--meshes" && has)
      o.meshes = argv[++a];
    else if (s == "--builds" && has)
      o.builds = argv[++a];
    else if (s == "--sign" && has)
      o.sign = argv[++a];
    else if (s == "--grid-order" && has)
      o.grid_order = argv[++a];
    else if (s == "--threads-one" && has)
      o.one_thread = std::string(argv[++a]) != "no";
    else {
      std::fprintf(stderr,
                   "usage: bench_mesh [--meshes a.stl,generated:torus_knot_48k,...] [--grid N] "
                   "[--random M] [--precision float|double|both] [--builds sah,morton,lbvh] "
                   "[--sign pseudonormal,winding] [--grid-order blocks|linear] [--repeats R] "
                   "[--threads-one yes|no]\n");
      return 2;
    }
  }
  if (o.meshes.empty())
    o.meshes = mesh_dir() + "/porsche.stl," + mesh_dir() +
               "/sphere.stl,generated:torus_knot_48k,generated:torus_knot_775k";
  if (o.builds.empty()) o.builds = gpu::enabled ? "sah,morton,lbvh" : "sah,morton";
  if (o.grid <= 0) o.grid = gpu::enabled ? 512 : 128;
  if (gpu::enabled && !gpu::device_available()) {
    std::fprintf(stderr, "bench_mesh: a CUDA build without a visible device\n");
    return 1;
  }
  for (const std::string& path : split(o.meshes)) {
    TriangleMesh mesh;
    try {
      mesh = load_mesh(path);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "bench_mesh: %s\n", e.what());
      return 1;
    }
    if (o.wants("float")) run_mesh<float>(path, mesh, "float", o);
    if (o.wants("double")) run_mesh<double>(path, mesh, "double", o);
  }
  return 0;
}
