/// @file geom.hpp
/// @brief alfven::geom: signed distance geometry. Include this one header for shapes,
/// transforms, CSG, BVH unions, triangle meshes and their signed distance (MeshSDF), point
/// clouds, the runtime tape and the renderer (all header-only, host and device). Mesh files are
/// read by alfven/geom/mesh_io.hpp (library alfven_mesh_io). See docs/geometry.md.
#pragma once

#include "bvh.hpp"
#include "csg.hpp"
#include "mesh_bvh_build.hpp"
#include "mesh_sdf.hpp"
#include "point_cloud.hpp"
#include "render.hpp"
#include "shapes.hpp"
#include "tape.hpp"
#include "transforms.hpp"
#include "triangle_distance.hpp"
#include "triangle_mesh.hpp"
#include "vec3.hpp"
