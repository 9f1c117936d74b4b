// Points files of `alfven sdf --points`: the header (or its absence) decides where x, y, z are;
// every later record is one point, its fields kept as CSV text to copy through.
#include "alfven/io/points_csv.hpp"

#include <cstdio>
#include <optional>

#include "alfven/core/error.hpp"
#include "alfven/core/text.hpp"
#include "alfven/io/csv.hpp"
#include "atomic_file.hpp"

namespace alfven {
namespace io {

namespace {

constexpr const char* kAxis[3] = {"x", "y", "z"};

/// The record's fields as one CSV line (without the line end).
std::string join_fields(const CsvRecord& record) {
  std::string line;
  for (std::size_t i = 0; i < record.fields.size(); ++i) {
    if (i) line += ',';
    line += csv_quote(record.fields[i].text);
  }
  return line;
}

/// Whether the record is three finite numbers (the first line of a headerless file).
bool three_numbers(const CsvRecord& record) {
  if (record.fields.size() != 3) return false;
  for (const CsvField& f : record.fields)
    if (!text::parse_real(text::trim_view(f.text))) return false;
  return true;
}

/// Reads the header: the index of the x, y and z columns.
std::array<std::size_t, 3> find_axes(const CsvRecord& header, const std::string& path) {
  std::array<std::size_t, 3> column{};
  for (int a = 0; a < 3; ++a) {
    std::optional<std::size_t> found;
    for (std::size_t i = 0; i < header.fields.size(); ++i) {
      const CsvField& f = header.fields[i];
      if (!text::equals_ignoring_case(text::trim_view(f.text), kAxis[a])) continue;
      ALFVEN_REQUIRE(!found, path << ":" << f.line << ": column '" << kAxis[a]
                                  << "' appears twice in the header (fields " << *found + 1
                                  << " and " << i + 1 << ")");
      found = i;
    }
    ALFVEN_REQUIRE(found, path << ":" << header.line << ": the header has no column '" << kAxis[a]
                               << "' (need columns named x, y and z, or a file of three numbers "
                                  "per line without a header; got '"
                               << text::excerpt(join_fields(header)) << "')");
    column[std::size_t(a)] = *found;
  }
  return column;
}

}  // namespace

PointsTable read_points_csv(const std::string& path) {
  PointsTable table;
  std::array<std::size_t, 3> column = {0, 1, 2};
  bool first = true;
  read_csv_file(path, "points file", [&](const CsvRecord& record) {
    if (first) {
      first = false;
      if (three_numbers(record)) {
        table.has_header = false;
        table.columns = {"x", "y", "z"};
      } else {
        for (const CsvField& f : record.fields) table.columns.push_back(f.text);
        column = find_axes(record, path);
        return;
      }
    }
    const std::size_t n = table.columns.size();
    ALFVEN_REQUIRE(record.fields.size() == n,
                   path << ":" << record.line << ": " << record.fields.size()
                        << " columns, expected " << n
                        << (table.has_header ? " (as the header)" : " (x,y,z)"));
    std::array<double, 3> p{};
    for (int a = 0; a < 3; ++a) {
      const std::size_t i = column[std::size_t(a)];
      const CsvField& f = record.fields[i];
      const std::optional<double> v = text::parse_real(text::trim_view(f.text));
      ALFVEN_REQUIRE(v, path << ":" << f.line << ": column '" << table.columns[i]
                             << "' is not a finite number: '" << text::excerpt(f.text)
                             << "' (field " << i + 1 << ", starting at column " << f.column
                             << " of the line; expected a decimal number such as 1, -0.5 or "
                                "2e-3)");
      p[std::size_t(a)] = *v;
    }
    table.points.push_back(p);
    table.rows.push_back(join_fields(record));
  });
  ALFVEN_REQUIRE(!first, "points file '" << path
                                         << "' is empty (nothing but blank or comment lines; "
                                            "expected a header naming x, y, z, or lines of three "
                                            "numbers)");
  ALFVEN_REQUIRE(!table.points.empty(), "points file '" << path << "' has a header but no points");
  return table;
}

void write_points_csv(const std::string& path, const PointsTable& table,
                      const std::vector<PointsColumn>& extra) {
  const std::size_t n = table.rows.size();
  for (const PointsColumn& c : extra)
    ALFVEN_REQUIRE(c.values.size() == n, "write_points_csv: column '"
                                             << c.name << "' has " << c.values.size()
                                             << " values for " << n << " points");
  std::string content;
  content.reserve(n * (24 + 26 * extra.size()));
  for (std::size_t i = 0; i < table.columns.size(); ++i)
    content += (i ? "," : "") + csv_quote(table.columns[i]);
  for (const PointsColumn& c : extra) content += "," + csv_quote(c.name);
  content += '\n';
  char number[40];
  for (std::size_t r = 0; r < n; ++r) {
    content += table.rows[r];
    for (const PointsColumn& c : extra) {
      std::snprintf(number, sizeof number, ",%.*g", c.significant_digits, c.values[r]);
      content += number;
    }
    content += '\n';
  }
  detail::write_file_atomically(path, content, "points output");
}

}  // namespace io
}  // namespace alfven
