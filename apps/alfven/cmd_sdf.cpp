// `alfven sdf MESH (--points IN.csv | --grid N) -o OUT [options]`: the signed distance of a
// triangle mesh on the points of a CSV file (CSV out) or on an N^3 grid of cell centres over the
// mesh's padded bounding box (HDF5 + XDMF out, for ParaView). The evaluation itself is
// alfven_mesh_eval (mesh_sdf_eval.hpp), on the host or on a CUDA device.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/text.hpp"
#include "alfven/geom/mesh_clean.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "alfven/geom/mesh_sdf_eval.hpp"
#include "alfven/io/atomic_file.hpp"
#include "alfven/io/points_csv.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/io/xdmf.hpp"
#include "commands.hpp"

namespace alfven {
namespace app {

namespace {

/// What `alfven sdf` was asked for.
struct SdfOptions {
  std::string mesh;
  std::string points;  ///< CSV of query points ("" when --grid)
  int grid = 0;        ///< cells per axis (when grid_given)
  bool points_given = false, grid_given = false;
  std::string output;
  std::string sign = "pseudonormal";
  std::string backend = "host";
  std::string precision = "double";
  std::string build = "sah";
  double pad = 0.1;    ///< grid padding, fraction of the box extent per side
  double weld = 1e-7;  ///< relative to the bounding-box diagonal
  bool no_clean = false;
  bool closest = false;
  bool force = false;  ///< replace outputs that exist
};

// ---- points ------------------------------------------------------------------------------------

/// The names of the extra columns of the points output: signed_distance, and with --closest the
/// closest point and the triangle.
std::vector<std::string> result_column_names(bool closest) {
  std::vector<std::string> names = {"signed_distance"};
  if (closest)
    for (const char* c : {"closest_x", "closest_y", "closest_z", "triangle"}) names.push_back(c);
  return names;
}

/// The extra columns of the points output (result_column_names): signed_distance, and with
/// --closest the closest point and the triangle (0-based); 9 significant digits in float, 17 in
/// double.
std::vector<io::PointsColumn> result_columns(const geom::MeshEvalResult& r, bool single) {
  const int digits = single ? 9 : 17;
  const std::vector<std::string> names = result_column_names(!r.closest.empty());
  std::vector<io::PointsColumn> columns;
  columns.push_back({names[0], r.signed_distance, digits});
  if (!r.closest.empty()) {
    const std::size_t n = r.closest.size();
    io::PointsColumn cx{names[1], {}, digits}, cy{names[2], {}, digits}, cz{names[3], {}, digits},
        triangle{names[4], {}, 17};
    for (io::PointsColumn* c : {&cx, &cy, &cz, &triangle}) c->values.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      cx.values.push_back(r.closest[i].x);
      cy.values.push_back(r.closest[i].y);
      cz.values.push_back(r.closest[i].z);
      triangle.values.push_back(double(r.triangle[i]));
    }
    for (io::PointsColumn* c : {&cx, &cy, &cz, &triangle}) columns.push_back(std::move(*c));
  }
  return columns;
}

// ---- grid output --------------------------------------------------------------------------------

/// OUT.h5 -> OUT.xdmf (other names: OUT + ".xdmf").
std::string xdmf_path_for(const std::string& h5) {
  const std::size_t dot = h5.find_last_of('.'), slash = h5.find_last_of('/');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash))
    return h5.substr(0, dot) + ".xdmf";
  return h5 + ".xdmf";
}

