"""A run directory: its snapshots sorted by time, each opened lazily, and its log."""
import glob
import os
import re
import warnings
from collections.abc import Sequence

import numpy as np

from .log import load_log
from .snapshot import Snapshot

#: The names of a run's snapshots, snapshot_NNNN.h5 (docs/output.md). Nothing else a run
#: directory holds matches: output blocks (NAME_NNNN.h5, whose names may not start with
#: snapshot_), checkpoints, temporary files, a user's snapshot_final_KEEP.h5.
SNAPSHOT_NAME = re.compile(r"snapshot_[0-9]+\.h5")


def snapshot_paths(directory, pattern=None):
    """The snapshot files of a run directory, sorted by name.

    Parameters
    ----------
    directory : str
        The run directory.
    pattern : str, optional
        A glob for the file names instead of the run's own snapshot names (SNAPSHOT_NAME).

    Returns
    -------
    list of str
        The paths.
    """
    if pattern is not None:
        return sorted(glob.glob(os.path.join(directory, pattern)))
    return [os.path.join(directory, n) for n in sorted(os.listdir(directory))
            if SNAPSHOT_NAME.fullmatch(n)]


class Run(Sequence):
    """The snapshots of a run directory, sorted by time (then by step), as lazy Snapshots.

    Opening reads only each file's attributes; ``run[-1]["density"]`` reads one field of the
    last snapshot. A sequence: ``len(run)``, ``run[i]``, ``for snap in run``.

    The snapshots are the files snapshot_NNNN.h5 (or those matching ``pattern``). A file that
    does not open (empty, cut short, not HDF5, no field) is skipped with a warning naming it and
    what is wrong; the run opens with the others.

    Attributes
    ----------
    directory : str
        The run directory.
    times : numpy.ndarray
        The time of each snapshot, in order.
    skipped : list of (str, str)
        The files skipped: (path, what is wrong), in name order.

    Raises
    ------
    FileNotFoundError
        If ``directory`` does not exist, is a file, or holds no snapshot file.
    OSError
        If it holds snapshot files but none opens; the message names each and what is wrong.
    """

    def __init__(self, directory, pattern=None):
        directory = os.fspath(directory)
        if os.path.isfile(directory):
            raise FileNotFoundError("'%s' is a file, not a run directory: open one snapshot with "
                                    "alfven.open_snapshot('%s')" % (directory, directory))
        if not os.path.isdir(directory):
            raise FileNotFoundError("run directory '%s' does not exist" % directory)
        paths = snapshot_paths(directory, pattern)
        if not paths:
            raise FileNotFoundError("no snapshot (%s) in run directory '%s'"
                                    % (pattern or "snapshot_NNNN.h5", directory))
        snapshots, skipped = [], []
        for path in paths:
            try:
                snapshots.append(Snapshot(path))
            except (OSError, ValueError, KeyError) as e:
                skipped.append((path, str(e)))
        if not snapshots:
            raise OSError("no snapshot of run directory '%s' opens: %s"
                          % (directory, "; ".join(why for _, why in skipped)))
        for path, why in skipped:
            warnings.warn("run directory '%s': skipped a file that does not open: %s; the run "
                          "opens with its other %d snapshot%s"
                          % (directory, why, len(snapshots), "" if len(snapshots) == 1 else "s"),
                          stacklevel=3)
        snapshots.sort(key=lambda s: (s.time or 0.0, s.step or 0))
        self.directory = directory
        self.skipped = skipped
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
        skipped = ("; %d damaged file%s skipped (run.skipped)"
                   % (len(self.skipped), "" if len(self.skipped) == 1 else "s")
                   if self.skipped else "")
        return ("<alfven.Run '%s': %d snapshots, t = %.6g ... %.6g, %d x %d x %d cells, %s; "
                "variables: %s%s>" % (self.directory, len(self), self.times[0], self.times[-1], nx,
                                      ny, nz, last.dtype,
                                      ", ".join(scalars + ([vectors] if vectors else [])), skipped))


def open_run(directory, pattern=None):
    """Opens a run directory lazily (see Run): attributes of every snapshot, no field yet.

    ``pattern``, a glob, takes other files than the run's snapshots (snapshot_NNNN.h5), e.g.
    ``"slice_*.h5"`` for the files of an output block ``slice``.
    """
    return Run(directory, pattern)
