/// @file csv.hpp
/// @brief Comma-separated values as RFC 4180 defines them (https://www.rfc-editor.org/rfc/rfc4180):
/// reading a file into records of fields, each field with the line and column it starts at, and
/// quoting a field for writing.
///
/// What the reader accepts, beyond the RFC's grammar:
/// - a UTF-8 byte order mark (EF BB BF) at the start of the file, which is skipped;
/// - line ends CRLF (the RFC's), LF or a lone CR, mixed in one file;
/// - comment lines: a line whose first character is `#` (CsvReadOptions::comment) is skipped;
///   a field starting with `#` must then be quoted when it opens a line;
/// - blank lines (nothing but spaces and tabs) are skipped (CsvReadOptions::skip_blank_lines);
/// - spaces and tabs around a quoted field (`1, "a,b" ,2`) are dropped.
/// What it rejects, as an alfven::Error naming the file, line and column and what was expected:
/// a quoted field never closed, anything but a comma or the end of the line after a closing
/// quote, and a double quote inside an unquoted field (the RFC requires such a field quoted).
/// Unquoted fields keep their text exactly, spaces included (RFC 4180: "spaces are considered
/// part of a field"); inside a quoted field a doubled quote `""` stands for one `"`, and commas
/// and line breaks are data.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace alfven {
namespace io {

/// One field of a CSV record.
struct CsvField {
  std::string text;        ///< the value: quotes removed, `""` turned into `"`
  bool quoted = false;     ///< whether the field was enclosed in double quotes
  std::size_t line = 0;    ///< 1-based line of the file where the field starts
  std::size_t column = 0;  ///< 1-based byte column of that line (the BOM not counted)
};

/// One record (a row): its fields in order, never empty (an empty line that is not skipped is
/// one empty field).
struct CsvRecord {
  std::vector<CsvField> fields;
  std::size_t line = 0;  ///< 1-based line where the record starts
};

/// What the reader skips.
struct CsvReadOptions {
  char comment = '#';            ///< lines starting with this character are skipped; '\0': none
  bool skip_blank_lines = true;  ///< skip lines holding only spaces and tabs
};

/// Called once per record, in file order. The record is reused for the next call: copy what
/// you keep.
using CsvVisitor = std::function<void(const CsvRecord&)>;

/// Parses CSV text record by record, without holding more than one record in memory.
///
/// @param text    the whole content (a leading UTF-8 byte order mark is skipped)
/// @param source  the name used in error messages (normally the file's path)
/// @param visit   called for each record; an exception it throws stops the parse and propagates
/// @throws alfven::Error "SOURCE:LINE:COLUMN: ..." for a quoted field that is not closed, a
///         character other than a comma or a line end after a closing quote, or a double quote
///         inside an unquoted field; the message says what was expected.
void parse_csv(std::string_view text, const std::string& source, const CsvVisitor& visit,
               const CsvReadOptions& options = {});

/// All the records of CSV text (as the visitor form of parse_csv, collected).
std::vector<CsvRecord> parse_csv(std::string_view text, const std::string& source,
                                 const CsvReadOptions& options = {});

/// Reads the file at `path` whole and parses it with parse_csv (errors name `path`).
/// @param what  what the file is, for messages ("points file")
/// @throws alfven::Error if `path` is a directory or cannot be opened or read (naming `what` and
///         the path), or as parse_csv.
void read_csv_file(const std::string& path, const char* what, const CsvVisitor& visit,
                   const CsvReadOptions& options = {});

/// `field` as it must appear in a CSV file: unchanged when it holds no comma, double quote, CR
/// or LF and does not start with the comment character `comment` ('\0': none); otherwise enclosed
/// in double quotes with each `"` doubled (`a"b,c` -> `"a""b,c"`). parse_csv reads the result
/// back as `field`.
std::string csv_quote(std::string_view field, char comment = '#');

}  // namespace io
}  // namespace alfven
