/// @file core.hpp
/// @brief alfven::core: portable execution. Include this one header to get backends, arrays,
/// views, ranges, for_each and reduce (and, in nvcc translation units of a CUDA build, the CUDA
/// backend).
#pragma once

#include "array.hpp"
#include "backend.hpp"
#include "error.hpp"
#include "for_each.hpp"
#include "gpu.hpp"
#include "macros.hpp"
#include "memory.hpp"
#include "memory_resource.hpp"
#include "pool.hpp"
#include "range.hpp"
#include "reduce.hpp"
#include "view.hpp"
