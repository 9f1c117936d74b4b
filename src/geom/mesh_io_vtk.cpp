// Legacy VTK reader ("The VTK User's Guide", 11th ed., ch. 19 "VTK File Formats"): DATASET
// POLYDATA with POINTS, POLYGONS and TRIANGLE_STRIPS, ASCII or BINARY (big endian), in the
// classic cell layout (`POLYGONS n size` then, per cell, its count and point ids) or the VTK 5.1
// layout (`POLYGONS n_offsets n_connectivity`, then OFFSETS and CONNECTIVITY arrays).
#include "alfven/geom/mesh_io.hpp"
#include "mesh_io_detail.hpp"

namespace alfven {
namespace geom {

namespace {

using detail::Scalar;

bool parse_vtk_scalar(std::string_view t, Scalar& s) {
  static const std::pair<const char*, Scalar> names[] = {{"char", Scalar::i8},
                                                         {"unsigned_char", Scalar::u8},
                                                         {"short", Scalar::i16},
                                                         {"unsigned_short", Scalar::u16},
                                                         {"int", Scalar::i32},
                                                         {"unsigned_int", Scalar::u32},
                                                         {"long", Scalar::i64},
                                                         {"unsigned_long", Scalar::u64},
                                                         {"float", Scalar::f32},
                                                         {"double", Scalar::f64},
                                                         {"vtktypeint8", Scalar::i8},
                                                         {"vtktypeuint8", Scalar::u8},
                                                         {"vtktypeint16", Scalar::i16},
                                                         {"vtktypeuint16", Scalar::u16},
                                                         {"vtktypeint32", Scalar::i32},
                                                         {"vtktypeuint32", Scalar::u32},
                                                         {"vtktypeint64", Scalar::i64},
                                                         {"vtktypeuint64", Scalar::u64},
                                                         {"vtktypefloat32", Scalar::f32},
                                                         {"vtktypefloat64", Scalar::f64}};
  for (const auto& n : names)
    if (t == n.first) {
      s = n.second;
      return true;
    }
  return false;
}

// Reads numbers from the ASCII text or from big-endian binary data, the same way for both.
class Values {
 public:
  Values(const std::string& data, const std::string& path, detail::TextCursor& text, bool binary)
      : data_(data), path_(path), text_(text), binary_(binary) {}
  // Before a block of values: binary data starts after the keyword line's newline.
  void begin() {
    if (!binary_) return;
    text_.rest_of_line();
    if (!text_.next_line() && text_.pos() < data_.size()) text_.set_pos(data_.size());
    bin_ = detail::ByteCursor(data_, path_, text_.pos(), true);
    at_ = text_.pos();
  }
  // After a block: the text cursor continues after the binary data.
  void end() {
    if (!binary_) return;
    text_.set_pos(bin_.pos());
    text_.report_bytes();
  }
  double real(Scalar s, const char* what) {
    if (!binary_) return text_.to_double(text_.expect_token(what), what);
    at_ = bin_.pos();
    const double v = detail::read_scalar(bin_, s, what);
    if (!std::isfinite(v)) fail(std::string(what) + " is not finite");
    return v;
  }
  long long integer(Scalar s, const char* what) {
    if (!binary_) return text_.to_integer(text_.expect_token(what), what);
    at_ = bin_.pos();
    return detail::read_integer(bin_, s, what);
  }
  // Error at the last value read.
  [[noreturn]] void fail(const std::string& m) {
    if (!binary_) text_.fail(m);
    throw Error(path_ + ": byte " + std::to_string(at_) + ": " + m);
  }

