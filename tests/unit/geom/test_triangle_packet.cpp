// The host tree's four-triangle packet (triangle_packet.hpp) gives the scalar closest-point
// code's squared distance bit for bit, in every Voronoi region (MeshSDF's results rest on it).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "alfven/geom/triangle_packet.hpp"

using namespace alfven;
using namespace alfven::geom;

#if ALFVEN_BVH_WIDE_HOST
namespace {

/// A triangle prepared as MeshSDF prepares it: edges and products in double, rounded to T.
template <typename T>
MeshTriangle<T> prepared(const Vec3<double>& a, const Vec3<double>& b, const Vec3<double>& c) {
  const Vec3<double> ab = b - a, ac = c - a;
  return MeshTriangle<T>{Vec3<T>{T(a.x), T(a.y), T(a.z)},
                         Vec3<T>{T(ab.x), T(ab.y), T(ab.z)},
                         Vec3<T>{T(ac.x), T(ac.y), T(ac.z)},
                         T(dot(ab, ab)),
                         T(dot(ac, ac)),
                         T(dot(ab, ac)),
                         0};
}

template <typename T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

/// Random triangles of every shape (equilateral-ish, obtuse, needles, slivers, a degenerate one
/// in each packet of the last quarter) and points around them; every packet lane's squared
/// distance against closest_point_on_triangle's. Returns how often each feature was the answer.
template <typename T>
std::array<int, 7> check_packets(unsigned seed, int packets, int points_per_packet) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1), scale(-4, 1);
  std::array<int, 7> features{};
  for (int n = 0; n < packets; ++n) {
    std::vector<MeshTriangle<T>> tris;
    for (int k = 0; k < 4; ++k) {
      const Vec3<double> a{u(rng), u(rng), u(rng)};
      const double s = std::pow(10.0, scale(rng));  // edge lengths from 1e-4 to 10
      Vec3<double> b = a + s * Vec3<double>{u(rng), u(rng), u(rng)};
      Vec3<double> c = a + s * Vec3<double>{u(rng), u(rng), u(rng)};
      if (k == 1 && n % 3 == 0) c = a + 0.5 * (b - a) + 1e-7 * s * Vec3<double>{u(rng), 0, 0};
      if (k == 2 && n % 4 == 3) c = b;  // zero area: the packet reports -1, the scalar its edges
      tris.push_back(prepared<T>(a, b, c));
    }
    const int count = 1 + n % 4;  // leaves of 1 to 4 triangles: unused lanes repeat the last
    const MeshTrianglePacket<T> packet = make_triangle_packet(tris.data(), 0, count);
    for (int m = 0; m < points_per_packet; ++m) {
      const double r = std::pow(10.0, scale(rng));
      const Vec3<T> p{T(r * u(rng)), T(r * u(rng)), T(r * u(rng))};
      T d2[4];
      packet_distance2(packet, p.x, p.y, p.z, d2);
      for (int k = 0; k < 4; ++k) {
        const TrianglePoint<T> want = closest_point_on_triangle(tris[k < count ? k : count - 1], p);
        ++features[int(want.feature)];
        if (d2[k] < T(0)) {  // degenerate: MeshSDF takes the scalar code, which takes edges
          EXPECT_GE(int(want.feature), int(TriangleFeature::EdgeAB)) << "packet " << n;
          continue;
        }
        if (!same_bits(d2[k], want.distance2)) {
          ADD_FAILURE() << "packet " << n << " lane " << k << " point " << m << ": " << d2[k]
                        << " against " << want.distance2 << " (feature " << int(want.feature)
                        << ")";
          return features;
        }
      }
    }
  }
  return features;
}

}  // namespace

TEST(TrianglePacket, EveryRegionGivesTheScalarBitsInFloat) {
  const std::array<int, 7> f = check_packets<float>(7, 4000, 16);
  for (int k = 0; k < 7; ++k) EXPECT_GT(f[k], 100) << "feature " << k << " seldom reached";
}

TEST(TrianglePacket, EveryRegionGivesTheScalarBitsInDouble) {
  const std::array<int, 7> f = check_packets<double>(8, 4000, 16);
  for (int k = 0; k < 7; ++k) EXPECT_GT(f[k], 100) << "feature " << k << " seldom reached";
}

#endif  // ALFVEN_BVH_WIDE_HOST
