/// @file csv_log.hpp
/// @brief A time-series log as a CSV file: one header line of column names, then one row of
/// numbers per call, each written with full precision (%.17g) and flushed at once so the file is
/// current while a run goes on.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace alfven {
namespace io {

/// Appends rows of numbers to a CSV file.
///
/// The solver uses the columns step,time,dt,total_mass,total_energy,max_div_b,
/// cell_updates_per_second, but the class is generic. Values are written with "%.17g" (a double
/// reads back exactly); non-finite values appear as nan / inf / -inf. Not thread-safe; move-only.
class CsvLog {
 public:
  /// Opens `path`.
  ///
  /// @param columns  column names: non-empty, unique, without ',', '"' or line breaks
  /// @param append   false: replace the file (atomically) by one holding the header. true
  /// (restart):
  ///                 keep the rows already there; if the file is missing or empty the header is
  ///                 written; otherwise its first line must equal the header, and an incomplete
  ///                 last line (a crash in mid-row) is cut off.
  /// @throws alfven::Error naming the file if it cannot be opened, or (append) its header differs
  ///         from `columns` (the message shows both).
  CsvLog(const std::string& path, const std::vector<std::string>& columns, bool append = false);
  ~CsvLog();
  CsvLog(CsvLog&& other) noexcept;
  CsvLog& operator=(CsvLog&& other) noexcept;
  CsvLog(const CsvLog&) = delete;
  CsvLog& operator=(const CsvLog&) = delete;

  /// Writes one row and flushes it.
  /// @param row  one value per column, in column order
  /// @throws alfven::Error if row.size() differs from the number of columns or the write fails.
  void append(const std::vector<double>& row);

  /// The file this log writes to.
  const std::string& path() const { return path_; }
  /// The column names, in order.
  const std::vector<std::string>& columns() const { return columns_; }

 private:
  std::string path_;
  std::vector<std::string> columns_;
  std::FILE* file_ = nullptr;
};

/// Checks, reading only its first line, that the CSV log at `path` can be continued with
/// `columns` (CsvLog(path, columns, true) accepts its header), before a continued run changes
/// anything. A missing or empty file passes; a UTF-8 byte order mark before the header is
/// ignored.
/// @throws alfven::Error naming the file, both headers and what to do, when they differ, or when
///         the file holds no complete line (a log's header is written whole, so no run wrote it).
void check_log_header(const std::string& path, const std::vector<std::string>& columns);

/// Cuts a CSV log back to the rows whose first column (a run's step) is at most `last`, as a
/// continued run needs: the rows a stopped run logged after its last snapshot are computed again.
/// A last line without its newline (a row cut by a crash) and rows that do not start with a
/// number are dropped too. The file is replaced atomically, and only when a row is dropped.
/// `last_kept`, when not null, receives the first column of the last row kept (NaN: none).
/// @return the number of rows dropped (0 for a missing file)
/// @throws alfven::Error naming the file if it cannot be rewritten.
std::size_t keep_rows_up_to(const std::string& path, double last, double* last_kept = nullptr);

}  // namespace io
}  // namespace alfven
