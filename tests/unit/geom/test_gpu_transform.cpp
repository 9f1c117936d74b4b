// gpu::parallel_for / gpu::transform: the three overloads, their checks, the emulated-device
// path of a host build, pools and mirrors.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "alfven/core/core.hpp"
#include "alfven/geom/geom.hpp"

using namespace alfven;
using geom::Vec3;

namespace {
struct Square {
  ALFVEN_HOST_DEVICE double operator()(const double& x) const { return x * x; }
};
struct SphereDistance {
  geom::Sphere<float> s;
  ALFVEN_HOST_DEVICE float operator()(const Vec3<float>& p) const { return s.signed_distance(p); }
};
struct Fill {
  PODSpan<int> out;
  ALFVEN_HOST_DEVICE void operator()(std::size_t i) const { out[i] = int(3 * i); }
};
}  // namespace

TEST(Gpu, HostBuildReportsHost) {
  EXPECT_FALSE(gpu::enabled);
  EXPECT_STREQ(gpu::backend_name(), "host");
  EXPECT_FALSE(gpu::device_available());
  EXPECT_EQ(gpu::memory_resource().kind, MemoryKind::EmulatedDevice);
  EXPECT_TRUE(gpu::memory_resource().device_accessible);
  EXPECT_FALSE(host_memory_resource().device_accessible);
#if ALFVEN_CUDA_RUNTIME
  // A plain C++ file of a CUDA build has the runtime: the one memory layer gives it device and
  // pinned memory (as Array<T, R, backend::CUDA> always did), though gpu:: still runs here.
  EXPECT_EQ(device_memory_resource().kind, MemoryKind::Device);
  EXPECT_EQ(pinned_memory_resource().kind, MemoryKind::Pinned);
#else
  EXPECT_THROW(device_memory_resource(), Error);
  EXPECT_THROW(managed_memory_resource(), Error);
  EXPECT_THROW(pinned_memory_resource(), Error);
#endif
}

TEST(Gpu, ParallelForVisitsEveryIndexOnce) {
  std::vector<int> v(10007, -1);
  gpu::parallel_for(v.size(), Fill{PODSpan<int>{v.data(), v.size()}});
  for (std::size_t i = 0; i < v.size(); ++i) ASSERT_EQ(v[i], int(3 * i));
  gpu::parallel_for<64, 0>(v.size(), Fill{PODSpan<int>{v.data(), v.size()}});
  gpu::parallel_for<1024, 2048>(0, Fill{PODSpan<int>{v.data(), 0}});
}

TEST(Gpu, VectorOverloadComputesAndChecksSizes) {
  std::vector<double> in(1000), out(1000);
  std::iota(in.begin(), in.end(), 0.0);
  gpu::transform(Square{}, in, out);
  for (std::size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], in[i] * in[i]);
  std::vector<double> small(10);
  EXPECT_THROW(gpu::transform(Square{}, in, small), Error);
  EXPECT_EQ(small.size(), 10u);  // never resized
  std::vector<double> empty_in, empty_out;
  gpu::transform(Square{}, empty_in, empty_out);
}

TEST(Gpu, VectorOverloadInPlace) {
  std::vector<double> v{1, 2, 3, 4};
  gpu::transform(Square{}, v, v);
  EXPECT_EQ(v, (std::vector<double>{1, 4, 9, 16}));
}

