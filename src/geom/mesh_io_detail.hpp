// Internal to alfven_mesh_io: a text cursor that knows its line, a byte cursor that knows its
// offset, and the checks every reader shares. Errors name the file and the place.
#pragma once

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "alfven/core/error.hpp"
#include "alfven/geom/triangle_mesh.hpp"

namespace alfven {
namespace geom {
namespace detail {

/// The whole file as bytes. Throws alfven::Error if it cannot be opened or read, or is empty.
std::string read_file_bytes(const std::string& path);

/// Lower-case extension with the dot ("" if none).
std::string lower_extension(const std::string& path);

/// Final checks of every reader: at least one triangle, indices in range, finite coordinates.
void finish_mesh(TriangleMesh& mesh, const std::string& path);

inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/// Text over a buffer: tokens within a line, and lines. `line()` is 1-based and is the line of the
/// last token returned.
class TextCursor {
 public:
  TextCursor(const std::string& text, const std::string& file, std::size_t start = 0, int line = 1)
      : text_(text), file_(file), pos_(start), line_(line) {}

  /// Next token on the current line; false (position unchanged) at the end of the line.
  bool token_in_line(std::string_view& tok) {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
    if (pos_ >= text_.size() || text_[pos_] == '\n') return false;
    const std::size_t b = pos_;
    while (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != '\n') ++pos_;
    tok = std::string_view(text_.data() + b, pos_ - b);
    return true;
  }
  /// Moves to the start of the next line; false at the end of the text.
  bool next_line() {
    while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    if (pos_ >= text_.size()) return false;
    ++pos_;
    ++line_;
    return pos_ < text_.size();
  }
  /// Moves past blank lines to the next character that is not white space; false at the end.
  bool skip_blank_lines() {
    for (;;) {
      while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
      if (pos_ >= text_.size()) return false;
      if (text_[pos_] != '\n') return true;
      ++pos_;
      ++line_;
    }
  }
  /// Next token anywhere (crossing line ends); false at the end of the text.
  bool token(std::string_view& tok) {
    for (;;) {
      if (token_in_line(tok)) return true;
      if (!next_line()) return false;
    }
  }
  /// The rest of the current line, trimmed (does not advance past the newline).
  std::string_view rest_of_line() {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
    const std::size_t b = pos_;
    while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    std::size_t e = pos_;
    while (e > b && is_space(text_[e - 1])) --e;
    return std::string_view(text_.data() + b, e - b);
  }
  /// Token on the current line, or an error "expected <what>, found the end of the line".
  std::string_view expect_in_line(const char* what) {
    std::string_view t;
    if (!token_in_line(t)) fail(std::string("expected ") + what + ", found the end of the line");
    return t;
  }
  /// Token anywhere, or an error "expected <what>, found the end of the file".
  std::string_view expect_token(const char* what) {
    std::string_view t;
    if (!token(t)) fail(std::string("expected ") + what + ", found the end of the file");
    return t;
  }
  /// Requires that the current line holds nothing more.
  void expect_end_of_line(const char* after) {
    std::string_view t;
    if (token_in_line(t)) fail(std::string("unexpected '") + std::string(t) + "' after " + after);
  }
  double to_double(std::string_view tok, const char* what) const {
    char* end = nullptr;
    const double v = std::strtod(tok.data(), &end);  // tokens end at white space or the buffer end
    if (end != tok.data() + tok.size())
      fail(std::string("expected ") + what + " (a number), found '" + std::string(tok) + "'");
    if (!std::isfinite(v)) fail(std::string(what) + " is not finite ('" + std::string(tok) + "')");
    return v;
  }
  long long to_integer(std::string_view tok, const char* what) const {
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(tok.data(), &end, 10);
    if (end != tok.data() + tok.size() || tok.empty())
      fail(std::string("expected ") + what + " (an integer), found '" + std::string(tok) + "'");
    if (errno == ERANGE) fail(std::string(what) + " '" + std::string(tok) + "' is out of range");
    return v;
  }
  [[noreturn]] void fail(const std::string& what) const {
    if (bytes_) throw Error(file_ + ": byte " + std::to_string(pos_) + ": " + what);
    throw Error(file_ + ": line " + std::to_string(line_) + ": " + what);
  }
  std::size_t pos() const { return pos_; }
  void set_pos(std::size_t p) { pos_ = p; }
  void set_state(std::size_t p, int line) {
    pos_ = p;
    line_ = line;
  }
  int line() const { return line_; }
  /// Report byte offsets instead of lines (text keywords between binary blocks).
  void report_bytes() { bytes_ = true; }
  bool at_end() const { return pos_ >= text_.size(); }

 private:
  const std::string& text_;
  const std::string& file_;
  std::size_t pos_;
  int line_;
  bool bytes_ = false;
};

/// Binary data over a buffer with a byte offset, little or big endian.
class ByteCursor {
 public:
  ByteCursor(const std::string& data, const std::string& file, std::size_t start, bool big_endian)
      : data_p_(&data), file_p_(&file), pos_(start), big_(big_endian) {}
  const std::string& data_() const { return *data_p_; }
  const std::string& file_() const { return *file_p_; }

