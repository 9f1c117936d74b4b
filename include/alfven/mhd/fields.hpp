/// @file fields.hpp
/// @brief The nine primitive fields of the solver, stored structure-of-arrays.
///
/// One Array4D of extents (total_x, total_y, total_z, num_vars): each variable is one contiguous
/// block, x-index fastest, ghost cells included. Variable order: variables.hpp.
#pragma once

#include "alfven/core/array.hpp"
#include "grid.hpp"
#include "variables.hpp"

namespace alfven {
namespace mhd {

/// Mutable view of the fields: v(i, j, k, var).
template <typename Real>
using FieldsView = View<Real, 4>;
/// Read-only view of the fields.
template <typename Real>
using ConstFieldsView = View<const Real, 4>;

/// Owning storage for the nine primitive fields on a grid, in the memory of Backend.
template <typename Real, typename Backend>
class Fields {
 public:
  Fields() = default;
  /// Allocates (uninitialised) storage for `grid` including ghost cells.
  explicit Fields(const Grid& grid)
      : data_(grid.total[0], grid.total[1], grid.total[2], int(num_vars)) {}

  FieldsView<Real> view() { return data_.view(); }
  ConstFieldsView<Real> const_view() const { return data_.const_view(); }
  /// Copies all fields (ghosts included) from `src`, possibly in another backend's memory.
  template <typename B>
  void copy_from(const Fields<Real, B>& src) {
    data_.copy_from(src.array());
  }
  Fields(Fields&&) noexcept = default;
  Fields& operator=(Fields&&) noexcept = default;
  /// O(1) exchange of storage.
  void swap(Fields& o) noexcept { data_.swap(o.data_); }
  /// Host fields only: value of variable v at cell (i, j, k) (ghost-inclusive indices).
  Real& operator()(int i, int j, int k, int v) { return data_(i, j, k, v); }
  const Real& operator()(int i, int j, int k, int v) const { return data_(i, j, k, v); }
  /// The underlying array (extents total_x, total_y, total_z, 9).
  Array4D<Real, Backend>& array() { return data_; }
  const Array4D<Real, Backend>& array() const { return data_; }

 private:
  Array4D<Real, Backend> data_;
};

}  // namespace mhd
}  // namespace alfven
