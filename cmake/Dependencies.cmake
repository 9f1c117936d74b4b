# Finds the third-party libraries Alfven uses. All come from Debian/Ubuntu packages
# (scripts/install-deps installs them).

find_package(OpenMP)
if(NOT OpenMP_CXX_FOUND)
  message(STATUS "OpenMP not found: host loops run serially")
endif()

find_package(yaml-cpp REQUIRED)
# yaml-cpp 0.7 (Debian 12) exports the target `yaml-cpp`, 0.8 (Ubuntu 24.04) `yaml-cpp::yaml-cpp`.
if(TARGET yaml-cpp::yaml-cpp)
  set(ALFVEN_YAML_TARGET yaml-cpp::yaml-cpp)
elseif(TARGET yaml-cpp)
  set(ALFVEN_YAML_TARGET yaml-cpp)
else()
  message(FATAL_ERROR "yaml-cpp found but exports neither yaml-cpp::yaml-cpp nor yaml-cpp")
endif()

# FindHDF5 compiles a small C probe, so the C language must be enabled before it runs.
enable_language(C)
find_package(HDF5 REQUIRED COMPONENTS C)
find_package(CLI11 REQUIRED)
find_package(fmt REQUIRED)
find_package(PNG REQUIRED)

# MPI (optional): Open MPI or MPICH from the distribution, or the cluster's MPI.
option(ALFVEN_ENABLE_MPI "Build with MPI when it is found" ON)
set(ALFVEN_HAVE_MPI OFF)
if(ALFVEN_ENABLE_MPI)
  find_package(MPI COMPONENTS CXX)
  if(MPI_CXX_FOUND)
    set(ALFVEN_HAVE_MPI ON)
  else()
    message(STATUS "MPI not found: runs use one process")
  endif()
endif()