  template <typename T>
  T read(const char* what) {
    if (data_().size() - pos_ < sizeof(T) || pos_ > data_().size())
      fail(std::string("expected ") + what + " (" + std::to_string(sizeof(T)) +
           " bytes), but the file ends at byte " + std::to_string(data_().size()));
    unsigned char b[sizeof(T)];
    std::memcpy(b, data_().data() + pos_, sizeof(T));
    if (big_ != host_big_endian())
      for (std::size_t i = 0; i < sizeof(T) / 2; ++i) std::swap(b[i], b[sizeof(T) - 1 - i]);
    T v;
    std::memcpy(&v, b, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  void skip(std::size_t n, const char* what) {
    if (data_().size() - pos_ < n)
      fail(std::string("expected ") + what + " (" + std::to_string(n) +
           " bytes), but the file ends at byte " + std::to_string(data_().size()));
    pos_ += n;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw Error(file_() + ": byte " + std::to_string(pos_) + ": " + what);
  }
  std::size_t pos() const { return pos_; }
  std::size_t remaining() const { return data_().size() - pos_; }
  static bool host_big_endian() {
    const std::uint16_t one = 1;
    unsigned char c;
    std::memcpy(&c, &one, 1);
    return c == 0;
  }

 private:
  const std::string* data_p_;  // pointers, so that a cursor can be reassigned
  const std::string* file_p_;
  std::size_t pos_;
  bool big_;
};

/// Refuses a header's element count that the rest of the file cannot hold, before anything is
/// allocated from it: every element takes at least one byte, and only `available` bytes follow.
/// `fail` (a reader's error function, which names the file and the place) gets "the header
/// claims COUNT WHAT but the file holds at most AVAILABLE bytes after it". A count within that
/// bound is left to the reader, which names the element where the data runs out; what it
/// reserves from the count is then at most a small multiple of the file's size.
template <typename Fail>
void check_count_fits(long long count, std::size_t available, const std::string& what,
                      Fail&& fail) {
  if (count <= 0 || (unsigned long long)count <= available) return;
  fail("the header claims " + std::to_string(count) + " " + what + " but the file holds at most " +
       std::to_string(available) +
       " bytes after it (at least one per element): the count is wrong or the file is truncated");
}

/// Scalar types shared by PLY and VTK, read into double (coordinates) or int64 (indices).
enum class Scalar { i8, u8, i16, u16, i32, u32, i64, u64, f32, f64 };
inline std::size_t scalar_size(Scalar s) {
  switch (s) {
    case Scalar::i8:
    case Scalar::u8:
      return 1;
    case Scalar::i16:
    case Scalar::u16:
      return 2;
    case Scalar::i32:
    case Scalar::u32:
    case Scalar::f32:
      return 4;
    default:
      return 8;
  }
}
inline bool scalar_is_integer(Scalar s) {
  return s != Scalar::f32 && s != Scalar::f64;
}
/// Reads one scalar of type s and returns f(value) with the value in its own C++ type.
template <typename F>
auto read_typed(ByteCursor& in, Scalar s, const char* what, F&& f) {
  switch (s) {
    case Scalar::i8:
      return f(in.read<std::int8_t>(what));
    case Scalar::u8:
      return f(in.read<std::uint8_t>(what));
    case Scalar::i16:
      return f(in.read<std::int16_t>(what));
    case Scalar::u16:
      return f(in.read<std::uint16_t>(what));
    case Scalar::i32:
      return f(in.read<std::int32_t>(what));
    case Scalar::u32:
      return f(in.read<std::uint32_t>(what));
    case Scalar::i64:
      return f(in.read<std::int64_t>(what));
    case Scalar::u64:
      return f(in.read<std::uint64_t>(what));
    case Scalar::f32:
      return f(in.read<float>(what));
    default:
      return f(in.read<double>(what));
  }
}
/// Reads one scalar of type s as double.
inline double read_scalar(ByteCursor& in, Scalar s, const char* what) {
  return read_typed(in, s, what, [](auto v) { return double(v); });
}
/// Reads one integer scalar (index or count) as int64; a uint64 above 2^63 - 1 and a
/// floating-point type are refused with a message naming the byte.
inline long long read_integer(ByteCursor& in, Scalar s, const char* what) {
  return read_typed(in, s, what, [&](auto v) -> long long {
    using V = decltype(v);
    if constexpr (std::is_floating_point<V>::value) {
      in.fail(std::string(what) + " has a floating-point type");
      return -1;
    } else if constexpr (std::is_same<V, std::uint64_t>::value) {
      if (v > std::uint64_t(INT64_MAX))
        in.fail(std::string(what) + " " + std::to_string(v) + " is above 2^63 - 1");
      return (long long)v;
    } else {
      return (long long)v;
    }
  });
}

}  // namespace detail
}  // namespace geom
}  // namespace alfven
