#!/bin/sh
# A run (2 ranks unless --ranks says) whose snapshot does not fit the disk stops with the
# documented message (the free space named) and status 1 on a small tmpfs; before, parallel
# HDF5 met the full disk in rank 0's metadata writes inside a dataset's creation and the run hung
# for good, and serial HDF5 (through rank 0) said only that a flush failed. Needs to mount a
# tmpfs (root with CAP_SYS_ADMIN); skipped (77) where it cannot.
#
#   full_disk.sh ALFVEN DIR MPIEXEC NP_FLAG [MPIEXEC_FLAGS...] [--ranks N]  (default 2 ranks)
set -u
alfven=$1 dir=$2 mpiexec=$3 np=$4
shift 4
flags="" ranks=2
while [ $# -gt 0 ]; do
  if [ "$1" = --ranks ]; then ranks=$2; shift 2; else flags="$flags $1"; shift; fi
done
mkdir -p "$dir" || exit 1
if ! mount -t tmpfs -o size=150k tmpfs "$dir" 2>/dev/null; then
  echo "SKIP: cannot mount a tmpfs at $dir (needs root)"
  exit 77
fi
trap 'umount "$dir" 2>/dev/null' EXIT
# shellcheck disable=SC2086
timeout 120 "$mpiexec" $flags "$np" "$ranks" "$alfven" run --set grid.i_size=32 --set grid.j_size=32 \
  --set time.dt_output=0.01 --set time.tend=0.05 -q -o "$dir/run" >"$dir.log" 2>&1
status=$?
cat "$dir.log"
[ "$status" -ne 124 ] || { echo "FAIL: the run hung (killed after 120 s)"; exit 1; }
[ "$status" -eq 1 ] || { echo "FAIL: exit status $status, expected 1"; exit 1; }
grep -q "cannot write snapshot .*free" "$dir.log" || { echo "FAIL: no message about free space"; exit 1; }
echo "full disk: clean stop"
