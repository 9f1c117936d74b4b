// Helpers of the YAML geometry parser (scene_yaml.cpp) that the scene files (scene.cpp) share:
// where a node came from, errors that name it, key and value checks. Private to alfven_geom_tools.
#pragma once

#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <sstream>
#include <string>

#include "alfven/geom/expr.hpp"
#include "alfven/geom/vec3.hpp"

namespace alfven {
namespace geom {
namespace scene_parse {

/// Where a node came from, for messages: "file:line" ("file" alone when `lines` is false: text
/// that is no file's lines, such as a command-line value); `base_dir` resolves relative paths in
/// the text (mesh files): the scene file's directory, or "" (the working directory) for a string.
/// `nodes` counts the operations parsed so far (kMaxGeometryNodes), `loops` the blur/mollify
/// levels around the current node (Tape::MaxLoops).
struct Context {
  std::string source;
  std::string base_dir;
  bool lines = true;  ///< whether the nodes' line numbers are lines of `source`
  mutable long nodes = 0;
  mutable int loops = 0;   ///< blur/mollify levels around the node being parsed
  mutable int points = 0;  ///< point transforms around the node being parsed
  std::string at(const YAML::Node& n) const {
    std::ostringstream os;
    os << source;
    if (lines && n.Mark().line >= 0) os << ":" << n.Mark().line + 1;
    return os.str();
  }
};

/// An error that already names its place in the file (what fail throws), so that an enclosing
/// checked() passes it on instead of naming the place again.
struct LocatedError : Error {
  using Error::Error;
};

/// Throws LocatedError "FILE:LINE: what" for node n.
[[noreturn]] void fail(const Context& c, const YAML::Node& n, const std::string& what);

/// Checks that map `n` has all keys in `required` and no keys outside `required` and `optional`;
/// `op` names the map in messages.
void check_keys(const Context& c, const YAML::Node& n, const std::string& op,
                std::initializer_list<const char*> required,
                std::initializer_list<const char*> optional = {});

/// The number at `n` (`what` names it in messages).
double number(const Context& c, const YAML::Node& n, const std::string& what);

/// The list of three numbers at `n` (`what` names it in messages).
Vec3<double> vec3(const Context& c, const YAML::Node& n, const std::string& what);

/// The geometry node `node` (the syntax of scene.hpp) as an expression.
Expr parse_node(const Context& c, const YAML::Node& node);

/// The YAML document in the file `path`. Throws alfven::Error naming the file and line.
YAML::Node load_file(const std::string& path);

/// The directory of the file `path`, for relative paths inside it ("" for a bare file name).
std::string directory_of(const std::string& path);

}  // namespace scene_parse
}  // namespace geom
}  // namespace alfven
