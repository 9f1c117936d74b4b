// MISO's raw layout (issue 14, part 3): a run exported and imported back is the same state bit for
// bit (double and float, 2D and 3D, any decomposition, either byte order); the ghost cells of each
// exported block hold what MISO's would (neighbours' values inside the domain, the boundary
// conditions at its faces); an imported snapshot restarts as the run that never stopped; an
// export replaces only the files of an earlier export.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "alfven/io/miso_layout.hpp"
#include "miso_test_support.hpp"

namespace fs = std::filesystem;
using namespace alfven_test;
namespace io = alfven::io;

namespace {

std::string snapshot_path(const std::string& dir, int n) {
  char name[32];
  std::snprintf(name, sizeof name, "/snapshot_%04d.h5", n);
  return dir + name;
}

/// Every output of `out` imported equals the snapshot of `run` it came from.
void expect_round_trip(const std::string& run, const std::string& out,
                       const alfven::mhd::MisoExportSummary& s) {
  for (int n : s.outputs) {
    SCOPED_TRACE("output " + std::to_string(n));
    const std::string file = out + "_import_" + std::to_string(n) + ".h5";
    expect_same_state(io::read_snapshot(snapshot_path(run, n)), import_output(out, n, file));
    fs::remove(file);
  }
}

/// What a face does to the ghost cells of one axis.
enum class Face { Periodic, Outflow, Reflecting };

/// The interior cell a ghost cell at global index `g` of an axis of `n` cells copies, and whether
/// the value flips sign (a reflecting face, for the components normal to it).
int source_cell(int g, int n, Face lower, Face upper, bool normal, double& sign) {
  if (g >= 0 && g < n) return g;
  const Face f = g < 0 ? lower : upper;
  if (f == Face::Periodic) return ((g % n) + n) % n;
  if (f == Face::Outflow) return g < 0 ? 0 : n - 1;
  if (normal) sign = -sign;
  return g < 0 ? -1 - g : 2 * n - 1 - g;
}

/// Checks every value of every block of output `n` of `out` (ghost cells included) against the
/// snapshot `snap` of the whole interior and the faces' rules (per axis: lower, upper).
void expect_ghosts(const std::string& out, int n, const io::Snapshot& snap,
                   const Face faces[3][2]) {
  const io::MisoLayout layout = layout_of(out);
  static const char* const names[9] = {"density",          "velocity_x",       "velocity_y",
                                       "velocity_z",       "magnetic_field_x", "magnetic_field_y",
                                       "magnetic_field_z", "internal_energy",  "psi"};
  int total[3], local[3], m[3];
  for (int a = 0; a < 3; ++a) {
    total[a] = io::miso_local_total(layout, a);
    local[a] = io::miso_local_cells(layout, a);
    m[a] = io::miso_margin(layout, a);
  }
  long ghosts = 0;
  for (int r = 0; r < io::miso_rank_count(layout); ++r) {
    const io::MisoBlock block = io::read_miso_block(out, layout, n, r);
    ASSERT_EQ(block.type, io::DataType::Float64);
    const double* values = reinterpret_cast<const double*>(block.bytes.data());
    const std::array<int, 3> c = io::miso_cart_coords(layout, r);
    std::size_t at = 0;
    for (int v = 0; v < 9; ++v) {
      const std::vector<double>& field = snap.values_as_double.at(names[v]);
      for (int i = 0; i < total[0]; ++i)
        for (int j = 0; j < total[1]; ++j)
          for (int k = 0; k < total[2]; ++k, ++at) {
            const int idx[3] = {i, j, k};
            int src[3];
            double sign = 1;
            bool ghost = false;
            for (int a = 0; a < 3; ++a) {
              const int g = c[std::size_t(a)] * local[a] - m[a] + idx[a];
              ghost = ghost || g < c[std::size_t(a)] * local[a] ||
                      g >= (c[std::size_t(a)] + 1) * local[a];
              const bool normal = v == 1 + a || v == 4 + a;
              src[a] = source_cell(g, layout.n[a], faces[a][0], faces[a][1], normal, sign);
            }
            ghosts += ghost;
            const double want =
                sign * field[std::size_t(src[0]) +
                             std::size_t(layout.n[0]) *
                                 (std::size_t(src[1]) + std::size_t(layout.n[1]) * src[2])];
            ASSERT_EQ(values[at], want)
                << names[v] << " of rank " << r << " at local (" << i << ", " << j << ", " << k
                << ")" << (ghost ? " (a ghost cell)" : "");
          }
    }
  }
  EXPECT_GT(ghosts, 0);
}

}  // namespace

