/// @file points_csv.hpp
/// @brief Files of query points, as `alfven sdf --points IN.csv -o OUT.csv` reads and writes
/// them: a CSV file (RFC 4180, read by csv.hpp) whose columns x, y, z hold the coordinates, copied
/// through to the output with new columns (signed_distance, ...) appended.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace alfven {
namespace io {

/// A points file as read.
struct PointsTable {
  /// Column names as written in the header (quotes removed); {"x", "y", "z"} for a headerless
  /// file.
  std::vector<std::string> columns;
  bool has_header = true;
  /// Each data row's fields as CSV text, joined by commas and quoted where RFC 4180 needs it
  /// (csv_quote): what write_points_csv copies through. A row without quotes reads back as
  /// written, spaces included.
  std::vector<std::string> rows;
  /// x, y, z of each row (same order and count as rows).
  std::vector<std::array<double, 3>> points;
};

/// Reads a points file.
///
/// The first record (after skipped lines) is either a header naming columns x, y and z (any
/// order, any case, white space around a name ignored; other columns are kept and copied
/// through), or, when it is three numbers, the first point of a headerless x,y,z file. Every
/// record must have as many fields as the first. A coordinate is a finite decimal number
/// (text::parse_real; white space around it is ignored): "1.5", "-2e-3"; not "0x10", inf or nan.
/// csv.hpp's rules apply: RFC 4180 quoting, a UTF-8 byte order mark, CRLF/LF/CR line ends, `#`
/// comment lines and blank lines skipped.
///
/// @throws alfven::Error naming the file, line (and column or field) and what was expected: a
///         directory or unreadable file, malformed quoting, a header without x, y or z or with one
///         twice, a row with the wrong number of fields, a coordinate that is not a finite number,
///         a file with no header or no points.
PointsTable read_points_csv(const std::string& path);

/// A column appended to the output of write_points_csv.
struct PointsColumn {
  std::string name;
  std::vector<double> values;   ///< one per row of the table
  int significant_digits = 17;  ///< printf %.*g: 17 reads back as the same double, 9 as the
                                ///< same float; an integer below 1e17 prints as one with 17
};

/// Writes `table`'s columns and rows followed by the `extra` columns: one header line, then one
/// line per point, LF line ends, fields quoted where RFC 4180 needs it. The file is written under
/// a temporary name and renamed into place (atomic_file), so a failure leaves an earlier file
/// of that name as it was, and no partial file.
///
/// @throws alfven::Error if an extra column's size differs from the number of rows, or the file
///         cannot be written (naming the file and the system's reason).
void write_points_csv(const std::string& path, const PointsTable& table,
                      const std::vector<PointsColumn>& extra);

}  // namespace io
}  // namespace alfven
