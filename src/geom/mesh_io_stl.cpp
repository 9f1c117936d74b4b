// STL reader, ASCII and binary (3D Systems StereoLithography Interface Specification, 1989).
// Binary: 80-byte header, uint32 triangle count n, then n records of 50 bytes (float32 normal,
// three float32 corners, uint16 attribute), little endian. ASCII: solid/facet/outer loop/vertex.
#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "alfven/core/text.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "mesh_io_detail.hpp"

namespace alfven {
namespace geom {

namespace {

// Merges corners at bitwise-equal positions (after -0 -> +0) into one vertex.
class CornerMerger {
 public:
  explicit CornerMerger(TriangleMesh& mesh) : mesh_(mesh) {}
  std::int32_t add(double x, double y, double z) {
    Key k{x + 0.0, y + 0.0, z + 0.0};  // + 0.0 turns -0 into +0
    auto [it, inserted] = index_.emplace(k, std::int32_t(mesh_.vertices.size()));
    if (inserted) mesh_.vertices.push_back(Vec3<double>{k.x, k.y, k.z});
    return it->second;
  }

 private:
  struct Key {
    double x, y, z;
    bool operator==(const Key& o) const { return x == o.x && y == o.y && z == o.z; }
  };
  struct Hash {
    std::size_t operator()(const Key& k) const {
      std::hash<double> h;
      std::size_t s = h(k.x);
      s ^= h(k.y) + 0x9e3779b97f4a7c15ULL + (s << 6) + (s >> 2);
      s ^= h(k.z) + 0x9e3779b97f4a7c15ULL + (s << 6) + (s >> 2);
      return s;
    }
  };
  TriangleMesh& mesh_;
  std::unordered_map<Key, std::int32_t, Hash> index_;
};

TriangleMesh read_stl_binary(const std::string& data, const std::string& path) {
  detail::ByteCursor in(data, path, 80, false);
  const std::uint32_t n = in.read<std::uint32_t>("the triangle count");
  TriangleMesh mesh;
  CornerMerger merge(mesh);
  mesh.triangles.reserve(n);
  for (std::uint32_t t = 0; t < n; ++t) {
    in.skip(12, "a facet normal");
    std::array<std::int32_t, 3> tri{};
    for (int k = 0; k < 3; ++k) {
      const std::size_t at = in.pos();
      const float x = in.read<float>("a corner x"), y = in.read<float>("a corner y"),
                  z = in.read<float>("a corner z");
      if (!(std::isfinite(x) && std::isfinite(y) && std::isfinite(z)))
        throw Error(path + ": byte " + std::to_string(at) + ": triangle " + std::to_string(t) +
                    " has a non-finite corner coordinate");
      tri[std::size_t(k)] = merge.add(x, y, z);
    }
    in.skip(2, "the attribute byte count");
    mesh.triangles.push_back(tri);
  }
  detail::finish_mesh(mesh, path);
  return mesh;
}

// Keywords are compared case-insensitively: some exporters write SOLID, FACET, VERTEX.
bool equals(std::string_view a, const char* b) {
  return text::equals_ignoring_case(a, b);
}

TriangleMesh read_stl_ascii(const std::string& text, const std::string& path) {
  detail::TextCursor in(text, path);
  TriangleMesh mesh;
  CornerMerger merge(mesh);
  std::string_view tok;
  int solids = 0;
  // A number: normally on the keyword's line. One on a later line is accepted (STL is a stream of
  // tokens), but when the next token is not a number the line that ran short is reported.
  auto number = [&in](const char* what) {
    std::string_view t;
    if (in.token_in_line(t)) return in.to_double(t, what);
    const std::size_t pos = in.pos();
    const int line = in.line();
    if (in.token(t)) {
      try {
        return in.to_double(t, what);
      } catch (const Error&) {
      }
    }
    in.set_state(pos, line);
    in.fail(std::string("expected ") + what + ", found the end of the line");
  };
  while (in.token(tok)) {  // one solid per pass
    if (!equals(tok, "solid")) in.fail("expected 'solid', found '" + std::string(tok) + "'");
    ++solids;
    in.rest_of_line();  // the solid's name, may contain spaces
    for (;;) {
      tok = in.expect_token("'facet' or 'endsolid'");
      if (equals(tok, "endsolid")) {
        in.rest_of_line();
        break;
      }
      if (!equals(tok, "facet"))
        in.fail("expected 'facet' or 'endsolid', found '" + std::string(tok) + "'");
      if (!equals(in.expect_token("'normal'"), "normal"))
        in.fail("expected 'normal' after 'facet'");
      for (int k = 0; k < 3; ++k) number("a normal component");
      if (!equals(in.expect_token("'outer'"), "outer")) in.fail("expected 'outer loop'");
      if (!equals(in.expect_token("'loop'"), "loop")) in.fail("expected 'loop' after 'outer'");
      std::vector<std::int32_t> loop;
      for (;;) {
        tok = in.expect_token("'vertex' or 'endloop'");
        if (equals(tok, "endloop")) break;
        if (!equals(tok, "vertex"))
          in.fail("expected 'vertex' or 'endloop', found '" + std::string(tok) + "'");
        const double x = number("a vertex x");
        const double y = number("a vertex y");
        const double z = number("a vertex z");
        loop.push_back(merge.add(x, y, z));
      }
      if (loop.size() < 3)
        in.fail("a facet needs at least 3 vertices, found " + std::to_string(loop.size()));
      if (!equals(in.expect_token("'endfacet'"), "endfacet"))
        in.fail("expected 'endfacet' after 'endloop'");
      for (std::size_t i = 1; i + 1 < loop.size(); ++i)
        mesh.triangles.push_back({loop[0], loop[i], loop[i + 1]});
    }
  }
  if (solids == 0) in.fail("expected 'solid'");
  detail::finish_mesh(mesh, path);
  return mesh;
}

}  // namespace

TriangleMesh read_stl(const std::string& path) {
  const std::string data = detail::read_file_bytes(path);
  if (data.size() >= 84) {
    std::uint32_t n;
    std::memcpy(&n, data.data() + 80, 4);
    if (detail::ByteCursor::host_big_endian())
      n = (n >> 24) | ((n >> 8) & 0xff00u) | ((n << 8) & 0xff0000u) | (n << 24);
    if (84 + 50 * std::uint64_t(n) == data.size()) return read_stl_binary(data, path);
  }
  std::size_t p = 0;
  while (p < data.size() && text::is_space(data[p])) ++p;
  // ASCII STL holds no NUL byte; a binary one nearly always has some in its count or first record.
  const bool has_nul = data.find('\0') < std::min<std::size_t>(data.size(), 1024);
  if (data.size() - p >= 5 && equals(std::string_view(data).substr(p, 5), "solid") && !has_nul)
    return read_stl_ascii(data, path);
  // Neither: a binary file whose size does not match its count (truncated or padded).
  if (data.size() < 84)
    throw Error(
        path + ": byte " + std::to_string(data.size()) +
        ": expected the 84-byte binary STL header, or 'solid' for ASCII STL, but the file ends");
  detail::ByteCursor in(data, path, 80, false);
  const std::uint32_t n = in.read<std::uint32_t>("the triangle count");
  const std::uint64_t need = 84 + 50 * std::uint64_t(n);
  if (data.size() < need)
    throw Error(path + ": byte " + std::to_string(84 + 50 * ((data.size() - 84) / 50)) +
                ": binary STL header announces " + std::to_string(n) + " triangles (" +
                std::to_string(need) + " bytes) but the file has " + std::to_string(data.size()) +
                " bytes: expected triangle " + std::to_string((data.size() - 84) / 50) +
                " (truncated file?)");
  throw Error(path + ": byte " + std::to_string(need) + ": binary STL header announces " +
              std::to_string(n) + " triangles (" + std::to_string(need) +
              " bytes) but the file has " + std::to_string(data.size()) +
              " bytes: expected the end of the file");
}

}  // namespace geom
}  // namespace alfven