TEST(MisoLayout, ExportThenImportIsBitwiseInDoubleOn4Ranks) {
  const std::string run = fresh_dir("miso_rt_double"), out = fresh_dir("miso_rt_double_out");
  run_into(run, small_vortex({"time.tend=0.2", "time.dt_output=0.1"}));
  const auto s = export_run(run, out, {2, 2, 1});
  EXPECT_EQ(s.outputs, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(s.files.size(), 4u + 3u * (1 + 4));
  expect_round_trip(run, out, s);
  fs::remove_all(run);
  fs::remove_all(out);
}

TEST(MisoLayout, ExportThenImportIsBitwiseInFloatIn3D) {
  const std::string run = fresh_dir("miso_rt_float"), out = fresh_dir("miso_rt_float_out");
  run_into(run, {"grid.i_size=8", "grid.j_size=8", "grid.k_size=8", "precision=float",
                 "time.tend=0.06", "time.dt_output=0.03"});
  const auto s = export_run(run, out, {2, 1, 2});
  EXPECT_EQ(s.type, io::DataType::Float32);
  expect_round_trip(run, out, s);
  // One rank too, and the run's own decomposition by default (1 x 1 x 1 here).
  fs::remove_all(out);
  const auto one = export_run(run, out);
  EXPECT_EQ(one.procs[0] * one.procs[1] * one.procs[2], 1);
  expect_round_trip(run, out, one);
  fs::remove_all(run);
  fs::remove_all(out);
}

// A big-endian folder (as MISO writes on a big-endian machine) reads the same: every binary file
// byte-swapped and data_type.Endian: big.
TEST(MisoLayout, BigEndianFilesImportTheSame) {
  const std::string run = fresh_dir("miso_be"), out = fresh_dir("miso_be_out");
  run_into(run, small_vortex({"time.tend=0.1", "time.dt_output=0.1"}));
  const auto s = export_run(run, out, {2, 1, 1});
  for (const std::string& f : s.files) {
    if (f.size() < 4 || f.substr(f.size() - 4) != ".bin") continue;
    std::string bytes = read_text(out + "/" + f);
    std::reverse(bytes.begin(), bytes.begin() + 4);
    for (std::size_t at = 4; at + 8 <= bytes.size(); at += 8)
      std::reverse(bytes.begin() + long(at), bytes.begin() + long(at + 8));
    write_text(out + "/" + f, bytes);
  }
  replace_in_file(out + "/config.yaml", "Endian: \"little\"", "Endian: \"big\"");
  expect_round_trip(run, out, s);
  fs::remove_all(run);
  fs::remove_all(out);
}

// Periodic in 2D on 2 x 2 ranks and in 3D on 2 x 2 x 2: a ghost cell holds the neighbour's
// interior value inside the domain and the value across the domain at a face (the wrap).
TEST(MisoLayout, GhostCellsHoldNeighboursAndThePeriodicWrap) {
  const Face periodic[3][2] = {{Face::Periodic, Face::Periodic},
                               {Face::Periodic, Face::Periodic},
                               {Face::Periodic, Face::Periodic}};
  for (const bool three_d : {false, true}) {
    SCOPED_TRACE(three_d ? "3D" : "2D");
    const std::string run = fresh_dir("miso_ghost"), out = fresh_dir("miso_ghost_out");
    std::vector<std::string> o = small_vortex({"time.tend=0.05", "time.dt_output=0.05"});
    if (three_d)
      o = {"grid.i_size=8", "grid.j_size=8", "grid.k_size=8", "time.tend=0.05",
           "time.dt_output=0.05"};
    run_into(run, o);
    const auto s = export_run(run, out, {2, 2, three_d ? 2 : 1});
    expect_ghosts(out, s.outputs.back(), io::read_snapshot(snapshot_path(run, s.outputs.back())),
                  periodic);
    fs::remove_all(run);
    fs::remove_all(out);
  }
}

// A reflecting wall at x_lower (the normal velocity and field flip sign), outflow at x_upper
// (zero gradient), periodic along y: the blocks at the faces hold the run's boundary values.
TEST(MisoLayout, GhostCellsHoldTheBoundaryConditionsAtTheFaces) {
  const std::string run = fresh_dir("miso_walls"), out = fresh_dir("miso_walls_out");
  run_into(run, small_vortex({"time.tend=0.05", "time.dt_output=0.05", "domain.periodic.x=false",
                              "boundary.x_lower=reflecting", "boundary.x_upper=outflow"}));
  const auto s = export_run(run, out, {2, 2, 1});
  const Face faces[3][2] = {{Face::Reflecting, Face::Outflow},
                            {Face::Periodic, Face::Periodic},
                            {Face::Periodic, Face::Periodic}};
  expect_ghosts(out, s.outputs.back(), io::read_snapshot(snapshot_path(run, s.outputs.back())),
                faces);
  fs::remove_all(run);
  fs::remove_all(out);
}

// An imported snapshot continues bitwise like the run that never stopped (here on one rank;
// tests/mpi runs the same continuation on two).
TEST(MisoLayout, ImportedSnapshotRestartsAsTheRunThatNeverStopped) {
  const std::string straight = fresh_dir("miso_straight"), first = fresh_dir("miso_first");
  const std::string out = fresh_dir("miso_first_out"), continued = fresh_dir("miso_continued");
  run_into(straight, small_vortex({"time.tend=0.3", "time.dt_output=0.1"}));
  run_into(first, small_vortex({"time.tend=0.2", "time.dt_output=0.1"}));
  export_run(first, out, {2, 1, 1});
  const std::string file = out + "_latest.h5";
  const io::Snapshot imported = import_output(out, -1, file);
  EXPECT_EQ(imported.meta.time, read_index(first).back().second);
  const std::string log =
      run_into(continued, small_vortex({"time.tend=0.3", "time.dt_output=0.1"}), file);
  EXPECT_NE(log.find("restarting from"), std::string::npos) << log;
  const io::Snapshot a = io::read_snapshot(straight + "/" + read_index(straight).back().first);
  const io::Snapshot b = io::read_snapshot(continued + "/" + read_index(continued).back().first);
  EXPECT_EQ(a.meta.step, b.meta.step);
  EXPECT_EQ(a.meta.time, b.meta.time);
  EXPECT_TRUE(a.raw == b.raw);
  for (const std::string& d : {straight, first, out, continued}) fs::remove_all(d);
  fs::remove(file);
}

// An export refuses a folder with files of its own, and an export into an earlier export's folder
// removes exactly the files of that export it does not write again.
TEST(MisoLayout, ExportReplacesOnlyTheFilesOfAnEarlierExport) {
  const std::string run = fresh_dir("miso_dir_run"), out = fresh_dir("miso_dir_out");
  run_into(run, small_vortex({"time.tend=0.2", "time.dt_output=0.1"}));
  fs::create_directories(out);
  write_text(out + "/notes.txt", "mine");
  const std::string refused = error_of([&] { export_run(run, out, {2, 2, 1}); });
  EXPECT_NE(refused.find("is not empty and holds no earlier export (e.g. 'notes.txt')"),
            std::string::npos)
      << refused;
  EXPECT_EQ(std::distance(fs::directory_iterator(out), fs::directory_iterator()), 1);
  fs::remove(out + "/notes.txt");
  const auto first = export_run(run, out, {2, 2, 1});
  write_text(out + "/notes.txt", "mine");
  write_text(out + "/mhd/plot.py", "mine");
  const auto second = export_run(run, out, {1, 1, 1}, {2});
  // Removed: time.0 and time.1, every rank of outputs 0 and 1, ranks 1 to 3 of output 2.
  EXPECT_EQ(second.removed.size(), 2u + 2 * 4 + 3);
  for (const std::string& f : first.files)
    EXPECT_EQ(fs::exists(out + "/" + f),
              std::find(second.files.begin(), second.files.end(), f) != second.files.end())
        << f;
  EXPECT_EQ(read_text(out + "/notes.txt"), "mine");
  EXPECT_EQ(read_text(out + "/mhd/plot.py"), "mine");
  EXPECT_EQ(read_text(out + "/time/n_output.txt"), "2\n");
  expect_round_trip(run, out, second);
  fs::remove_all(run);
  fs::remove_all(out);
}

// A folder of an earlier export replaced by a symbolic link to somewhere else: the export would
// write there and remove the earlier export's files from there. It is refused, nothing written.
TEST(MisoLayout, ExportRefusesAFolderThatIsASymbolicLink) {
  const std::string run = fresh_dir("miso_link_run"), out = fresh_dir("miso_link_out"),
                    elsewhere = fresh_dir("miso_link_elsewhere");
  run_into(run, small_vortex({"time.tend=0.1", "time.dt_output=0.1"}));
  export_run(run, out, {1, 1, 1});
  fs::remove_all(out + "/mhd");
  fs::create_directories(elsewhere);
  write_text(elsewhere + "/mhd.00000000.00000000.bin", "the user's");
  fs::create_directory_symlink(elsewhere, out + "/mhd");
  const std::string refused = error_of([&] { export_run(run, out, {1, 1, 1}); });
  EXPECT_NE(refused.find(out + "/mhd' is a symbolic link"), std::string::npos) << refused;
  EXPECT_EQ(read_text(elsewhere + "/mhd.00000000.00000000.bin"), "the user's");
  fs::remove_all(run);
  fs::remove(out + "/mhd");
  fs::remove_all(out);
  fs::remove_all(elsewhere);
}

TEST(MisoLayout, ExportRefusesADecompositionThatDoesNotDivideAndUnknownSnapshots) {
  const std::string run = fresh_dir("miso_bad_procs"), out = fresh_dir("miso_bad_procs_out");
  run_into(run, small_vortex({"time.tend=0.1", "time.dt_output=0.1"}));
  std::string e = error_of([&] { export_run(run, out, {3, 1, 1}); });
  EXPECT_NE(e.find("3 ranks along x do not divide the grid's 16 cells"), std::string::npos) << e;
  e = error_of([&] { export_run(run, out, {1, 1, 2}); });
  EXPECT_NE(e.find("2 ranks along z do not divide the grid's 1 cells"), std::string::npos) << e;
  e = error_of([&] { export_run(run, out, {1, 1, 1}, {9}); });
  EXPECT_NE(e.find("--snapshot 9: '" + run + "' has snapshots 0 to 1"), std::string::npos) << e;
  EXPECT_FALSE(fs::exists(out));
  e = error_of([&] { export_run(out, run + "_x"); });
  EXPECT_NE(e.find("is not an Alfven run directory"), std::string::npos) << e;
  fs::remove_all(run);
}

// A run directory whose config.yaml no longer describes its snapshots (edited after the run):
// the export names the file and the config.yaml, in an export's words (it said "cannot restart
// from" and suggested --restart), and writes none of the layout's files (only the list of what
// an export may write, kept so that a later export removes nothing else).
TEST(MisoLayout, ExportOfSnapshotsTheConfigurationDoesNotDescribeSaysSo) {
  const std::string run = fresh_dir("miso_edited"), out = fresh_dir("miso_edited_out");
  run_into(run, small_vortex({"time.tend=0.1", "time.dt_output=0.1"}));
  replace_in_file(run + "/config.yaml", "i_size: 16", "i_size: 32");
  const std::string e = error_of([&] { export_run(run, out, {1, 1, 1}); });
  EXPECT_NE(e.find("cannot export '" + run +
                   "/snapshot_0000.h5': it has 16 x 16 x 1 cells, the "
                   "configuration 32 x 16 x 1 (the run directory's config.yaml, which "
                   "describes another run than its snapshots)"),
            std::string::npos)
      << e;
  EXPECT_EQ(e.find("restart"), std::string::npos) << e;
  EXPECT_FALSE(fs::exists(out + "/config.yaml"));
  fs::remove_all(run);
  fs::remove_all(out);
}
