// PLY reader (G. Turk, "The PLY polygon file format", 1994): a text header of elements and their
// properties, then the data in ASCII (one element per line) or binary (either byte order).
#include <cmath>

#include "alfven/core/text.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "mesh_io_detail.hpp"

namespace alfven {
namespace geom {

namespace {

using detail::Scalar;

struct Property {
  std::string name;
  Scalar type = Scalar::f32;
  bool is_list = false;
  Scalar count_type = Scalar::u8;
};
struct Element {
  std::string name;
  long long count = 0;
  std::vector<Property> properties;
  int header_line = 0;
};

bool parse_scalar(std::string_view t, Scalar& s) {
  static const std::pair<const char*, Scalar> names[] = {
      {"char", Scalar::i8},     {"int8", Scalar::i8},    {"uchar", Scalar::u8},
      {"uint8", Scalar::u8},    {"short", Scalar::i16},  {"int16", Scalar::i16},
      {"ushort", Scalar::u16},  {"uint16", Scalar::u16}, {"int", Scalar::i32},
      {"int32", Scalar::i32},   {"uint", Scalar::u32},   {"uint32", Scalar::u32},
      {"int64", Scalar::i64},   {"uint64", Scalar::u64}, {"float", Scalar::f32},
      {"float32", Scalar::f32}, {"double", Scalar::f64}, {"float64", Scalar::f64}};
  for (const auto& n : names)
    if (t == n.first) {
      s = n.second;
      return true;
    }
  return false;
}

}  // namespace

TriangleMesh read_ply(const std::string& path) {
  const std::string data = detail::read_file_bytes(path);
  detail::TextCursor in(data, path);
  // ---- header
  std::string_view tok;
  if (!in.token_in_line(tok) || tok != "ply") in.fail("expected 'ply' (the PLY magic line)");
  in.expect_end_of_line("'ply'");
  enum class Format { ascii, le, be } format = Format::ascii;
  bool have_format = false;
  std::vector<Element> elements;
  for (;;) {
    if (!in.next_line()) in.fail("expected 'end_header', found the end of the file");
    if (!in.token_in_line(tok)) continue;
    if (tok == "end_header") break;
    if (tok == "comment" || tok == "obj_info") continue;
    if (tok == "format") {
      tok = in.expect_in_line("the format (ascii, binary_little_endian or binary_big_endian)");
      if (tok == "ascii")
        format = Format::ascii;
      else if (tok == "binary_little_endian")
        format = Format::le;
      else if (tok == "binary_big_endian")
        format = Format::be;
      else
        in.fail("expected ascii, binary_little_endian or binary_big_endian, found '" +
                std::string(tok) + "'");
      if (in.expect_in_line("the format version") != "1.0") in.fail("expected format version 1.0");
      have_format = true;
    } else if (tok == "element") {
      Element e;
      e.name = std::string(in.expect_in_line("an element name"));
      e.count = in.to_integer(in.expect_in_line("the element count"), "the element count");
      if (e.count < 0) in.fail("element count must not be negative");
      e.header_line = in.line();
      elements.push_back(e);
    } else if (tok == "property") {
      if (elements.empty()) in.fail("'property' before any 'element'");
      Property p;
      tok = in.expect_in_line("a property type or 'list'");
      if (tok == "list") {
        p.is_list = true;
        if (!parse_scalar(in.expect_in_line("the list count type"), p.count_type))
          in.fail("unknown list count type");
        if (!detail::scalar_is_integer(p.count_type))
          in.fail("a list count type must be an integer type");
        tok = in.expect_in_line("the list item type");
      }
      if (!parse_scalar(tok, p.type)) in.fail("unknown property type '" + std::string(tok) + "'");
      p.name = std::string(in.expect_in_line("a property name"));
      elements.back().properties.push_back(p);
    } else {
      in.fail("unexpected header keyword '" + std::string(tok) + "'");
    }
  }
  if (!have_format) in.fail("the header has no 'format' line");
  const bool has_data_line = in.next_line();

  // Which element and properties hold the surface.
  long long vertex_count = -1;
  int ix = -1, iy = -1, iz = -1, iv = -1;
  const Element* vertex_el = nullptr;
  const Element* face_el = nullptr;
  for (const auto& e : elements) {
    if (e.name == "vertex") {
      vertex_el = &e;
      vertex_count = e.count;
      for (std::size_t i = 0; i < e.properties.size(); ++i) {
        const auto& p = e.properties[i];
        if (p.is_list) continue;
        if (p.name == "x") ix = int(i);
        if (p.name == "y") iy = int(i);
        if (p.name == "z") iz = int(i);
      }
    } else if (e.name == "face") {
      face_el = &e;
      for (std::size_t i = 0; i < e.properties.size(); ++i) {
        const auto& p = e.properties[i];
        if (p.is_list && (p.name == "vertex_indices" || p.name == "vertex_index")) iv = int(i);
      }
    }
  }
  if (!vertex_el || ix < 0 || iy < 0 || iz < 0)
    throw Error(path + ": the header declares no element 'vertex' with properties x, y and z");
  if (!face_el || iv < 0)
    throw Error(path +
                ": the header declares no element 'face' with a list 'vertex_indices' "
                "(a point cloud is not a surface mesh)");
  if (!detail::scalar_is_integer(face_el->properties[std::size_t(iv)].type))
    throw Error(path + ": line " + std::to_string(face_el->header_line) +
                ": face vertex indices must have an integer type");
  if (vertex_count > INT32_MAX) throw Error(path + ": too many vertices for 32-bit indices");
  {
    // Every count against the bytes after the header, before anything is reserved from it
    // (elements without properties hold no data, a token or a byte, and are skipped below).
    const std::size_t available = has_data_line ? data.size() - in.pos() : 0;
    std::size_t used = 0;
    for (const auto& e : elements) {
      if (e.properties.empty()) continue;
      detail::check_count_fits(
          e.count, available - used, e.name + " elements", [&](const std::string& m) {
            throw Error(path + ": line " + std::to_string(e.header_line) + ": " + m);
          });
      used += std::size_t(e.count);
    }
  }
  TriangleMesh mesh;
  mesh.vertices.reserve(std::size_t(vertex_count));
  mesh.triangles.reserve(std::size_t(face_el->count));
  std::vector<long long> poly;
  auto add_polygon = [&](auto&& fail, long long face) {
    if (poly.size() < 3)
      fail("face " + std::to_string(face) + " has " + std::to_string(poly.size()) +
           " vertices; a polygon needs at least 3");
    for (long long v : poly)
      if (v < 0 || v >= vertex_count)
        fail("face " + std::to_string(face) + " uses vertex " + std::to_string(v) +
             " but the header declares " + std::to_string(vertex_count) + " vertices");
    for (std::size_t i = 1; i + 1 < poly.size(); ++i)
      mesh.triangles.push_back(
          {std::int32_t(poly[0]), std::int32_t(poly[i]), std::int32_t(poly[i + 1])});
  };

  if (format == Format::ascii) {
    auto fail = [&](const std::string& m) { in.fail(m); };
    if (!has_data_line) in.set_pos(data.size());
    for (const auto& e : elements) {
      const bool is_vertex = &e == vertex_el, is_face = &e == face_el;
      if (e.properties.empty()) continue;  // no tokens, so no lines (as readers that take tokens)
      for (long long i = 0; i < e.count; ++i) {
        if (!in.skip_blank_lines())
          in.fail("expected " + e.name + " " + std::to_string(i) + " of the " +
                  std::to_string(e.count) + " the header declares, found the end of the file");
        const std::string what = e.name + " " + std::to_string(i);
        double xyz[3] = {0, 0, 0};
        for (std::size_t k = 0; k < e.properties.size(); ++k) {
          const auto& p = e.properties[k];
          if (p.is_list) {
            const long long n = in.to_integer(in.expect_in_line("a list count"), "a list count");
            if (n < 0) in.fail("negative list count in " + what);
            const bool keep = is_face && int(k) == iv;
            if (keep) poly.clear();
            for (long long j = 0; j < n; ++j) {
              const auto t = in.expect_in_line("a list item");
              if (keep) poly.push_back(in.to_integer(t, "a vertex index"));
            }
            if (keep) add_polygon(fail, i);
          } else {
            std::string_view t;
            if (!in.token_in_line(t))
              in.fail("expected property '" + p.name + "' of " + what +
                      ", found the end of the line (the header declares " +
                      std::to_string(e.count) + " " + e.name +
                      " elements: does the count match the data?)");
            if (is_vertex && (int(k) == ix || int(k) == iy || int(k) == iz)) {
              const std::string nm = "coordinate " + p.name + " of vertex " + std::to_string(i);
              xyz[int(k) == ix ? 0 : (int(k) == iy ? 1 : 2)] = in.to_double(t, nm.c_str());
            }
          }
        }
        in.expect_end_of_line(("the " + std::to_string(e.properties.size()) + " properties of " +
                               what + " (does the header's element count match the data?)")
                                  .c_str());
        if (is_vertex) mesh.vertices.push_back(Vec3<double>{xyz[0], xyz[1], xyz[2]});
        in.next_line();
      }
    }
    if (in.skip_blank_lines())
      in.fail(
          "unexpected data after the last element; the header's element counts do not match the "
          "data");
  } else {
    if (!has_data_line) in.set_pos(data.size());
    detail::ByteCursor bin(data, path, in.pos(), format == Format::be);
    auto fail = [&](const std::string& m) { bin.fail(m); };
    const Element* reading = nullptr;
    long long index = 0;
    try {
      for (const auto& e : elements) {
        const bool is_vertex = &e == vertex_el, is_face = &e == face_el;
        reading = &e;
        if (e.properties.empty()) continue;  // elements without properties hold no bytes
        for (long long i = 0; i < e.count; ++i) {
          index = i;
          double xyz[3] = {0, 0, 0};
          for (std::size_t k = 0; k < e.properties.size(); ++k) {
            const auto& p = e.properties[k];
            if (p.is_list) {
              const std::size_t at = bin.pos();
              const long long n = detail::read_integer(bin, p.count_type, "a list count");
              if (n < 0)
                throw Error(path + ": byte " + std::to_string(at) + ": negative list count");
              const bool keep = is_face && int(k) == iv;
              if (keep) {
                poly.clear();
                for (long long j = 0; j < n; ++j)
                  poly.push_back(detail::read_integer(bin, p.type, "a vertex index"));
                add_polygon(fail, i);
              } else {
                const std::size_t size = detail::scalar_size(p.type);
                if (std::uint64_t(n) > bin.remaining() / size)  // n * size would overflow
                  throw Error(path + ": byte " + std::to_string(at) + ": list count " +
                              std::to_string(n) + " of " + p.name + " needs more bytes than the " +
                              std::to_string(bin.remaining()) + " left in the file");
                bin.skip(std::size_t(n) * size, "list items");
              }
            } else if (is_vertex && (int(k) == ix || int(k) == iy || int(k) == iz)) {
              const std::size_t at = bin.pos();
              const double v = detail::read_scalar(bin, p.type, "a vertex coordinate");
              if (!std::isfinite(v))
                throw Error(path + ": byte " + std::to_string(at) + ": coordinate " + p.name +
                            " of vertex " + std::to_string(i) + " is not finite");
              xyz[int(k) == ix ? 0 : (int(k) == iy ? 1 : 2)] = v;
            } else {
              bin.skip(detail::scalar_size(p.type), ("property " + p.name).c_str());
            }
          }
          if (is_vertex) mesh.vertices.push_back(Vec3<double>{xyz[0], xyz[1], xyz[2]});
        }
      }
    } catch (const Error& err) {  // say which element the data ran out in
      if (reading == nullptr || std::string(err.what()).find("file ends") == std::string::npos)
        throw;
      throw Error(std::string(err.what()) + ", reading " + reading->name + " " +
                  std::to_string(index) + " of the " + std::to_string(reading->count) +
                  " the header declares");
    }
    for (std::size_t p = bin.pos(); p < data.size(); ++p)
      if (!text::is_space(data[p]))
        bin.fail(
            std::to_string(data.size() - bin.pos()) +
            " bytes after the last element; the header's element counts do not match the data");
  }
  detail::finish_mesh(mesh, path);
  return mesh;
}

}  // namespace geom
}  // namespace alfven
