# Thin wrapper over CMake presets. The two commands of the README:
#   make run    install what is missing, build the program alone (Release), run the default
#               problem
#   make test   install what is missing, build everything (tests, benchmarks, examples), run
#               the whole test suite with ctest
# Others: make build (everything), make cuda (needs nvcc), make cuda-test, make bench, make clean;
# make format (clang-format every tracked source in place), make check (the checks CI runs
# besides the tests: formatting, clang-tidy, file names in comments); PRESET=debug selects the
# debug build.

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
PRESET ?= release
BUILD_DIR := build/$(PRESET)
ALFVEN := $(BUILD_DIR)/apps/alfven/alfven

.PHONY: all deps configure build program run test cuda cuda-test bench clean format check

all: build

deps:
	@scripts/install-deps

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

# The alfven program alone (what `make run` needs): a fraction of the build's targets.
program: configure
	@cmake --build --preset $(PRESET) -j $(JOBS) --target alfven

run: program
	$(ALFVEN) run $(ARGS)

test: build
	@ctest --preset $(PRESET) -j $(JOBS)

cuda:
	@$(MAKE) --no-print-directory build PRESET=cuda

# The CUDA configuration's tests: on a machine without a GPU the GPU tests report "skipped",
# the rest (host backend inside the CUDA build) run. CI runs this after `make test`.
cuda-test: cuda
	@ctest --preset cuda -j $(JOBS) -E cli.miso_mhd2d_vortex_config

bench: build
	$(BUILD_DIR)/bench/bench_mhd

clean:
	rm -rf build

# The same files and the same clang-format as scripts/check-format (CI's check).
format:
	@scripts/check-format --fix

check:
	@scripts/install-deps --dev
	@scripts/check-format
	@scripts/check-paths
	@cmake --preset release >/dev/null
	@scripts/check-tidy
