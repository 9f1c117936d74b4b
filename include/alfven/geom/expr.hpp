/// @file expr.hpp
/// @brief Expr, a geometry described at run time (host only): a tree of shapes, transforms,
/// CSG operations and meshes with double parameters, built with its factory functions or by
/// parse_geometry_yaml (alfven_geom_tools), and Op, the operations it and the compiled tape
/// (tape.hpp) share.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "alfven/core/error.hpp"
#include "csg.hpp"
#include "mesh_sdf_data.hpp"
#include "shapes.hpp"
#include "transforms.hpp"
#include "triangle_mesh.hpp"

namespace alfven {
namespace geom {

/// Operation codes of the tape.
enum class Op : std::int32_t {
  Plane,
  Sphere,
  Box,
  RoundedBox,
  Torus,
  Cylinder,
  InfiniteCylinder,
  Capsule,
  Cone,
  InfiniteCone,
  RoundedCylinder,
  Noise,
  Translate,
  Rotate,
  Scale,
  Elongate,
  Reflect,
  Repeat,  // point transforms (in Expr; "begin" in a tape)
  EndPoint,
  EndScale,
  EndElongate,  // tape only: ends of point transforms
  Complement,
  Offset,
  Annular,  // unary value operations
  Union,
  Intersection,
  Difference,
  SmoothUnion,
  SmoothIntersection,
  SmoothDifference,
  ExpUnion,
  ExpIntersection,  // binary (n-ary in Expr)
  Blur,
  Mollify,  // averages of the child over a stencil ("begin" in a tape)
  EndBlur,
  EndMollify,  // tape only: ends of the stencil loops (i = index of the "begin")
  Mesh         // a triangle mesh's signed distance (MeshSDF; i = index in the tape's meshes)
};

/// A geometry description (host only): an operation, its parameters and its children.
/// Build with the static factories; parameters follow the value types' conventions.
struct Expr {
  Op op = Op::Sphere;
  std::int32_t i = 0;
  std::uint32_t u = 0;
  double a[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  std::vector<Expr> children;
  std::shared_ptr<const TriangleMesh> triangle_mesh;  ///< Op::Mesh only
  MeshSDFOptions mesh_options;                        ///< Op::Mesh only

  using V = Vec3<double>;
  static Expr plane(const V& point, const V& normal) {
    auto s = make_plane(point, normal);
    return leaf(Op::Plane, {s.point.x, s.point.y, s.point.z, s.normal.x, s.normal.y, s.normal.z});
  }
  static Expr sphere(const V& center, double radius) {
    make_sphere(center, radius);
    return leaf(Op::Sphere, {center.x, center.y, center.z, radius});
  }
  static Expr box(const V& half) {
    make_box(half);
    return leaf(Op::Box, {half.x, half.y, half.z});
  }
  static Expr rounded_box(const V& half, double radius) {
    make_rounded_box(half, radius);
    return leaf(Op::RoundedBox, {half.x, half.y, half.z, radius});
  }
  static Expr torus(double major, double minor) {
    make_torus(major, minor);
    return leaf(Op::Torus, {major, minor});
  }
  static Expr cylinder(double radius, double half_height) {
    make_cylinder(radius, half_height);
    return leaf(Op::Cylinder, {radius, half_height});
  }
  static Expr infinite_cylinder(double radius) {
    make_infinite_cylinder(radius);
    return leaf(Op::InfiniteCylinder, {radius});
  }
  static Expr capsule(double half_length, double radius) {
    make_capsule(half_length, radius);
    return leaf(Op::Capsule, {half_length, radius});
  }
  static Expr cone(double radius, double height) {
    make_cone(radius, height);
    return leaf(Op::Cone, {radius, height});
  }
  /// Half-angle in radians.
  static Expr infinite_cone(double angle) {
    auto c = make_infinite_cone(angle);
    return leaf(Op::InfiniteCone, {c.sin_angle, c.cos_angle});
  }
  static Expr rounded_cylinder(double radius, double half_height, double rounding) {
    make_rounded_cylinder(radius, half_height, rounding);
    return leaf(Op::RoundedCylinder, {radius, half_height, rounding});
  }
  static Expr noise(double frequency, double amplitude, double persistence, int octaves,
                    std::uint32_t seed) {
    ALFVEN_REQUIRE(octaves >= 1 && octaves <= 16, "noise: octaves must be in 1..16");
    Expr e = leaf(Op::Noise, {frequency, amplitude, persistence});
    e.i = octaves;
    e.u = seed;
    return e;
  }
  static Expr translate(Expr s, const V& shift) {
    return unary(Op::Translate, std::move(s), {shift.x, shift.y, shift.z});
  }
  /// Rotation by `angle` radians about `axis`.
  static Expr rotate(Expr s, const V& axis, double angle) {
    const auto r = geom::rotate(Sphere<double>{}, axis, angle);
    return unary(Op::Rotate, std::move(s),
                 {r.r[0], r.r[1], r.r[2], r.r[3], r.r[4], r.r[5], r.r[6], r.r[7], r.r[8]});
  }
  static Expr rotate(Expr s, const Quaternion<double>& q) {
    const auto r = geom::rotate(Sphere<double>{}, q);
    return unary(Op::Rotate, std::move(s),
                 {r.r[0], r.r[1], r.r[2], r.r[3], r.r[4], r.r[5], r.r[6], r.r[7], r.r[8]});
  }
  static Expr scale(Expr s, double factor) {
    ALFVEN_REQUIRE(factor > 0, "scale: the factor must be > 0 (got " << factor << ")");
    return unary(Op::Scale, std::move(s), {factor});
  }
  static Expr elongate(Expr s, const V& half) {
    geom::elongate(Sphere<double>{}, half);
    return unary(Op::Elongate, std::move(s), {half.x, half.y, half.z});
  }
  static Expr reflect(Expr s, int axis) {
    geom::reflect(Sphere<double>{}, axis);
    Expr e = unary(Op::Reflect, std::move(s), {});
    e.i = axis;
    return e;
  }
  static Expr repeat(Expr s, const V& spacing, const V& count) {
    const auto r = geom::repeat(Sphere<double>{}, spacing, count);
    return unary(Op::Repeat, std::move(s),
                 {spacing.x, spacing.y, spacing.z, r.count.x, r.count.y, r.count.z});
  }
  static Expr complement(Expr s) { return unary(Op::Complement, std::move(s), {}); }
  static Expr offset(Expr s, double distance) {
    return unary(Op::Offset, std::move(s), {distance});
  }
  /// Blur over `width` > 0: the average of the child at p and p +- width e_i (Blur).
  static Expr blur(Expr s, double width) {
    ALFVEN_REQUIRE(width > 0, "blur: the width must be > 0 (got " << width << ")");
    return unary(Op::Blur, std::move(s), {width});
  }
  /// Mollification over `width` > 0: the 27-point mollifier average of the child (Mollify).
  static Expr mollify(Expr s, double width) {
    ALFVEN_REQUIRE(width > 0, "mollify: the width must be > 0 (got " << width << ")");
    return unary(Op::Mollify, std::move(s), {width});
  }
  static Expr annular(Expr s, double thickness) {
    ALFVEN_REQUIRE(thickness > 0, "annular: the thickness must be > 0");
    return unary(Op::Annular, std::move(s), {thickness});
  }
  /// n-ary CSG (union, intersection, smooth_*, exp_*: folded left to right; difference: the
  /// first minus each of the others). `width` is the blend width of the smooth and exp kinds.
  static Expr csg(Op op, std::vector<Expr> shapes, double width = 0) {
    ALFVEN_REQUIRE(op >= Op::Union && op <= Op::ExpIntersection, "csg: not a CSG operation");
    ALFVEN_REQUIRE(shapes.size() >= 1, "csg: needs at least one shape");
    ALFVEN_REQUIRE(op <= Op::Difference || width > 0,
                   "csg: a smooth or exponential blend needs width > 0");
    Expr e;
    e.op = op;
    e.a[0] = width;
    e.children = std::move(shapes);
    return e;
  }
  /// A triangle mesh (closed, CCW outward for SignMode::Pseudonormal; any for
  /// WindingNumber): Tape<T>::build builds a MeshSDF<T> of it with `options` into the tape's
  /// pool. Throws alfven::Error for a null mesh (the build checks the mesh itself).
  static Expr mesh(std::shared_ptr<const TriangleMesh> m, const MeshSDFOptions& options = {}) {
    ALFVEN_REQUIRE(m != nullptr, "Expr::mesh: no mesh");
    Expr e;
    e.op = Op::Mesh;
    e.triangle_mesh = std::move(m);
    e.mesh_options = options;
    return e;
  }
  static Expr make_union(Expr a, Expr b) { return csg(Op::Union, {std::move(a), std::move(b)}); }
  static Expr make_intersection(Expr a, Expr b) {
    return csg(Op::Intersection, {std::move(a), std::move(b)});
  }
  static Expr make_difference(Expr a, Expr b) {
    return csg(Op::Difference, {std::move(a), std::move(b)});
  }

 private:
  static Expr leaf(Op op, std::initializer_list<double> p) {
    Expr e;
    e.op = op;
    int k = 0;
    for (double x : p) e.a[k++] = x;
    return e;
  }
  static Expr unary(Op op, Expr child, std::initializer_list<double> p) {
    Expr e = leaf(op, p);
    e.children.push_back(std::move(child));
    return e;
  }
};

}  // namespace geom
}  // namespace alfven
