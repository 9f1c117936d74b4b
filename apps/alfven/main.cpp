// alfven: the command-line program. Subcommands live in cmd_*.cpp.
#include <iostream>

#include "alfven/core/error.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Alfven: magnetohydrodynamics and signed-distance geometry on CPUs and GPUs"};
  app.require_subcommand(1);
  alfven::app::add_run_command(app);
  alfven::app::add_problems_command(app);
  alfven::app::add_render_command(app);
  alfven::app::add_info_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const alfven::Error& e) {
    std::cerr << "alfven: error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "alfven: unexpected error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
