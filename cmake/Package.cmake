# Alfven as a dependency of other CMake projects (docs/using-alfven.md). Included at the end of
# the top-level CMakeLists.txt, once every target exists.
#
# - Every library in ALFVEN_PACKAGE_LIBRARIES is known to consumers as Alfven::<name>, where
#   <name> is the target name without its `alfven_` prefix (alfven_mhd -> Alfven::mhd): an ALIAS
#   for projects that use add_subdirectory, and the same name in the exported package for
#   projects that use find_package(Alfven) on an installed tree or on this build tree.
# - With ALFVEN_INSTALL (default: when Alfven is the top-level project), `cmake --install` installs
#   the headers, these libraries, the `alfven` program (Alfven::alfven), the Python package (under
#   share/alfven/python, which the program's end-of-run hint points to) and
#   lib/cmake/Alfven/{AlfvenConfig,AlfvenConfigVersion,AlfvenTargets}.cmake; the build tree gets
#   the same files, so find_package(Alfven) also works with -DAlfven_DIR=<this build directory>.
#
# A new library: create it as usual (add_library(alfven_NAME ...) under src/), then add its
# target to ALFVEN_PACKAGE_LIBRARIES below. If it needs a third-party package that no other
# library uses, add a find_dependency for it to cmake/AlfvenConfig.cmake.in (its private links
# are recorded too, since the libraries are static).

# The libraries a consumer may link. Header-only: core, geom. Compiled (static): the rest.
set(ALFVEN_PACKAGE_LIBRARIES alfven_core alfven_geom)
if(TARGET alfven_core_device)  # CUDA builds only: device queries (src/core)
  list(APPEND ALFVEN_PACKAGE_LIBRARIES alfven_core_device)
endif()
if(NOT ALFVEN_CORE_ONLY)
  list(APPEND ALFVEN_PACKAGE_LIBRARIES
    alfven_geom_build  # MeshSDF's host build, compiled once (float and double)
    alfven_io          # HDF5 snapshots, XDMF, CSV log, PNG
    alfven_config      # YAML configuration
    alfven_mesh_io     # triangle mesh files, cleaning, validation
    alfven_mesh_eval   # mesh signed distance on points or a grid (host, or CUDA)
    alfven_geom_tools  # geometry scenes from YAML, rendering
    alfven_mhd)        # the solver, problems, the run driver
endif()

foreach(_target IN LISTS ALFVEN_PACKAGE_LIBRARIES)
  if(NOT TARGET ${_target})
    message(FATAL_ERROR "cmake/Package.cmake: ALFVEN_PACKAGE_LIBRARIES names '${_target}', "
                        "which is not a target; remove it from the list or create it first")
  endif()
  string(REGEX REPLACE "^alfven_" "" _name "${_target}")
  set_target_properties(${_target} PROPERTIES EXPORT_NAME ${_name})
  add_library(Alfven::${_name} ALIAS ${_target})
endforeach()

if(NOT ALFVEN_INSTALL)
  return()
endif()

include(CMakePackageConfigHelpers)
set(ALFVEN_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Alfven)

# alfven_warnings (options for our own sources only, BUILD_INTERFACE) is in the export set because
# static libraries list their private links in the package; installed, it is empty.
set_target_properties(alfven_warnings PROPERTIES EXPORT_NAME internal_warnings)
install(TARGETS ${ALFVEN_PACKAGE_LIBRARIES} alfven_warnings EXPORT AlfvenTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/alfven DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(TARGET alfven)
  install(TARGETS alfven EXPORT AlfvenTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
# The Python package, as in the sources (pip install it from there, or set PYTHONPATH to it).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/ DESTINATION ${CMAKE_INSTALL_DATADIR}/alfven/python
        PATTERN "__pycache__" EXCLUDE PATTERN "build" EXCLUDE PATTERN "*.egg-info" EXCLUDE)

install(EXPORT AlfvenTargets NAMESPACE Alfven:: DESTINATION ${ALFVEN_CMAKE_INSTALL_DIR})
export(EXPORT AlfvenTargets NAMESPACE Alfven:: FILE ${PROJECT_BINARY_DIR}/AlfvenTargets.cmake)

# What the package must find again in the consumer: the choices this build made.
set(ALFVEN_PACKAGE_HAS_CUDA ${ALFVEN_ENABLE_CUDA})
set(ALFVEN_PACKAGE_HAS_MPI ${ALFVEN_HAVE_MPI})
set(ALFVEN_PACKAGE_PARALLEL_HDF5 ${ALFVEN_HAVE_PARALLEL_HDF5})
set(ALFVEN_PACKAGE_HAS_OPENMP ${OpenMP_CXX_FOUND})
set(ALFVEN_PACKAGE_CORE_ONLY ${ALFVEN_CORE_ONLY})
configure_file(${CMAKE_CURRENT_LIST_DIR}/AlfvenConfig.cmake.in
               ${PROJECT_BINARY_DIR}/AlfvenConfig.cmake @ONLY)
# 0.x: a new minor version may break the interface, so 0.1 accepts 0.1.y only.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/AlfvenConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/AlfvenConfig.cmake ${PROJECT_BINARY_DIR}/AlfvenConfigVersion.cmake
        DESTINATION ${ALFVEN_CMAKE_INSTALL_DIR})