std::string file_name(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

void write_grid(const SdfOptions& o, const geom::MeshEvalGrid& g, const geom::MeshEvalResult& r,
                bool single) {
  io::GridInfo info{};
  const double lo[3] = {g.lo.x, g.lo.y, g.lo.z}, h[3] = {g.spacing.x, g.spacing.y, g.spacing.z};
  for (int a = 0; a < 3; ++a) {
    info.n[a] = g.n[std::size_t(a)];
    info.lo[a] = lo[a];
    info.hi[a] = lo[a] + g.n[std::size_t(a)] * h[a];
  }
  io::SnapshotMeta meta;
  meta.run_state = false;  // no time, step, index, problem or gamma: this grid is no run's state
  meta.text["written_by"] = "alfven sdf";
  meta.text["mesh_file"] = o.mesh;
  meta.text["sign_mode"] = o.sign;
  meta.text["bvh_build"] = o.build;
  meta.text["precision"] = o.precision;
  meta.vectors["origin"] = {lo[0], lo[1], lo[2]};
  meta.vectors["spacing"] = {h[0], h[1], h[2]};
  meta.extra["pad"] = o.pad;
  std::vector<float> f;
  if (single) f.assign(r.signed_distance.begin(), r.signed_distance.end());
  const io::DataType type = single ? io::DataType::Float32 : io::DataType::Float64;
  const void* data = single ? static_cast<const void*>(f.data())
                            : static_cast<const void*>(r.signed_distance.data());
  io::write_snapshot(o.output, info, meta, {io::FieldRef{"signed_distance", type, data}});
  const std::string xdmf = xdmf_path_for(o.output);
  io::write_xdmf(xdmf, info, type, {"signed_distance"}, {{file_name(o.output), 0.0}},
                 io::XdmfCentring::Node);
  std::printf("wrote %s (dataset signed_distance, shape (%d, %d, %d) = (nz, ny, nx)) and %s\n",
              o.output.c_str(), g.n[2], g.n[1], g.n[0], xdmf.c_str());
}

// ---- checks before any work ---------------------------------------------------------------------

/// Whether a and b name the same file: std::filesystem::equivalent when both exist, else the
/// same weakly canonical path.
bool same_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) {
    const bool eq = fs::equivalent(a, b, ec);
    if (!ec) return eq;
  }
  std::error_code ea, eb;
  const fs::path ca = fs::weakly_canonical(a, ea), cb = fs::weakly_canonical(b, eb);
  if (ea || eb) return a == b;
  return ca == cb;
}

std::string extension_of(const std::string& path) {
  return text::to_lower(std::filesystem::path(path).extension().string());
}

/// Output names: the grid is HDF5 (.h5/.hdf5, with an .xdmf next to it), points are CSV; no
/// output may be one of the inputs, nor (without --force) a file that exists.
void check_output_paths(const SdfOptions& o) {
  const std::string name = std::filesystem::path(o.output).filename().string();
  ALFVEN_REQUIRE(!name.empty() && name != "." && name != ".." &&
                     !std::filesystem::path(name).stem().empty() &&
                     !(name[0] == '.' && std::filesystem::path(name).extension().empty()),
                 "sdf: -o '" << o.output << "' names no file: give a file name such as "
                             << (o.grid_given ? "grid.h5" : "distances.csv"));
  const std::string ext = extension_of(o.output);
  if (o.grid_given) {
    ALFVEN_REQUIRE(ext == ".h5" || ext == ".hdf5",
                   "sdf: with --grid the output is an HDF5 file (and an .xdmf written next to it), "
                   "so -o must end in .h5 or .hdf5; got '"
                       << o.output << "' (for example -o "
                       << std::filesystem::path(o.output).replace_extension(".h5").string() << ")");
  } else {
    ALFVEN_REQUIRE(ext == ".csv",
                   "sdf: with --points the output is a CSV file, so -o must end in .csv; got '"
                       << o.output << "'");
  }
  std::vector<std::pair<std::string, std::string>> inputs = {{"the mesh", o.mesh}};
  if (o.points_given) inputs.emplace_back("the points file", o.points);
  std::vector<std::string> outputs = {o.output};
  if (o.grid_given) outputs.push_back(xdmf_path_for(o.output));
  // Each output as messages name it: the XDMF one says where it comes from.
  const auto named = [&](const std::string& out) {
    return "'" + out + "'" +
           (out == o.output ? std::string() : " (the XDMF written next to the HDF5 output)");
  };
  for (const auto& out : outputs)
    for (const auto& [what, in] : inputs)
      ALFVEN_REQUIRE(!same_file(out, in), "sdf: the output "
                                              << named(out) << " is " << what << " '" << in
                                              << "'; writing it would destroy the input: choose "
                                                 "another -o");
  for (const auto& out : outputs) {  // before any work, as the writers will check
    io::require_no_temporary(io::temporary_path(out), out, "sdf: output");
    std::error_code ec;
    const std::filesystem::path folder = std::filesystem::path(out).parent_path();
    ALFVEN_REQUIRE(folder.empty() || std::filesystem::is_directory(folder, ec),
                   "sdf: the folder '" << folder.string() << "' of " << named(out)
                                       << " does not exist; create it or choose another -o");
    ALFVEN_REQUIRE(!std::filesystem::is_directory(out, ec),
                   "sdf: " << named(out) << " is a directory; choose another -o");
    ALFVEN_REQUIRE(o.force || !std::filesystem::exists(std::filesystem::symlink_status(out, ec)),
                   "sdf: " << named(out) << " exists; give --force to replace it, or another -o");
  }
}

