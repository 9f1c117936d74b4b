#!/bin/sh
# A snapshot imported from MISO's layout restarts on another rank count as the run that never
# stopped: 40 steps on 1 rank, exported on 2 x 2 ranks (`alfven export --to miso`), imported back
# (`alfven import --from miso`), continued on 2 ranks with --restart to step 80; equal bit for bit
# to 80 straight steps on 1 rank.
#   miso_restart.sh ALFVEN COMPARE_RUNS DIR MPIEXEC NP_FLAG [MPIEXEC_FLAGS...]
set -u
alfven=$1 compare=$2 dir=$3 mpiexec=$4 np=$5
shift 5
flags="$*"
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot make $dir"
run="--set grid.i_size=32 --set grid.j_size=32 --set time.tend=10 --set time.dt_output=0.05 -q"
"$alfven" run $run --set time.max_steps=40 -o "$dir/first" > /dev/null || fail "the first part failed"
"$alfven" export --to miso "$dir/first" "$dir/miso" --procs 2,2,1 || fail "the export failed"
"$alfven" import --from miso "$dir/miso" -o "$dir/imported.h5" || fail "the import failed"
$mpiexec $np 2 $flags "$alfven" run $run --set time.max_steps=80 --restart "$dir/imported.h5" \
  -o "$dir/continued" > /dev/null || fail "the continued run failed"
"$alfven" run $run --set time.max_steps=80 -o "$dir/straight" > /dev/null || fail "the straight run failed"
"$compare" "$dir/straight" "$dir/continued" || fail "the run continued from the import differs"
echo "imported at step 40, continued on 2 ranks to step 80: bitwise equal to the straight run"
