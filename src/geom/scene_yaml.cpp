// Geometry from YAML (yaml-cpp): the parser of geometry nodes (scene.hpp, scene_yaml.hpp) and
// its helpers (scene_parse.hpp), shared with the scene files of scene.cpp.
#include "alfven/geom/scene_yaml.hpp"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "alfven/core/error.hpp"
#include "alfven/core/pool.hpp"
#include "alfven/geom/mesh_clean.hpp"
#include "alfven/geom/mesh_io.hpp"
#include "alfven/geom/scene.hpp"
#include "alfven/geom/yaml_error.hpp"
#include "scene_parse.hpp"

namespace alfven {
namespace geom {
namespace scene_parse {

constexpr double kPi = 3.14159265358979323846;

/// Most geometry operations one description may hold. YAML aliases (`*name`) copy a node each
/// time they are used, so a few hundred bytes of nested aliases can describe millions of shapes
/// (a "billion laughs" file); the parse stops at this count instead of filling the memory.
/// Scenes of many shapes belong in a mesh or point-cloud file.
constexpr long kMaxGeometryNodes = 100000;

[[noreturn]] void fail(const Context& c, const YAML::Node& n, const std::string& what) {
  throw LocatedError(c.at(n) + ": " + what);
}

/// Checks that map `n` has only keys in `allowed` and all keys in `required`.
void check_keys(const Context& c, const YAML::Node& n, const std::string& op,
                std::initializer_list<const char*> required,
                std::initializer_list<const char*> optional) {
  if (!n.IsMap()) fail(c, n, "'" + op + "' expects a map of parameters");
  std::set<std::string> known;
  for (const char* k : required) known.insert(k);
  for (const char* k : optional) known.insert(k);
  for (const auto& kv : n) {
    const std::string key = kv.first.as<std::string>();
    if (!known.count(key)) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      fail(c, kv.first, "unknown key '" + key + "' in '" + op + "' (expected: " + list + ")");
    }
  }
  for (const char* k : required)
    if (!n[k]) fail(c, n, "'" + op + "' needs the key '" + k + "'");
}

double number(const Context& c, const YAML::Node& n, const std::string& what) {
  try {
    if (!n.IsScalar()) fail(c, n, what + " must be a number");
    return n.as<double>();
  } catch (const YAML::Exception&) {
    fail(c, n, what + " must be a number (got '" + n.Scalar() + "')");
  }
}

Vec3<double> vec3(const Context& c, const YAML::Node& n, const std::string& what) {
  if (!n.IsSequence() || n.size() != 3) fail(c, n, what + " must be a list of 3 numbers");
  const Vec3<double> v{number(c, n[0], what), number(c, n[1], what), number(c, n[2], what)};
  // A NaN centre or offset gave a body "outside the domain" (every distance NaN).
  if (!(std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z)))
    fail(c, n,
         what + " must be finite (got [" + n[0].Scalar() + ", " + n[1].Scalar() + ", " +
             n[2].Scalar() + "])");
  return v;
}

int axis_of(const Context& c, const YAML::Node& n) {
  const std::string s = n.as<std::string>();
  if (s == "x" || s == "0") return 0;
  if (s == "y" || s == "1") return 1;
  if (s == "z" || s == "2") return 2;
  fail(c, n, "axis must be x, y or z (got '" + s + "')");
}

/// Runs a factory, turning its alfven::Error into one that names the node.
template <typename F>
Expr checked(const Context& c, const YAML::Node& n, F f) {
  try {
    return f();
  } catch (const LocatedError&) {
    throw;  // a parameter's own error, already located
  } catch (const Error& e) {
    fail(c, n, e.what());
  }
}

Expr parse_node(const Context& c, const YAML::Node& node);

/// A boolean parameter (YAML true/false, yes/no, on/off).
bool boolean(const Context& c, const YAML::Node& n, const std::string& what) {
  try {
    if (!n.IsScalar()) fail(c, n, what + " must be true or false");
    return n.as<bool>();
  } catch (const YAML::Exception&) {
    fail(c, n, what + " must be true or false (got '" + n.Scalar() + "')");
  }
}

/// A string parameter.
std::string text(const Context& c, const YAML::Node& n, const std::string& what) {
  if (!n.IsScalar()) fail(c, n, what + " must be a string");
  return n.Scalar();
}

/// mesh: {file: PATH, sign: pseudonormal|winding, build: sah|morton, clean: true|false}.
/// The file is read with read_mesh (a relative path against c.base_dir) and cleaned with clean()
/// unless `clean: false`. Without `sign`, a mesh validate() does not find fit for the
/// pseudonormal sign gets the winding-number sign instead.
Expr parse_mesh(const Context& c, const YAML::Node& a) {
  check_keys(c, a, "mesh", {"file"}, {"sign", "build", "clean"});
  const std::string file = text(c, a["file"], "mesh.file");
  if (file.empty()) fail(c, a["file"], "mesh.file must not be empty");
  MeshSDFOptions options;
  const bool sign_given = bool(a["sign"]);
  if (sign_given) {
    const std::string s = text(c, a["sign"], "mesh.sign");
    if (s == "pseudonormal")
      options.sign = SignMode::Pseudonormal;
    else if (s == "winding")
      options.sign = SignMode::WindingNumber;
    else
      fail(c, a["sign"], "mesh.sign must be pseudonormal or winding (got '" + s + "')");
  }
  if (a["build"]) {
    const std::string b = text(c, a["build"], "mesh.build");
    if (b == "sah")
      options.build = BVHBuild::SAH;
    else if (b == "morton")
      options.build = BVHBuild::Morton;
    else if (b == "lbvh")
      options.build = BVHBuild::LBVH;
    else
      fail(c, a["build"], "mesh.build must be sah, morton or lbvh (got '" + b + "')");
  }
  const bool do_clean = a["clean"] ? boolean(c, a["clean"], "mesh.clean") : true;

  std::filesystem::path path(file);
  if (path.is_relative() && !c.base_dir.empty()) path = std::filesystem::path(c.base_dir) / path;
  auto mesh = std::make_shared<TriangleMesh>();
  try {
    *mesh = read_mesh(path.string());
    if (do_clean) clean(*mesh);
    if (mesh->triangle_count() == 0)
      throw Error("mesh '" + path.string() + "' has no triangle left after cleaning");
    if (!sign_given && !validate(*mesh).fit_for_pseudonormal())
      options.sign = SignMode::WindingNumber;
  } catch (const Error& e) {
    fail(c, a["file"], std::string("mesh.file: ") + e.what());
  }
  return checked(c, a, [&] { return Expr::mesh(std::move(mesh), options); });
}

std::vector<Expr> parse_list(const Context& c, const YAML::Node& n, const std::string& op) {
  if (!n.IsSequence() || n.size() == 0)
    fail(c, n, "'" + op + "' expects a non-empty list of shapes");
  std::vector<Expr> v;
  for (const auto& x : n) v.push_back(parse_node(c, x));
  return v;
}

Expr parse_node(const Context& c, const YAML::Node& node) {
  if (++c.nodes > kMaxGeometryNodes)
    fail(c, node,
         "the geometry holds more than " + std::to_string(kMaxGeometryNodes) +
             " operations (YAML aliases *name copy their node at every use, so nested aliases "
             "multiply); describe many shapes with a mesh or point-cloud file instead");
  if (!node.IsMap() || node.size() != 1)
    fail(c, node,
         "a geometry node is a map with exactly one key, the operation (sphere, union, translate, "
         "...)");
  const auto kv = *node.begin();
  const std::string op = kv.first.as<std::string>();
  const YAML::Node& a = kv.second;
  auto num = [&](const char* k) { return number(c, a[k], std::string(op) + "." + k); };
  auto vec = [&](const char* k) { return vec3(c, a[k], std::string(op) + "." + k); };
  auto child = [&]() { return parse_node(c, a["shape"]); };
  // A blend or stencil width: in [1e-30, 1e30], so that it stays a positive finite number in the
  // single precision renders evaluate in (1e-308 became 0 there, inf an empty image).
  auto width = [&](const char* k) {
    const double w = num(k);
    if (!(w >= 1e-30 && w <= 1e30))
      fail(c, a[k],
           std::string(op) + "." + k + " must be a width in [1e-30, 1e30] (got " + a[k].Scalar() +
               ")");
    return w;
  };
  // The shape of a point transform. The tape holds at most MaxPoints nested transforms; said
  // here, the error names the line instead of coming from the tape's build later.
  auto transformed = [&]() {
    if (++c.points > Tape<double>::MaxPoints)
      fail(c, node,
           "point transforms (translate, rotate, scale, elongate, reflect, repeat) nested more "
           "than " +
               std::to_string(Tape<double>::MaxPoints) +
               " deep; combine consecutive ones (one translate by the sum, one rotation)");
    Expr s = child();
    --c.points;
    return s;
  };

  if (op == "sphere") {
    check_keys(c, a, op, {"radius"}, {"center"});
    const Vec3<double> ctr = a["center"] ? vec("center") : Vec3<double>{0, 0, 0};
    return checked(c, a, [&] { return Expr::sphere(ctr, num("radius")); });
  }
  if (op == "plane") {
    check_keys(c, a, op, {"normal"}, {"point"});
    const Vec3<double> pt = a["point"] ? vec("point") : Vec3<double>{0, 0, 0};
    return checked(c, a, [&] { return Expr::plane(pt, vec("normal")); });
  }
  if (op == "box") {
    check_keys(c, a, op, {"half"});
    return checked(c, a, [&] { return Expr::box(vec("half")); });
  }
  if (op == "rounded_box") {
    check_keys(c, a, op, {"half", "radius"});
    return checked(c, a, [&] { return Expr::rounded_box(vec("half"), num("radius")); });
  }
  if (op == "torus") {
    check_keys(c, a, op, {"major_radius", "minor_radius"});
    return checked(c, a, [&] { return Expr::torus(num("major_radius"), num("minor_radius")); });
  }
  if (op == "cylinder") {
    check_keys(c, a, op, {"radius", "half_height"});
    return checked(c, a, [&] { return Expr::cylinder(num("radius"), num("half_height")); });
  }
  if (op == "infinite_cylinder") {
    check_keys(c, a, op, {"radius"});
    return checked(c, a, [&] { return Expr::infinite_cylinder(num("radius")); });
  }
  if (op == "capsule") {
    check_keys(c, a, op, {"half_length", "radius"});
    return checked(c, a, [&] { return Expr::capsule(num("half_length"), num("radius")); });
  }
  if (op == "cone") {
    check_keys(c, a, op, {"radius", "height"});
    return checked(c, a, [&] { return Expr::cone(num("radius"), num("height")); });
  }
  if (op == "infinite_cone") {
    check_keys(c, a, op, {"angle_deg"});
    return checked(c, a, [&] { return Expr::infinite_cone(num("angle_deg") * kPi / 180); });
  }
  if (op == "rounded_cylinder") {
    check_keys(c, a, op, {"radius", "half_height", "rounding"});
    return checked(c, a, [&] {
      return Expr::rounded_cylinder(num("radius"), num("half_height"), num("rounding"));
    });
  }
  if (op == "noise") {
    check_keys(c, a, op, {}, {"frequency", "amplitude", "persistence", "octaves", "seed"});
    const double f = a["frequency"] ? num("frequency") : 1,
                 am = a["amplitude"] ? num("amplitude") : 1;
    const double pe = a["persistence"] ? num("persistence") : 0.5;
    const int oc = a["octaves"] ? int(num("octaves")) : 1;
    const auto seed = std::uint32_t(a["seed"] ? num("seed") : 0);
    return checked(c, a, [&] { return Expr::noise(f, am, pe, oc, seed); });
  }
  if (op == "translate") {
    check_keys(c, a, op, {"by", "shape"});
    return Expr::translate(transformed(), vec("by"));
  }
  if (op == "rotate") {
    if (a.IsMap() && a["quaternion"]) {
      check_keys(c, a, op, {"quaternion", "shape"});
      const YAML::Node& q = a["quaternion"];
      if (!q.IsSequence() || q.size() != 4)
        fail(c, q, "rotate.quaternion must be a list of 4 numbers [w, x, y, z]");
      const Quaternion<double> qq{number(c, q[0], "w"), number(c, q[1], "x"), number(c, q[2], "y"),
                                  number(c, q[3], "z")};
      Expr s = transformed();
      return checked(c, a, [&] { return Expr::rotate(s, qq); });
    }
    check_keys(c, a, op, {"axis", "angle_deg", "shape"});
    Expr s = transformed();
    return checked(c, a,
                   [&] { return Expr::rotate(s, vec("axis"), num("angle_deg") * kPi / 180); });
  }
  if (op == "scale") {
    check_keys(c, a, op, {"factor", "shape"});
    Expr s = transformed();
    return checked(c, a, [&] { return Expr::scale(s, num("factor")); });
  }
  if (op == "offset") {
    check_keys(c, a, op, {"distance", "shape"});
    return Expr::offset(child(), num("distance"));
  }
  if (op == "annular") {
    check_keys(c, a, op, {"thickness", "shape"});
    Expr s = child();
    return checked(c, a, [&] { return Expr::annular(s, num("thickness")); });
  }
  if (op == "blur" || op == "mollify") {
    check_keys(c, a, op, {"width", "shape"});
    // The tape (which evaluates the geometry) holds at most MaxLoops nested stencils; said here,
    // the error names the line instead of coming from the tape's build later.
    if (++c.loops > Tape<double>::MaxLoops)
      fail(c, node,
           "blur/mollify nested more than " + std::to_string(Tape<double>::MaxLoops) +
               " deep (each level evaluates its shape at every stencil point of the level above)");
    Expr s = child();
    --c.loops;
    return checked(c, a, [&] {
      return op == "blur" ? Expr::blur(s, width("width")) : Expr::mollify(s, width("width"));
    });
  }
  if (op == "elongate") {
    check_keys(c, a, op, {"half", "shape"});
    Expr s = transformed();
    return checked(c, a, [&] { return Expr::elongate(s, vec("half")); });
  }
  if (op == "reflect") {
    check_keys(c, a, op, {"axis", "shape"});
    return Expr::reflect(transformed(), axis_of(c, a["axis"]));
  }
  if (op == "repeat") {
    check_keys(c, a, op, {"spacing", "count", "shape"});
    Expr s = transformed();
    return checked(c, a, [&] { return Expr::repeat(s, vec("spacing"), vec("count")); });
  }
  if (op == "mesh") return parse_mesh(c, a);
  if (op == "complement") return Expr::complement(parse_node(c, a));
  if (op == "union") return Expr::csg(Op::Union, parse_list(c, a, op));
  if (op == "intersection") return Expr::csg(Op::Intersection, parse_list(c, a, op));
  if (op == "difference") return Expr::csg(Op::Difference, parse_list(c, a, op));
  const std::pair<const char*, Op> smooth[] = {{"smooth_union", Op::SmoothUnion},
                                               {"smooth_intersection", Op::SmoothIntersection},
                                               {"smooth_difference", Op::SmoothDifference},
                                               {"exp_union", Op::ExpUnion},
                                               {"exp_intersection", Op::ExpIntersection}};
  for (const auto& s : smooth) {
    if (op == s.first) {
      check_keys(c, a, op, {"width", "shapes"});
      std::vector<Expr> v = parse_list(c, a["shapes"], op);
      return checked(c, a, [&] { return Expr::csg(s.second, v, width("width")); });
    }
  }
  fail(c, kv.first, "unknown geometry operation '" + op + "'");
}

YAML::Node load_file(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw Error("cannot open '" + path + "'");
  try {
    return YAML::Load(f);
  } catch (const YAML::Exception& e) {
    throw Error(path + ":" + std::to_string(e.mark.line + 1) +
                ": YAML syntax error: " + yaml_error_text(e));
  }
}

}  // namespace scene_parse

