/// @file block_name.hpp
/// @brief The rule for an output block's name (outputs[i].name): what a configuration accepts,
/// and what a run directory's outputs.txt must name for a run to treat its files as its own.
#pragma once

#include <string>

namespace alfven {
namespace mhd {

/// True when `name` is 1 to 64 characters of [a-z0-9_] (the files NAME_NNNN.h5 and NAME.xdmf
/// then stay in the run directory). Names the run uses itself are refused apart, by the
/// configuration.
bool valid_output_block_name(const std::string& name);

/// Why a valid `name` may still not name an output block, with a name to take instead (the
/// configuration's error message), or "" when it may: a name starting with "snapshot_" (its files
/// NAME_NNNN.h5 would pass for the run's snapshots snapshot_NNNN.h5 with readers that list
/// snapshot_*.h5). Not part of valid_output_block_name, so an earlier run's outputs.txt that lists
/// such a block still names files the run may remove.
std::string snapshot_like_block_name(const std::string& name);

}  // namespace mhd
}  // namespace alfven
