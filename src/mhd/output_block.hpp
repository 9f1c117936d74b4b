// Output blocks (`outputs:`) at run time: the region a block covers, its datasets expanded from
// the configured names, and their values on a rank's block, derived quantities included
// (alfven/mhd/derived.hpp).
#pragma once

#include <string>
#include <vector>

#include "alfven/config/config.hpp"
#include "alfven/io/snapshot.hpp"
#include "alfven/mhd/eos.hpp"
#include "alfven/mhd/fields.hpp"
#include "alfven/mhd/grid.hpp"
#include "alfven/mhd/output_variables.hpp"

namespace alfven {
namespace mhd {

/// One output block resolved against the whole grid.
struct OutputBlock {
  OutputBlockConfig config;
  io::CellBox region;                     ///< cells of the whole grid it covers
  io::GridInfo info;                      ///< the grid of its files: region's cells and box
  std::vector<OutputVariable> variables;  ///< its datasets, in file order
  std::vector<io::VectorRef> vectors;     ///< vectors whose three components it holds (ParaView)
};

/// Resolves `config` (validated by the configuration layer) on `global`. The region's box
/// runs from the lower edge of its first cell to the upper edge of its last (the grid's own
/// bounds where it covers a whole axis).
OutputBlock resolve_output_block(const OutputBlockConfig& config, const Grid& global);

/// Before a run continues in the directory `dir`: for each block of `outputs` that the earlier
/// run wrote there (listed in outputs.txt), the newest of its files that reads must hold the
/// cells and datasets the block now asks for, since NAME.xdmf describes all its files with one
/// shape and one list of datasets. Throws alfven::Error naming the block, both layouts and what
/// to do (a new block name keeps the old files; io.continue: false starts anew). Files that do
/// not read are left to the run's other checks.
void require_blocks_match_earlier_files(const std::string& dir,
                                        const std::vector<OutputBlockConfig>& outputs,
                                        const Grid& global);

/// The vectors among `names` whose three components (NAME_x, _y, _z) are all present.
std::vector<io::VectorRef> complete_vectors(const std::vector<std::string>& names);

/// The radiation fields of a block (radiation/radiative_transfer.hpp), host copies with ghost
/// cells: mean intensity, flux (3 fields), heating; null when the run has none.
template <typename Real>
struct RadiationOutput {
  const Real* mean = nullptr;
  const Real* flux = nullptr;
  const Real* heating = nullptr;
};

/// Values of `variable` on `box` (cells of the whole grid within the block `local`), x fastest,
/// into `out` (resized): from the host copy `state` of the block (ghost cells included, filled),
/// the run's equation of state `eos` (in double, its table on the host), and the block's interior
/// signed distance (x fastest; empty without bodies). Derived quantities are evaluated in double
/// and stored as Real.
template <typename Real>
void compute_output_variable(const OutputVariable& variable,
                             const Fields<Real, backend::Host>& state, const Grid& local,
                             const EquationOfState<double>& eos,
                             const std::vector<Real>& signed_distance,
                             const RadiationOutput<Real>& radiation, const io::CellBox& box,
                             std::vector<Real>& out);

}  // namespace mhd
}  // namespace alfven
