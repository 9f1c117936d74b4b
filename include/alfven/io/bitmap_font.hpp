/// @file bitmap_font.hpp
/// @brief A tiny built-in 5x7 bitmap font for labels on PNG images (titles, colour-bar ticks):
/// digits, a-z, A-Z, space and . , : ; - + = ( ) _ / * ? % ' ! < > [ ].
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "alfven/io/colormap.hpp"

namespace alfven {
namespace io {

/// Width in pixels of `text` drawn at integer `scale`: each glyph is 5x7 cells with one empty
/// column between glyphs, each cell scale x scale pixels: (6 * text.size() - 1) * scale, 0 if
/// empty.
int text_width(const std::string& text, int scale);

/// Height in pixels of a line of text at `scale`: 7 * scale.
inline int text_height(int scale) {
  return 7 * scale;
}

/// Draws `text` into an RGB image (width x height, 3 bytes per pixel, top row first) with its
/// top-left corner at pixel (x, y); pixels outside the image are skipped. Characters without a
/// glyph are drawn as '?'.
void draw_text(std::vector<std::uint8_t>& rgb, int width, int height, int x, int y,
               const std::string& text, int scale, Rgb8 colour);

}  // namespace io
}  // namespace alfven
