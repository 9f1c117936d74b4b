// PNG reading and writing through libpng (simplified API, libpng >= 1.6).
#include "alfven/io/png.hpp"

#include <png.h>

#include <cstdio>

#include "alfven/core/error.hpp"
#include "atomic_file.hpp"

namespace alfven {
namespace io {

void write_png_rgb(const std::string& path, int width, int height,
                   const std::vector<std::uint8_t>& rgb) {
  ALFVEN_REQUIRE(width > 0 && height > 0, "write_png_rgb(" << path << "): image size " << width
                                                           << "x" << height << " must be positive");
  ALFVEN_REQUIRE(rgb.size() == std::size_t(width) * std::size_t(height) * 3,
                 "write_png_rgb(" << path << "): expected " << std::size_t(width) * height * 3
                                  << " bytes of RGB data, got " << rgb.size());
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = png_uint_32(width);
  image.height = png_uint_32(height);
  image.format = PNG_FORMAT_RGB;
  // Encoded in memory, then written atomically: a failed write leaves the earlier file as it was.
  png_alloc_size_t size = 0;
  std::vector<std::uint8_t> bytes;
  bool encoded = png_image_write_to_memory(&image, nullptr, &size, 0, rgb.data(), 0, nullptr) != 0;
  if (encoded) {
    bytes.resize(size);
    encoded =
        png_image_write_to_memory(&image, bytes.data(), &size, 0, rgb.data(), 0, nullptr) != 0;
  }
  if (!encoded) {
    const std::string why = image.message;
    png_image_free(&image);
    ALFVEN_REQUIRE(false, "cannot write PNG file '" << path << "': " << why);
  }
  detail::write_file_atomically(path, std::string(bytes.begin(), bytes.begin() + long(size)),
                                "PNG file");
}

void read_png_rgb(const std::string& path, int& width, int& height,
                  std::vector<std::uint8_t>& rgb) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&image, path.c_str())) {
    ALFVEN_REQUIRE(false, "cannot read PNG file '" << path << "': " << image.message);
  }
  image.format = PNG_FORMAT_RGB;
  rgb.assign(PNG_IMAGE_SIZE(image), 0);
  if (!png_image_finish_read(&image, nullptr, rgb.data(), 0, nullptr)) {
    const std::string why = image.message;
    png_image_free(&image);
    ALFVEN_REQUIRE(false, "cannot decode PNG file '" << path << "': " << why);
  }
  width = int(image.width);
  height = int(image.height);
}

}  // namespace io
}  // namespace alfven