double gib(double bytes) {
  return bytes / (1024.0 * 1024.0 * 1024.0);
}

/// Physical memory of this machine in bytes (0 if unknown).
double physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? double(pages) * double(page) : 0.0;
}

/// About the peak memory of an N^3 grid evaluation: the evaluator's query buffers (distance,
/// closest point and triangle per cell), the distances copied out in T and in double, and the
/// float copy written in single precision.
double grid_bytes_needed(int n, bool single) {
  const double cells = double(n) * double(n) * double(n);
  const double t = single ? 4.0 : 8.0;
  return cells * ((7 * t + 4) + t + 8 + (single ? 4 : 0));
}

// ---- the command --------------------------------------------------------------------------------

void sdf_command_body(const SdfOptions& o);

void sdf_command(const SdfOptions& o) {
  try {
    sdf_command_body(o);
  } catch (const std::bad_alloc&) {
    char need[64] = "";
    if (o.grid_given)
      std::snprintf(need, sizeof need, " (--grid %d needs about %.3g GiB)", o.grid,
                    gib(grid_bytes_needed(o.grid, o.precision == "float")));
    throw Error(std::string("sdf: out of memory") + need +
                "; use a smaller --grid, fewer points or --precision float");
  }
}

void sdf_command_body(const SdfOptions& o) {
  if (o.grid_given)
    ALFVEN_REQUIRE(o.grid >= 1 && o.grid <= 2048, "sdf: --grid must be in 1..2048, got " << o.grid);
  ALFVEN_REQUIRE(o.points_given != o.grid_given,
                 "sdf: give exactly one of --points IN.csv and --grid N");
  ALFVEN_REQUIRE(
      std::isfinite(o.pad) && o.pad >= 0 && o.pad <= 10,
      "sdf: --pad must be a number in 0..10 (a fraction of the box extent per side), got "
          << o.pad);
  ALFVEN_REQUIRE(std::isfinite(o.weld) && o.weld >= 0 && o.weld <= 1,
                 "sdf: --weld must be a number in 0..1 (a fraction of the bounding-box diagonal), "
                 "got "
                     << o.weld);
  check_output_paths(o);
  geom::MeshEvalOptions eo;
  eo.sdf.sign = o.sign == "winding" ? geom::SignMode::WindingNumber : geom::SignMode::Pseudonormal;
  ALFVEN_REQUIRE(geom::parse_bvh_build(o.build, eo.sdf.build), "sdf: unknown --build " << o.build);
  eo.backend = o.backend == "cuda" ? geom::MeshEvalBackend::Cuda : geom::MeshEvalBackend::Host;
  eo.precision =
      o.precision == "float" ? geom::MeshEvalPrecision::Float : geom::MeshEvalPrecision::Double;
  eo.closest = o.closest;
  const bool single = eo.precision == geom::MeshEvalPrecision::Float;
  if (o.grid_given) {
    const double need = grid_bytes_needed(o.grid, single), have = physical_memory_bytes();
    char msg[256];
    std::snprintf(msg, sizeof msg,
                  "sdf: --grid %d (%.4g cells) needs about %.3g GiB, this machine has %.3g GiB; "
                  "use a smaller --grid%s",
                  o.grid, double(o.grid) * o.grid * o.grid, gib(need), gib(have),
                  single ? "" : " or --precision float");
    if (have > 0 && need > have) throw Error(msg);
  }
  if (eo.backend == geom::MeshEvalBackend::Cuda && !geom::mesh_eval_cuda_compiled())
    throw Error(
        "sdf: --backend cuda: this build has no CUDA backend; rebuild with the CMake preset "
        "`cuda` (-DALFVEN_ENABLE_CUDA=ON) or use --backend host");

  // Read points first: a malformed CSV should fail before a long mesh load.
  io::PointsTable csv;
  std::vector<geom::Vec3<double>> points;
  if (!o.points.empty()) {
    csv = io::read_points_csv(o.points);
    for (const std::string& name : result_column_names(o.closest))
      ALFVEN_REQUIRE(std::find(csv.columns.begin(), csv.columns.end(), name) == csv.columns.end(),
                     "sdf: " << o.points << " has a column '" << name
                             << "', which the output adds; rename or remove it in the input");
    points.reserve(csv.points.size());
    for (const auto& p : csv.points) points.push_back(geom::Vec3<double>{p[0], p[1], p[2]});
  }

  geom::TriangleMesh mesh = geom::read_mesh(o.mesh);
  std::printf("mesh %s: %zu vertices, %zu triangles\n", o.mesh.c_str(), mesh.vertex_count(),
              mesh.triangle_count());
  if (!o.no_clean) {
    geom::CleanOptions c;
    c.weld_tolerance = o.weld;
    const geom::CleanSummary s = geom::clean(mesh, c);
    std::printf(
        "  cleaned: welded %zu vertices, removed %zu degenerate and %zu duplicate triangles, "
        "flipped %zu; now %zu triangles\n",
        s.vertices_welded, s.degenerate_removed, s.duplicates_removed,
        s.orientation.triangles_flipped, mesh.triangle_count());
    ALFVEN_REQUIRE(mesh.triangle_count() > 0,
                   "sdf: " << o.mesh << ": no triangles left after cleaning (all "
                           << s.degenerate_removed + s.duplicates_removed
                           << " were degenerate or duplicates at weld tolerance " << o.weld
                           << " x the bounding-box diagonal); try a smaller --weld");
  }
  geom::ValidateOptions vo;
  vo.relative_tolerance = o.weld > 0 ? o.weld : 1e-7;
  const geom::MeshReport report = geom::validate(mesh, vo);
  ALFVEN_REQUIRE(report.degenerate_triangles < mesh.triangle_count(),
                 "sdf: " << o.mesh << ": all " << mesh.triangle_count()
                         << " triangles are degenerate (zero area); there is no surface to "
                            "measure the distance to");
  std::printf("  watertight: %s; fit for the pseudonormal sign mode: %s\n",
              report.watertight() ? "yes" : "no", report.fit_for_pseudonormal() ? "yes" : "no");
  if (!report.fit_for_pseudonormal() && eo.sdf.sign == geom::SignMode::Pseudonormal)
    std::fprintf(stderr,
                 "alfven: warning: %s is not fit for the pseudonormal sign mode (%zu open, %zu "
                 "non-manifold, %zu inconsistent edges, %zu self-overlaps, %zu closed components "
                 "facing against their nesting; see `alfven mesh check`): signs may be wrong; "
                 "use --sign winding\n",
                 o.mesh.c_str(), report.open_edges, report.non_manifold_edges,
                 report.inconsistent_edges, report.self_overlaps, report.misoriented_components);
  // Closed and consistent but inward (only possible with --no-clean: cleaning turns closed
  // components outward): the pseudonormal signs are flipped and winding numbers come out negative.
  if (report.watertight() && report.inconsistent_edges == 0 && report.signed_volume < 0)
    std::fprintf(stderr,
                 "alfven: warning: %s is oriented inward (negative signed volume %g): with "
                 "either sign mode the signs come out flipped (winding numbers are negative, so "
                 "every point is marked outside)%s\n",
                 o.mesh.c_str(), report.signed_volume,
                 o.no_clean ? "; drop --no-clean to let cleaning orient it outward" : "");
  // A cavity facing outward or a part inside out among other parts (only with --no-clean:
  // cleaning orients closed components by nesting): wrong signs inside it in both modes.
  if (report.misoriented_components > 0 && report.signed_volume >= 0)
    std::fprintf(stderr,
                 "alfven: warning: %s has %zu closed components facing against their nesting (a "
                 "cavity facing outward or a part inside out): with either sign mode the signs "
                 "come out wrong inside them (--sign winding does not help)%s\n",
                 o.mesh.c_str(), report.misoriented_components,
                 o.no_clean ? "; drop --no-clean to let cleaning orient them" : "");

  // A distance must square within the precision (docs/geometry.md, "Far queries"): refuse a point
  // farther than half the square root of the largest value from the mesh (its distance is at
  // most |p - centre| + half the box diagonal), which would give inf.
  if (!points.empty()) {
    const auto [lo, hi] = mesh.bounds();
    const geom::Vec3<double> centre = (lo + hi) * 0.5;
    const double radius = 0.5 * geom::length(hi - lo);
    const double limit = 0.5 * std::sqrt(single ? double(std::numeric_limits<float>::max())
                                                : std::numeric_limits<double>::max());
    for (std::size_t i = 0; i < points.size(); ++i) {
      const geom::Vec3<double> d = (points[i] - centre) * (1.0 / limit);  // no overflow
      ALFVEN_REQUIRE(
          geom::length(d) + radius / limit < 1.0,
          "sdf: point " << i << " of " << o.points << " (" << points[i].x << ", " << points[i].y
                        << ", " << points[i].z << ") lies too far from the mesh for " << o.precision
                        << ": distances above about " << limit << " overflow when squared"
                        << (single ? "; use --precision double" : "; move or scale the points"));
    }
  }

  geom::MeshEvalResult r;
  geom::MeshEvalGrid g;
  if (o.grid > 0) {
    g = geom::padded_grid(mesh, o.grid, o.pad);
    r = geom::evaluate_mesh_sdf_grid(mesh, g, eo);
  } else {
    r = geom::evaluate_mesh_sdf(mesh, points, eo);
  }
  const std::size_t n = r.signed_distance.size();
  std::printf("  BVH (%s, %s): %zu triangles, built in %.3g s\n", o.build.c_str(),
              o.precision.c_str(), r.triangles_kept, r.build_seconds);
  std::printf("  evaluated %zu %s (%s sign) on %s in %.3g s: %.3g queries/s (%.3g s in all)\n", n,
              o.grid > 0 ? "grid cells" : "points", o.sign.c_str(), r.device.c_str(),
              r.query_seconds, r.query_seconds > 0 ? double(n) / r.query_seconds : 0.0,
              r.total_seconds);
  if (o.grid > 0) {
    write_grid(o, g, r, single);
  } else {
    io::write_points_csv(o.output, csv, result_columns(r, single));
    std::printf("wrote %s (%zu point%s)\n", o.output.c_str(), n, n == 1 ? "" : "s");
  }
}

}  // namespace