TEST(Gpu, PoolOverloadThroughTheEmulatedDeviceMirror) {
  const std::size_t n = 5000;
  std::vector<Vec3<float>> pts(n);
  for (std::size_t i = 0; i < n; ++i) pts[i] = Vec3<float>{float(i) * 1e-3f, 0.5f, -0.25f};
  Pool host(host_memory_resource());
  PODVector<Vec3<float>> in;
  PODVector<float> out;
  in.reserve_from(host, n);
  out.reserve_from(host, n);
  in.assign(host, pts);
  const SphereDistance q{geom::Sphere<float>{Vec3<float>{0, 0, 0}, 1.0f}};
  // A host pool is never device-accessible, and an unfrozen pool is refused.
  EXPECT_THROW(gpu::transform(q, host, in, out), Error);
  EXPECT_THROW(Pool::mirror(host, gpu::memory_resource()), Error);
  host.freeze();
  EXPECT_THROW(gpu::transform(q, host, in, out), Error);
  EXPECT_THROW(in.reserve_from(host, 1), Error);
  const Pool dev = Pool::mirror(host, gpu::memory_resource());
  EXPECT_TRUE(dev.frozen());
  gpu::transform(q, dev, in, out);
  const Pool back = Pool::mirror(dev, host_memory_resource());
  const std::vector<float> d = out.to_vector(back);
  for (std::size_t i = 0; i < n; ++i) ASSERT_FLOAT_EQ(d[i], q(pts[i]));
  // Launch settings as template arguments, and the run-time dispatch of the tuner.
  gpu::transform<256, 0>(q, dev, in, out);
  const gpu::LaunchSetting best = gpu::tune_transform(q, dev, in, out);
  EXPECT_EQ(best, gpu::LaunchSetting{});  // a host build returns the default
  gpu::transform(best, q, dev, in, out);
  EXPECT_THROW(gpu::transform(gpu::LaunchSetting{96, 1}, q, dev, in, out), Error);
}

TEST(Gpu, PoolOverloadChecksBoundsAndSizes) {
  Pool p(gpu::memory_resource());
  PODVector<double> a, b, c;
  a.reserve_from(p, 10);
  b.reserve_from(p, 10);
  c.reserve_from(p, 5);
  std::vector<double> x(10, 2.0);
  a.assign(p, x);
  p.freeze();
  gpu::transform(Square{}, p, a, b);
  EXPECT_EQ(b.to_vector(p)[3], 4.0);
  EXPECT_THROW(gpu::transform(Square{}, p, a, c), Error);  // sizes differ
  PODVector<double> outside{p.size(), 10};
  EXPECT_THROW(gpu::transform(Square{}, p, a, outside), Error);  // ends past the pool
  gpu::transform(Square{}, p, a, a);                             // in place
  EXPECT_EQ(a.to_vector(p)[0], 4.0);
}

TEST(Gpu, SpanOverload) {
  std::vector<double> in{1, 2, 3}, out(3);
  gpu::transform(Square{}, PODSpan<const double>{in.data(), 3}, PODSpan<double>{out.data(), 3});
  EXPECT_EQ(out[2], 9.0);
  gpu::transform(Square{}, PODSpan<double>{in.data(), 3},
                 PODSpan<double>{in.data(), 3});  // in place
  EXPECT_EQ(in[1], 4.0);
  EXPECT_THROW(
      gpu::transform(Square{}, PODSpan<double>{in.data(), 3}, PODSpan<double>{out.data(), 2}),
      Error);
}

namespace {
void overlapping_pool_arrays() {
  Pool p(gpu::memory_resource());
  PODVector<double> a;
  a.reserve_from(p, 10);
  p.freeze();
  const PODVector<double> head{a.offset, 9};
  PODVector<double> shifted{a.offset + sizeof(double), 9};
  gpu::transform(Square{}, p, head, shifted);
}
}  // namespace

TEST(GpuDeathTest, PartialOverlapAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<double> v(10, 1.0);
  EXPECT_DEATH(gpu::transform(Square{}, PODSpan<const double>{v.data(), 8},
                              PODSpan<double>{v.data() + 2, 8}),
               "partially overlap");
  EXPECT_DEATH(overlapping_pool_arrays(), "partially overlap");
}

TEST(Pool, GrowsKeepingOffsetsAndMirrors) {
  Pool p;
  PODVector<int> a;
  a.reserve_from(p, 3);
  const std::vector<int> x{7, 8, 9};
  a.assign(p, x);
  PODVector<double> big;
  big.reserve_from(p, 100000);  // forces a reallocation
  EXPECT_EQ(a.to_vector(p), x);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(big.data(p.base())) % alignof(double), 0u);
  p.freeze();
  const Pool m = Pool::mirror(p, emulated_device_memory_resource());
  EXPECT_EQ(m.size(), p.size());
  EXPECT_EQ(a.to_vector(m), x);
  EXPECT_EQ(a.bind(m.base())[2], 9);
  EXPECT_THROW(a.assign(p, std::vector<int>(4)), Error);
}
