"""The CSV time-series log of a run (written by alfven::io::CsvLog; columns in docs/output.md)."""
import glob
import os
import warnings

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

    Every complete row is read. A row that does not read (a last line without its line end, cut
    short by a full disk or a kill; a row of the wrong length or with a value that is no number)
    is skipped with a warning naming the file, the line and what is wrong.

    Returns
    -------
    dict
        Column name -> 1D float64 numpy array, columns in file order (e.g. step, time, dt,
        total_mass, total_energy, max_div_b, cell_updates_per_second).

    Raises
    ------
    FileNotFoundError
        If no log is found; ValueError if the file is empty or its header line is incomplete.
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
        lines = f.read().split("\n")
    cut = lines.pop()  # what follows the last line end: "" unless the last row was cut short
    if not lines:
        raise ValueError("CSV log '%s' %s" % (path, "has no complete header line (it reads %r)"
                                              % cut if cut else "is empty"))
    header = lines[0].rstrip("\r").split(",")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        line = line.rstrip("\r")
        if not line:
            continue
        values = line.split(",")
        try:
            if len(values) != len(header):
                raise ValueError("%d values for the %d columns" % (len(values), len(header)))
            rows.append([float(v) for v in values])
        except ValueError as e:
            warnings.warn("CSV log '%s', line %d: %s; the row is skipped" % (path, number, e),
                          stacklevel=2)
    if cut:
        warnings.warn("CSV log '%s', line %d: the last row has no line end (it was cut short "
                      "while being written: a full disk or a kill); the row is skipped: %r"
                      % (path, len(lines) + 1, cut), stacklevel=2)
    data = np.array(rows, dtype=np.float64).reshape(-1, len(header))
    return {column: data[:, c] for c, column in enumerate(header)}