using namespace scene_parse;

Expr parse_geometry_yaml(const std::string& yaml_text, const std::string& source,
                         const std::string& base_dir) {
  YAML::Node root;
  try {
    root = YAML::Load(yaml_text);
  } catch (const YAML::Exception& e) {
    throw Error(source + ":" + std::to_string(e.mark.line + 1) +
                ": YAML syntax error: " + yaml_error_text(e));
  }
  return parse_geometry_node(root, source, base_dir);
}

Expr parse_geometry_node(const YAML::Node& node, const std::string& source,
                         const std::string& base_dir, bool lines) {
  try {
    return parse_node(Context{source, base_dir, lines}, node);
  } catch (const YAML::Exception& e) {  // a type conversion yaml-cpp refused
    throw Error(source + (lines ? ":" + std::to_string(e.mark.line + 1) : std::string()) + ": " +
                e.msg);
  }
}

YAML::Node with_absolute_mesh_paths(const YAML::Node& node, const std::string& base_dir) {
  YAML::Node copy = YAML::Clone(node);
  const std::filesystem::path base =
      std::filesystem::absolute(std::filesystem::path(base_dir.empty() ? "." : base_dir));
  // Depth-first over maps and lists; a `mesh` map's `file` scalar is the only path there is.
  auto visit = [&](auto&& self, const YAML::Node& n) -> void {
    if (n.IsMap()) {
      for (auto kv : n) {
        YAML::Node value = kv.second;
        if (kv.first.IsScalar() && kv.first.Scalar() == "mesh" && value.IsMap() && value["file"] &&
            value["file"].IsScalar()) {
          const std::filesystem::path file(value["file"].Scalar());
          if (file.is_relative()) value["file"] = (base / file).lexically_normal().string();
        }
        self(self, value);
      }
    } else if (n.IsSequence()) {
      for (auto child : n) self(self, child);
    }
  };
  visit(visit, copy);
  return copy;
}

std::string scene_parse::directory_of(const std::string& path) {
  return std::filesystem::path(path).parent_path().string();
}

Expr load_geometry_file(const std::string& path) {
  const YAML::Node root = load_file(path);
  const Context c{path, directory_of(path)};
  if (!root.IsMap() || !root["geometry"])
    fail(c, root, "the file needs a top-level 'geometry' key");
  try {
    return parse_node(c, root["geometry"]);
  } catch (const YAML::Exception& e) {
    throw Error(path + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
}

}  // namespace geom
}  // namespace alfven
