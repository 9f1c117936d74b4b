#!/bin/sh
# `alfven run` onto a full disk (issue 10, item 8): a file-size limit of 10 MiB (prlimit) stands
# for the full disk, and the first snapshot of a 64^3 run (19 MB) does not fit. The run must stop
# with a message naming the snapshot and exit status 1; it segfaulted at exit inside HDF5 (139).
# Exit 77 (skipped) without prlimit or where MPI cannot start under the limit.
# Usage: full_disk_run.sh ALFVEN_EXECUTABLE WORK_DIR
exe=$1
dir=$2
rm -rf "$dir" "$dir.log"
trap '' XFSZ
command -v prlimit >/dev/null 2>&1 || exit 77
prlimit --fsize=10485760 "$exe" info >/dev/null 2>&1 || exit 77
prlimit --fsize=10485760 "$exe" run orszag_tang --set grid.i_size=64 --set grid.j_size=64 \
  --set grid.k_size=64 --set time.max_steps=1 -o "$dir" -q >"$dir.log" 2>&1
rc=$?
cat "$dir.log"
echo "exit status $rc"
[ "$rc" -eq 1 ] || exit 1
grep -q "cannot write snapshot '$dir/snapshot_0000.h5'" "$dir.log" || exit 1
[ ! -e "$dir/snapshot_0000.h5" ] && [ ! -e "$dir/snapshot_0000.h5.tmp" ]
