/// @file geom.hpp
/// @brief alfven::geom: signed distance geometry. Include this one header for shapes,
/// transforms, CSG, BVH unions, triangle meshes and their signed distance (MeshSDF), point
/// clouds, the runtime tape and the renderer (host and device). Everything is header-only but
/// MeshSDF<T>::build, compiled once for float and double in the library alfven_geom_build
/// (which the CMake target alfven::geom links). Mesh files are read by alfven/geom/mesh_io.hpp
/// (library alfven_mesh_io). See docs/geometry.md.
#pragma once

#include "bvh/build.hpp"
#include "bvh/node.hpp"
#include "bvh/traverse.hpp"
#include "bvh_union.hpp"
#include "csg.hpp"
#include "mesh_sdf.hpp"
#include "point_cloud.hpp"
#include "render.hpp"
#include "shapes.hpp"
#include "tape.hpp"
#include "transforms.hpp"
#include "triangle_distance.hpp"
#include "triangle_mesh.hpp"
#include "vec3.hpp"
