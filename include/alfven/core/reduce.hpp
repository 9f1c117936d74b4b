/// @file reduce.hpp
/// @brief reduce: combine one value per index into one result with an associative operator.
///
/// `reduce(backend, range, init, map, op[, helper])` returns op(...op(op(init, map(x0)),
/// map(x1))..., map(xn)) for the indices x of the range, grouped in an unspecified way, so `op`
/// must be associative and commutative, and `init` must be the identity of `op`
/// (op(init, x) == x): 0 for a sum, +infinity (or the largest value) for a minimum. A debug
/// build (NDEBUG undefined) checks the identity on a few samples and throws alfven::Error if it
/// fails; MISO's reduce silently returned different answers on CPU and GPU in that case.
///
/// Synchronous. On the host the grouping is fixed for a fixed thread count (static schedule,
/// partials combined in thread order), so results are reproducible run to run.
#pragma once

#include <limits>
#include <type_traits>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "backend.hpp"
#include "error.hpp"
#include "for_each.hpp"
#include "macros.hpp"
#include "range.hpp"

namespace alfven {

/// Standard reduction operators, each with its identity.
namespace reduce_op {
/// a + b; identity 0.
struct Sum {
  template <typename T>
  ALFVEN_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return a + b;
  }
  template <typename T>
  static T identity() {
    return T(0);
  }
};
/// min(a, b); identity +infinity (or the largest finite value for integers).
struct Min {
  template <typename T>
  ALFVEN_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
  template <typename T>
  static T identity() {
    return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::max();
  }
};
/// max(a, b); identity -infinity (or the lowest value for integers).
struct Max {
  template <typename T>
  ALFVEN_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
  template <typename T>
  static T identity() {
    return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::lowest();
  }
};
}  // namespace reduce_op

template <typename T, typename Backend>
class ReduceHelper;

/// Reusable scratch space for reduce on the host: one partial result per thread. Keep one per
/// call site that reduces often (the CFL time step) to avoid reallocating every step.
template <typename T>
class ReduceHelper<T, backend::Host> {
 public:
  /// Partial results, one per OpenMP thread (resized by reduce as needed).
  std::vector<T> partials;
};

namespace detail {

template <typename T, typename = void>
struct is_equality_comparable : std::false_type {};
template <typename T>
struct is_equality_comparable<
    T, std::void_t<decltype(std::declval<const T&>() == std::declval<const T&>())>>
    : std::true_type {};

inline int max_threads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}
inline int thread_id() {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}

/// Debug check that init is the identity of op on the first few mapped values.
template <typename T, typename Value, typename Op>
void check_identity(const T& init, const Op& op, long n, const Value& value_at) {
#ifndef NDEBUG
  if constexpr (is_equality_comparable<T>::value) {
    for (long s = 0; s < n && s < 4; ++s) {
      const T x = value_at(s);
      if (!(x == x)) continue;  // NaN samples say nothing about the identity
      ALFVEN_REQUIRE(op(init, x) == x && op(x, init) == x,
                     "reduce: init is not the identity of op (op(init, x) != x); use 0 for a sum, "
                     "+inf for a minimum, -inf for a maximum");
    }
  }
#else
  (void)init;
  (void)op;
  (void)n;
  (void)value_at;
#endif
}

}  // namespace detail

/// Reduces map(i) over i in r with op, starting from init (the identity of op). Host backend.
/// map and op must be trivially copyable. Allocates only when helper.partials is too small.
template <typename T, typename Map, typename Op>
T reduce(backend::Host, const Range1D& r, T init, const Map& map, const Op& op,
         ReduceHelper<T, backend::Host>& helper) {
  detail::check_kernel_functor<Map>();
  detail::check_kernel_functor<Op>();
  detail::check_identity(init, op, r.size(), [&](long s) { return T(map(r.begin + s)); });
  const int nt = detail::max_threads();
  helper.partials.assign(std::size_t(nt), init);
  T* partials = helper.partials.data();
  const long b = r.begin, e = r.end;
#pragma omp parallel if (e - b >= detail::min_parallel_iterations)
  {
    T acc = init;
#pragma omp for schedule(static)
    for (long i = b; i < e; ++i) acc = op(acc, map(i));
    partials[detail::thread_id()] = acc;
  }
  T result = init;
  for (int t = 0; t < nt; ++t) result = op(result, partials[t]);
  return result;
}

/// Reduces map(i, j, k) over the box r with op, starting from init. Host backend.
template <typename T, typename Map, typename Op>
T reduce(backend::Host, const Range3D& r, T init, const Map& map, const Op& op,
         ReduceHelper<T, backend::Host>& helper) {
  detail::check_kernel_functor<Map>();
  detail::check_kernel_functor<Op>();
  const int i0 = r.begin[0], i1 = r.end[0];
  const int j0 = r.begin[1], j1 = r.end[1];
  const int k0 = r.begin[2], k1 = r.end[2];
  const int ni = r.extent(0), nj = r.extent(1);
  detail::check_identity(init, op, r.size(), [&](long s) {
    return T(map(i0 + int(s % ni), j0 + int((s / ni) % nj), k0 + int(s / (long(ni) * nj))));
  });
  const int nt = detail::max_threads();
  helper.partials.assign(std::size_t(nt), init);
  T* partials = helper.partials.data();
#pragma omp parallel if (r.size() >= detail::min_parallel_iterations)
  {
    T acc = init;
#pragma omp for collapse(2) schedule(static)
    for (int k = k0; k < k1; ++k)
      for (int j = j0; j < j1; ++j)
        for (int i = i0; i < i1; ++i) acc = op(acc, map(i, j, k));
    partials[detail::thread_id()] = acc;
  }
  T result = init;
  for (int t = 0; t < nt; ++t) result = op(result, partials[t]);
  return result;
}

/// reduce with a temporary helper (allocates on every call).
template <typename Backend, typename Range, typename T, typename Map, typename Op>
T reduce(Backend b, const Range& r, T init, const Map& map, const Op& op) {
  ReduceHelper<T, Backend> helper;
  return reduce(b, r, init, map, op, helper);
}

}  // namespace alfven
