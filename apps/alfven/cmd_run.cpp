// `alfven run` and `alfven problems`.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "alfven/core/shell_word.hpp"
#include "alfven/mhd/parallel.hpp"
#include "alfven/mhd/problem.hpp"
#include "alfven/mhd/run.hpp"
#include "commands.hpp"
#include "python_hint.hpp"

namespace alfven {
namespace app {

namespace {

void print_summary(const mhd::RunSummary& s) {
  std::printf("\nDone: %ld steps to t = %.6g in %.2f s (%s backend, %.3g cell updates/s).\n",
              s.steps, s.time, s.wall_seconds, s.backend.c_str(), s.cell_updates_per_second);
  if (s.halo_seconds > 0)
    std::printf("Halo exchange: %.3f s of %.3f s in time steps (%.1f %%, slowest rank).\n",
                s.halo_seconds, s.loop_seconds,
                100.0 * s.halo_seconds / std::max(s.loop_seconds, 1e-12));
  if (s.loop_seconds > 0) {
    const double wall = std::max(s.wall_seconds, 1e-12);
    const double during = std::max(s.output_seconds - s.output_end_seconds, 0.0);
    std::printf(
        "Output: %.3f s of the time loop's %.3f s (%.1f %%): %.3f s (%.2f %%) during the steps, "
        "%.3f s after the last one (its files, a final snapshot off the output times, and the wait "
        "for the last files).\n",
        s.output_seconds, s.wall_seconds, 100.0 * s.output_seconds / wall, during,
        100.0 * during / wall, s.output_end_seconds);
    if (s.async_output)
      std::printf(
          "        Files written in the background (%.3g s for the files of the last output); "
          "%.3f s of the output time waiting for a file still being written.\n",
          s.output_job_seconds, s.output_wait_seconds);
  }
  if (s.first_step_outside_eos_table >= 0)
    std::printf(
        "Equation-of-state table: up to %ld of %ld cells outside it (from step %ld on), where "
        "p and c_s are its edge values; widen the table if that matters.\n",
        s.cells_outside_eos_table, s.cells, s.first_step_outside_eos_table);
  if (s.stop != mhd::StopReason::None)
    std::printf(
        "Stopped early (%s): continue from %s with --set io.continue=true (exit status %d).\n",
        s.stop == mhd::StopReason::Signal ? "signal" : "wall-time limit", s.checkpoint.c_str(),
        mhd::kExitStoppedEarly);
  std::printf("Output in %s/:\n", s.output_dir.c_str());
  std::printf(
      "  snapshot_NNNN.h5  %d HDF5 snapshots (datasets density, velocity_x, ..., psi; shape (nz, "
      "ny, nx))\n",
      s.snapshots);
  std::printf(
      "  run.xdmf          index of all snapshots: open it in ParaView or VisIt (paraview "
      "%s)\n",
      shell_word(s.output_dir + "/run.xdmf").c_str());
  for (const auto& b : s.output_blocks) {
    std::string variables;
    for (const auto& v : b.variables) variables += (variables.empty() ? "" : ", ") + v;
    std::printf("  %-16s  %d file%s of output block %s (%s), index %s.xdmf\n",
                (b.name + "_NNNN.h5").c_str(), b.files, b.files == 1 ? "" : "s", b.name.c_str(),
                variables.c_str(), b.name.c_str());
  }
  if (s.checkpoints > 0)
    std::printf("  checkpoint_NNNNNNNN.h5  %d checkpoint%s kept (NNNNNNNN: the step)\n",
                s.checkpoints, s.checkpoints == 1 ? "" : "s");
  std::printf(
      "  log.csv           step, time, dt, total mass, total energy, max |div B|, cell "
      "updates/s\n");
  if (s.images && std::isnan(s.image_z))
    std::printf("  density_NNNN.png  density image of each snapshot\n");
  else if (s.images)
    std::printf("  density_NNNN.png  density image of each snapshot (the x-y plane at z = %.4g)\n",
                s.image_z);
  std::printf("  config.yaml       the complete configuration of this run\n");
  std::printf("In Python%s: %s\n",
              python_package_found() ? "" : " (install the package first: docs/using-alfven.md)",
              python_command_for_run(s.output_dir).c_str());
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto opts = std::make_shared<mhd::RunOptions>();
  CLI::App* run = app.add_subcommand(
      "run", "Run a simulation (default: Orszag-Tang vortex, 256^2, to t = 0.5)");
  run->add_option("config", opts->config,
                  "YAML configuration file, or a built-in problem name (see `alfven problems`)");
  run->add_option("--set", opts->overrides,
                  "Override a configuration key, e.g. --set time.max_steps=100 (repeatable)")
      ->take_all();
  run->add_option("-o,--output", opts->output_dir,
                  "Run directory (default: io.output_dir, else the problem name)")
      ->check(CLI::Validator(
          [](std::string& dir) {
            // An empty name fell back silently to the default folder.
            return dir.empty() ? std::string("needs a folder name, got an empty one")
                               : std::string();
          },
          "DIR"));
  run->add_option("--backend", opts->backend,
                  "host, cuda or auto (default: the config's backend key, auto)");
  run->add_option("--restart", opts->restart_file,
                  "Continue from this snapshot (HDF5 file of an earlier run, any number of ranks)");
  run->add_flag("-q,--quiet", opts->quiet, "No progress line");
  run->add_option(
      "--walltime", opts->walltime,
      "Wall-time limit HH:MM:SS (as io.walltime): checkpoint and stop before it, exit status 75");
  run->callback([opts]() {
    const mhd::RunSummary s = mhd::run(*opts, std::cout);
    // Stopped early (wall time, SIGTERM/SIGUSR1) with a complete checkpoint: the same status on
    // every rank, so that a job script can resubmit the run.
    if (mhd::world_rank() == 0) print_summary(s);
    if (s.stop != mhd::StopReason::None) {
      mhd::synchronize_ranks();  // rank 0 has listed the checkpoint and reported
      throw CLI::RuntimeError(mhd::kExitStoppedEarly);
    }
  });
}

void add_problems_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("problems", "List the built-in problems and their parameters");
  cmd->callback([]() {
    const auto problems = mhd::builtin_problems();
    int width = 12;  // the name column fits the longest name
    for (const auto& p : problems) width = std::max(width, int(p->name().size()));
    for (const auto& p : problems) {
      std::printf("%-*s %s\n", width, p->name().c_str(), p->description().c_str());
      for (const auto& spec : p->parameters())
        std::printf("%-*s   problem_parameters.%s (default %s): %s\n", width, "", spec.name.c_str(),
                    spec.default_value.c_str(), spec.description.c_str());
    }
    std::printf(
        "\nRun one with `alfven run NAME`; see its full configuration in problems/NAME.yaml.\n");
  });
}

}  // namespace app
}  // namespace alfven
