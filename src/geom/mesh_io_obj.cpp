// Wavefront OBJ reader (Object Files, Appendix B1 of the Wavefront Advanced Visualizer manual):
// `v x y z [w]` vertices and `f` polygons with 1-based (or negative, relative) vertex references.
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "alfven/geom/mesh_io.hpp"
#include "mesh_io_detail.hpp"

namespace alfven {
namespace geom {

TriangleMesh read_obj(const std::string& path) {
  const std::string data = detail::read_file_bytes(path);
  detail::TextCursor in(data, path);
  TriangleMesh mesh;
  struct PendingFace {  // positive references are checked once every vertex is known
    std::size_t first_triangle, triangle_count;
    int line;
  };
  std::vector<PendingFace> faces;
  std::vector<long long> poly;
  std::string_view tok;
  do {
    if (!in.token_in_line(tok) || tok[0] == '#') continue;
    if (tok == "v") {
      double c[3];
      for (int k = 0; k < 3; ++k) {
        const char* what = k == 0 ? "vertex x" : (k == 1 ? "vertex y" : "vertex z");
        c[k] = in.to_double(in.expect_in_line(what), what);
      }
      // w or colours (r g b) may follow and are ignored, but they must be numbers.
      for (int k = 3; in.token_in_line(tok) && tok[0] != '#'; ++k) {
        char* end = nullptr;
        std::strtod(std::string(tok).c_str(), &end);
        if (k >= 7 || *end != '\0')
          in.fail("unexpected '" + std::string(tok) +
                  "' after the vertex coordinates (expected at most w or r g b numbers)");
      }
      mesh.vertices.push_back(Vec3<double>{c[0], c[1], c[2]});
    } else if (tok == "f") {
      poly.clear();
      while (in.token_in_line(tok)) {
        if (tok[0] == '#') break;
        const std::string_view ref = tok.substr(0, tok.find('/'));  // i, i/j, i/j/k, i//k
        if (ref.empty())
          in.fail("expected a vertex index in the face corner '" + std::string(tok) + "'");
        char* end = nullptr;
        errno = 0;
        const long long i = std::strtoll(ref.data(), &end, 10);
        if (end != ref.data() + ref.size())
          in.fail("expected a vertex index (an integer) in the face corner '" + std::string(tok) +
                  "'");
        if (errno == ERANGE) in.fail("vertex index '" + std::string(ref) + "' is out of range");
        if (i == 0) in.fail("vertex index 0 in a face: OBJ indices start at 1");
        long long v = i > 0 ? i - 1 : (long long)mesh.vertices.size() + i;  // negative: relative
        if (i < 0 && v < 0)
          in.fail("relative vertex index " + std::to_string(i) +
                  " reaches before the first vertex (" + std::to_string(mesh.vertices.size()) +
                  " defined so far)");
        if (v > INT32_MAX || v < 0)
          in.fail("vertex index '" + std::string(ref) + "' is out of range (at most " +
                  std::to_string(INT32_MAX) + " vertices)");
        poly.push_back(v);
      }
      if (poly.size() < 3)
        in.fail("a face needs at least 3 vertices, found " + std::to_string(poly.size()));
      faces.push_back({mesh.triangles.size(), poly.size() - 2, in.line()});
      for (std::size_t k = 1; k + 1 < poly.size(); ++k)
        mesh.triangles.push_back(
            {std::int32_t(poly[0]), std::int32_t(poly[k]), std::int32_t(poly[k + 1])});
    }
    // every other statement (vt, vn, vp, g, o, s, l, p, usemtl, mtllib, ...) is ignored
  } while (in.next_line());
  for (const auto& f : faces)
    for (std::size_t t = f.first_triangle; t < f.first_triangle + f.triangle_count; ++t)
      for (int k = 0; k < 3; ++k) {
        const std::int32_t v = mesh.triangles[t][std::size_t(k)];
        if (std::size_t(v) >= mesh.vertices.size())
          throw Error(path + ": line " + std::to_string(f.line) + ": face uses vertex " +
                      std::to_string(static_cast<long long>(v) + 1) + " but the file defines " +
                      std::to_string(mesh.vertices.size()) + " vertices");
      }
  detail::finish_mesh(mesh, path);
  return mesh;
}

}  // namespace geom
}  // namespace alfven
