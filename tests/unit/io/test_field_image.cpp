// Field pictures: viridis end points, the field's orientation (y up), the scale, the colour bar
// and its labels, and the PNG written to disk.
#include <gtest/gtest.h>

#include <cmath>

#include "alfven/core/error.hpp"
#include "alfven/io/bitmap_font.hpp"
#include "alfven/io/colormap.hpp"
#include "alfven/io/field_image.hpp"
#include "alfven/io/png.hpp"
#include "temp_dir.hpp"

namespace io = alfven::io;
using alfven_test::TempDir;

namespace alfven {
namespace io {
// Printed by gtest when a colour comparison fails.
std::ostream& operator<<(std::ostream& os, Rgb8 c) {
  return os << "(" << int(c.r) << "," << int(c.g) << "," << int(c.b) << ")";
}
}  // namespace io
}  // namespace alfven

namespace {

io::Rgb8 pixel(const std::vector<std::uint8_t>& rgb, int width, int x, int y) {
  const std::uint8_t* p = &rgb[3 * (std::size_t(y) * width + x)];
  return {p[0], p[1], p[2]};
}

/// Number of black pixels in the rectangle [x0, x1) x [y0, y1).
int black_pixels(const io::FieldImage& im, int x0, int y0, int x1, int y1) {
  int n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) n += pixel(im.rgb, im.width, x, y) == io::Rgb8{0, 0, 0};
  return n;
}

}  // namespace

TEST(Colormap, ViridisEndPointsAndMiddle) {
  // The published table: entry 0 (0.267004, 0.004874, 0.329415), entry 255 (0.993248, 0.906157,
  // 0.143936), entry 128 (0.127568, 0.566949, 0.550556), times 255 and rounded.
  EXPECT_EQ(io::viridis(0.0), (io::Rgb8{68, 1, 84}));
  EXPECT_EQ(io::viridis(1.0), (io::Rgb8{253, 231, 37}));
  EXPECT_EQ(io::viridis(0.5), (io::Rgb8{33, 145, 140}));
  EXPECT_EQ(io::viridis(-3.0), io::viridis(0.0));  // clamped
  EXPECT_EQ(io::viridis(7.0), io::viridis(1.0));
  EXPECT_EQ(io::viridis(std::nan("")), (io::Rgb8{128, 128, 128}));
}

TEST(Colormap, ViridisLumaIncreasesMonotonically) {
  double previous = -1;
  for (int k = 0; k <= 1000; ++k) {
    const io::Rgb8 c = io::viridis(k / 1000.0);
    const double luma = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
    EXPECT_GE(luma, previous - 0.5) << "t = " << k / 1000.0;
    previous = luma;
  }
}

TEST(BitmapFont, DrawsGlyphCells) {
  EXPECT_EQ(io::text_width("", 2), 0);
  EXPECT_EQ(io::text_width("1", 1), 5);
  EXPECT_EQ(io::text_width("10", 2), 22);
  // '-' at scale 1: row 3, columns 0..4 set; nothing else.
  std::vector<std::uint8_t> rgb(8 * 9 * 3, 255);
  io::draw_text(rgb, 8, 9, 1, 1, "-", 1, {0, 0, 0});
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 8; ++x) {
      const bool ink = y == 4 && x >= 1 && x <= 5;
      EXPECT_EQ(rgb[3 * (y * 8 + x)], ink ? 0 : 255) << x << "," << y;
    }
  // Text that runs off the image is clipped, not an error.
  io::draw_text(rgb, 8, 9, 5, 5, "e=1.5", 3, {0, 0, 0});
}

