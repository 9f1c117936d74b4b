// The end-of-run hint for Python (python_hint.hpp).
#include "python_hint.hpp"

#include <filesystem>
#include <system_error>

#include "alfven/core/shell_word.hpp"

namespace alfven {
namespace app {

namespace {

namespace fs = std::filesystem;

/// `s` as a Python string literal in double quotes.
std::string python_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out + "\"";
}

/// The directory holding the package (alfven/__init__.py), or "" if none is found.
std::string python_package_dir() {
  std::error_code ec;
  const fs::path program = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed =
        (program.parent_path() / ALFVEN_PYTHON_DIR_FROM_PROGRAM).lexically_normal();
    if (fs::is_regular_file(installed / "alfven" / "__init__.py", ec)) return installed.string();
  }
  const fs::path sources = ALFVEN_SOURCE_PYTHON_DIR;
  if (fs::is_regular_file(sources / "alfven" / "__init__.py", ec)) return sources.string();
  return "";
}

}  // namespace

std::string python_command_for_run(const std::string& output_dir) {
  std::error_code ec;
  fs::path run = fs::absolute(output_dir, ec);
  if (ec) run = output_dir;
  const std::string code = "import alfven; print(alfven.open_run(" +
                           python_string(run.lexically_normal().string()) + "))";
  const std::string package = python_package_dir();
  const std::string prefix = package.empty() ? "" : "PYTHONPATH=" + shell_word(package) + " ";
  return prefix + "/usr/bin/python3 -c " + shell_word(code);
}

bool python_package_found() {
  return !python_package_dir().empty();
}

}  // namespace app
}  // namespace alfven
