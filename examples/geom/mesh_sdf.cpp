// A triangle mesh as a signed distance function, the two library ways (docs/geometry.md,
// "Three ways to use a mesh"): (b) host C++ — read_mesh, clean, MeshSDF::build into a Pool,
// queries; (c) the same value inside a functor launched by gpu::parallel_for — compiled by nvcc
// it is a CUDA kernel reading the pool mirrored into device memory, compiled by g++ (here) it
// is an OpenMP loop. Usage: geom_mesh_sdf [MESH] (default: an icosphere written to /tmp).
#include "alfven/geom/mesh_sdf.hpp"

#include <cstdio>
#include <string>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/core/gpu.hpp"
#include "alfven/geom/geom.hpp"
#include "alfven/geom/mesh_clean.hpp"
#include "alfven/geom/mesh_io.hpp"

using namespace alfven;
using namespace alfven::geom;

/// (c) A functor holding only views and scalars: d[i] = signed distance at p[i].
struct SignedDistanceAt {
  MeshSDF<float> sdf;    // trivially copyable view into the mirrored pool
  const Vec3<float>* p;  // in gpu::memory_resource() memory
  float* d;
  ALFVEN_HOST_DEVICE void operator()(std::size_t i) const { d[i] = sdf.signed_distance(p[i]); }
};

int main(int argc, char** argv) {
  std::string path = argc > 1 ? argv[1] : "/tmp/alfven_example_sphere.stl";
  if (argc <= 1) write_stl(make_icosphere(1.0, 3), path);  // a mesh to read

  // (b) Host: read, clean (weld, drop degenerate/duplicate triangles, orient: cavities in), check.
  TriangleMesh mesh = read_mesh(path);  // alfven::Error naming file and line/byte if malformed
  clean(mesh);
  const MeshReport report = validate(mesh);
  std::printf("%s: %zu triangles, watertight %s\n", path.c_str(), mesh.triangle_count(),
              report.watertight() ? "yes" : "no");
  MeshSDFOptions options;  // SAH build; the sign mode the report allows
  options.sign = report.fit_for_pseudonormal() ? SignMode::Pseudonormal : SignMode::WindingNumber;
  Pool pool;  // host memory
  const MeshSDF<float> built = MeshSDF<float>::build(pool, mesh, options);
  const MeshSDF<float> sdf = built.rebased_view(pool);
  const Vec3<float> q{0.1f, 0.2f, 0.3f};
  const MeshClosestPoint<float> c = sdf.closest_point(q);
  std::printf("host: d(0.1, 0.2, 0.3) = %.6f, closest triangle %d\n", sdf.signed_distance(q),
              int(c.triangle));

  // (c) Device: freeze, mirror into gpu::memory_resource(), rebase, launch.
  pool.freeze();
  const Pool mirror = Pool::mirror(pool, gpu::memory_resource());
  const std::vector<Vec3<float>> points{{0, 0, 0}, {0.5f, 0, 0}, {2, 0, 0}};
  Pool io(gpu::memory_resource());
  PODVector<Vec3<float>> in;
  PODVector<float> out;
  in.reserve_from(io, points.size());
  out.reserve_from(io, points.size());
  in.assign(io, points);
  io.freeze();
  gpu::parallel_for(points.size(), SignedDistanceAt{built.rebased_view(mirror), in.data(io.base()),
                                                    out.data(io.base())});
  const std::vector<float> d = out.to_vector(io);
  std::printf("%s: d = %.4f %.4f %.4f\n", gpu::backend_name(), d[0], d[1], d[2]);
  return d[0] < 0 && d[1] < 0 && d[2] > 0 ? 0 : 1;
}
