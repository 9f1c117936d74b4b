// query_order.hpp: a batch of query points ordered along a Morton curve: 30-bit codes (10 bits
// per axis, interleaved x highest by bvh::spread_bits_21, as bvh::morton_code does) in a box
// taken from a sample of the points, then three passes of a stable counting sort (least
// significant 10 bits first) over (code, index) pairs packed in 64 bits, the three digits'
// histograms counted in one pass.
#include "alfven/geom/query_order.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/geom/bvh/build.hpp"

namespace alfven {
namespace geom {

namespace {

/// Points the box is taken from (query_order.hpp).
constexpr std::size_t SampleSize = 4096;

/// The cell (0 .. 1023) of coordinate x along an axis starting at lo: floor((x - lo) scale),
/// clamped to [0, 1023]; NaN is cell 0 (and so is everything when scale is 0).
std::uint32_t cell_of(double x, double lo, double scale) {
  const double u = (x - lo) * scale;
  if (!(u >= 0.0)) return 0;  // below the box, or NaN
  return u >= 1023.0 ? 1023u : std::uint32_t(u);
}

}  // namespace

template <typename T>
std::vector<std::uint32_t> morton_order(const std::vector<Vec3<T>>& points) {
  const std::size_t n = points.size();
  ALFVEN_REQUIRE(n <= std::size_t(std::numeric_limits<std::uint32_t>::max()),
                 "morton_order: " << n << " points, more than 32-bit indices can order");
  // The box: per axis, the 1st and 99th percentiles of the finite coordinates of a sample (up
  // to SampleSize points at an even stride), so that a few far points do not squeeze the rest
  // into one cell; points beyond it go to the edge cells.
  double lo[3], scale[3];
  const std::size_t m = n < SampleSize ? n : SampleSize;
  std::vector<double> sample;
  sample.reserve(m);
  for (int a = 0; a < 3; ++a) {
    sample.clear();
    for (std::size_t s = 0; s < m; ++s) {
      const double x = double(points[s * n / m][a]);
      if (std::isfinite(x)) sample.push_back(x);
    }
    double low = 0, high = 0;  // no finite coordinate: every point in cell 0
    if (!sample.empty()) {
      const std::ptrdiff_t last = std::ptrdiff_t(sample.size()) - 1;
      const std::ptrdiff_t il = std::ptrdiff_t(0.01 * double(last)), ih = last - il;
      std::nth_element(sample.begin(), sample.begin() + il, sample.end());
      low = sample[std::size_t(il)];
      std::nth_element(sample.begin(), sample.begin() + ih, sample.end());
      high = sample[std::size_t(ih)];
    }
    lo[a] = low;
    const double inv = 1023.0 / (high - low);
    scale[a] = high > low && std::isfinite(inv) ? inv : 0.0;
  }

  // (code << 32 | index), and the histograms of the three 10-bit digits of the codes.
  constexpr int Bits = 10;
  constexpr std::uint32_t Digits = 1u << Bits;
  std::vector<std::uint64_t> item(n), next(n);
  std::vector<std::array<std::uint32_t, Digits>> count(3);
  for (auto& c : count) c.fill(0);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3<T>& p = points[i];
    const std::uint32_t code =
        std::uint32_t(bvh::spread_bits_21(cell_of(double(p.x), lo[0], scale[0])) << 2 |
                      bvh::spread_bits_21(cell_of(double(p.y), lo[1], scale[1])) << 1 |
                      bvh::spread_bits_21(cell_of(double(p.z), lo[2], scale[2])));
    item[i] = std::uint64_t(code) << 32 | i;
    for (int d = 0; d < 3; ++d) ++count[d][(code >> (Bits * d)) & (Digits - 1)];
  }
  // Least significant digit first; each pass is stable, so equal codes keep input order.
  for (int d = 0; d < 3; ++d) {
    std::uint32_t sum = 0;
    for (std::uint32_t& c : count[d]) {
      const std::uint32_t k = c;
      c = sum;
      sum += k;
    }
    const int shift = 32 + Bits * d;
    for (std::size_t i = 0; i < n; ++i)
      next[count[d][(item[i] >> shift) & (Digits - 1)]++] = item[i];
    item.swap(next);
  }
  std::vector<std::uint32_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = std::uint32_t(item[i]);
  return order;
}

template std::vector<std::uint32_t> morton_order(const std::vector<Vec3<float>>&);
template std::vector<std::uint32_t> morton_order(const std::vector<Vec3<double>>&);

}  // namespace geom
}  // namespace alfven
