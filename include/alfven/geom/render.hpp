/// @file render.hpp
/// @brief A sphere-tracing renderer for any shape, BVH union or tape, on host or device.
///
/// Each pixel casts one ray from a pinhole camera and marches it by the signed distance
/// (J. C. Hart, "Sphere tracing: a geometric method for the antialiased ray tracing of implicit
/// surfaces", The Visual Computer 12, 1996): a hit is declared when the value falls below
/// `hit_tolerance`. The surface normal is the normalised gradient, estimated with the
/// four-point tetrahedral difference (Quilez, "Normals for an SDF"), and the shading is
/// Lambertian: colour * (ambient + sum_l intensity_l max(n . l, 0)), clamped to [0, 1].
/// Shapes must be Exact or Bound (a NotADistance field may overshoot).
///
/// The image is computed with gpu::transform (one thread per pixel), in bands of rows, so
/// a render can be stopped part-way by a progress callback. A pool-built shape must be passed
/// as a rebased_view onto a pool in gpu::memory_resource().
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/gpu.hpp"
#include "vec3.hpp"

namespace alfven {
namespace geom {

/// Pinhole camera: at `position`, looking at `look_at`, `up` roughly upwards in the image,
/// vertical field of view `fov_degrees`, image `width` x `height` pixels.
template <typename T>
struct Camera {
  Vec3<T> position{T(0), T(-5), T(0)};
  Vec3<T> look_at{T(0), T(0), T(0)};
  Vec3<T> up{T(0), T(0), T(1)};
  T fov_degrees = T(40);
  int width = 320;
  int height = 240;
};

/// A directional light: `direction` points from the surface towards the light.
template <typename T>
struct Light {
  Vec3<T> direction{T(1), T(-1), T(2)};
  T intensity = T(0.8);
};

/// Ray marching and shading parameters.
template <typename T>
struct RenderSettings {
  static constexpr int MaxLights = 4;
  int max_steps = 256;                       ///< sphere-tracing steps per ray
  T max_distance = T(1000);                  ///< rays give up beyond this distance from the camera
  T hit_tolerance = T(1e-4);                 ///< |value| below this is a hit (length unit)
  T normal_step = T(1e-3);                   ///< finite-difference step of the normal (length unit)
  Vec3<T> colour{T(0.85), T(0.55), T(0.3)};  ///< surface colour, components in [0, 1]
  Vec3<T> background{T(0.1), T(0.12), T(0.16)};  ///< components in [0, 1]
  T ambient = T(0.15);
  int light_count = 1;
  Light<T> lights[MaxLights] = {};
};

/// One 8-bit RGB pixel.
struct RGB8 {
  std::uint8_t r, g, b;
};

/// The per-pixel query gpu::transform runs: pixel index -> colour. Trivially copyable.
template <typename S, typename T>
struct PixelShader {
  S shape;
  RenderSettings<T> settings;
  Vec3<T> origin, forward, right, up;
  T tan_half_fov, aspect;
  int width, height;
  std::uint32_t row0;  ///< first row of the band being rendered

