#include "pin_meshes.hpp"

#include <string>

#include "alfven/geom/mesh_io.hpp"
#include "pin_cases.hpp"

namespace alfven {
namespace pins {

std::vector<geom::TriangleMesh> pin_meshes(const char* source_dir) {
  const std::string dir = std::string(source_dir) + "/tests/data/meshes/";
  return {geom::read_mesh(dir + "dodecahedron.ply"), geom::read_mesh(dir + "open_box.obj"),
          bumpy_sphere()};
}

}  // namespace pins
}  // namespace alfven
