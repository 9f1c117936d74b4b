// device_tuning: choose the launch settings of a query at start-up by timing a few of them on
// a sample (gpu::tune_transform), then run the real batch with the winner. In a host build
// there is nothing to tune and the default setting comes back.
#include <cstdio>
#include <random>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"

using namespace alfven;
using namespace alfven::geom;
using T = float;

struct Distance {
  Tape<T> tape;
  ALFVEN_HOST_DEVICE T operator()(const Vec3<T>& p) const { return tape.signed_distance(p); }
};

int main() {
  using V = Vec3<double>;
  // A runtime geometry: a perforated plate with rounded edges.
  const Expr plate =
      Expr::csg(Op::SmoothDifference,
                {Expr::rounded_box(V{2, 2, 0.2}, 0.05),
                 Expr::repeat(Expr::infinite_cylinder(0.2), V{0.8, 0.8, 1}, V{2, 2, 0})},
                0.05);
  const std::size_t sample = 1 << 14, batch = 1 << 16;
  std::mt19937 rng(3);
  std::uniform_real_distribution<T> u(-3, 3);
  std::vector<Vec3<T>> pts(sample + batch);
  for (auto& p : pts) p = Vec3<T>{u(rng), u(rng), u(rng)};

  Pool host(host_memory_resource());
  const Tape<T> tape = Tape<T>::build(host, plate);
  PODVector<Vec3<T>> s_in, b_in;
  PODVector<T> s_out, b_out;
  s_in.reserve_from(host, sample);
  s_out.reserve_from(host, sample);
  b_in.reserve_from(host, batch);
  b_out.reserve_from(host, batch);
  s_in.assign(host, pts.data(), sample);
  b_in.assign(host, pts.data() + sample, batch);
  host.freeze();

  if (gpu::enabled && !gpu::device_available()) {
    std::printf("device_tuning: a CUDA build without a visible device; nothing to do\n");
    return 0;
  }
  const Pool device = Pool::mirror(host, gpu::memory_resource());
  const Distance query{tape.rebased_view(device)};
  const gpu::LaunchSetting best = gpu::tune_transform(query, device, s_in, s_out);
  std::printf("device_tuning: backend %s, chose BlockSize %u, MinResidentThreads %u\n",
              gpu::backend_name(), best.block_size, best.min_resident_threads);
  gpu::transform(best, query, device, b_in, b_out);
  const std::vector<T> d = b_out.to_vector(Pool::mirror(device, host_memory_resource()));
  std::size_t inside = 0;
  for (T x : d) inside += x < 0;
  std::printf("device_tuning: %zu of %zu points inside the plate\n", inside, batch);
  return inside > 0 && inside < batch ? 0 : 1;
}
