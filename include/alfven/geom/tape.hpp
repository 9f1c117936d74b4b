/// @file tape.hpp
/// @brief The runtime tape: a geometry described at run time (C++ expression tree or a YAML
/// document) compiled to a flat program and evaluated by one interpreter on host and device.
///
/// Expr (expr.hpp, host only) is the description: a tree of shapes, transforms and CSG
/// operations with double parameters, built with the factory functions of Expr or by
/// parse_geometry_yaml (alfven_geom_tools). Tape<T>::build(pool, expr) compiles it, post-order,
/// into an array of Instruction<T> in a Pool; a Tape is a trivially copyable pool-built object
/// (rebased_view(pool) as for BVHUnion) whose signed_distance runs a small stack machine:
///  - a shape instruction pushes its value at the current point onto the value stack;
///  - a "begin" instruction of a point transform (translate, rotate, scale, elongate, reflect,
///    repeat) saves the current point on the point stack and maps it; the matching "end"
///    restores it (and applies the value part: scale multiplies by the factor, elongate adds
///    min(max_i q_i, 0));
///  - unary value operations (complement, offset, annular) change the top value, binary CSG
///    operations pop two values and push one.
/// The formulas are the same functions as the value types (shapes.hpp, transforms.hpp,
/// csg.hpp), so a tape and the equivalent value type give the same values.
///  - blur and mollify evaluate their subtree at 7 / 27 points: a "begin" instruction opens a
///    loop frame (the centre point, the running sums, the sample index) and moves the point to
///    the first sample; the matching "end" pops the subtree's value, accumulates it in the same
///    order as Blur / Mollify, and either moves the point to the next sample and jumps back
///    after the "begin", or restores the centre and pushes the average.
///  - a mesh instruction (Expr::mesh) pushes the signed distance of a MeshSDF built into the
///    same pool when the tape is built; its header (a MeshSDF<T> value) sits in the tape's mesh
///    array and the instruction holds its index.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "alfven/core/error.hpp"
#include "alfven/core/pool.hpp"
#include "csg.hpp"
#include "expr.hpp"
#include "mesh_sdf.hpp"
#include "shapes.hpp"
#include "transforms.hpp"

namespace alfven {
namespace geom {

/// One tape instruction: an operation, an integer argument and up to 9 parameters.
template <typename T>
struct Instruction {
  Op op;
  std::int32_t i;   ///< axis (reflect), octaves (noise), index of the "begin" (end of a loop)
  std::uint32_t u;  ///< seed (noise)
  T a[9];           ///< parameters (see Tape::signed_distance for each operation's layout)
};

/// A compiled geometry: instructions in a pool, evaluated by one interpreter. Trivially
/// copyable; kind Bound (it may contain any operation).
template <typename T>
class Tape {
 public:
  using value_type = T;
  static constexpr DistanceKind kind = DistanceKind::Bound;
  static constexpr int MaxValues = 32;  ///< value stack depth
  static constexpr int MaxPoints = 32;  ///< point stack depth (nesting of point transforms)
  static constexpr int MaxLoops = 4;    ///< nesting of blur / mollify

  Tape() = default;

  /// Compiles `expr` into `pool` (not frozen). Throws alfven::Error if the expression is deeper
  /// than the stacks allow. Bound to the pool's current base: take rebased_view() after the
  /// pool grows, is frozen or mirrored.
  static Tape build(Pool& pool, const Expr& expr) {
    std::vector<Instruction<T>> code;
    std::vector<const Expr*> mesh_exprs;
    compile(expr, code, mesh_exprs);
    Tape t;
    if (!mesh_exprs.empty()) {  // the meshes' arrays first, then their headers
      std::vector<MeshSDF<T>> meshes;
      for (const Expr* e : mesh_exprs)
        meshes.push_back(MeshSDF<T>::build(pool, *e->triangle_mesh, e->mesh_options));
      t.meshes_.reserve_from(pool, meshes.size());
      t.meshes_.assign(pool, meshes);
    }
    t.code_.reserve_from(pool, code.size());
    t.code_.assign(pool, code);
    t.base_ = pool.base();
    return t;
  }

  /// Throws alfven::Error, as build() would, if `expr` is deeper than the stacks allow; builds
  /// nothing (no mesh), so that a reader can check a description while it can still name the
  /// line.
  static void check(const Expr& expr) {
    std::vector<Instruction<T>> code;
    std::vector<const Expr*> mesh_exprs;
    compile(expr, code, mesh_exprs);
  }

