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

}  // namespace mhd
}  // namespace alfven
