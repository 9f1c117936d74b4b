# Thin wrapper over CMake presets. The two commands of the README:
#   make run    install what is missing, build (Release), run the default problem
#   make test   install what is missing, build, run the whole test suite with ctest
# Others: make build, make debug, make cuda (needs nvcc), make bench, make clean.

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
PRESET ?= release
BUILD_DIR := build/$(PRESET)
ALFVEN := $(BUILD_DIR)/apps/alfven/alfven

.PHONY: all deps build run test cuda bench clean format

all: build

deps:
	@scripts/install-deps

build: deps
	@cmake --preset $(PRESET) >/dev/null
	@cmake --build --preset $(PRESET) -j $(JOBS)

run: build
	$(ALFVEN) run $(ARGS)

test: build
	@ctest --preset $(PRESET) -j $(JOBS)

cuda:
	@$(MAKE) --no-print-directory build PRESET=cuda

bench: build
	$(BUILD_DIR)/bench/bench_mhd

clean:
	rm -rf build

format:
	clang-format -i $$(git ls-files '*.hpp' '*.cpp' '*.cu' '*.cuh')
