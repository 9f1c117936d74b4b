#!/bin/sh
# `make run` builds the alfven program alone, not the tests, benchmarks and examples (about 260
# targets, 45 minutes on two cores); `make test` builds everything. Read from `make -n` (the
# commands make would run, none run).
#
#   make_run.sh SOURCE_DIR
set -u
source_dir=$1
fail() { echo "FAIL: $*"; exit 1; }
run=$(make --no-print-directory -n -C "$source_dir" run) || fail "make -n run failed"
echo "make run: $run"
echo "$run" | grep -q "^cmake --build .*--target alfven$" || fail "make run does not build the alfven target"
if echo "$run" | grep "^cmake --build" | grep -qv -- "--target alfven$"; then
  fail "make run builds more than the alfven target"
fi
tests=$(make --no-print-directory -n -C "$source_dir" test) || fail "make -n test failed"
echo "make test: $tests"
echo "$tests" | grep "^cmake --build" | grep -qv -- "--target" || fail "make test does not build everything"
echo "$tests" | grep -q "^ctest " || fail "make test runs no ctest"
echo "make run builds the program alone; make test builds everything"
