"""Reading Alfven output: HDF5 snapshots and the CSV log (layout in docs/output.md)."""
import csv
import glob
import os

import numpy as np

_COORDINATES = ("x", "y", "z")


def _attribute_value(value):
    """An HDF5 attribute as a plain Python value (str, int, float or a list of str)."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, np.ndarray):
        if value.dtype.kind in ("O", "S", "U"):
            return [v.decode("utf-8") if isinstance(v, bytes) else str(v) for v in value]
        return value
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    return value


def load_snapshot(path, variables=None):
    """Read one snapshot file written by alfven::io::write_snapshot.

    Parameters
    ----------
    path : str
        The .h5 file.
    variables : list of str, optional
        Fields to read (default: every field listed in the file's ``fields`` attribute).

    Returns
    -------
    dict
        One numpy array per field, shape (nz, ny, nx) (x fastest, so ``a[k, j, i]``), in the
        precision stored (float32 or float64); ``x``, ``y``, ``z``: 1D cell-centre coordinates;
        ``attrs``: every root attribute (time, step, index, problem, gamma, x_min ... z_max, nx, ny,
        nz, fields, format_version and any extra scalars); ``fields``: the field names read;
        ``time``: the simulation time; ``path``: the file.

    Raises
    ------
    KeyError
        If a requested field is not in the file.
    """
    import h5py

    with h5py.File(path, "r") as f:
        attrs = {k: _attribute_value(v) for k, v in f.attrs.items()}
        names = attrs.get("fields")
        if names is None:  # not written by Alfven: every 3D dataset is a field
            names = [k for k, d in f.items() if isinstance(d, h5py.Dataset) and d.ndim == 3]
        if isinstance(names, str):
            names = [names]
        if variables is not None:
            missing = [v for v in variables if v not in f]
            if missing:
                raise KeyError("snapshot '%s': no dataset %s (fields: %s)"
                               % (path, ", ".join(missing), ", ".join(names)))
            names = list(variables)
        out = {"path": path, "attrs": attrs, "fields": list(names), "time": attrs.get("time")}
        for c in _COORDINATES:
            if c in f:
                out[c] = f[c][()]
        for name in names:
            out[name] = f[name][()]
    return out


def load_run(directory, variables=None, pattern="snapshot_*.h5"):
    """Read every snapshot of a run directory, sorted by time (then by step).

    Parameters
    ----------
    directory : str
        The run's output directory.
    variables : list of str, optional
        Fields to read from each file (default: all). Reading a subset saves memory on big runs.
    pattern : str
        Glob for the snapshot files inside ``directory`` (temporary ``*.h5.tmp`` files never match).

    Returns
    -------
    list of dict
        As load_snapshot, one per file.

    Raises
    ------
    FileNotFoundError
        If ``directory`` does not exist or holds no file matching ``pattern``.
    """
    if os.path.isfile(directory):
        raise FileNotFoundError(
            f"'{directory}' is a file, not a run directory: read one snapshot with load_snapshot('{directory}')")
    if not os.path.isdir(directory):
        raise FileNotFoundError(f"run directory '{directory}' does not exist")
    paths = sorted(glob.glob(os.path.join(directory, pattern)))
    if not paths:
        raise FileNotFoundError(f"no snapshot ({pattern}) in run directory '{directory}'")
    snapshots = [load_snapshot(p, variables) for p in paths]
    snapshots.sort(key=lambda s: (s["attrs"].get("time", 0.0), s["attrs"].get("step", 0)))
    return snapshots


def load_log(path, name="log.csv"):
    """Read the CSV time-series log of a run (written by alfven::io::CsvLog).

    Parameters
    ----------
    path : str
        The CSV file, or the run directory holding it.
    name : str
        File name looked for inside a directory; if it is absent and the directory holds exactly
        one .csv file, that one is read.

    Returns
    -------
    dict
        Column name -> 1D float64 numpy array, columns in file order (e.g. step, time, dt,
        total_mass, total_energy, max_div_b, cell_updates_per_second).
    """
    if os.path.isdir(path):
        candidate = os.path.join(path, name)
        if not os.path.exists(candidate):
            found = sorted(glob.glob(os.path.join(path, "*.csv")))
            if len(found) != 1:
                raise FileNotFoundError("no '%s' in '%s' (csv files there: %s)"
                                        % (name, path, ", ".join(found) or "none"))
            candidate = found[0]
        path = candidate
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        raise ValueError("CSV log '%s' is empty" % path)
    header, body = rows[0], [r for r in rows[1:] if r]
    data = np.array([[float(v) for v in r] for r in body], dtype=np.float64).reshape(-1, len(header))
    return {column: data[:, c] for c, column in enumerate(header)}
