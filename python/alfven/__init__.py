"""Post-processing for Alfven runs: read snapshots (HDF5), the time-series log (CSV) and plot.

    import sys; sys.path.insert(0, "path/to/alfven/python")
    import alfven
    snap = alfven.load_snapshot("run/snap_0003.h5")   # dict: arrays (nz, ny, nx) + attrs
    run = alfven.load_run("run")                      # list of snapshots sorted by time
    log = alfven.load_log("run")                      # dict: column -> 1D array
    alfven.plot_snapshot("run/snap_0003.h5", "density", out="density.png")

Needs numpy and h5py; plotting needs matplotlib. See docs/output.md for the file layout.
"""
from .read import load_log, load_run, load_snapshot
from .plot import plot_snapshot

__all__ = ["load_snapshot", "load_run", "load_log", "plot_snapshot"]
