/// @file stage_fluxes.hpp
/// @brief StageFluxes: the three flux arrays of the two-pass stage (FluxKernel, then
/// StageFromFluxKernel; stage.hpp), one Fields per active axis (nine components per cell, ghost
/// cells included), allocated on first use.
#pragma once

#include <type_traits>

#include "alfven/core/core.hpp"
#include "fields.hpp"
#include "grid.hpp"

namespace alfven {
namespace mhd {

/// The flux arrays of the two-pass stage on Backend: F_axis(q_a) of every cell, per active axis.
template <typename Real, typename Backend>
class StageFluxes {
 public:
  /// Allocates the arrays of `grid`'s active axes on first call; true once they exist. With
  /// `need_room` on a device, allocates nothing and returns false when the device would be left
  /// with less than a quarter of their size free (the solver then runs the fused stage).
  /// Throws alfven::Error when an allocation fails.
  bool allocate(const Grid& grid, bool need_room) {
    if (allocated_) return true;
    if (!std::is_same<Backend, backend::Host>::value && need_room) {
      double free_bytes = 0, total_bytes = 0;
      const double need = 3.0 * double(num_vars) * sizeof(Real) * double(grid.total[0]) *
                          double(grid.total[1]) * double(grid.total[2]);
      if (device_memory_info(free_bytes, total_bytes) && free_bytes < 1.25 * need) return false;
    }
    for (int axis = 0; axis < 3; ++axis)
      if (grid.active(axis)) flux_[axis] = Fields<Real, Backend>(grid);
    allocated_ = true;
    return true;
  }
  /// The array of `axis` (allocated: allocate() returned true and the axis is active).
  Fields<Real, Backend>& operator[](int axis) { return flux_[axis]; }

 private:
  Fields<Real, Backend> flux_[3];
  bool allocated_ = false;
};

}  // namespace mhd
}  // namespace alfven
