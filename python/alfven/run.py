"""A run directory: its snapshots sorted by time, each opened lazily, and its log."""
import glob
import os
from collections.abc import Sequence

import numpy as np

from .log import load_log
from .snapshot import Snapshot


class Run(Sequence):
    """The snapshots of a run directory, sorted by time (then by step), as lazy Snapshots.

    Opening reads only each file's attributes; ``run[-1]["density"]`` reads one field of the
    last snapshot. A sequence: ``len(run)``, ``run[i]``, ``for snap in run``.

    Attributes
    ----------
    directory : str
        The run directory.
    times : numpy.ndarray
        The time of each snapshot, in order.

    Raises
    ------
    FileNotFoundError
        If ``directory`` does not exist, is a file, or holds no file matching ``pattern``.
    """

    def __init__(self, directory, pattern="snapshot_*.h5"):
        directory = os.fspath(directory)
        if os.path.isfile(directory):
            raise FileNotFoundError("'%s' is a file, not a run directory: open one snapshot with "
                                    "alfven.open_snapshot('%s')" % (directory, directory))
        if not os.path.isdir(directory):
            raise FileNotFoundError("run directory '%s' does not exist" % directory)
        paths = sorted(glob.glob(os.path.join(directory, pattern)))
        if not paths:
            raise FileNotFoundError("no snapshot (%s) in run directory '%s'" % (pattern, directory))
        snapshots = [Snapshot(p) for p in paths]
        snapshots.sort(key=lambda s: (s.time or 0.0, s.step or 0))
        self.directory = directory
        self._snapshots = snapshots
        self.times = np.array([s.time if s.time is not None else np.nan for s in snapshots])

    def __getitem__(self, i):
        return self._snapshots[i]

    def __len__(self):
        return len(self._snapshots)

    def log(self, name="log.csv"):
        """The run's CSV log (see load_log)."""
        return load_log(self.directory, name)

    def __repr__(self):
        last = self._snapshots[-1]
        nz, ny, nx = last.shape
        vectors = ", ".join("%s (3 components)" % v for v in last.vectors)
        scalars = [f for f in last.fields
                   if not any(f == v + "_" + c for v in last.vectors for c in "xyz")]
        return ("<alfven.Run '%s': %d snapshots, t = %.6g ... %.6g, %d x %d x %d cells, %s; "
                "variables: %s>" % (self.directory, len(self), self.times[0], self.times[-1], nx, ny,
                                    nz, last.dtype, ", ".join(scalars + ([vectors] if vectors else []))))


def open_run(directory, pattern="snapshot_*.h5"):
    """Opens a run directory lazily (see Run): attributes of every snapshot, no field yet."""
    return Run(directory, pattern)