void add_sdf_command(CLI::App& app) {
  auto opts = std::make_shared<SdfOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sdf",
      "Signed distance of a triangle mesh (negative inside) on the points of a CSV file or on "
      "an N^3 grid (HDF5 + XDMF for ParaView)");
  cmd->add_option("mesh", opts->mesh, "Mesh file: .stl, .ply, .obj or .vtk")->required();
  auto* points = cmd->add_option(
      "--points", opts->points,
      "CSV of query points: a header naming x, y, z (other columns are copied through), or "
      "three numbers per line without a header");
  auto* grid = cmd->add_option("--grid", opts->grid,
                               "Evaluate at the N^3 cell centres of the mesh's bounding box "
                               "padded by --pad on each side");
  points->excludes(grid);
  cmd->add_option("-o,--output", opts->output,
                  "Output: CSV (with --points) or HDF5 (with --grid; an .xdmf is written next "
                  "to it)")
      ->required();
  cmd->add_option("--sign", opts->sign, "Sign mode: pseudonormal (default) or winding")
      ->check(CLI::IsMember({"pseudonormal", "winding"}));
  cmd->add_option("--backend", opts->backend, "host (default, all threads) or cuda")
      ->check(CLI::IsMember({"host", "cuda"}));
  cmd->add_option("--precision", opts->precision, "float or double (default)")
      ->check(CLI::IsMember({"float", "double"}));
  cmd->add_option("--build", opts->build,
                  "BVH construction: sah (default) or morton on the host, or lbvh (in parallel, "
                  "on the backend: the CUDA device or the host's threads; for large meshes)")
      ->check(CLI::IsMember({"sah", "morton", "lbvh"}));
  cmd->add_option("--pad", opts->pad,
                  "Grid padding on each side, fraction of the box extent, 0..10 (default 0.1)");
  cmd->add_option("--weld", opts->weld,
                  "Weld tolerance relative to the bounding-box diagonal, 0..1 (default 1e-7)");
  cmd->add_flag("--no-clean", opts->no_clean,
                "Use the mesh as read (no welding, degenerate removal or orientation)");
  cmd->add_flag("--force", opts->force,
                "Replace the output (and with --grid its .xdmf) when it exists");
  cmd->add_flag("--closest", opts->closest,
                "Points: also write closest_x, closest_y, closest_z and triangle (0-based)");
  cmd->callback([opts, points, grid]() {
    opts->points_given = points->count() > 0;
    opts->grid_given = grid->count() > 0;
    sdf_command(*opts);
  });
}

}  // namespace app
}  // namespace alfven
