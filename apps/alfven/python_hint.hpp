// The command `alfven run` prints at its end to open the run in Python.
#pragma once

#include <string>

namespace alfven {
namespace app {

/// A shell command that prints a summary of the run in `output_dir` with the Python package
/// `alfven` (alfven.open_run), and works from any directory: the run directory is made absolute,
/// and PYTHONPATH names the package's directory when one is found (share/alfven/python next to an
/// installed program, else python/ in the sources this program was built from; neither: no
/// PYTHONPATH, for a package installed with pip). Words are quoted for a POSIX shell when they
/// need it, e.g.
///   PYTHONPATH=/src/alfven/python /usr/bin/python3 -c 'import alfven;
///   print(alfven.open_run("/home/me/ot"))'
std::string python_command_for_run(const std::string& output_dir);

/// Whether python_command_for_run found the package's directory (else the command needs the
/// package installed, e.g. with pip).
bool python_package_found();

}  // namespace app
}  // namespace alfven
