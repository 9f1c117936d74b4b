/// @file embedded/body.hpp
/// @brief What a run says about its embedded bodies: each body's geometry and wall, and the cell
/// counts the ghost-cell tables report. Light on purpose: the run driver includes it.
#pragma once

#include <string>

#include "alfven/geom/tape.hpp"
#include "wall.hpp"

namespace alfven {
namespace mhd {

/// Most bodies one run may hold.
constexpr int max_bodies = 8;

/// Cells reached by a fluid stencil: two along each active axis (the fourth-order differences
/// and the artificial viscosity's limited slopes read no further).
constexpr int embedded_stencil_reach = 2;

/// How far (in cells, along each axis) the search for a path of fluid around a part one cell thick
/// goes before the part is taken to separate two fluids (a plate that would leak; refused): a
/// sharp edge or a tip is thinner than a cell for a few cells from its end, and the fluid joins
/// around it within this reach.
constexpr int thin_part_search_reach = 4;

/// How far (in cells, along an axis) the image stencil of a body's ghost cell can lie from it:
/// the ghost cell lies at most `embedded_stencil_reach` cells inside the body, its mirror image
/// as far outside, and the trilinear stencil adds one cell. A run with bodies keeps at least this
/// many ghost cells per side (grid.margin), so that every image stencil lies in the block's cells.
constexpr int embedded_image_reach = 2 * embedded_stencil_reach + 1;

/// One body of a run: its geometry (any geom::Expr: shapes, transforms, CSG, meshes) and its
/// wall.
struct Body {
  geom::Expr geometry;
  WallRule rule;
  std::string name;  ///< for messages, e.g. "bodies[0]"
};

/// Counts of one block's cells (local; sum them over ranks for the whole domain).
struct EmbeddedCounts {
  long solid = 0;          ///< interior cells whose centre is inside a body
  long ghost = 0;          ///< solid cells set from image points
  long fixed = 0;          ///< solid cells that keep a stored state
  long nearest_fluid = 0;  ///< ghost cells whose image points found no fluid (thin gaps or
                           ///< parts): set from the fluid cells next to them (ghost_cells.hpp)
  /// Solid cells that fluid stencils read from both sides along an axis (fluid within
  /// embedded_stencil_reach cells on either side): parts thinner than 4 cells, whose one ghost
  /// state serves the fluid on both sides (its image lies on one side only).
  long two_sided = 0;
  long solid_per_body[max_bodies] = {};  ///< interior solid cells nearest to each body
};

/// Which of the bodies' stored cells EmbeddedBoundary::apply restores besides the ghost cells.
enum class BodyFill {
  Everything,   ///< every solid cell: after the last update of a step, and at set-up
  ReadByFluid,  ///< only the stored cells a fluid stencil reads: after the other updates
};

/// How far a block's bodies reach towards and across its faces, which decides how much of the
/// ghost layers the time loop must refresh (Solver::set_body_reach). On several ranks take the
/// largest layers_read and the smallest face_distance of all, so that every rank refreshes alike.
struct BodyReach {
  /// Deepest ghost layer (1 = the layer next to the face, 0: none) that an image stencil reads.
  int layers_read = 0;
  /// Fewest interior cells between a cell the bodies write and a face of the block along an
  /// active axis (0: the cell lies on the face layer); a large value when there is none.
  int face_distance = 1 << 30;
};

}  // namespace mhd
}  // namespace alfven
