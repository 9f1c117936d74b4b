"""Post-processing for Alfven runs: snapshots (HDF5), the time-series log (CSV), plots, and
adapters to xarray and yt.

    import alfven
    run = alfven.open_run("orszag_tang")     # sorted by time; reads attributes only
    snap = run[-1]                            # a Snapshot: a mapping, read on demand
    rho = snap["density"]                     # (nz, ny, nx) NumPy array
    v = snap["velocity"]                      # (3, nz, ny, nx): velocity_x, _y, _z assembled
    row = snap.read("density", (0, 10))       # only the row k = 0, j = 10
    log = alfven.load_log("orszag_tang")      # {"step": array, "time": array, ...}
    ds = alfven.to_xarray(snap)               # xarray.Dataset (needs xarray)
    yds = alfven.to_yt(snap)                  # yt dataset (needs yt)
    alfven.plot_snapshot(snap, "density", out="density.png")   # needs matplotlib

load_snapshot and load_run read everything at once into dicts. Needs numpy, and h5py to read
snapshots. Install: pip install --no-build-isolation ./python (docs/using-alfven.md); file layout:
docs/output.md.
"""
__version__ = "0.1.0"

from .log import load_log
from .plot import plot_snapshot
from .read import load_run, load_snapshot
from .run import Run, open_run
from .snapshot import Snapshot, open_snapshot
from .xarray_adapter import to_xarray
from .yt_adapter import to_yt

__all__ = ["open_snapshot", "open_run", "Snapshot", "Run", "load_snapshot", "load_run", "load_log",
           "plot_snapshot", "to_xarray", "to_yt", "__version__"]
