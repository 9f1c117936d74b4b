// custom_shape: a shape of your own, evaluated inside your own loop.
//
// A user shape is a trivially copyable struct with an ALFVEN_HOST_DEVICE signed_distance; it
// can call any alfven::geom shape. The loop here is gpu::parallel_for over a grid of points,
// writing into arrays that live in a pool in gpu::memory_resource(): compiled by g++ it runs
// on the CPU (through the emulated-device resource); the same file compiled by nvcc runs it as
// a CUDA kernel. In a kernel you write yourself, call `shape.signed_distance(p)` the same way.
#include <cmath>
#include <cstdio>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"

using namespace alfven;
using namespace alfven::geom;
using T = float;

/// A hollow, capped pipe of our own: a finite cylinder minus a thinner infinite one, with a
/// sphere blended onto one end. Lengths in metres; axis z.
struct Pipe {
  using value_type = T;
  static constexpr DistanceKind kind = DistanceKind::Bound;
  Cylinder<T> outer;
  InfiniteCylinder<T> bore;
  Sphere<T> bulb;
  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    const T pipe = max_(outer.signed_distance(p), -bore.signed_distance(p));
    return smooth_min(pipe, bulb.signed_distance(p), T(0.1));
  }
};

/// The loop body: one grid point per index, results through a span.
struct EvaluateOnGrid {
  Pipe shape;
  int n;
  T h, origin;
  PODSpan<T> distance;
  ALFVEN_HOST_DEVICE void operator()(std::size_t idx) const {
    const int i = int(idx % std::size_t(n)), j = int((idx / std::size_t(n)) % std::size_t(n)),
              k = int(idx / (std::size_t(n) * n));
    const Vec3<T> p{origin + h * T(i), origin + h * T(j), origin + h * T(k)};
    distance[idx] = shape.signed_distance(p);
  }
};

int main() {
  const Pipe pipe{make_cylinder(T(0.5), T(1.0)), make_infinite_cylinder(T(0.3)),
                  make_sphere(Vec3<T>{0, 0, 1}, T(0.6))};
  const int n = 48;
  const std::size_t count = std::size_t(n) * n * n;

  if (gpu::enabled && !gpu::device_available()) {
    std::printf("custom_shape: a CUDA build without a visible device; nothing to do\n");
    return 0;
  }
  Pool pool(gpu::memory_resource());
  PODVector<T> distance;
  distance.reserve_from(pool, count);
  pool.freeze();
  gpu::parallel_for(count,
                    EvaluateOnGrid{pipe, n, T(3.0 / (n - 1)), T(-1.5), distance.bind(pool.base())});

  const std::vector<T> d = distance.to_vector(pool);
  std::size_t inside = 0;
  for (T x : d) inside += x < 0;
  const double cell = std::pow(3.0 / (n - 1), 3);
  std::printf("custom_shape: backend %s, %zu grid points, %zu inside, volume ~ %.3f m^3\n",
              gpu::backend_name(), count, inside, inside * cell);
  // Sanity check: the point on the bulb's top is on the surface, the axis inside the bore is
  // outside.
  const T top = pipe.signed_distance(Vec3<T>{0, 0, T(1.6)});
  const T bore = pipe.signed_distance(Vec3<T>{0, 0, T(-0.5)});
  if (std::fabs(top) > T(1e-5) || !(bore > T(0)) || inside == 0) {
    std::printf("custom_shape: unexpected values (top %g, bore %g)\n", double(top), double(bore));
    return 1;
  }
  return 0;
}