 private:
  const std::string& data_;
  const std::string& path_;
  detail::TextCursor& text_;
  bool binary_;
  detail::ByteCursor bin_{data_, path_, 0, true};
  std::size_t at_ = 0;
};

}  // namespace

TriangleMesh read_vtk(const std::string& path) {
  const std::string data = detail::read_file_bytes(path);
  detail::TextCursor in(data, path);
  if (in.rest_of_line().substr(0, 22) != "# vtk DataFile Version")
    in.fail("expected '# vtk DataFile Version x.y' (the legacy VTK magic line)");
  if (!in.next_line()) in.fail("expected the title line, found the end of the file");
  if (!in.next_line()) in.fail("expected ASCII or BINARY, found the end of the file");
  std::string_view tok = in.rest_of_line();
  bool binary = false;
  if (tok == "BINARY")
    binary = true;
  else if (tok != "ASCII")
    in.fail("expected ASCII or BINARY, found '" + std::string(tok) + "'");
  if (in.expect_token("'DATASET'") != "DATASET") in.fail("expected 'DATASET'");
  tok = in.expect_token("the dataset type");
  if (tok != "POLYDATA")
    in.fail("dataset " + std::string(tok) + " is not supported; expected POLYDATA (a surface)");

  Values values(data, path, in, binary);
  TriangleMesh mesh;
  bool have_points = false;
  while (in.token(tok)) {
    if (tok == "POINTS") {
      const long long n = in.to_integer(in.expect_in_line("the point count"), "the point count");
      if (n < 0 || n > INT32_MAX) in.fail("point count out of range");
      Scalar type;
      const auto t = in.expect_in_line("the point data type");
      if (!parse_vtk_scalar(t, type)) in.fail("unknown data type '" + std::string(t) + "'");
      detail::check_count_fits(n, data.size() - in.pos(), "points",
                               [&](const std::string& m) { in.fail(m); });
      values.begin();
      mesh.vertices.reserve(std::size_t(n));
      for (long long i = 0; i < n; ++i) {
        const double x = values.real(type, "a point x"), y = values.real(type, "a point y"),
                     z = values.real(type, "a point z");
        mesh.vertices.push_back(Vec3<double>{x, y, z});
      }
      values.end();
      have_points = true;
    } else if (tok == "POLYGONS" || tok == "TRIANGLE_STRIPS" || tok == "VERTICES" ||
               tok == "LINES") {
      const std::string kind(tok);
      const bool keep = kind == "POLYGONS" || kind == "TRIANGLE_STRIPS";
      const bool strips = kind == "TRIANGLE_STRIPS";
      if (keep && !have_points) in.fail(kind + " before POINTS");
      const long long a = in.to_integer(in.expect_in_line("the cell count"), "the cell count");
      const long long b =
          in.to_integer(in.expect_in_line("the cell data size"), "the cell data size");
      if (a < 0 || b < 0) in.fail("negative cell count or size");
      in.expect_end_of_line("the cell counts");
      // Each cell has at least one number (its count or its offset), and the data b numbers.
      detail::check_count_fits(a, data.size() - in.pos(), kind + " cells",
                               [&](const std::string& m) { in.fail(m); });
      detail::check_count_fits(b, data.size() - in.pos(), kind + " cell data numbers",
                               [&](const std::string& m) { in.fail(m); });
      // The 5.1 layout follows with an OFFSETS line; the classic one with the cell data itself.
      const std::size_t save_pos = in.pos();
      const int save_line = in.line();
      std::string_view next;
      const bool offsets_layout = in.next_line() && in.token_in_line(next) && next == "OFFSETS";
      if (!offsets_layout) in.set_state(save_pos, save_line);
      std::vector<long long> cell;
      auto emit = [&](long long c) {
        for (long long v : cell)
          if (v < 0 || v >= (long long)mesh.vertices.size())
            values.fail(kind + " cell " + std::to_string(c) + " uses point " + std::to_string(v) +
                        " but POINTS has " + std::to_string(mesh.vertices.size()));
        if (!keep) return;
        if (cell.size() < 3)
          values.fail(kind + " cell " + std::to_string(c) + " has " + std::to_string(cell.size()) +
                      " points; need at least 3");
        for (std::size_t i = 0; i + 2 < cell.size(); ++i) {
          std::array<std::int32_t, 3> t;
          if (!strips)
            t = {std::int32_t(cell[0]), std::int32_t(cell[i + 1]), std::int32_t(cell[i + 2])};
          else if (i % 2 == 0)
            t = {std::int32_t(cell[i]), std::int32_t(cell[i + 1]), std::int32_t(cell[i + 2])};
          else
            t = {std::int32_t(cell[i + 1]), std::int32_t(cell[i]), std::int32_t(cell[i + 2])};
          if (strips && (t[0] == t[1] || t[1] == t[2] || t[0] == t[2])) continue;  // strip joins
          mesh.triangles.push_back(t);
        }
      };
      if (!offsets_layout) {  // classic: a cells, b numbers in all
        values.begin();
        long long used = 0;
        for (long long c = 0; c < a; ++c) {
          const long long k = values.integer(Scalar::i32, "a cell's point count");
          if (k < 0 || used + 1 + k > b)
            values.fail(kind + " cell " + std::to_string(c) + " with " + std::to_string(k) +
                        " points overruns the declared size " + std::to_string(b));
          cell.clear();
          for (long long j = 0; j < k; ++j)
            cell.push_back(values.integer(Scalar::i32, "a point id"));
          used += 1 + k;
          emit(c);
        }
        if (used != b)
          values.fail(kind + " declares size " + std::to_string(b) + " but its " +
                      std::to_string(a) + " cells hold " + std::to_string(used) + " numbers");
        values.end();
      } else {  // 5.1: a offsets, b connectivity entries
        Scalar otype, ctype;
        const auto ot = in.expect_in_line("the OFFSETS data type");
        if (!parse_vtk_scalar(ot, otype) || !detail::scalar_is_integer(otype))
          in.fail("expected an integer type after OFFSETS, found '" + std::string(ot) + "'");
        values.begin();
        std::vector<long long> offsets;
        for (long long i = 0; i < a; ++i) {
          offsets.push_back(values.integer(otype, "an offset"));
          if (offsets.back() < (i ? offsets[std::size_t(i - 1)] : 0) || offsets.back() > b)
            values.fail(kind + " offset " + std::to_string(i) + " = " +
                        std::to_string(offsets.back()) +
                        " is out of order or beyond the connectivity size " + std::to_string(b));
        }
        if (a > 0 && (offsets.front() != 0 || offsets.back() != b))
          values.fail(kind + " offsets must start at 0 and end at the connectivity size " +
                      std::to_string(b));
        values.end();
        if (in.expect_token("'CONNECTIVITY'") != "CONNECTIVITY") in.fail("expected 'CONNECTIVITY'");
        const auto ct = in.expect_in_line("the CONNECTIVITY data type");
        if (!parse_vtk_scalar(ct, ctype) || !detail::scalar_is_integer(ctype))
          in.fail("expected an integer type after CONNECTIVITY, found '" + std::string(ct) + "'");
        values.begin();
        std::vector<long long> conn;
        // Each point id checked as it is read, so that the error names its line or byte.
        long long cell_of_entry = 0;
        for (long long i = 0; i < b; ++i) {
          const long long v = values.integer(ctype, "a point id");
          while (cell_of_entry + 1 < a && offsets[std::size_t(cell_of_entry + 1)] <= i)
            ++cell_of_entry;
          if (v < 0 || v >= (long long)mesh.vertices.size())
            values.fail(kind + " cell " + std::to_string(cell_of_entry) + " uses point " +
                        std::to_string(v) + " but POINTS has " +
                        std::to_string(mesh.vertices.size()));
          conn.push_back(v);
        }
        for (long long c = 0; c + 1 < a; ++c) {
          cell.assign(conn.begin() + offsets[std::size_t(c)],
                      conn.begin() + offsets[std::size_t(c + 1)]);
          emit(c);
        }
        values.end();
      }
    } else if (tok == "METADATA") {  // a block ending at a blank line
      while (in.next_line()) {
        std::string_view t;
        const std::size_t p = in.pos();
        if (!in.token_in_line(t)) break;
        in.set_pos(p);
      }
    } else if (tok == "POINT_DATA" || tok == "CELL_DATA") {
      break;  // attributes follow: not needed for the surface
    } else {
      in.fail(
          "expected POINTS, POLYGONS, TRIANGLE_STRIPS, VERTICES, LINES, POINT_DATA or CELL_DATA, "
          "found '" +
          std::string(tok) + "'");
    }
  }
  if (!have_points) in.fail("no POINTS section found");
  detail::finish_mesh(mesh, path);
  return mesh;
}

}  // namespace geom
}  // namespace alfven
