/// @file eos_table_storage.hpp
/// @brief A table of an equation of state (io::EosTableData, double, host) copied into the
/// precision and memory of a backend, and the view of it that kernels evaluate (EosTableView).
#pragma once

#include <cmath>

#include "alfven/core/array.hpp"
#include "alfven/io/eos_table_file.hpp"
#include "eos_table.hpp"

namespace alfven {
namespace mhd {

/// Owns the three quantities of a table as Real on Backend (layout: EosTableView::data).
/// Moving keeps the view valid (the buffer moves with it). Default-constructed: no table.
template <typename Real, typename Backend>
class EosTableStorage {
 public:
  EosTableStorage() = default;
  /// Copies `table` (checked already: io::read_eos_table or io::check_eos_table) to Backend.
  explicit EosTableStorage(const io::EosTableData& table)
      : data_(long(eos_table_quantities) * table.n_rho * table.n_e) {
    Array1D<Real> host(data_.size());
    const std::vector<double>* q[eos_table_quantities] = {&table.pressure, &table.sound_speed,
                                                          &table.temperature};
    const std::size_t n = std::size_t(table.n_rho) * std::size_t(table.n_e);
    for (int k = 0; k < eos_table_quantities; ++k)
      for (std::size_t c = 0; c < n; ++c) host.data()[k * n + c] = Real((*q[k])[c]);
    data_.copy_from(host);
    auto axis = [&](double v) { return table.log_axes ? std::log10(v) : v; };
    const double x0_min = axis(table.rho_min), x0_max = axis(table.rho_max);
    const double x1_min = axis(table.e_min), x1_max = axis(table.e_max);
    view_.data = data_.data();
    view_.n0 = table.n_rho;
    view_.n1 = table.n_e;
    view_.log_axes = table.log_axes;
    view_.x0_min = Real(x0_min);
    view_.x0_max = Real(x0_max);
    view_.inv_dx0 = Real((table.n_rho - 1) / (x0_max - x0_min));
    view_.x1_min = Real(x1_min);
    view_.x1_max = Real(x1_max);
    view_.inv_dx1 = Real((table.n_e - 1) / (x1_max - x1_min));
  }
  /// The view kernels evaluate (data null when there is no table).
  const EosTableView<Real>& view() const { return view_; }

 private:
  Array1D<Real, Backend> data_;
  EosTableView<Real> view_{};
};

}  // namespace mhd
}  // namespace alfven
