// `alfven mesh check FILE [--weld TOL] [--no-clean]`: reads a triangle mesh, cleans it, and says
// whether it is fit for the pseudonormal sign mode of the mesh signed distance.
// Exit status: 0 fit, 3 not fit, 1 unreadable (the reader's message on stderr).
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "alfven/core/error.hpp"
#include "alfven/geom/mesh_clean.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "commands.hpp"

namespace alfven {
namespace app {

namespace {

/// What `alfven mesh check` was asked for.
struct MeshCheckOptions {
  std::string file;
  double weld = 1e-7;  ///< relative to the bounding-box diagonal
  bool no_clean = false;
  int examples = 3;
};

/// Exit status when the mesh is readable but not fit for the pseudonormal sign mode.
constexpr int kNotFitExitCode = 3;

std::string point(const geom::Vec3<double>& p) {
  char s[96];
  std::snprintf(s, sizeof s, "(%.6g, %.6g, %.6g)", p.x, p.y, p.z);
  return s;
}

void print_edges(const char* name, std::size_t count, const std::vector<geom::MeshEdge>& examples,
                 const geom::TriangleMesh& m, std::size_t shown) {
  std::printf("  %-22s %zu\n", name, count);
  for (std::size_t i = 0; i < examples.size() && i < shown; ++i) {
    const auto& e = examples[i];
    std::printf("      edge %d-%d: %s to %s\n", e[0], e[1],
                point(m.vertices[std::size_t(e[0])]).c_str(),
                point(m.vertices[std::size_t(e[1])]).c_str());
  }
}

void print_triangles(const char* name, std::size_t count,
                     const std::vector<geom::TrianglePair>& pairs, const geom::TriangleMesh& m,
                     std::size_t shown) {
  std::printf("  %-22s %zu\n", name, count);
  for (std::size_t i = 0; i < pairs.size() && i < shown; ++i) {
    const auto& p = pairs[i];
    const auto c0 = (1.0 / 3) * (m.corner(p[0], 0) + m.corner(p[0], 1) + m.corner(p[0], 2));
    const auto c1 = (1.0 / 3) * (m.corner(p[1], 0) + m.corner(p[1], 1) + m.corner(p[1], 2));
    std::printf("      triangles %zu and %zu, centroids %s and %s\n", p[0], p[1], point(c0).c_str(),
                point(c1).c_str());
  }
}

void mesh_check_command(const MeshCheckOptions& o) {
  ALFVEN_REQUIRE(std::isfinite(o.weld) && o.weld >= 0 && o.weld <= 1,
                 "mesh check: --weld must be a number in 0..1 (a fraction of the bounding-box "
                 "diagonal), got "
                     << o.weld);
  ALFVEN_REQUIRE(o.examples >= 0, "mesh check: --examples must be 0 or more, got " << o.examples);
  const std::size_t examples = std::size_t(o.examples);
  geom::TriangleMesh mesh = geom::read_mesh(o.file);  // alfven::Error -> exit 1 in main
  std::printf("mesh %s\n", o.file.c_str());
  std::printf("  read:                  %zu vertices, %zu triangles\n", mesh.vertex_count(),
              mesh.triangle_count());
  if (!o.no_clean) {
    geom::CleanOptions c;
    c.weld_tolerance = o.weld;
    const auto s = geom::clean(mesh, c);
    std::printf(
        "  cleaned:               welded %zu vertices (tolerance %g x diagonal); removed %zu "
        "degenerate and %zu duplicate triangles, %zu unused vertices\n",
        s.vertices_welded, o.weld, s.degenerate_removed, s.duplicates_removed,
        s.unreferenced_removed);
    std::printf(
        "  oriented:              flipped %zu triangles (%zu closed components reversed to face "
        "out of the solid; %zu cavities, facing inward; %zu edges left inconsistent)\n",
        s.orientation.triangles_flipped, s.orientation.components_reversed, s.orientation.cavities,
        s.orientation.conflicts);
    if (mesh.triangle_count() == 0) {
      std::printf(
          "verdict: unfit: no triangles left after cleaning (all %zu were degenerate or "
          "duplicates at weld tolerance %g x the bounding-box diagonal); try a smaller --weld\n",
          s.degenerate_removed + s.duplicates_removed, o.weld);
      std::fflush(stdout);
      throw CLI::RuntimeError(kNotFitExitCode);
    }
  }
  geom::ValidateOptions v;
  v.relative_tolerance = o.weld > 0 ? o.weld : 1e-7;
  v.max_examples = examples;  // the report keeps as many as are printed
  const geom::MeshReport r = geom::validate(mesh, v);
  const auto [lo, hi] = mesh.bounds();
  std::printf("  now:                   %zu vertices, %zu triangles, %zu edges\n", r.vertex_count,
              r.triangle_count, r.edges);
  std::printf("  bounds:                %s to %s (diagonal %g)\n", point(lo).c_str(),
              point(hi).c_str(), r.diagonal);
  std::printf("  components:            %zu (%zu closed, %zu of them cavities)\n", r.components,
              r.closed_components, r.cavities);
  std::printf("  misoriented:           %zu closed components facing against their nesting\n",
              r.misoriented_components);
  print_edges("open edges:", r.open_edges, r.open_edge_examples, mesh, examples);
  print_edges("non-manifold edges:", r.non_manifold_edges, r.non_manifold_edge_examples, mesh,
              examples);
  print_edges("inconsistent edges:", r.inconsistent_edges, r.inconsistent_edge_examples, mesh,
              examples);
  std::printf("  %-22s %zu\n", "degenerate triangles:", r.degenerate_triangles);
  for (std::size_t i = 0; i < r.degenerate_examples.size() && i < examples; ++i)
    std::printf("      triangle %zu at %s\n", r.degenerate_examples[i],
                point(mesh.corner(r.degenerate_examples[i], 0)).c_str());
  print_triangles("duplicate triangles:", r.duplicate_triangles, r.duplicate_examples, mesh,
                  examples);
  print_triangles("self-overlaps:", r.self_overlaps, r.self_overlap_examples, mesh, examples);
  std::printf("  signed volume:         %g\n", r.signed_volume);
  std::printf("  watertight:            %s\n", r.watertight() ? "yes" : "no");
  if (r.fit_for_pseudonormal()) {
    std::printf(
        "verdict: fit for the pseudonormal sign mode (closed, manifold, consistently "
        "oriented out of the solid, no self-overlaps)\n");
    return;
  }
  std::string why;
  auto add = [&why](bool bad, const char* what) {
    if (bad) why += (why.empty() ? "" : ", ") + std::string(what);
  };
  add(r.open_edges > 0, "open edges");
  add(r.non_manifold_edges > 0, "non-manifold edges");
  add(r.inconsistent_edges > 0, "inconsistent orientation");
  add(r.degenerate_triangles > 0, "degenerate triangles");
  add(r.duplicate_triangles > 0, "duplicate triangles");
  add(r.self_overlaps > 0, "self-overlaps");
  add(r.watertight() && r.inconsistent_edges == 0 && r.signed_volume <= 0, "inward orientation");
  add(r.misoriented_components > 0,
      "a closed component facing against its nesting (a cavity facing outward or a solid inside "
      "out)");
  std::printf(
      "verdict: NOT fit for the pseudonormal sign mode (%s); use the winding-number sign mode "
      "or repair the mesh%s\n",
      why.c_str(),
      r.misoriented_components > 0 && o.no_clean
          ? " (cleaning, without --no-clean, orients closed components by nesting)"
          : "");
  std::fflush(stdout);
  throw CLI::RuntimeError(kNotFitExitCode);
}

}  // namespace

void add_mesh_command(CLI::App& app) {
  CLI::App* mesh = app.add_subcommand("mesh", "Triangle mesh files (STL, PLY, OBJ, legacy VTK)");
  mesh->require_subcommand(1);
  auto opts = std::make_shared<MeshCheckOptions>();
  CLI::App* check = mesh->add_subcommand(
      "check",
      "Read, clean and validate a mesh; exit 0 if fit for the pseudonormal sign mode, "
      "3 if not, 1 if unreadable");
  check->add_option("file", opts->file, "Mesh file: .stl, .ply, .obj or .vtk")->required();
  check->add_option("--weld", opts->weld,  // checked in mesh_check_command, readably
                    "Weld tolerance relative to the bounding-box diagonal, 0..1 (default 1e-7)");
  check->add_flag("--no-clean", opts->no_clean, "Validate the mesh as read, without cleaning");
  check->add_option("--examples", opts->examples,
                    "Example locations shown per problem, 0 or more (default 3)");
  check->callback([opts]() { mesh_check_command(*opts); });
}

}  // namespace app
}  // namespace alfven
