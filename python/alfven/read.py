"""Whole snapshots and runs read at once, into dicts of NumPy arrays (the lazy forms are
open_snapshot and open_run)."""
from .run import Run
from .snapshot import Snapshot


def load_snapshot(path, variables=None):
    """Read one snapshot file completely.

    Parameters
    ----------
    path : str
        The .h5 file.
    variables : list of str, optional
        Fields or vectors to read (default: every stored field).

    Returns
    -------
    dict
        One numpy array per variable, shape (nz, ny, nx) (x fastest, so ``a[k, j, i]``; a vector
        (3, nz, ny, nx)), in the stored precision; ``x``, ``y``, ``z``: 1D cell-centre
        coordinates; ``attrs``: every root attribute (Snapshot.attrs); ``fields``: the names read;
        ``time``: the simulation time (None for a grid that is no run's state); ``path``.

    Raises
    ------
    KeyError
        If a requested variable is not in the file.
    """
    return Snapshot(path).to_dict(variables)


def load_run(directory, variables=None, pattern=None):
    """Read every snapshot of a run directory completely, sorted by time (then by step).

    Parameters
    ----------
    directory : str
        The run's output directory.
    variables : list of str, optional
        Variables to read from each file (default: all fields). A subset saves memory.
    pattern : str, optional
        A glob for the files inside ``directory`` (default: the run's snapshots, snapshot_NNNN.h5;
        see Run, which also says how files that do not open are skipped).

    Returns
    -------
    list of dict
        As load_snapshot, one per file.

    Raises
    ------
    FileNotFoundError
        If ``directory`` does not exist or holds no snapshot file (or none matching ``pattern``).
    """
    return [s.to_dict(variables) for s in Run(directory, pattern)]
