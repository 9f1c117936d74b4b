/// @file mesh_clean.hpp
/// @brief Cleaning and validating triangle meshes before they become signed distance functions:
/// weld vertices, drop degenerate and duplicate triangles, make the orientation consistent and
/// out of the solid (outward; cavities inward), and report what stands in the way of a sign by
/// angle-weighted pseudonormals (Baerentzen & Aanaes, "Signed distance computation using the angle
/// weighted pseudonormal", IEEE TVCG 11(3), 2005: exact only on closed, manifold, consistently
/// oriented surfaces without self-intersections). Host only (library alfven_mesh_io).
///
/// Tolerances are relative to the diagonal of the mesh's bounding box, so they do not depend on
/// the file's unit. Every whole-mesh function here first runs TriangleMesh::check_indices() (an
/// index out of range or a non-finite coordinate throws alfven::Error naming the mesh's source).
/// Edges are unordered vertex pairs {a, b}; a triangle (a, b, c) has the directed edges a->b, b->c,
/// c->a.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "triangle_mesh.hpp"

namespace alfven {
namespace geom {

/// Merges vertices closer than `relative_tolerance` times the bounding-box diagonal (Euclidean
/// distance <= tolerance; 0 merges exactly equal positions only). Greedy in vertex order: each
/// vertex joins the first kept vertex within the tolerance, found through a uniform hash grid with
/// cells of the tolerance's size (expected O(n)). Triangles are re-indexed; vertices no triangle
/// uses any more are removed. Returns the number of vertices removed.
/// Throws alfven::Error if relative_tolerance is negative or not finite.
std::size_t weld_vertices(TriangleMesh& mesh, double relative_tolerance = 1e-7);

/// True if triangle t repeats a vertex index or its smallest height (2 area / longest edge) is at
/// most `relative_tolerance` times the bounding-box diagonal (collinear corners). Computes the
/// diagonal on each call (O(vertices)); remove_degenerate_triangles and validate compute it once.
bool is_degenerate(const TriangleMesh& mesh, std::size_t t, double relative_tolerance = 1e-7);

/// Removes degenerate triangles (see is_degenerate). Returns how many were removed.
std::size_t remove_degenerate_triangles(TriangleMesh& mesh, double relative_tolerance = 1e-7);

/// Removes triangles with the same three vertex indices as an earlier one, in any order and either
/// orientation (the first is kept). Returns how many were removed.
std::size_t remove_duplicate_triangles(TriangleMesh& mesh);

/// Removes vertices no triangle uses and re-indexes the triangles. Returns how many were removed.
std::size_t remove_unreferenced_vertices(TriangleMesh& mesh);

/// What orient_consistently changed.
struct OrientationChange {
  std::size_t triangles_flipped = 0;  ///< triangles whose winding was reversed in total
  /// Closed components reversed as a whole (after the flood fill) to face out of the solid:
  /// outward, or inward for a cavity.
  std::size_t components_reversed = 0;
  std::size_t cavities = 0;   ///< closed components inside an odd number of others: face inward
  std::size_t conflicts = 0;  ///< manifold edges left inconsistent (non-orientable surfaces)
};

/// Makes neighbouring triangles agree and every closed surface face out of the solid it bounds.
/// In each connected component, a breadth-first flood fill from its first triangle flips a
/// neighbour across a manifold edge (exactly two triangles) when both use the edge in the same
/// direction. Then every closed component (no open or non-manifold edge, no edge left
/// inconsistent) with negative signed volume is reversed, so its normals point out. The volume is
/// summed about the centre of the component's bounding box (with a compensated sum), not about
/// the origin, so that the orientation is right however far from the origin the mesh lies (a sum
/// about the origin loses every digit for a mesh of size 1 shifted by 1e6). Last, components are
/// oriented by nesting: a closed component inside an odd number of others (a cavity, e.g. the
/// inner sphere of a hollow shell) is reversed to face inward, into the cavity; one inside an even
/// number (none, or an island inside a cavity) stays outward (the depths: mesh_nesting.hpp, from
/// winding numbers at a few points of each component; a component crossing another counts as
/// outside it). Non-manifold edges are not crossed; open components are only made consistent.
OrientationChange orient_consistently(TriangleMesh& mesh);

/// A triangle pair, by index into `triangles`.
using TrianglePair = std::array<std::size_t, 2>;
/// An edge {a, b} by vertex indices, a < b.
using MeshEdge = std::array<std::int32_t, 2>;

/// What validate() found. Counts are complete; the example lists hold at most
/// ValidateOptions::max_examples entries each.
struct MeshReport {
  std::string source;  ///< the mesh's file
  std::size_t vertex_count = 0, triangle_count = 0;
  std::size_t unreferenced_vertices = 0;  ///< vertices no triangle uses
  std::size_t components = 0;             ///< edge-connected triangle components
  std::size_t closed_components = 0;      ///< components without open or non-manifold edges
  /// Closed, consistently oriented components inside an odd number of others (cavities),
  /// whichever way they face.
  std::size_t cavities = 0;
  /// Closed, consistently oriented components facing against their nesting: inward though inside
  /// an even number of others (none: a solid inside out), or outward though inside an odd number
  /// (a cavity facing outward, as a shell turned outward of itself). clean() leaves none.
  std::size_t misoriented_components = 0;
  std::size_t edges = 0;               ///< distinct edges
  std::size_t open_edges = 0;          ///< edges of exactly one triangle (holes, cracks)
  std::size_t non_manifold_edges = 0;  ///< edges of more than two triangles
  std::size_t inconsistent_edges = 0;  ///< two-triangle edges both traverse in the same direction
  std::size_t degenerate_triangles = 0;
  std::size_t duplicate_triangles = 0;  ///< same vertex set as an earlier triangle
  std::size_t self_overlaps = 0;  ///< triangle pairs meeting other than at shared vertices/edges
  bool self_overlaps_checked = true;
  std::vector<MeshEdge> open_edge_examples, non_manifold_edge_examples, inconsistent_edge_examples;
  std::vector<std::size_t> degenerate_examples;
  std::vector<TrianglePair> duplicate_examples, self_overlap_examples;
  /// Sum of det(a - o, b - o, c - o) / 6 over the triangles (divergence theorem), o the centre
  /// of the mesh's bounding box: the enclosed volume of a closed mesh (independent of o), summed
  /// about o so that it keeps its digits far from the origin.
  double signed_volume = 0;
  double diagonal = 0;  ///< bounding-box diagonal (for the tolerances)
  /// No open and no non-manifold edge (and at least one triangle).
  bool watertight() const {
    return triangle_count > 0 && open_edges == 0 && non_manifold_edges == 0;
  }
  /// Watertight, consistently oriented, outward (signed volume > 0, every closed component facing
  /// out of the solid: cavities inward), no degenerate triangles and no self-overlaps: the
  /// conditions under which the pseudonormal sign is exact.
  bool fit_for_pseudonormal() const {
    return watertight() && inconsistent_edges == 0 && degenerate_triangles == 0 &&
           duplicate_triangles == 0 && self_overlaps_checked && self_overlaps == 0 &&
           signed_volume > 0 && misoriented_components == 0;
  }
};

/// True if triangles s and t (different indices) of `mesh` meet other than at the vertices or
/// edge they share: the pair test validate() applies to the candidates its hierarchy finds (see
/// validate for the method). `tolerance`: absolute distance (mesh unit) below which a corner
/// counts as lying in the other triangle's plane. Degenerate triangles never overlap here (they
/// are reported as degenerate). Symmetric: the same answer for (s, t) and (t, s), so validate's
/// count does not depend on the order of the triangles. Throws alfven::Error for invalid indices.
bool triangles_overlap(const TriangleMesh& mesh, std::size_t s, std::size_t t, double tolerance);

/// Options of validate().
struct ValidateOptions {
  double relative_tolerance =
      1e-7;                       ///< for degenerate triangles and coplanarity, times the diagonal
  std::size_t max_examples = 10;  ///< entries kept in each example list
  bool check_self_overlaps = true;  ///< the O(n log n) pair search; off for a quick topology check
};

/// Checks `mesh` without changing it (see MeshReport). Nesting: as orient_consistently (one
/// MeshSDF of the closed components when there are two or more). Self-overlaps: candidate pairs
/// come from a bounding-volume hierarchy over triangle boxes; each pair is tested with orientation
/// determinants (the segment-triangle form of the triangle-triangle test, cf. Guigue & Devillers,
/// "Fast and robust triangle-triangle overlap test using orientation predicates", JGT 8(1), 2003),
/// in double precision, not exact arithmetic. Pairs sharing an edge overlap only when coplanar and
/// folded onto each other; pairs sharing a vertex are tested with each triangle shrunk towards its
/// centroid by a relative 1e-6, so contact at the shared vertex alone does not count. Throws
/// alfven::Error for a bad index, a non-finite coordinate or a size outside
/// MeshExtentRange<double> (triangle_mesh.hpp: products of four lengths would overflow).
MeshReport validate(const TriangleMesh& mesh, const ValidateOptions& options = {});

/// Options of clean(); every step is on by default.
struct CleanOptions {
  double weld_tolerance = 1e-7;  ///< relative to the bounding-box diagonal; < 0 skips welding
  bool remove_degenerate = true;
  bool remove_duplicates = true;
  bool orient = true;
  bool remove_unreferenced = true;
};

/// What clean() changed.
struct CleanSummary {
  std::size_t vertices_welded = 0, degenerate_removed = 0, duplicates_removed = 0,
              unreferenced_removed = 0;
  OrientationChange orientation;
  bool changed() const {
    return vertices_welded || degenerate_removed || duplicates_removed || unreferenced_removed ||
           orientation.triangles_flipped;
  }
};

/// Runs, in order: weld_vertices, remove_degenerate_triangles, remove_duplicate_triangles,
/// remove_unreferenced_vertices, orient_consistently. Holes, non-manifold edges and
/// self-overlaps are not repaired (validate() reports them). Throws alfven::Error as validate(),
/// and, naming the vertex (index, a triangle of it, position) and the file, when a vertex lies so
/// far from the others (more than 1 / (100 weld_tolerance), and at least 1e3, times the median
/// distance of the vertices from their median point) that the tolerances, relative to the
/// bounding box, would weld or drop every other triangle.
CleanSummary clean(TriangleMesh& mesh, const CleanOptions& options = {});

}  // namespace geom
}  // namespace alfven
