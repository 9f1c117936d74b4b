// RFC 4180 CSV: a single pass over the text that tracks the line and column of every field, so
// that an error (or a caller's complaint about a value) points at the character to fix.
#include "alfven/io/csv.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "alfven/core/error.hpp"

namespace alfven {
namespace io {

namespace {

/// Whether `c` ends an unquoted field or needs quoting: a comma, a double quote, CR or LF.
/// (A loop over this is several times faster than string_view::find_first_of.)
constexpr bool is_special(char c) {
  return c == ',' || c == '"' || c == '\r' || c == '\n';
}

/// A position in the text with its 1-based line and column.
class Cursor {
 public:
  Cursor(std::string_view text, const std::string& source) : text_(text), source_(&source) {}

  bool done() const { return pos_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  bool at_line_end() const { return done() || peek() == '\n' || peek() == '\r'; }
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }

  /// Moves past one character; a line end (CRLF, LF or a lone CR) counts as one.
  void advance() {
    if (peek() == '\r' || peek() == '\n') {
      pos_ += peek() == '\r' && peek(1) == '\n' ? 2 : 1;
      ++line_;
      column_ = 1;
    } else {
      ++pos_;
      ++column_;
    }
  }
  /// The text from here up to (not including) the next comma, double quote or line end, and
  /// moves past it (the span of an unquoted field).
  std::string_view take_unquoted() {
    std::size_t end = pos_;
    while (end < text_.size() && !is_special(text_[end])) ++end;
    const std::string_view span = text_.substr(pos_, end - pos_);
    column_ += span.size();
    pos_ = end;
    return span;
  }
  /// Moves past spaces and tabs.
  void skip_blanks() {
    while (peek() == ' ' || peek() == '\t') advance();
  }
  /// Whether the rest of the current line is spaces and tabs only.
  bool rest_of_line_blank() const {
    std::size_t p = pos_;
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) ++p;
    return p >= text_.size() || text_[p] == '\n' || text_[p] == '\r';
  }
  void skip_line() {
    while (!at_line_end()) advance();
    if (!done()) advance();
  }

  /// Throws "SOURCE:LINE:COLUMN: message".
  [[noreturn]] void fail(std::size_t line, std::size_t column, const std::string& message) const {
    std::ostringstream os;
    os << *source_ << ":" << line << ":" << column << ": " << message;
    throw Error(os.str());
  }

  /// How the current character reads in a message: 'x', or "the end of the file".
  std::string describe_here() const {
    if (done()) return "the end of the file";
    return std::string("'") + peek() + "'";
  }

 private:
  std::string_view text_;
  const std::string* source_;  // copyable: a probe cursor looks ahead
  std::size_t pos_ = 0, line_ = 1, column_ = 1;
};

/// Reads a quoted field; the cursor is on the opening quote. Leaves the cursor after the
/// closing quote and any spaces after it.
void read_quoted(Cursor& in, CsvField& field) {
  in.advance();  // the opening quote
  while (true) {
    if (in.done())
      in.fail(field.line, field.column,
              "the quoted field that starts here is not closed: expected a closing \" before the "
              "end of the file (a \" inside a quoted field is written twice: \"\")");
    const char c = in.peek();
    if (c == '"') {
      if (in.peek(1) == '"') {  // an escaped quote
        field.text += '"';
        in.advance();
        in.advance();
        continue;
      }
      in.advance();  // the closing quote
      break;
    }
    // Line breaks inside quotes are data, kept as written (CRLF stays CRLF).
    if (c == '\r' && in.peek(1) == '\n')
      field.text += "\r\n";
    else
      field.text += c;
    in.advance();
  }
  in.skip_blanks();
  if (!in.at_line_end() && in.peek() != ',')
    in.fail(in.line(), in.column(),
            "expected a comma or the end of the line after the closing quote of the field that "
            "starts at column " +
                std::to_string(field.column) + ", got " + in.describe_here() +
                " (a \" inside a quoted field is written twice: \"\")");
}

/// Reads an unquoted field up to the next comma or line end.
void read_unquoted(Cursor& in, CsvField& field) {
  field.text.assign(in.take_unquoted());
  if (in.peek() == '"')
    in.fail(in.line(), in.column(),
            "a double quote inside an unquoted field; enclose the whole field in double quotes "
            "and write the quote twice (a\"b -> \"a\"\"b\")");
}

}  // namespace

void parse_csv(std::string_view text, const std::string& source, const CsvVisitor& visit,
               const CsvReadOptions& options) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  ALFVEN_REQUIRE(text.substr(0, 2) != "\xFF\xFE" && text.substr(0, 2) != "\xFE\xFF",
                 source << ": the file is UTF-16 (it starts with a UTF-16 byte order mark); save "
                           "it as UTF-8 (or ASCII) text");
  Cursor in(text, source);
  CsvRecord record;
  while (!in.done()) {
    if (options.comment != '\0' && in.peek() == options.comment) {
      in.skip_line();
      continue;
    }
    if (options.skip_blank_lines && in.rest_of_line_blank()) {
      in.skip_line();
      continue;
    }
    record.line = in.line();
    std::size_t count = 0;  // fields of this record so far (record.fields is reused)
    while (true) {
      if (record.fields.size() <= count) record.fields.emplace_back();
      CsvField& field = record.fields[count++];
      field.text.clear();
      field.line = in.line();
      field.column = in.column();
      // A quoted field may have spaces before its opening quote; an unquoted one keeps them.
      Cursor probe = in;
      probe.skip_blanks();
      field.quoted = probe.peek() == '"';
      if (field.quoted) {
        in = probe;
        read_quoted(in, field);
      } else {
        read_unquoted(in, field);
      }
      if (in.peek() != ',') break;  // at a line end or the end of the text
      in.advance();
    }
    record.fields.resize(count);
    if (!in.done()) in.advance();  // the line end
    visit(record);
  }
}

std::vector<CsvRecord> parse_csv(std::string_view text, const std::string& source,
                                 const CsvReadOptions& options) {
  std::vector<CsvRecord> records;
  parse_csv(
      text, source, [&records](const CsvRecord& r) { records.push_back(r); }, options);
  return records;
}

void read_csv_file(const std::string& path, const char* what, const CsvVisitor& visit,
                   const CsvReadOptions& options) {
  std::error_code ec;
  ALFVEN_REQUIRE(!std::filesystem::is_directory(path, ec),
                 what << " '" << path << "' is a directory; expected a CSV file");
  std::ifstream in(path, std::ios::binary);
  ALFVEN_REQUIRE(in, "cannot open " << what << " '" << path << "'");
  std::ostringstream content;
  content << in.rdbuf();
  ALFVEN_REQUIRE(!in.bad(), "cannot read " << what << " '" << path << "'");
  parse_csv(content.str(), path, visit, options);
}

std::string csv_quote(std::string_view field, char comment) {
  bool plain = comment == '\0' || field.empty() || field[0] != comment;
  for (std::size_t i = 0; plain && i < field.size(); ++i) plain = !is_special(field[i]);
  if (plain) return std::string(field);
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

}  // namespace io
}  // namespace alfven
