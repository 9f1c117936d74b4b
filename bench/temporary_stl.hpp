// TEMPORARY: a minimal binary-STL reader for bench_mesh and the mesh SDF tests, to be replaced
// by read_mesh from include/alfven/geom/mesh_io.hpp (issue 6, mesh-io branch) once merged.
// Reads binary STL only (80-byte header, uint32 count, 50 bytes per facet), merges corners
// with bit-identical positions, keeps the facet order and the corner order (the facet normal
// is ignored). Throws alfven::Error naming the file for a missing, ASCII or truncated file.
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/geom/triangle_mesh.hpp"

namespace alfven {
namespace geom {
namespace temporary {

inline TriangleMesh read_binary_stl(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  ALFVEN_REQUIRE(in, "read_binary_stl: cannot open '" << path << "'");
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  ALFVEN_REQUIRE(bytes.size() >= 84, path << ": " << bytes.size()
                                          << " bytes, too short for a binary STL header");
  std::uint32_t n = 0;
  std::memcpy(&n, bytes.data() + 80, 4);
  ALFVEN_REQUIRE(bytes.size() >= 84 + 50ull * n,
                 path << ": header announces " << n << " facets but the file ends at byte "
                      << bytes.size() << " (ASCII STL, or truncated)");
  TriangleMesh m;
  m.source = path;
  std::map<std::tuple<float, float, float>, std::int32_t> index;
  for (std::uint32_t f = 0; f < n; ++f) {
    const char* rec = bytes.data() + 84 + 50ull * f;
    std::array<std::int32_t, 3> tri{};
    for (int k = 0; k < 3; ++k) {
      float v[3];
      std::memcpy(v, rec + 12 + 12 * k, 12);
      const auto key = std::make_tuple(v[0], v[1], v[2]);
      auto it = index.find(key);
      if (it == index.end()) {
        it = index.emplace(key, std::int32_t(m.vertices.size())).first;
        m.vertices.push_back(Vec3<double>{v[0], v[1], v[2]});
      }
      tri[std::size_t(k)] = it->second;
    }
    m.triangles.push_back(tri);
  }
  m.check_indices();
  return m;
}

}  // namespace temporary
}  // namespace geom
}  // namespace alfven