  /// A copy reading its instructions from `pool` (the build pool or a mirror of it).
  Tape rebased_view(const Pool& pool) const {
    alfven::detail::check_rebase(
        pool, code_.end_byte() > meshes_.end_byte() ? code_.end_byte() : meshes_.end_byte(),
        "Tape");
    Tape t = *this;
    t.base_ = pool.base();
    return t;
  }

  /// Number of instructions.
  ALFVEN_HOST_DEVICE std::size_t size() const { return code_.size(); }

  ALFVEN_HOST_DEVICE T signed_distance(const Vec3<T>& p) const {
    return signed_distance_in(base_, p);
  }

  /// Runs the program at point `query` with instructions read relative to `base`.
  ALFVEN_HOST_DEVICE T signed_distance_in(const std::byte* base, const Vec3<T>& query) const {
    const Instruction<T>* code = code_.data(base);
    const std::size_t n = code_.size();
    T v[MaxValues];
    Vec3<T> saved[MaxPoints];
    struct Loop {      // an open blur / mollify
      Vec3<T> centre;  // the point the stencil is centred on
      T sum, extra;    // running sum; blur: the pending +e value, mollify: the sum of weights
      int sample;      // index of the sample being evaluated
    };
    Loop loops[MaxLoops];
    int sv = 0, sp = 0, sl = 0;
    Vec3<T> p = query;
    for (std::size_t k = 0; k < n; ++k) {
      const Instruction<T>& c = code[k];
      const T* a = c.a;
      switch (c.op) {
        case Op::Plane:
          v[sv++] = Plane<T>{{a[0], a[1], a[2]}, {a[3], a[4], a[5]}}.signed_distance(p);
          break;
        case Op::Sphere:
          v[sv++] = Sphere<T>{{a[0], a[1], a[2]}, a[3]}.signed_distance(p);
          break;
        case Op::Box:
          v[sv++] = Box<T>{{a[0], a[1], a[2]}}.signed_distance(p);
          break;
        case Op::RoundedBox:
          v[sv++] = RoundedBox<T>{{a[0], a[1], a[2]}, a[3]}.signed_distance(p);
          break;
        case Op::Torus:
          v[sv++] = Torus<T>{a[0], a[1]}.signed_distance(p);
          break;
        case Op::Cylinder:
          v[sv++] = Cylinder<T>{a[0], a[1]}.signed_distance(p);
          break;
        case Op::InfiniteCylinder:
          v[sv++] = InfiniteCylinder<T>{a[0]}.signed_distance(p);
          break;
        case Op::Capsule:
          v[sv++] = Capsule<T>{a[0], a[1]}.signed_distance(p);
          break;
        case Op::Cone:
          v[sv++] = Cone<T>{a[0], a[1]}.signed_distance(p);
          break;
        case Op::InfiniteCone:
          v[sv++] = InfiniteCone<T>{a[0], a[1]}.signed_distance(p);
          break;
        case Op::RoundedCylinder:
          v[sv++] = RoundedCylinder<T>{a[0], a[1], a[2]}.signed_distance(p);
          break;
        case Op::Noise: {
          PerlinNoise<T> s;
          s.frequency = a[0];
          s.amplitude = a[1];
          s.persistence = a[2];
          s.octaves = c.i;
          s.seed = c.u;
          v[sv++] = s.signed_distance(p);
          break;
        }
        case Op::Translate:
          saved[sp++] = p;
          p = p - Vec3<T>{a[0], a[1], a[2]};
          break;
        case Op::Rotate:  // p <- r^T p
          saved[sp++] = p;
          p = Vec3<T>{a[0] * p.x + a[3] * p.y + a[6] * p.z, a[1] * p.x + a[4] * p.y + a[7] * p.z,
                      a[2] * p.x + a[5] * p.y + a[8] * p.z};
          break;
        case Op::Scale:
          saved[sp++] = p;
          p = p / a[0];
          break;
        case Op::Elongate:
          saved[sp++] = p;
          p = vmax(vabs(p) - Vec3<T>{a[0], a[1], a[2]}, Vec3<T>::all(T(0)));
          break;
        case Op::Reflect:
          saved[sp++] = p;
          p[c.i] = -p[c.i];
          break;
        case Op::Repeat:
          saved[sp++] = p;
          for (int d = 0; d < 3; ++d)
            p[d] = p[d] - a[d] * clamp_(std::round(p[d] / a[d]), -a[3 + d], a[3 + d]);
          break;
        case Op::EndPoint:
          p = saved[--sp];
          break;
        case Op::EndScale:
          p = saved[--sp];
          v[sv - 1] *= a[0];
          break;
        case Op::EndElongate:
          p = saved[--sp];
          v[sv - 1] += min_(max_component(vabs(p) - Vec3<T>{a[0], a[1], a[2]}), T(0));
          break;
        case Op::Blur:
          loops[sl++] = Loop{p, T(0), T(0), 0};  // sample 0 is p itself
          break;
        case Op::Mollify: {
          loops[sl++] = Loop{p, T(0), T(0), 0};
          const T h = T(0.5) * a[0];  // sample 0 is offset (-1, -1, -1)
          p = p + Vec3<T>{h * T(-1), h * T(-1), h * T(-1)};
          break;
        }
        case Op::EndBlur: {  // samples: p, p + w e_x, p - w e_x, p + w e_y, ...
          Loop& L = loops[sl - 1];
          const T f = v[--sv];
          if (L.sample == 0)
            L.sum = f;
          else if (L.sample % 2 == 1)
            L.extra = f;
          else
            L.sum += L.extra + f;
          if (++L.sample < 7) {
            Vec3<T> e{T(0), T(0), T(0)};
            e[(L.sample - 1) / 2] = a[0];
            p = L.sample % 2 == 1 ? L.centre + e : L.centre - e;
            k = std::size_t(c.i);  // back to the instruction after the "begin"
          } else {
            p = L.centre;
            v[sv++] = L.sum / T(7);
            --sl;
          }
          break;
        }
        case Op::EndMollify: {  // samples in the order k, j, i of Mollify
          Loop& L = loops[sl - 1];
          const T f = v[--sv];
          const int s = L.sample;
          const T w = Mollify<Sphere<T>>::weight((s % 3 != 1) + ((s / 3) % 3 != 1) + (s / 9 != 1));
          L.sum += w * f;
          L.extra += w;
          if (++L.sample < 27) {
            const int n = L.sample;
            const int di = n % 3 - 1, dj = (n / 3) % 3 - 1, dk = n / 9 - 1;  // offsets in -1..1
            const T h = T(0.5) * a[0];
            p = L.centre + Vec3<T>{h * T(di), h * T(dj), h * T(dk)};
            k = std::size_t(c.i);
          } else {
            p = L.centre;
            v[sv++] = L.sum / L.extra;
            --sl;
          }
          break;
        }
        case Op::Mesh:
          v[sv++] = mesh_value(base, c.i, p);
          break;
        case Op::Complement:
          v[sv - 1] = -v[sv - 1];
          break;
        case Op::Offset:
          v[sv - 1] -= a[0];
          break;
        case Op::Annular:
          v[sv - 1] = abs_(v[sv - 1]) - a[0];
          break;
        default: {  // binary CSG: x = second from top, y = top
          const T y = v[--sv];
          const T x = v[sv - 1];
          T r;
          switch (c.op) {
            case Op::Union:
              r = combine<Combine::Union>(x, y, T(0));
              break;
            case Op::Intersection:
              r = combine<Combine::Intersection>(x, y, T(0));
              break;
            case Op::Difference:
              r = combine<Combine::Difference>(x, y, T(0));
              break;
            case Op::SmoothUnion:
              r = combine<Combine::SmoothUnion>(x, y, a[0]);
              break;
            case Op::SmoothIntersection:
              r = combine<Combine::SmoothIntersection>(x, y, a[0]);
              break;
            case Op::SmoothDifference:
              r = combine<Combine::SmoothDifference>(x, y, a[0]);
              break;
            case Op::ExpUnion:
              r = combine<Combine::ExpUnion>(x, y, a[0]);
              break;
            default:
              r = combine<Combine::ExpIntersection>(x, y, a[0]);
              break;  // ExpIntersection
          }
          v[sv - 1] = r;
        }
      }
    }
    return sv > 0 ? v[sv - 1] : T(0);
  }

