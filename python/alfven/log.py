"""The CSV time-series log of a run (written by alfven::io::CsvLog; columns in docs/output.md)."""
import csv
import glob
import os

import numpy as np


def load_log(path, name="log.csv"):
    """Read the CSV time-series log of a run.

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

    Raises
    ------
    FileNotFoundError
        If no log is found; ValueError if the file is empty.
    """
    path = os.fspath(path)
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
