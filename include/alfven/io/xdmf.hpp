/// @file xdmf.hpp
/// @brief The XDMF index of a run: one small XML file that lists every snapshot (HDF5 file and
/// time) so that ParaView and VisIt open the whole time series at once.
///
/// Format: XDMF 2 ("Xdmf.dtd"), a Temporal collection of Uniform grids with a 3DCoRectMesh
/// topology (node dimensions "nz+1 ny+1 nx+1") and ORIGIN_DXDYDZ geometry (origin and spacing in
/// z, y, x order, as XDMF expects for these meshes); each field is a cell-centred scalar Attribute
/// whose HDF DataItem points to `file.h5:/name` with dimensions "nz ny nx"; each vector a
/// cell-centred Vector Attribute of dimensions "nz ny nx 3" (what ParaView's default XDMF reader,
/// Xdmf3ReaderS, shows as a 3-component array).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "alfven/io/grid_info.hpp"

namespace alfven {
namespace io {

/// How the values of a field sit on the grid in the XDMF description.
enum class XdmfCentring {
  Cell,  ///< one value per cell of a mesh whose nodes are the cell corners (the solver's output)
  Node   ///< one value per node of a mesh whose nodes are the cell centres (origin = first
         ///< centre): point data, which ParaView can contour without Cell Data to Point Data
};

/// Writes (replaces) the XDMF index `xdmf_path`, atomically (temporary file + rename). Called after
/// each snapshot with the full list so far.
///
/// @param grid         the grid of every snapshot (one grid per run)
/// @param type         stored type of the fields (Precision 4 or 8)
/// @param field_names  datasets of each snapshot to expose, e.g. {"density", "velocity_x", ...}
/// @param snapshots    (HDF5 file name relative to the directory of `xdmf_path`, time) pairs,
///                     in output order
/// @param centring     Cell (default): topology of nz+1, ny+1, nx+1 nodes from grid.lo;
///                     Node: topology of nz, ny, nx nodes from the first cell centre
/// @param vectors      datasets of shape (nz, ny, nx, 3) to expose as Vector attributes (the
///                     virtual vectors of snapshot.hpp, e.g. "velocity"), after the scalars
/// @throws alfven::Error naming the file if it cannot be written.
void write_xdmf(const std::string& xdmf_path, const GridInfo& grid, DataType type,
                const std::vector<std::string>& field_names,
                const std::vector<std::pair<std::string, double>>& snapshots,
                XdmfCentring centring = XdmfCentring::Cell,
                const std::vector<std::string>& vectors = {});

}  // namespace io
}  // namespace alfven