 private:
  /// A mesh's value, kept out of line so that the interpreter's register budget stays that of
  /// the analytic operations when a tape has no mesh.
#if defined(__CUDACC__)
  __noinline__
#else
  __attribute__((noinline))
#endif
      ALFVEN_HOST_DEVICE T
      mesh_value(const std::byte* base, std::int32_t index, const Vec3<T>& p) const {
    return meshes_.data(base)[index].signed_distance_in(base, p);
  }

  static Instruction<T> convert(const Expr& e, Op op) {
    Instruction<T> c{};
    c.op = op;
    c.i = e.i;
    c.u = e.u;
    for (int k = 0; k < 9; ++k) c.a[k] = T(e.a[k]);
    return c;
  }
  /// The instructions of `expr` (and the mesh nodes, in order) with the stack limits checked.
  static void compile(const Expr& expr, std::vector<Instruction<T>>& code,
                      std::vector<const Expr*>& mesh_exprs) {
    int values = 0, max_values = 0, points = 0, max_points = 0, loops = 0, max_loops = 0;
    emit(expr, code, values, max_values, points, max_points, loops, max_loops, mesh_exprs);
    ALFVEN_REQUIRE(max_values <= MaxValues, "Tape: expression needs "
                                                << max_values << " stack slots (at most "
                                                << MaxValues << "); balance deep unions");
    ALFVEN_REQUIRE(max_points <= MaxPoints, "Tape: point transforms nested "
                                                << max_points << " deep (at most " << MaxPoints
                                                << ")");
    ALFVEN_REQUIRE(max_loops <= MaxLoops, "Tape: blur/mollify nested "
                                              << max_loops << " deep (at most " << MaxLoops << ")");
  }