TEST(FieldImage, RampInXSpansTheColormap) {
  const int nx = 64, ny = 32;
  std::vector<double> ramp(nx * ny);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) ramp[i + nx * j] = 2.0 + i;  // 2 .. 65
  TempDir dir;
  const std::string path = dir.file("density.png");
  io::write_field_png(path, ramp.data(), nx, ny, "density  t = 0.100", 2.0, 65.0);
  const io::FieldImage im =
      io::render_field_image(ramp.data(), nx, ny, "density  t = 0.100", 2.0, 65.0);

  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
  io::read_png_rgb(path, width, height, rgb);
  ASSERT_EQ(width, im.width);
  ASSERT_EQ(height, im.height);
  EXPECT_EQ(rgb, im.rgb);

  // The small side (ny = 32) is scaled to 512 px: 16 px per cell.
  EXPECT_EQ(im.scale, 16);
  EXPECT_EQ(im.field_width, 1024);
  EXPECT_EQ(im.field_height, 512);
  EXPECT_GT(width, im.bar_x + im.bar_width);
  // Left column of the field = low end, right column = high end, at the top, middle and bottom.
  for (int y : {im.field_y, im.field_y + im.field_height / 2, im.field_y + im.field_height - 1}) {
    EXPECT_EQ(pixel(rgb, width, im.field_x, y), io::viridis(0.0));
    EXPECT_EQ(pixel(rgb, width, im.field_x + im.field_width - 1, y), io::viridis(1.0));
  }
  // Cells are 16 x 16 blocks: cell i = 10 covers x in [field_x + 160, field_x + 176).
  const io::Rgb8 cell10 = io::viridis(10.0 / 63.0);
  EXPECT_EQ(pixel(rgb, width, im.field_x + 160, im.field_y + 3), cell10);
  EXPECT_EQ(pixel(rgb, width, im.field_x + 175, im.field_y + 3), cell10);
  EXPECT_FALSE(pixel(rgb, width, im.field_x + 176, im.field_y + 3) == cell10);
  // The colour bar: top row vmax, bottom row vmin, framed in black.
  const int bar_centre = im.bar_x + im.bar_width / 2;
  EXPECT_EQ(pixel(rgb, width, bar_centre, im.bar_y), io::viridis(1.0));
  EXPECT_EQ(pixel(rgb, width, bar_centre, im.bar_y + im.bar_height - 1), io::viridis(0.0));
  EXPECT_EQ(pixel(rgb, width, bar_centre, im.bar_y - 1), (io::Rgb8{0, 0, 0}));
  // Tick labels to the right of the bar, and the title above the field.
  EXPECT_GT(black_pixels(im, im.bar_x + im.bar_width + 1, 0, im.width, im.height), 100);
  EXPECT_GT(black_pixels(im, 0, 0, im.width, im.field_y - 2), 100);
  // Nothing but white between the field's frame and the bar's frame.
  EXPECT_EQ(black_pixels(im, im.field_x + im.field_width + 1, im.field_y, im.bar_x - 1,
                         im.field_y + im.field_height),
            0);
}

TEST(FieldImage, LargestYIsAtTheTop) {
  const int nx = 8, ny = 16;
  std::vector<double> ramp(nx * ny);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) ramp[i + nx * j] = j;
  const io::FieldImage im = io::render_field_image(ramp.data(), nx, ny, "by", 0.0, 15.0);
  EXPECT_EQ(im.scale, 64);  // 8 * 64 = 512
  EXPECT_EQ(pixel(im.rgb, im.width, im.field_x + 5, im.field_y), io::viridis(1.0));
  EXPECT_EQ(pixel(im.rgb, im.width, im.field_x + 5, im.field_y + im.field_height - 1),
            io::viridis(0.0));
}

TEST(FieldImage, ConstantFieldStillDraws) {
  const std::vector<double> ones(20 * 10, 1.0);
  const io::FieldImage im = io::render_field_image(ones.data(), 20, 10, "uniform", 1.0, 1.0);
  EXPECT_LT(im.vmin, 1.0);
  EXPECT_GT(im.vmax, 1.0);
  EXPECT_EQ(pixel(im.rgb, im.width, im.field_x, im.field_y), io::viridis(0.5));
  const std::vector<double> zeros(4, 0.0);
  EXPECT_NO_THROW(io::render_field_image(zeros.data(), 2, 2, "", 0.0, 0.0));
}

TEST(FieldImage, LargeFieldIsNotUpscaledAndBadInputThrows) {
  const std::vector<double> v(600 * 520, 0.0);
  EXPECT_EQ(io::render_field_image(v.data(), 600, 520, "big", 0.0, 1.0).scale, 1);
  EXPECT_THROW(io::render_field_image(v.data(), 0, 10, "", 0.0, 1.0), alfven::Error);
  EXPECT_THROW(io::render_field_image(v.data(), 10, 10, "", 1.0, 0.0), alfven::Error);
  EXPECT_THROW(io::render_field_image(v.data(), 10, 10, "", 0.0, INFINITY), alfven::Error);
}
