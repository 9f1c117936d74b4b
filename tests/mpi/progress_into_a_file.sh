#!/bin/sh
# Under an MPI launcher with the output going to a file, the progress line is printed as plain
# lines: Open MPI forwards each process's output through a pseudo-terminal, so isatty() was true
# and the file filled with "\r\033[K" refreshes. A run of 2 ranks is stopped by --walltime after
# about 8 s, past the 5 s of the first plain progress line on any machine.
#
#   progress_into_a_file.sh ALFVEN DIR MPIEXEC NP_FLAG [MPIEXEC_FLAGS...]
set -u
alfven=$1 dir=$2 mpiexec=$3 np=$4
shift 4
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || fail "cannot make $dir"
$mpiexec $np 2 "$@" "$alfven" run orszag_tang --set grid.i_size=64 --set grid.j_size=64 \
  --set time.tend=1000 --set time.dt_output=1000 --walltime 00:00:09 -o "$dir/run" \
  > "$dir/run.log" 2>&1
status=$?
cat "$dir/run.log"
[ "$status" -eq 75 ] || fail "exit status $status, expected 75 (stopped by --walltime)"
if grep -q "$(printf '[\r\033]')" "$dir/run.log"; then
  fail "carriage returns or escape sequences in the file"
fi
grep -q "^step .* ETA .* cell updates/s$" "$dir/run.log" || fail "no progress line in the file"
echo "the progress is in plain lines"
