// The subcommands of the alfven program; each registers itself on the CLI11 app.
#pragma once

#include <CLI/CLI.hpp>

namespace alfven {
namespace app {

/// `alfven run [CONFIG] [--set key=value]... [--output DIR] [--backend host|cuda|auto]
/// [--restart SNAPSHOT.h5] [--walltime HH:MM:SS] [--quiet]`
void add_run_command(CLI::App& app);
/// `alfven problems`: the built-in problems and their parameters.
void add_problems_command(CLI::App& app);
/// `alfven render SCENE.yaml [-o image.png] [--width W] [--height H]`: a scene file to PNG.
void add_render_command(CLI::App& app);
/// `alfven mesh check FILE [--weld TOL] [--no-clean]`: read, clean and validate a triangle mesh.
void add_mesh_command(CLI::App& app);
/// `alfven sdf MESH (--points IN.csv | --grid N) -o OUT [--sign pseudonormal|winding]
/// [--backend host|cuda] [--precision float|double] [--build sah|morton|lbvh] [--closest] [--pad F]
/// [--no-clean] [--force]`: a mesh's signed distance on points (CSV) or a grid (HDF5 + XDMF).
void add_sdf_command(CLI::App& app);
/// `alfven info`: how this program was built and which devices it sees.
void add_info_command(CLI::App& app);
/// `alfven eos-table ideal|saha-hydrogen -o FILE [--gamma G] [--mu MU] [--density MIN:MAX:N]
/// [--energy MIN:MAX:N] [--linear] [--force]`: a table of an equation of state for
/// `eos: {table: FILE}`.
void add_eos_table_command(CLI::App& app);
/// `alfven export --to miso RUN_DIR OUT_DIR [--snapshot N]... [--procs X,Y,Z]`: a run's
/// snapshots in MISO's raw layout (pymiso reads it; docs/miso-layout.md).
void add_export_command(CLI::App& app);
/// `alfven import --from miso MISO_DIR [-o FILE.h5] [--output N] [--problem NAME]`: an output of
/// a MISO run as a snapshot that `alfven run --restart` continues.
void add_import_command(CLI::App& app);

}  // namespace app
}  // namespace alfven
