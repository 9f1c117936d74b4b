// alfven: the command-line program. Subcommands live in cmd_*.cpp.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include "alfven/core/error.hpp"
#include "alfven/mhd/parallel.hpp"
#include "commands.hpp"

namespace {

/// Sets up the commands, parses the command line and runs the command; returns the exit status.
/// Reports every error it catches (see main for the rest).
int run_command_line(int argc, char** argv, int rank, int ranks) {
  CLI::App app{"Alfven: magnetohydrodynamics and signed-distance geometry on CPUs and GPUs"};
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", std::string("alfven ") + ALFVEN_VERSION);
  alfven::app::add_run_command(app);
  alfven::app::add_problems_command(app);
  alfven::app::add_render_command(app);
  alfven::app::add_mesh_command(app);
  alfven::app::add_sdf_command(app);
  alfven::app::add_info_command(app);
  alfven::app::add_eos_table_command(app);
  alfven::app::add_export_command(app);
  alfven::app::add_import_command(app);
  // The geometry commands and the file conversions run in one process (all threads of one CPU,
  // or one GPU): under mpiexec every rank would do the whole job and write the same files.
  if (ranks > 1 && argc > 1) {
    const std::string command = argv[1];
    if (command == "sdf" || command == "mesh" || command == "render" || command == "export" ||
        command == "import" || command == "eos-table") {
      const char* why = command == "export" || command == "import"
                            ? "it converts the files of a whole run"
                        : command == "eos-table" ? "it writes one table file"
                                                 : "it uses every thread of one CPU, or one GPU";
      if (rank == 0)
        std::cerr << "alfven: error: `alfven " << command << "` runs in one process (" << why
                  << "); start it without mpiexec\n";
      return 1;
    }
  }
  try {
    app.parse(argc, argv);
    if (app.get_subcommands().empty()) {  // `alfven` alone: say what it can do
      if (rank == 0) std::cout << app.help();
      return 0;
    }
  } catch (const CLI::ParseError& e) {
    // --help, --version and a command's own exit status (CLI::RuntimeError, e.g. `mesh check`'s
    // 3 for an unfit mesh) go through CLI11 unchanged. A bad command line (unknown option, value
    // that does not convert, missing argument, excluded pair) is reported like every other error,
    // "alfven: error: ...", with exit status 1.
    const std::string name = e.get_name();
    if (e.get_exit_code() == 0 || name == "RuntimeError" || name == "CallForHelp" ||
        name == "CallForAllHelp" || name == "CallForVersion")
      return rank == 0 ? app.exit(e)
                       : (name == "RuntimeError"   ? e.get_exit_code()
                          : e.get_exit_code() == 0 ? 0
                                                   : 1);
    if (rank == 0) {
      std::string command;  // "sdf ", "mesh check ": the subcommands parsed so far
      for (const CLI::App* a = &app; !a->get_subcommands().empty();) {
        a = a->get_subcommands().back();
        command += a->get_name() + " ";
      }
      std::cerr << "alfven: error: " << e.what() << " (see `alfven " << command << "--help`)\n";
    }
    return 1;
  } catch (const alfven::Error& e) {
    // Collective errors (configuration, unphysical state) are raised on every rank with the same
    // message; rank 0 prints it. Anything else is printed by the rank that hit it, which then
    // stops every rank.
    if (rank == 0 || ranks == 1) std::cerr << "alfven: error: " << e.what() << "\n";
    if (ranks > 1 && !alfven::mhd::collective_error(e)) {
      std::cerr << "alfven: error on rank " << rank << ": " << e.what() << "\n";
      alfven::mhd::abort_all(1);
    }
    return 1;
  } catch (const std::filesystem::filesystem_error& e) {
    // A file operation the program did not expect to fail (a permission, a folder in the way):
    // the system's message names the path; reported as an error, not as a crash.
    std::cerr << "alfven: error" << (ranks > 1 ? " on rank " + std::to_string(rank) : std::string())
              << ": " << e.what() << "\n";
    if (ranks > 1) alfven::mhd::abort_all(1);
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "alfven: unexpected error on rank " << rank << ": " << e.what() << "\n";
    alfven::mhd::abort_all(2);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  alfven::mhd::ParallelEnvironment mpi(argc, argv);
  const int rank = alfven::mhd::world_rank(), ranks = alfven::mhd::world_size();
  // What escapes run_command_line (an error while setting up the commands, or one thrown while
  // reporting another) still ends with a message and stops every rank.
  try {
    int status = run_command_line(argc, argv, rank, ranks);
    // What the command printed must have reached standard output (`alfven info > /dev/full`
    // lost it with exit status 0).
    std::cout.flush();
    if ((!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) && status == 0) {
      std::cerr << "alfven: error: could not write to standard output (" << std::strerror(errno)
                << ")\n";
      status = 1;
    }
    mpi.set_exit_status(status);
    return status;
  } catch (const std::exception& e) {
    std::cerr << "alfven: unexpected error on rank " << rank << ": " << e.what() << "\n";
  } catch (...) {
    std::cerr << "alfven: unexpected error on rank " << rank << "\n";
  }
  alfven::mhd::abort_all(2);  // [[noreturn]]
}
