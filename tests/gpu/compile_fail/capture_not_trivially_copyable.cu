/// @file capture_not_trivially_copyable.cu
/// @brief Must NOT compile: a device lambda that captures a std::string (not trivially copyable).
/// nvcc's host pass sees an extended lambda as an opaque wrapper; the device pass sees the real
/// closure type, and for_each's static_assert rejects it there. Run by ctest as a compile check.
#include <string>

#include "alfven/core/core.hpp"

void capture_a_string(alfven::View<double, 1> v) {
  const std::string name = "density";
  alfven::for_each(
      alfven::backend::CUDA{}, alfven::Range1D{0, 4},
      ALFVEN_LAMBDA(long i) { v(i) = double(name.size()); });
}
