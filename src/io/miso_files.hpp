// Helpers shared by the writers and readers of MISO's layout inside alfven_io (miso_layout.hpp).
#pragma once

#include <cstddef>
#include <string>

#include "alfven/io/miso_layout.hpp"

namespace alfven {
namespace io {
namespace detail {

/// Reverses the bytes of each of `count` elements of `elem` bytes at `data` (byte order).
void swap_bytes(void* data, std::size_t count, std::size_t elem);

/// `relative` (a path of the layout) inside the run folder `dir`.
std::string path_in(const std::string& dir, const std::string& relative);

/// Cell centre along `axis` of the ghost-inclusive global index `idx`:
/// lo + (idx - margin + 1/2) (hi - lo) / n, what grid.bin holds.
double miso_centre(const MisoLayout& layout, int axis, int idx);

}  // namespace detail
}  // namespace io
}  // namespace alfven
