#!/bin/sh
# `alfven run --restart` from a snapshot whose root object header is damaged (one byte flipped,
# so its metadata checksum fails): exit status 1 and one message that says the metadata is
# damaged, with nothing from HDF5 after it (parallel HDF5 printed "HDF5: infinite loop closing
# library" and a line of interface names when MPI_Finalize shut it down).
# The header's address is read from the superblock (version 2 or 3: 8 bytes at byte 36).
# Usage: damaged_restart.sh ALFVEN_EXECUTABLE WORK_DIR
exe=$1
dir=$2
rm -rf "$dir" && mkdir -p "$dir" || exit 1
"$exe" run orszag_tang --set grid.i_size=8 --set grid.j_size=8 --set time.max_steps=1 \
  -o "$dir/run" -q >/dev/null 2>&1 || { echo "the first run failed"; exit 1; }
cp "$dir/run/snapshot_0000.h5" "$dir/damaged.h5" || exit 1
root=$(od -An -t u8 -j 36 -N 8 "$dir/damaged.h5" | tr -d ' ')
[ -n "$root" ] || exit 1
printf '\377' | dd of="$dir/damaged.h5" bs=1 seek=$((root + 20)) conv=notrunc status=none || exit 1
"$exe" run orszag_tang --restart "$dir/damaged.h5" --set grid.i_size=8 --set grid.j_size=8 \
  --set time.max_steps=2 -o "$dir/again" -q >"$dir/log" 2>&1
rc=$?
cat "$dir/log"
echo "exit status $rc"
[ "$rc" -eq 1 ] || exit 1
grep -q "damaged metadata" "$dir/log" || exit 1
! grep -q "HDF5" "$dir/log"
