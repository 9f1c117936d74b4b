/// @file colormap.hpp
/// @brief Perceptually uniform colour map for field images: viridis.
///
/// Viridis was designed by S. van der Walt, N. Smith and E. Firing for matplotlib 2.0 (2015) and
/// released into the public domain (CC0). We store it compactly as 33 anchor colours (samples k/32
/// of the published 256-entry table) and interpolate linearly in sRGB; the result differs from the
/// published table by at most 2 of 255 levels in any channel.
#pragma once

#include <cstdint>

namespace alfven {
namespace io {

/// An 8-bit sRGB colour.
struct Rgb8 {
  std::uint8_t r, g, b;
};

/// Equal when all three channels are equal.
inline bool operator==(Rgb8 a, Rgb8 b) {
  return a.r == b.r && a.g == b.g && a.b == b.b;
}
inline bool operator!=(Rgb8 a, Rgb8 b) {
  return !(a == b);
}

/// Colour of viridis at `t` in [0, 1] (0: dark purple, 1: yellow); t is clamped to [0, 1], and a
/// NaN gives mid grey (128, 128, 128). viridis(0) = (68, 1, 84), viridis(1) = (253, 231, 37).
Rgb8 viridis(double t);

}  // namespace io
}  // namespace alfven
