/// @file test_lambdas.cu
/// @brief The rule of docs/core.md, "Lambdas": a device lambda written in a member function
/// copies the members it needs into locals first, so that it captures values, not `this`.
/// Run on the GPU: a lambda that captured `this` would read host memory from the device, which
/// faults on most systems (and silently works where HMM lets the device read host memory, which
/// is why a GPU without HMM must run these paths).
#include <cuda_runtime.h>

#include <type_traits>

#include "alfven/core/core.hpp"
#include "gpu_test.hpp"

namespace {

using alfven::Array;
using alfven::Range1D;
using alfven::backend::CUDA;
using alfven::backend::Host;
using alfven::test::GpuTest;

/// A solver-like class: owns an array and a coefficient, updates the array on the device.
template <typename Backend>
class Damping {
 public:
  Damping(long n, double rate) : field_(n), rate_(rate) {}

  /// field *= (1 - rate) everywhere. The right pattern: members into locals, then the lambda.
  void apply() {
    const double keep = 1.0 - rate_;  // a copy of the member, captured by value
    auto field = field_.view();       // a view (pointer + extents), captured by value
    alfven::for_each(
        Backend{}, Range1D{0, field_.size()}, ALFVEN_LAMBDA(long i) { field(i) *= keep; });
  }

  /// Sum of the field, by the same pattern for reduce.
  double total() const {
    auto field = field_.const_view();
    return alfven::reduce(
        Backend{}, Range1D{0, field_.size()}, 0.0, ALFVEN_LAMBDA(long i) { return field(i); },
        alfven::reduce_op::Sum{});
  }

  Array<double, 1, Backend>& field() { return field_; }

 private:
  Array<double, 1, Backend> field_;
  double rate_;
};

double run_damping_on_device(long n, double rate, int steps) {
  Damping<CUDA> d(n, rate);
  Array<double, 1, Host> ones(n);
  for (long i = 0; i < n; ++i) ones[i] = 1.0;
  d.field().copy_from(ones);
  for (int s = 0; s < steps; ++s) d.apply();
  return d.total();
}

TEST_F(GpuTest, MemberFunctionCopiesMembersIntoLocalsBeforeTheLambda) {
  const long n = 100003;
  const double got = run_damping_on_device(n, 0.25, 3);
  EXPECT_NEAR(got, double(n) * 0.75 * 0.75 * 0.75, 1e-9 * n);
  ALFVEN_CUDA_CHECK(cudaDeviceSynchronize());  // no fault was left behind
}

TEST_F(GpuTest, SameClassOnTheHostGivesTheSameAnswer) {
  const long n = 1001;
  Damping<Host> h(n, 0.5);
  for (long i = 0; i < n; ++i) h.field()[i] = 2.0;
  h.apply();
  EXPECT_DOUBLE_EQ(h.total(), double(n));
  EXPECT_NEAR(run_damping_on_device(n, 0.5, 1), 0.5 * n, 1e-12 * n);
}

/// What the compile-time check does catch: a lambda that captures an owning Array (not
/// trivially copyable) is rejected by for_each/reduce in every build. The closure type of such a
/// lambda is not trivially copyable; that is the property the static_assert tests.
template <typename T>
constexpr bool is_kernel_safe() {
  return std::is_trivially_copyable<T>::value;
}
struct HoldsView {
  alfven::View<double, 1> v;
  double x;
};
struct HoldsArray {
  Array<double, 1, Host> a;
};
static_assert(is_kernel_safe<HoldsView>(), "views and scalars may be captured");
static_assert(!is_kernel_safe<HoldsArray>(), "owning arrays are rejected by the static_assert");

}  // namespace
