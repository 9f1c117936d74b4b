# The CUDA backend (ALFVEN_ENABLE_CUDA=ON). Included before the targets are made.
#
# - nvcc: CMAKE_CUDA_COMPILER or CUDACXX when given, else nvcc on the PATH, else
#   /usr/local/cuda/bin/nvcc.
# - Host compiler: the C++ compiler of the project (g++), so host and device objects agree.
# - CMAKE_CUDA_ARCHITECTURES: when not given (nor CUDAARCHS), `native` if nvidia-smi sees a GPU
#   at configure time, otherwise 90 (H100/H200), so that a machine without a GPU (CI) still
#   configures and compiles every kernel.

if(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX})
  find_program(ALFVEN_NVCC nvcc PATHS /usr/local/cuda/bin NO_CACHE)
  if(ALFVEN_NVCC)
    set(CMAKE_CUDA_COMPILER "${ALFVEN_NVCC}")
  endif()
endif()

if(NOT DEFINED CMAKE_CUDA_HOST_COMPILER AND NOT DEFINED ENV{CUDAHOSTCXX}
   AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  set(CMAKE_CUDA_HOST_COMPILER "${CMAKE_CXX_COMPILER}")
endif()

if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT DEFINED ENV{CUDAARCHS})
  set(_alfven_arch 90)
  find_program(ALFVEN_NVIDIA_SMI nvidia-smi NO_CACHE)
  if(ALFVEN_NVIDIA_SMI)
    execute_process(COMMAND "${ALFVEN_NVIDIA_SMI}" -L OUTPUT_VARIABLE _alfven_gpus
                    RESULT_VARIABLE _alfven_smi_rc ERROR_QUIET TIMEOUT 20)
    if(_alfven_smi_rc EQUAL 0 AND _alfven_gpus MATCHES "GPU [0-9]+:")
      set(_alfven_arch native)
    endif()
  endif()
  set(CMAKE_CUDA_ARCHITECTURES ${_alfven_arch} CACHE STRING "CUDA architectures to build for")
  message(STATUS "Alfven: CMAKE_CUDA_ARCHITECTURES=${_alfven_arch} (no GPU visible means 90)")
endif()

enable_language(CUDA)
find_package(CUDAToolkit REQUIRED)
set(CMAKE_CUDA_STANDARD 17)
set(CMAKE_CUDA_STANDARD_REQUIRED ON)
set(CMAKE_CUDA_EXTENSIONS OFF)
message(STATUS "Alfven: CUDA ${CUDAToolkit_VERSION}, nvcc ${CMAKE_CUDA_COMPILER}, "
               "host compiler ${CMAKE_CUDA_HOST_COMPILER}")

# alfven_core_add_cuda(target): what every user of alfven::core needs in a CUDA build:
# the runtime, ALFVEN_HAVE_CUDA, extended lambdas (ALFVEN_LAMBDA is `[=] __host__ __device__`),
# and OpenMP for the host pass of .cu files (the host backend runs there too).
function(alfven_core_add_cuda target)
  target_link_libraries(${target} INTERFACE CUDA::cudart)
  target_compile_definitions(${target} INTERFACE ALFVEN_HAVE_CUDA)
  target_compile_options(${target} INTERFACE $<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda>)
  # A host-only function called from a __host__ __device__ one is only a warning in nvcc, and
  # undefined behaviour on the device: make it an error.
  target_compile_options(${target} INTERFACE "$<$<COMPILE_LANGUAGE:CUDA>:SHELL:-Xcudafe --diag_error=20011>"
    "$<$<COMPILE_LANGUAGE:CUDA>:SHELL:-Xcudafe --diag_error=20014>")
  if(OpenMP_CXX_FOUND)
    target_compile_options(${target} INTERFACE $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-fopenmp>)
  endif()
endfunction()