  ALFVEN_HOST_DEVICE static std::uint8_t to_byte(T c) {
    c = clamp_(c, T(0), T(1));
    return std::uint8_t(c * T(255) + T(0.5));
  }
  /// Ray direction through the centre of pixel (i, j), j = 0 the top row.
  ALFVEN_HOST_DEVICE Vec3<T> ray(int i, int j) const {
    const T u = (T(2) * (T(i) + T(0.5)) / T(width) - T(1)) * tan_half_fov * aspect;
    const T v = (T(1) - T(2) * (T(j) + T(0.5)) / T(height)) * tan_half_fov;
    return normalize(forward + u * right + v * up);
  }
  ALFVEN_HOST_DEVICE Vec3<T> normal(const Vec3<T>& p) const {
    const T h = settings.normal_step;
    const Vec3<T> k0{T(1), T(-1), T(-1)}, k1{T(-1), T(-1), T(1)}, k2{T(-1), T(1), T(-1)},
        k3{T(1), T(1), T(1)};
    return normalize(
        shape.signed_distance(p + h * k0) * k0 + shape.signed_distance(p + h * k1) * k1 +
        shape.signed_distance(p + h * k2) * k2 + shape.signed_distance(p + h * k3) * k3);
  }
  ALFVEN_HOST_DEVICE RGB8 operator()(const std::uint32_t& pixel) const {
    const int i = int(pixel % std::uint32_t(width));
    const int j = int(row0 + pixel / std::uint32_t(width));
    const Vec3<T> dir = ray(i, j);
    T t = T(0);
    for (int s = 0; s < settings.max_steps && t < settings.max_distance; ++s) {
      const Vec3<T> p = origin + t * dir;
      const T d = shape.signed_distance(p);
      if (d < settings.hit_tolerance) {
        const Vec3<T> n = normal(p);
        T light = settings.ambient;
        for (int l = 0; l < settings.light_count; ++l)
          light += settings.lights[l].intensity *
                   max_(dot(n, normalize(settings.lights[l].direction)), T(0));
        const Vec3<T> c = light * settings.colour;
        return RGB8{to_byte(c.x), to_byte(c.y), to_byte(c.z)};
      }
      t += d;
    }
    const Vec3<T>& b = settings.background;
    return RGB8{to_byte(b.x), to_byte(b.y), to_byte(b.z)};
  }
};

/// Renders `shape` seen by `camera` into width * height * 3 bytes (row-major, top row first,
/// the layout of io::write_png_rgb). Synchronous. `progress(rows_done)` is called after each
/// band of rows; returning false stops the render (the rows not rendered keep the background
/// colour). Throws alfven::Error for a camera without extent or direction, or too many lights.
template <typename S, typename T = typename S::value_type>
std::vector<std::uint8_t> render(const S& shape, const Camera<T>& camera,
                                 const RenderSettings<T>& settings = RenderSettings<T>(),
                                 const std::function<bool(int)>& progress = {}) {
  ALFVEN_REQUIRE(camera.width > 0 && camera.height > 0,
                 "render: the image needs width, height > 0");
  ALFVEN_REQUIRE(camera.fov_degrees > T(0) && camera.fov_degrees < T(180),
                 "render: fov_degrees must be in (0, 180)");
  ALFVEN_REQUIRE(settings.light_count >= 0 && settings.light_count <= RenderSettings<T>::MaxLights,
                 "render: at most " << RenderSettings<T>::MaxLights << " lights");
  const Vec3<T> forward = normalize(camera.look_at - camera.position);
  ALFVEN_REQUIRE(length(forward) > T(0), "render: the camera looks at its own position");
  const Vec3<T> right = normalize(cross(forward, camera.up));
  ALFVEN_REQUIRE(length(right) > T(0),
                 "render: the camera's up vector is parallel to its view direction");
  PixelShader<S, T> shader{shape,
                           settings,
                           camera.position,
                           forward,
                           right,
                           cross(right, forward),
                           T(std::tan(double(camera.fov_degrees) * 3.14159265358979323846 / 360.0)),
                           T(camera.width) / T(camera.height),
                           camera.width,
                           camera.height,
                           0};
  const int w = camera.width, h = camera.height;
  std::vector<std::uint8_t> rgb(std::size_t(w) * std::size_t(h) * 3);
  const RGB8 bg{PixelShader<S, T>::to_byte(settings.background.x),
                PixelShader<S, T>::to_byte(settings.background.y),
                PixelShader<S, T>::to_byte(settings.background.z)};
  for (std::size_t k = 0; k < rgb.size(); k += 3) {
    rgb[k] = bg.r;
    rgb[k + 1] = bg.g;
    rgb[k + 2] = bg.b;
  }
  const int band = progress ? 32 : h;
  std::vector<std::uint32_t> pixels;
  std::vector<RGB8> colours;
  for (int j0 = 0; j0 < h; j0 += band) {
    const int rows = std::min(band, h - j0);
    pixels.resize(std::size_t(rows) * std::size_t(w));
    colours.resize(pixels.size());
    for (std::size_t k = 0; k < pixels.size(); ++k) pixels[k] = std::uint32_t(k);
    shader.row0 = std::uint32_t(j0);
    gpu::transform(shader, pixels, colours);
    for (std::size_t k = 0; k < colours.size(); ++k) {
      const std::size_t o = (std::size_t(j0) * std::size_t(w) + k) * 3;
      rgb[o] = colours[k].r;
      rgb[o + 1] = colours[k].g;
      rgb[o + 2] = colours[k].b;
    }
    if (progress && !progress(j0 + rows)) break;
  }
  return rgb;
}

}  // namespace geom
}  // namespace alfven
