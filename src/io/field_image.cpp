// Field pictures: the field in viridis, a colour bar with tick labels, a title. Layout (pixels):
//
//   margin | title                                   |
//   margin | field (nx*scale x ny*scale) | gap | bar | ticks + labels | margin
#include "alfven/io/field_image.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "alfven/core/error.hpp"
#include "alfven/io/bitmap_font.hpp"
#include "alfven/io/colormap.hpp"
#include "alfven/io/png.hpp"

namespace alfven {
namespace io {
namespace {

constexpr int kMargin = 20;    // around everything
constexpr int kFontScale = 2;  // 5x7 glyphs drawn as 10x14 pixels
constexpr int kTitleGap = 14;  // between the title and the field
constexpr int kBarGap = 24;    // between the field and the colour bar
constexpr int kBarWidth = 24;
constexpr int kTickLength = 6;
constexpr int kLabelGap = 4;    // between a tick mark and its label
constexpr int kMinSide = 512;   // the smaller side of the field area is at least this
constexpr int kMaxSide = 8192;  // the larger side is at most this (unless nx, ny are larger)
constexpr Rgb8 kBackground = {255, 255, 255};
constexpr Rgb8 kInk = {0, 0, 0};
constexpr Rgb8 kBodyFill = {70, 70, 70};        // cells inside an embedded body
constexpr Rgb8 kBodyOutline = {255, 255, 255};  // solid cells next to the fluid

std::string tick_label(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", v == 0 ? 0.0 : v);  // no "-0"
  return buffer;
}

/// 1, 2 or 5 times a power of ten, close to `raw` (> 0).
double nice_step(double raw) {
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double r = raw / magnitude;
  return (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * magnitude;
}

struct Canvas {
  int width, height;
  std::vector<std::uint8_t>& rgb;
  void put(int x, int y, Rgb8 c) {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    std::uint8_t* p = &rgb[3 * (std::size_t(y) * width + x)];
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
  }
  void fill(int x0, int y0, int w, int h, Rgb8 c) {
    for (int y = y0; y < y0 + h; ++y)
      for (int x = x0; x < x0 + w; ++x) put(x, y, c);
  }
  /// A one-pixel frame just outside the rectangle (x0, y0, w, h).
  void frame(int x0, int y0, int w, int h, Rgb8 c) {
    fill(x0 - 1, y0 - 1, w + 2, 1, c);
    fill(x0 - 1, y0 + h, w + 2, 1, c);
    fill(x0 - 1, y0, 1, h, c);
    fill(x0 + w, y0, 1, h, c);
  }
};

}  // namespace

FieldImage render_field_image(const double* values, int nx, int ny, const std::string& title,
                              double vmin, double vmax) {
  ALFVEN_REQUIRE(nx >= 1 && ny >= 1, "field image '" << title << "': size " << nx << " x " << ny
                                                     << " must be at least 1 x 1");
  ALFVEN_REQUIRE(values != nullptr, "field image '" << title << "': no values");
  ALFVEN_REQUIRE(std::isfinite(vmin) && std::isfinite(vmax) && vmin <= vmax,
                 "field image '" << title << "': colour range [" << vmin << ", " << vmax
                                 << "] must be finite with vmin <= vmax");
  if (vmin == vmax) {
    const double d = vmin != 0 ? std::fabs(vmin) / 100 : 1.0;
    vmin -= d;
    vmax += d;
  }

  FieldImage im;
  im.vmin = vmin;
  im.vmax = vmax;
  const int small = std::min(nx, ny), large = std::max(nx, ny);
  im.scale = std::max(1, std::min((kMinSide + small - 1) / small, kMaxSide / large));
  im.field_width = nx * im.scale;
  im.field_height = ny * im.scale;
  im.field_x = kMargin;
  im.field_y = kMargin + text_height(kFontScale) + kTitleGap;
  im.bar_x = im.field_x + im.field_width + kBarGap;
  im.bar_y = im.field_y;
  im.bar_width = kBarWidth;
  im.bar_height = im.field_height;

  // Tick values: vmin, vmax and "nice" values between them that keep clear of the ends.
  const double range = vmax - vmin;
  auto tick_y = [&](double v) {
    return im.bar_y + int(std::lround((vmax - v) / range * (im.bar_height - 1)));
  };
  std::vector<double> ticks = {vmin, vmax};
  const double step = nice_step(range / 4);
  const int min_separation = text_height(kFontScale) + 4;
  for (double k = std::ceil(vmin / step); k * step <= vmax; k += 1) {
    const double v = k * step;
    if (std::abs(tick_y(v) - tick_y(vmin)) >= min_separation &&
        std::abs(tick_y(v) - tick_y(vmax)) >= min_separation)
      ticks.push_back(v);
  }
  std::vector<std::string> labels;
  int label_width = 0;
  for (double v : ticks) {
    labels.push_back(tick_label(v));
    label_width = std::max(label_width, text_width(labels.back(), kFontScale));
  }

  const int label_x = im.bar_x + im.bar_width + kTickLength + kLabelGap;
  im.width =
      std::max(label_x + label_width + kMargin, kMargin + text_width(title, kFontScale) + kMargin);
  im.height = im.field_y + im.field_height + kMargin;
  im.rgb.assign(std::size_t(im.width) * im.height * 3, 255);
  Canvas canvas{im.width, im.height, im.rgb};
  canvas.fill(0, 0, im.width, im.height, kBackground);

  // The field, largest y at the top.
  for (int j = 0; j < ny; ++j) {
    const int y0 = im.field_y + (ny - 1 - j) * im.scale;
    for (int i = 0; i < nx; ++i) {
      const Rgb8 c = viridis((values[i + std::size_t(nx) * j] - vmin) / range);
      canvas.fill(im.field_x + i * im.scale, y0, im.scale, im.scale, c);
    }
  }
  canvas.frame(im.field_x, im.field_y, im.field_width, im.field_height, kInk);

  // The colour bar: top row vmax, bottom row vmin.
  for (int r = 0; r < im.bar_height; ++r) {
    const double t = im.bar_height > 1 ? double(im.bar_height - 1 - r) / (im.bar_height - 1) : 1.0;
    canvas.fill(im.bar_x, im.bar_y + r, im.bar_width, 1, viridis(t));
  }
  canvas.frame(im.bar_x, im.bar_y, im.bar_width, im.bar_height, kInk);
  for (std::size_t n = 0; n < ticks.size(); ++n) {
    const int y = tick_y(ticks[n]);
    canvas.fill(im.bar_x + im.bar_width, y, kTickLength, 1, kInk);
    draw_text(im.rgb, im.width, im.height, label_x, y - text_height(kFontScale) / 2, labels[n],
              kFontScale, kInk);
  }

  draw_text(im.rgb, im.width, im.height, kMargin, kMargin, title, kFontScale, kInk);
  return im;
}

void draw_bodies(FieldImage& im, const double* signed_distance, int nx, int ny) {
  ALFVEN_REQUIRE(
      signed_distance != nullptr && im.field_width == nx * im.scale &&
          im.field_height == ny * im.scale,
      "draw_bodies: the signed distance must have the picture's " << nx << " x " << ny << " cells");
  Canvas canvas{im.width, im.height, im.rgb};
  auto solid = [&](int i, int j) { return signed_distance[i + std::size_t(nx) * j] < 0; };
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      if (!solid(i, j)) continue;
      const bool edge = (i > 0 && !solid(i - 1, j)) || (i + 1 < nx && !solid(i + 1, j)) ||
                        (j > 0 && !solid(i, j - 1)) || (j + 1 < ny && !solid(i, j + 1));
      canvas.fill(im.field_x + i * im.scale, im.field_y + (ny - 1 - j) * im.scale, im.scale,
                  im.scale, edge ? kBodyOutline : kBodyFill);
    }
}

void write_field_png(const std::string& path, const double* values, int nx, int ny,
                     const std::string& title, double vmin, double vmax,
                     const double* signed_distance) {
  FieldImage im = render_field_image(values, nx, ny, title, vmin, vmax);
  if (signed_distance) draw_bodies(im, signed_distance, nx, ny);
  write_png_rgb(path, im.width, im.height, im.rgb);
}

}  // namespace io
}  // namespace alfven
