/// @file geom.hpp
/// @brief alfven::geom: signed distance geometry. Include this one header for shapes,
/// transforms, CSG, BVH unions, point clouds, the runtime tape and the renderer (all
/// header-only, host and device). See docs/geometry.md.
#pragma once

#include "bvh.hpp"
#include "csg.hpp"
#include "point_cloud.hpp"
#include "render.hpp"
#include "shapes.hpp"
#include "tape.hpp"
#include "transforms.hpp"
#include "triangle_mesh.hpp"
#include "vec3.hpp"
