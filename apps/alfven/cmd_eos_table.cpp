// `alfven eos-table MODEL -o FILE`: writes a table of an equation of state for `eos: {table:
// FILE}` (the ideal gas, or pure hydrogen in Saha equilibrium), a template for users' own tables.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "alfven/core/error.hpp"
#include "alfven/core/text.hpp"
#include "alfven/io/eos_table_file.hpp"
#include "alfven/mhd/eos_models.hpp"
#include "commands.hpp"

namespace alfven {
namespace app {

namespace {

/// "MIN:MAX:N" into the axis bounds and node count of `what`.
void parse_axis(const std::string& text, const char* what, double& lo, double& hi, int& n) {
  const std::vector<std::string> parts = text::split(text, ':');
  const auto a = parts.size() == 3 ? text::parse_real(parts[0]) : std::nullopt;
  const auto b = parts.size() == 3 ? text::parse_real(parts[1]) : std::nullopt;
  const auto c = parts.size() == 3 ? text::parse_integer(parts[2]) : std::nullopt;
  ALFVEN_REQUIRE(a && b && c && *c >= 2 && *c <= 65536,
                 "--" << what << " expects MIN:MAX:NODES (e.g. 1e-6:1e6:241, 2 to 65536 nodes), "
                      << "got '" << text::excerpt(text) << "'");
  lo = *a;
  hi = *b;
  n = int(*c);
}

}  // namespace

void add_eos_table_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "eos-table",
      "Write a table of an equation of state for `eos: {table: FILE}`: the ideal gas or pure "
      "hydrogen in Saha equilibrium (Gaussian cgs units), a template for your own tables");
  struct Options {
    std::string model, output, density, energy;
    double gamma = 5.0 / 3.0, mu = 1.0;
    bool linear = false, force = false;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("model", o->model, "ideal or saha-hydrogen")
      ->required()
      ->check(CLI::IsMember({"ideal", "saha-hydrogen"}));
  cmd->add_option("-o,--output", o->output,
                  "table file: HDF5 when it ends in .h5 or .hdf5, else text (replaced atomically)")
      ->required();
  cmd->add_option("--gamma", o->gamma, "ideal: adiabatic index (default 5/3)");
  cmd->add_option("--mu", o->mu,
                  "ideal: mean molecular weight in atomic mass units, for T "
                  "(default 1)");
  cmd->add_option("--density", o->density,
                  "density nodes MIN:MAX:N (default ideal 1e-6:1e6:241, saha-hydrogen "
                  "1e-12:1e-2:201 g cm^-3)");
  cmd->add_option("--energy", o->energy,
                  "specific internal energy nodes MIN:MAX:N (default ideal 1e-6:1e6:241, "
                  "saha-hydrogen 1e10:1e15:201 erg g^-1)");
  cmd->add_flag("--linear", o->linear,
                "nodes uniform in rho and e (default: in log10 rho, log10 e)");
  cmd->add_flag("--force", o->force, "replace an existing file of that name");
  CLI::Option* gamma = cmd->get_option("--gamma");
  CLI::Option* mu = cmd->get_option("--mu");
  cmd->callback([o, gamma, mu]() {
    const bool ideal = o->model == "ideal";
    ALFVEN_REQUIRE(ideal || (gamma->count() == 0 && mu->count() == 0),
                   "--gamma and --mu describe the ideal gas; saha-hydrogen has neither (pure "
                   "hydrogen, atomic masses fixed)");
    std::error_code ec;
    ALFVEN_REQUIRE(
        o->force || !std::filesystem::exists(std::filesystem::symlink_status(o->output, ec)),
        "'" << o->output << "' exists; give --force to replace it, or another -o");
    mhd::EosTableAxes axes;
    axes.log_axes = !o->linear;
    axes.n_rho = axes.n_e = ideal ? 241 : 201;
    axes.rho_min = ideal ? 1e-6 : 1e-12;
    axes.rho_max = ideal ? 1e6 : 1e-2;
    axes.e_min = ideal ? 1e-6 : 1e10;
    axes.e_max = ideal ? 1e6 : 1e15;
    if (!o->density.empty())
      parse_axis(o->density, "density", axes.rho_min, axes.rho_max, axes.n_rho);
    if (!o->energy.empty()) parse_axis(o->energy, "energy", axes.e_min, axes.e_max, axes.n_e);
    const io::EosTableData table =
        ideal ? mhd::ideal_gas_table(o->gamma, o->mu, axes) : mhd::saha_hydrogen_table(axes);
    io::write_eos_table(table, o->output);
    std::printf(
        "Wrote %s: %s, %d x %d nodes (%s axes), density %g to %g, internal energy %g to "
        "%g\n",
        o->output.c_str(), table.description.c_str(), table.n_rho, table.n_e,
        table.log_axes ? "log10" : "linear", table.rho_min, table.rho_max, table.e_min,
        table.e_max);
  });
}

}  // namespace app
}  // namespace alfven
