// CSV time-series log.
#include "alfven/io/csv_log.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>

#include "alfven/core/error.hpp"
#include "alfven/core/text.hpp"
#include "alfven/io/atomic_file.hpp"

namespace alfven {
namespace io {
namespace {

std::string join(const std::vector<std::string>& columns) {
  std::string line;
  for (std::size_t i = 0; i < columns.size(); ++i) line += (i ? "," : "") + columns[i];
  return line;
}

/// Reads the existing file for an append: returns its first line (without the newline) and cuts off
/// an incomplete last line. Returns false if the file is missing or empty.
bool inspect_existing(const std::string& path, std::string& header) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec || size == 0) return false;
  std::string content;
  {
    std::ifstream in(path, std::ios::binary);
    ALFVEN_REQUIRE(in, "CSV log '" << path << "': cannot read it to append");
    std::ostringstream os;
    os << in.rdbuf();
    content = os.str();
  }
  header = content.substr(0, content.find('\n'));
  if (!header.empty() && header.back() == '\r') header.pop_back();
  if (content.back() != '\n') {
    const std::size_t last_newline = content.rfind('\n');
    // Without any newline the file holds only a partial header: keep nothing, rewrite it.
    const std::uintmax_t keep = last_newline == std::string::npos ? 0 : last_newline + 1;
    std::filesystem::resize_file(path, keep, ec);
    ALFVEN_REQUIRE(
        !ec, "CSV log '" << path << "': cannot cut off its incomplete last line: " << ec.message());
    if (keep == 0) return false;
  }
  return true;
}

void require_same_header(const std::string& path, std::string_view existing,
                         const std::string& header) {
  if (existing.substr(0, 3) == "\xEF\xBB\xBF") existing.remove_prefix(3);  // saved as UTF-8
  ALFVEN_REQUIRE(existing == header,
                 "CSV log '" << path << "': cannot append, its header '" << text::excerpt(existing)
                             << "' differs from '" << header
                             << "'; move the file away (or restore its header) and run again");
}

}  // namespace

void check_log_header(const std::string& path, const std::vector<std::string>& columns) {
  std::ifstream in(path, std::ios::binary);
  std::string first;
  if (!in || !std::getline(in, first)) return;  // missing or empty
  // A log's header is written whole (atomically): text without a line end is not a log.
  ALFVEN_REQUIRE(!in.eof(), "CSV log '" << path << "' holds no complete line ('"
                                        << text::excerpt(first)
                                        << "'), so no run wrote it; move the file away and run "
                                           "again");
  if (!first.empty() && first.back() == '\r') first.pop_back();
  require_same_header(path, first, join(columns));
}

CsvLog::CsvLog(const std::string& path, const std::vector<std::string>& columns, bool append)
    : path_(path), columns_(columns) {
  ALFVEN_REQUIRE(!columns.empty(), "CSV log '" << path << "': no columns given");
  std::set<std::string> seen;
  for (const std::string& c : columns) {
    ALFVEN_REQUIRE(!c.empty() && c.find_first_of(",\"\r\n") == std::string::npos,
                   "CSV log '" << path << "': invalid column name '" << c
                               << "' (empty, or contains a comma, quote or line break)");
    ALFVEN_REQUIRE(seen.insert(c).second,
                   "CSV log '" << path << "': column '" << c << "' given twice");
  }
  const std::string header = join(columns);
  std::string existing;
  const bool keep = append && inspect_existing(path, existing);
  if (keep) require_same_header(path, existing, header);
  // A new log replaces an earlier file atomically (the header alone), then rows are appended.
  if (!keep) write_file_atomically(path, header + "\n", "CSV log");
  file_ = std::fopen(path.c_str(), "ab");
  ALFVEN_REQUIRE(file_ != nullptr,
                 "CSV log '" << path << "': cannot open: " << std::strerror(errno));
}

std::size_t keep_rows_up_to(const std::string& path, double last, double* last_kept) {
  if (last_kept) *last_kept = std::nan("");
  std::ifstream in(path, std::ios::binary);
  if (!in) return 0;
  std::string header, line, kept;
  if (!std::getline(in, header)) return 0;
  kept = header + "\n";
  std::size_t dropped = 0;
  while (std::getline(in, line)) {
    while (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    char* end = nullptr;
    const double first = std::strtod(line.c_str(), &end);
    const bool complete = !in.eof();  // a last line without its newline is a partial row
    if (end != line.c_str() && first <= last && complete) {
      kept += line + "\n";
      if (last_kept) *last_kept = first;
    } else {
      ++dropped;
    }
  }
  in.close();
  if (dropped > 0) write_file_atomically(path, kept, "CSV log");
  return dropped;
}

CsvLog::~CsvLog() {
  if (file_ != nullptr) std::fclose(file_);
}

CsvLog::CsvLog(CsvLog&& other) noexcept
    : path_(std::move(other.path_)), columns_(std::move(other.columns_)), file_(other.file_) {
  other.file_ = nullptr;
}

CsvLog& CsvLog::operator=(CsvLog&& other) noexcept {
  if (this != &other) {
    if (file_ != nullptr) std::fclose(file_);
    path_ = std::move(other.path_);
    columns_ = std::move(other.columns_);
    file_ = other.file_;
    other.file_ = nullptr;
  }
  return *this;
}

void CsvLog::append(const std::vector<double>& row) {
  ALFVEN_REQUIRE(file_ != nullptr, "CSV log: append on a moved-from log");
  ALFVEN_REQUIRE(row.size() == columns_.size(), "CSV log '" << path_ << "': row of " << row.size()
                                                            << " values for " << columns_.size()
                                                            << " columns");
  std::string line;
  char buffer[40];
  for (std::size_t i = 0; i < row.size(); ++i) {
    std::snprintf(buffer, sizeof buffer, "%.17g", row[i]);
    if (i) line += ',';
    line += buffer;
  }
  line += '\n';
  const bool ok =
      std::fwrite(line.data(), 1, line.size(), file_) == line.size() && std::fflush(file_) == 0;
  ALFVEN_REQUIRE(ok, "CSV log '" << path_ << "': cannot write a row: " << std::strerror(errno));
}

}  // namespace io
}  // namespace alfven
