/// @file field_image.hpp
/// @brief A PNG picture of a 2D field: the field in viridis (y up), a vertical colour bar with tick
/// labels to its right and a title above — what the solver writes as a quick look at a 2D run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace alfven {
namespace io {

/// An RGB picture of a field and where its parts lie (pixel rectangles, x right, y down, origin at
/// the top-left corner of the picture).
struct FieldImage {
  int width = 0, height = 0;              ///< size of the picture in pixels
  std::vector<std::uint8_t> rgb;          ///< width * height * 3 bytes, top row first
  int field_x = 0, field_y = 0;           ///< top-left pixel of the field area
  int field_width = 0, field_height = 0;  ///< = nx * scale, ny * scale
  int scale = 1;                          ///< pixels per cell along each axis (integer, >= 1)
  int bar_x = 0, bar_y = 0;               ///< top-left pixel of the colour bar (top row = vmax)
  int bar_width = 0, bar_height = 0;
  double vmin = 0, vmax = 1;  ///< the range actually used (widened if vmin == vmax)
};

/// Draws a 2D field into a picture.
///
/// @param values  nx * ny values, x fastest (`values[i + nx*j]`), cell (0, 0) at the lower left
///                of the domain; drawn with the largest y at the top of the picture
/// @param title   one line drawn above the field (e.g. "density  t = 0.100")
/// @param vmin, vmax  values mapped to the low and high ends of viridis; values outside are
///                clamped and NaN is drawn grey. If vmin == vmax the range is widened to
///                [v - d, v + d] with d = |v| / 100 (d = 1 if v == 0) so that it still draws.
/// Each cell becomes a scale x scale block (nearest neighbour), scale = the smallest integer such
/// that min(nx, ny) * scale >= 512 (1 if the field is already that large), but no larger than
/// keeps max(nx, ny) * scale <= 8192 (and never below 1).
/// @throws alfven::Error if nx or ny < 1, or vmin > vmax, or a bound is not finite.
FieldImage render_field_image(const double* values, int nx, int ny, const std::string& title,
                              double vmin, double vmax);

/// Paints the cells of embedded bodies over a rendered field: `signed_distance` holds nx * ny
/// values laid out as the field's; cells with a negative value are solid, drawn dark grey, and
/// those that touch a fluid cell (the body's outline) white.
/// @throws alfven::Error if the picture was not rendered from an nx x ny field.
void draw_bodies(FieldImage& image, const double* signed_distance, int nx, int ny);

/// Renders a field with render_field_image (and the bodies of `signed_distance` with
/// draw_bodies, when given) and writes it to `path` as PNG (io::write_png_rgb).
/// @throws alfven::Error as render_field_image and write_png_rgb (naming the file).
void write_field_png(const std::string& path, const double* values, int nx, int ny,
                     const std::string& title, double vmin, double vmax,
                     const double* signed_distance = nullptr);

}  // namespace io
}  // namespace alfven
