/// @file png.hpp
/// @brief Writing 8-bit RGB images as PNG files (through libpng).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace alfven {
namespace io {

/// Writes an 8-bit RGB image to `path` as PNG.
///
/// @param rgb    width * height * 3 bytes, row-major, top row first, (r, g, b) per pixel.
/// The image is encoded in memory and written atomically (temporary file, fsync, rename): a
/// failure leaves an earlier file of that name as it was.
/// @throws alfven::Error if the sizes disagree, the file cannot be created, or libpng fails;
///         the message names the file. No temporary file is left.
void write_png_rgb(const std::string& path, int width, int height,
                   const std::vector<std::uint8_t>& rgb);

/// Reads an 8-bit RGB or RGBA PNG (alpha dropped) into `rgb` (layout as write_png_rgb).
/// @throws alfven::Error naming the file if it cannot be read or is not a PNG.
void read_png_rgb(const std::string& path, int& width, int& height, std::vector<std::uint8_t>& rgb);

}  // namespace io
}  // namespace alfven
