#!/bin/sh
# Small runs exported with `alfven export --to miso` (and one imported back with `alfven import
# --from miso`), for check_miso_export.py, which reads them as pymiso does.
#   miso_export_fixture.sh ALFVEN DIR
# Writes DIR/vortex (2D Orszag-Tang, double) exported on 2 ranks and on 1, DIR/vortex3d (3D,
# float) on 2 x 2 x 1 ranks, DIR/sod (1D, outflow faces) on 4 ranks, and DIR/vortex3d_import.h5.
set -eu
alfven=$1 dir=$2
rm -rf "$dir" && mkdir -p "$dir"
run() { "$alfven" run -q "$@" > /dev/null; }
run --set grid.i_size=16 --set grid.j_size=16 --set time.tend=0.2 --set time.dt_output=0.1 -o "$dir/vortex"
"$alfven" export --to miso "$dir/vortex" "$dir/vortex_miso_2" --procs 2,1,1
"$alfven" export --to miso "$dir/vortex" "$dir/vortex_miso_1" --snapshot 0 --snapshot 2
run --set grid.i_size=8 --set grid.j_size=8 --set grid.k_size=8 --set precision=float \
  --set time.tend=0.05 --set time.dt_output=0.05 -o "$dir/vortex3d"
"$alfven" export --to miso "$dir/vortex3d" "$dir/vortex3d_miso_4" --procs 2,2,1
"$alfven" import --from miso "$dir/vortex3d_miso_4" -o "$dir/vortex3d_import.h5"
run sod --set grid.i_size=32 --set time.tend=0.05 --set time.dt_output=0.025 -o "$dir/sod"
"$alfven" export --to miso "$dir/sod" "$dir/sod_miso_4" --procs 4,1,1
