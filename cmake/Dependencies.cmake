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

# HDF5: parallel (MPI-IO) in an MPI build when the machine has it (Debian: libhdf5-openmpi-dev),
# serial otherwise. With parallel HDF5 every rank writes its own hyperslab of one file
# (collective, filtered chunks need HDF5 >= 1.10.2); with serial HDF5 an MPI run sends each block
# to rank 0, which writes it (docs/output.md, "Parallel output"). Both read the rank's own
# hyperslab at a restart. A build folder keeps the HDF5 it found first: remove its CMakeCache.txt
# (or set HDF5_C_COMPILER_EXECUTABLE) to switch.
# FindHDF5 compiles a small C probe, so the C language must be enabled before it runs.
enable_language(C)
option(ALFVEN_ENABLE_PARALLEL_HDF5 "Use parallel HDF5 in an MPI build when it is found" ON)
if(ALFVEN_HAVE_MPI AND ALFVEN_ENABLE_PARALLEL_HDF5)
  set(HDF5_PREFER_PARALLEL TRUE)
endif()
find_package(HDF5 REQUIRED COMPONENTS C)
set(ALFVEN_HAVE_PARALLEL_HDF5 OFF)
if(HDF5_IS_PARALLEL)
  # A parallel HDF5's hdf5.h includes mpi.h: every user of HDF5::HDF5 needs MPI's headers.
  find_package(MPI REQUIRED COMPONENTS C)
  set_property(TARGET HDF5::HDF5 APPEND PROPERTY INTERFACE_LINK_LIBRARIES MPI::MPI_C)
endif()
if(ALFVEN_HAVE_MPI AND ALFVEN_ENABLE_PARALLEL_HDF5 AND HDF5_IS_PARALLEL)
  if(HDF5_VERSION VERSION_LESS 1.10.2)
    message(STATUS "HDF5 ${HDF5_VERSION} is parallel but older than 1.10.2 (no parallel writes of "
                   "checksummed chunks): MPI runs write through rank 0")
  else()
    set(ALFVEN_HAVE_PARALLEL_HDF5 ON)
  endif()
endif()
if(ALFVEN_HAVE_PARALLEL_HDF5)
  message(STATUS "HDF5 ${HDF5_VERSION}: parallel (collective MPI-IO writes of each rank's block)")
else()
  message(STATUS "HDF5 ${HDF5_VERSION}: serial (an MPI run writes each block through rank 0)")
endif()