  static void emit(const Expr& e, std::vector<Instruction<T>>& code, int& values, int& max_values,
                   int& points, int& max_points, int& loops, int& max_loops,
                   std::vector<const Expr*>& meshes) {
    auto push_value = [&] { max_values = std::max(max_values, ++values); };
    if (e.op == Op::Mesh) {
      ALFVEN_REQUIRE(e.triangle_mesh != nullptr, "Tape: a mesh expression without a mesh");
      Instruction<T> c = convert(e, Op::Mesh);
      c.i = std::int32_t(meshes.size());
      meshes.push_back(&e);
      code.push_back(c);
      push_value();
      return;
    }
    if (e.op <= Op::Noise) {
      code.push_back(convert(e, e.op));
      push_value();
      return;
    }
    if (e.op >= Op::Translate && e.op <= Op::Repeat) {
      ALFVEN_REQUIRE(e.children.size() == 1, "Tape: a transform needs exactly one shape");
      code.push_back(convert(e, e.op));
      max_points = std::max(max_points, ++points);
      emit(e.children[0], code, values, max_values, points, max_points, loops, max_loops, meshes);
      const Op end = e.op == Op::Scale ? Op::EndScale
                                       : (e.op == Op::Elongate ? Op::EndElongate : Op::EndPoint);
      code.push_back(convert(e, end));
      --points;
      return;
    }
    if (e.op >= Op::Complement && e.op <= Op::Annular) {
      ALFVEN_REQUIRE(e.children.size() == 1,
                     "Tape: complement/offset/annular need exactly one shape");
      emit(e.children[0], code, values, max_values, points, max_points, loops, max_loops, meshes);
      code.push_back(convert(e, e.op));
      return;
    }
    if (e.op == Op::Blur || e.op == Op::Mollify) {
      ALFVEN_REQUIRE(e.children.size() == 1, "Tape: blur/mollify need exactly one shape");
      ALFVEN_REQUIRE(e.a[0] > 0, "Tape: blur/mollify need width > 0");
      const std::size_t begin = code.size();
      code.push_back(convert(e, e.op));
      max_loops = std::max(max_loops, ++loops);
      emit(e.children[0], code, values, max_values, points, max_points, loops, max_loops, meshes);
      Instruction<T> end = convert(e, e.op == Op::Blur ? Op::EndBlur : Op::EndMollify);
      end.i = std::int32_t(begin);
      code.push_back(end);
      --loops;
      return;
    }
    ALFVEN_REQUIRE(e.op >= Op::Union && e.op <= Op::ExpIntersection && !e.children.empty(),
                   "Tape: malformed expression (operation " << int(e.op) << ")");
    emit(e.children[0], code, values, max_values, points, max_points, loops, max_loops, meshes);
    for (std::size_t k = 1; k < e.children.size(); ++k) {
      emit(e.children[k], code, values, max_values, points, max_points, loops, max_loops, meshes);
      code.push_back(convert(e, e.op));
      --values;
    }
  }

  PODVector<Instruction<T>> code_{};
  PODVector<MeshSDF<T>> meshes_{};
  const std::byte* base_ = nullptr;
};

}  // namespace geom
}  // namespace alfven
