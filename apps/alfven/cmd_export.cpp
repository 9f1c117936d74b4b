// `alfven export --to miso` and `alfven import --from miso`: a run in MISO's raw layout and back
// (alfven/mhd/miso_transfer.hpp, docs/miso-layout.md).
#include <algorithm>
#include <climits>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/text.hpp"
#include "alfven/mhd/miso_transfer.hpp"
#include "commands.hpp"

namespace alfven {
namespace app {

namespace {

/// "2,1,1" -> {2, 1, 1}; throws for anything else.
void parse_procs(const std::string& text, int procs[3]) {
  const std::vector<std::string> parts = text::split(text, ',');
  bool ok = parts.size() == 3;
  for (std::size_t a = 0; ok && a < 3; ++a) {
    const auto n = text::parse_integer(text::trim(parts[a]));
    ok = n && *n >= 1 && *n <= 1 << 24;
    if (ok) procs[a] = int(*n);
  }
  ALFVEN_REQUIRE(ok, "--procs " << text << ": expected three rank counts X,Y,Z, each >= 1 "
                                << "(e.g. --procs 2,2,1)");
}

const char* precision_name(io::DataType t) {
  return t == io::DataType::Float32 ? "float" : "double";
}

/// The value of an output number option (`import --output`, `export --snapshot`): decimal
/// digits only, 0 to 2^31 - 1. Leading zeros (MISO's and Alfven's file names pad the number)
/// are removed here, since CLI11 would read "010" as octal 8; an empty value, a sign, spaces,
/// "0x1" or "1e3" are refused with the value given.
CLI::Validator output_number() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        const std::string given = value;
        bool ok = !value.empty() && std::all_of(value.begin(), value.end(),
                                                [](char c) { return c >= '0' && c <= '9'; });
        if (ok) {
          value.erase(0, std::min(value.find_first_not_of('0'), value.size() - 1));
          ok = value.size() <= 10 && std::stoll(value) <= INT_MAX;
        }
        return ok ? std::string()
                  : "needs an output number (0, 1, 2, ..., at most 2147483647), got '" + given +
                        "'";
      },
      "OUTPUT_NUMBER");
}

}  // namespace

void add_export_command(CLI::App& app) {
  struct Options {
    std::string to, run_dir, out_dir, procs;
    std::vector<int> snapshots;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "export", "Write a run's snapshots in another code's layout (MISO's, which pymiso reads)");
  cmd->add_option("--to", o->to, "The layout: miso")->required()->check(CLI::IsMember({"miso"}));
  cmd->add_option("run_dir", o->run_dir, "Run directory (its config.yaml and snapshots.txt)")
      ->required();
  cmd->add_option("out_dir", o->out_dir,
                  "Folder to write (new, empty, or an earlier export, whose files it replaces)")
      ->required();
  cmd->add_option("--snapshot", o->snapshots,
                  "Output number N of snapshot_NNNN.h5 to export (repeatable; default: all)")
      ->take_all()
      ->transform(output_number());
  cmd->add_option("--procs", o->procs,
                  "Ranks per axis X,Y,Z of the export (default: the run's mpi.*_procs, 0 as 1)");
  cmd->callback([o]() {
    mhd::MisoExportOptions options;
    options.snapshots = o->snapshots;
    if (!o->procs.empty()) parse_procs(o->procs, options.procs);
    const mhd::MisoExportSummary s = mhd::export_to_miso(o->run_dir, o->out_dir, options);
    std::printf(
        "alfven export: wrote %zu output(s) (%d to %d) of %s in MISO's layout into %s/: %d x %d x "
        "%d ranks, %s, %zu files\n",
        s.outputs.size(), s.outputs.front(), s.outputs.back(), o->run_dir.c_str(),
        o->out_dir.c_str(), s.procs[0], s.procs[1], s.procs[2], precision_name(s.type),
        s.files.size());
    std::printf(
        "  config.yaml, grid.bin, mpi/coords.csv, time/n_output.txt, time/time.N.txt, "
        "mhd/mhd.N.R.bin\n");
    if (!s.removed.empty())
      std::printf(
          "note: removed %zu file(s) of the earlier export into %s/ that this one does "
          "not write (e.g. %s)\n",
          s.removed.size(), o->out_dir.c_str(), s.removed.front().c_str());
    std::printf("In Python (pymiso): d = pymiso.Data(\"%s\"); d.load(%d); d.ro\n",
                o->out_dir.c_str(), s.outputs.back());
  });
}

void add_import_command(CLI::App& app) {
  struct Options {
    std::string from, miso_dir;
    mhd::MisoImportOptions import;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "import", "Turn an output of another code's run (MISO's layout) into a snapshot to restart");
  cmd->add_option("--from", o->from, "The layout: miso")
      ->required()
      ->check(CLI::IsMember({"miso"}));
  cmd->add_option("miso_dir", o->miso_dir, "MISO run folder (its config.yaml, grid.bin, ...)")
      ->required();
  cmd->add_option("-o,--file", o->import.file,
                  "Snapshot to write (default: FOLDER_NNNN.h5 in the current directory)");
  cmd->add_option("--output", o->import.output,
                  "Output number N to import (default: the latest, time/n_output.txt)")
      ->transform(output_number());
  cmd->add_option("--problem", o->import.problem,
                  "Problem of the snapshot (default: config.yaml's problem key)")
      ->check(CLI::Validator(
          [](std::string& name) {  // "" would read as "not given" and fall back to config.yaml
            return name.empty() ? std::string(
                                      "an empty name: give a problem name (`alfven "
                                      "problems` lists them) or leave --problem out")
                                : std::string();
          },
          "NAME"));
  cmd->callback([o]() {
    const mhd::MisoImportSummary s = mhd::import_from_miso(o->miso_dir, o->import);
    std::printf(
        "alfven import: wrote %s: output %d of %s (t = %.17g, step %ld), %d x %d x %d cells from "
        "%d rank(s), %s, problem %s\n",
        s.file.c_str(), s.meta.index, o->miso_dir.c_str(), s.meta.time, s.meta.step, s.n[0], s.n[1],
        s.n[2], s.ranks, precision_name(s.type), s.meta.problem.c_str());
    std::printf(
        "Continue it with: alfven run CONFIG --restart %s (CONFIG: problem %s, this grid and box, "
        "eos.gm = %.17g, precision: %s; any number of ranks)\n",
        s.file.c_str(), s.meta.problem.c_str(), s.meta.gamma, precision_name(s.type));
  });
}

}  // namespace app
}  // namespace alfven
