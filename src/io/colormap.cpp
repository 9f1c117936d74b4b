// The viridis colour map as 33 anchors with linear interpolation. The anchors are the entries
// round(k * 255 / 32), k = 0..32, of the 256-colour table published with matplotlib 2.0 by
// S. van der Walt, N. Smith and E. Firing (CC0 / public domain); see colormap.hpp.
#include "alfven/io/colormap.hpp"

#include <cmath>

namespace alfven {
namespace io {
namespace {

constexpr int kAnchors = 33;
constexpr double kViridis[kAnchors][3] = {
    {0.267004, 0.004874, 0.329415},  // t = 0/32 (entry 0)
    {0.277018, 0.050344, 0.375715},  // t = 1/32 (entry 8)
    {0.282327, 0.094955, 0.417331},  // t = 2/32 (entry 16)
    {0.282884, 0.135920, 0.453427},  // t = 3/32 (entry 24)
    {0.278826, 0.175490, 0.483397},  // t = 4/32 (entry 32)
    {0.270595, 0.214069, 0.507052},  // t = 5/32 (entry 40)
    {0.258965, 0.251537, 0.524736},  // t = 6/32 (entry 48)
    {0.244972, 0.287675, 0.537260},  // t = 7/32 (entry 56)
    {0.229739, 0.322361, 0.545706},  // t = 8/32 (entry 64)
    {0.214298, 0.355619, 0.551184},  // t = 9/32 (entry 72)
    {0.199430, 0.387607, 0.554642},  // t = 10/32 (entry 80)
    {0.185556, 0.418570, 0.556753},  // t = 11/32 (entry 88)
    {0.172719, 0.448791, 0.557885},  // t = 12/32 (entry 96)
    {0.160665, 0.478540, 0.558115},  // t = 13/32 (entry 104)
    {0.149039, 0.508051, 0.557250},  // t = 14/32 (entry 112)
    {0.137770, 0.537492, 0.554906},  // t = 15/32 (entry 120)
    {0.127568, 0.566949, 0.550556},  // t = 16/32 (entry 128)
    {0.121148, 0.592739, 0.544641},  // t = 17/32 (entry 135)
    {0.120081, 0.622161, 0.534946},  // t = 18/32 (entry 143)
    {0.130067, 0.651384, 0.521608},  // t = 19/32 (entry 151)
    {0.153894, 0.680203, 0.504172},  // t = 20/32 (entry 159)
    {0.191090, 0.708366, 0.482284},  // t = 21/32 (entry 167)
    {0.239374, 0.735588, 0.455688},  // t = 22/32 (entry 175)
    {0.296479, 0.761561, 0.424223},  // t = 23/32 (entry 183)
    {0.360741, 0.785964, 0.387814},  // t = 24/32 (entry 191)
    {0.430983, 0.808473, 0.346476},  // t = 25/32 (entry 199)
    {0.506271, 0.828786, 0.300362},  // t = 26/32 (entry 207)
    {0.585678, 0.846661, 0.249897},  // t = 27/32 (entry 215)
    {0.668054, 0.861999, 0.196293},  // t = 28/32 (entry 223)
    {0.751884, 0.874951, 0.143228},  // t = 29/32 (entry 231)
    {0.835270, 0.886029, 0.102646},  // t = 30/32 (entry 239)
    {0.916242, 0.896091, 0.100717},  // t = 31/32 (entry 247)
    {0.993248, 0.906157, 0.143936},  // t = 32/32 (entry 255)
};

std::uint8_t to_byte(double v) {
  return std::uint8_t(std::lround(v * 255.0));
}

}  // namespace

Rgb8 viridis(double t) {
  if (std::isnan(t)) return {128, 128, 128};
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  const double s = t * (kAnchors - 1);
  const int k = s >= kAnchors - 1 ? kAnchors - 2 : int(s);
  const double w = s - k;
  double c[3];
  for (int i = 0; i < 3; ++i) c[i] = (1 - w) * kViridis[k][i] + w * kViridis[k + 1][i];
  return {to_byte(c[0]), to_byte(c[1]), to_byte(c[2])};
}

}  // namespace io
}  // namespace alfven
