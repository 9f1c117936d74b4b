"""One snapshot file, opened lazily (HDF5 layout in docs/output.md).

Opening reads only the root attributes and the dataset names; a variable, or a slice of one, is
read from the file when asked for. Vectors are assembled from their stored components.
"""
import os
from collections.abc import Mapping

import numpy as np

#: The components of an assembled vector, in order: NAME_x, NAME_y, NAME_z.
COMPONENTS = ("x", "y", "z")


def import_h5py():
    """The h5py module, or an ImportError that says how to install it."""
    try:
        import h5py
    except ImportError as e:
        raise ImportError("reading Alfven snapshots needs h5py (Debian/Ubuntu: apt-get install "
                          "python3-h5py; elsewhere: pip install h5py)") from e
    return h5py


def attribute_value(value):
    """An HDF5 attribute as h5py returns it, as a plain Python value.

    Strings come back as str whether the file stores them as variable-length (h5py: str) or
    fixed-length strings (h5py: numpy.bytes_), scalar or in arrays (a list of str); integer and
    float scalars as int and float; numeric arrays as NumPy arrays.
    """
    if isinstance(value, bytes):  # numpy.bytes_ is a bytes
        return value.decode("utf-8", errors="replace")
    if isinstance(value, str):  # numpy.str_ is a str
        return str(value)
    if isinstance(value, np.ndarray):
        if value.dtype.kind in ("O", "S", "U"):
            return [attribute_value(v) if isinstance(v, (bytes, str)) else str(v)
                    for v in value.ravel()]
        return value.item() if value.ndim == 0 else value
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    return value


def _vector_names(fields):
    """Names N for which N_x, N_y and N_z are all stored, in the order of N_x."""
    stored = set(fields)
    out = []
    for name in fields:
        if name.endswith("_x"):
            base = name[:-2]
            if all(base + "_" + c in stored for c in COMPONENTS) and base not in stored:
                out.append(base)
    return out


def _unopened(path, error):
    """The error for a file h5py could not open, naming the file and what is wrong with it."""
    if not os.path.exists(path):
        return FileNotFoundError("snapshot '%s' does not exist" % path)
    if os.path.isfile(path) and os.path.getsize(path) == 0:
        return OSError("snapshot '%s' is empty (0 bytes: a run stopped by a crash or a full disk "
                       "before the file was written; take the snapshot again or an earlier one)"
                       % path)
    return OSError("snapshot '%s' does not open as HDF5: %s (the file is damaged or cut short; "
                   "take the snapshot again or an earlier one)" % (path, error))


class Snapshot(Mapping):
    """One Alfven snapshot (or `alfven sdf --grid` output), read on demand.

    A read-only mapping from variable names to NumPy arrays. The keys are the stored fields
    (``density``, ``velocity_x``, ..., ``psi``; ``signed_distance`` in a geometry grid) and the
    vectors assembled from them: every NAME whose NAME_x, NAME_y, NAME_z are stored
    (``velocity``, ``magnetic_field``). ``snap["density"]`` reads the whole field, shape
    (nz, ny, nx) (x fastest: ``a[k, j, i]``), in the stored precision; ``snap["velocity"]`` has
    shape (3, nz, ny, nx), components x, y, z in that order. ``snap.read(name, selection)`` reads
    only a part. Fields are not cached: each access reads the file again (the small coordinate
    arrays are kept after the first use). Two Snapshots are equal only if they are the same
    object (comparing would read every field).

    Attributes
    ----------
    path : str
        The file.
    attrs : dict
        Every root attribute as a plain value (time, step, index, problem, gamma, x_min ... z_max,
        nx, ny, nz, fields, format_version, and any extras such as cfl_number or mesh_file).
    fields : list of str
        The stored fields, in file order.
    vectors : list of str
        The vectors that can be assembled from them.
    shape : tuple of int
        (nz, ny, nx) of every field.
    dtype : numpy.dtype
        The stored precision (float32 or float64).

    Raises
    ------
    ImportError
        If h5py is missing.
    FileNotFoundError
        If the file does not exist.
    OSError
        If it is empty, not HDF5, cut short or its attributes do not read; the message names the
        file and what is wrong.
    ValueError
        If it holds no field, or its ``fields`` attribute names a dataset it does not hold.
    """

    def __init__(self, path):
        h5py = import_h5py()
        self.path = os.fspath(path)
        try:
            f = h5py.File(self.path, "r")
        except OSError as e:
            raise _unopened(self.path, e) from e
        with f:
            try:
                self.attrs = {k: attribute_value(v) for k, v in f.attrs.items()}
            except OSError as e:
                raise OSError("snapshot '%s': cannot read its attributes: %s (the file is damaged; "
                              "take the snapshot again or an earlier one)" % (self.path, e)) from e
            names = self.attrs.get("fields")
            if names is None:  # not written by Alfven: every 3D dataset is a field
                names = [k for k, d in f.items() if isinstance(d, h5py.Dataset) and d.ndim == 3]
            if isinstance(names, str):
                names = [names]
            if not names:
                raise ValueError("snapshot '%s' holds no field" % self.path)
            missing = [n for n in names if n not in f]
            if missing:
                raise ValueError("snapshot '%s': attribute 'fields' lists %s, which the file does "
                                 "not hold" % (self.path, ", ".join(missing)))
            first = f[names[0]]
            self.shape = tuple(first.shape)
            self.dtype = first.dtype
        self.fields = list(names)
        self.vectors = _vector_names(self.fields)
        self._coordinates = None

    @property
    def time(self):
        """The simulation time, or None for a grid that is no run's state (alfven sdf)."""
        return self.attrs.get("time")

    @property
    def step(self):
        """The time-step number, or None for a grid that is no run's state."""
        return self.attrs.get("step")

    @property
    def coordinates(self):
        """{"x": ..., "y": ..., "z": ...}: 1D cell-centre coordinates (read once, then kept)."""
        if self._coordinates is None:
            h5py = import_h5py()
            with h5py.File(self.path, "r") as f:
                self._coordinates = {c: self._dataset(f, c, ()) for c in COMPONENTS if c in f}
        return self._coordinates

    @property
    def x(self):
        """Cell-centre x coordinates, length nx."""
        return self.coordinates["x"]

    @property
    def y(self):
        """Cell-centre y coordinates, length ny."""
        return self.coordinates["y"]

    @property
    def z(self):
        """Cell-centre z coordinates, length nz."""
        return self.coordinates["z"]

    def _dataset(self, f, name, selection):
        """f[name][selection], an HDF5 read failure named with the file and dataset."""
        try:
            return f[name][selection]
        except OSError as e:
            raise OSError("snapshot '%s': cannot read dataset '%s': %s (the stored data is damaged "
                          "- its Fletcher-32 checksum does not match - or the file is cut short; "
                          "take the snapshot again or an earlier one)" % (self.path, name, e)) from e

    def read(self, name, selection=()):
        """Reads a variable, or only part of it, from the file.

        Parameters
        ----------
        name : str
            A stored field or an assembled vector (see ``keys()``).
        selection : index, optional
            What h5py accepts on a dataset of shape (nz, ny, nx): integers, slices with positive
            steps, Ellipsis; e.g. ``numpy.s_[0, :, 10:20]`` or ``0`` (the plane k = 0). Default:
            everything.

        Returns
        -------
        numpy.ndarray
            The selection; for a vector the three components stacked first (3, ...).

        Raises
        ------
        KeyError
            If ``name`` is neither a stored field nor a vector; the message lists both.
        OSError
            If the stored data cannot be read (a checksum that does not match, a truncated file);
            the message names the file and the dataset.
        """
        h5py = import_h5py()
        if name in self.fields:
            with h5py.File(self.path, "r") as f:
                return self._dataset(f, name, selection)
        if name in self.vectors:
            with h5py.File(self.path, "r") as f:
                return np.stack([self._dataset(f, name + "_" + c, selection)
                                 for c in COMPONENTS])
        raise KeyError("snapshot '%s': no variable '%s' (fields: %s; vectors: %s)"
                       % (self.path, name, ", ".join(self.fields),
                          ", ".join(self.vectors) or "none"))

    def __getitem__(self, name):
        return self.read(name)

    __eq__ = object.__eq__  # not Mapping's, which reads and compares every array
    __hash__ = object.__hash__

    def __contains__(self, name):
        return name in self.fields or name in self.vectors

    def __iter__(self):
        return iter(self.fields + self.vectors)

    def __len__(self):
        return len(self.fields) + len(self.vectors)

    def to_dict(self, variables=None):
        """Everything read at once, as a dict (what load_snapshot returns).

        Parameters
        ----------
        variables : list of str, optional
            Fields or vectors to read (default: every stored field).

        Returns
        -------
        dict
            One array per variable; ``x``, ``y``, ``z``: cell centres; ``attrs``; ``fields``: the
            names read; ``time``; ``path``.
        """
        names = self.fields if variables is None else list(variables)
        missing = [n for n in names if n not in self]
        if missing:
            raise KeyError("snapshot '%s': no variable %s (fields: %s; vectors: %s)"
                           % (self.path, ", ".join(missing), ", ".join(self.fields),
                              ", ".join(self.vectors) or "none"))
        out = {"path": self.path, "attrs": self.attrs, "fields": names, "time": self.time}
        out.update(self.coordinates)
        for name in names:
            out[name] = self.read(name)
        return out

    def __repr__(self):
        nz, ny, nx = self.shape
        when = ("t = %.6g (step %s)" % (self.time, self.step) if self.time is not None
                else "no time (a grid)")
        vectors = "; vectors: " + ", ".join(self.vectors) if self.vectors else ""
        return ("<alfven.Snapshot '%s': %s, %d x %d x %d cells, %s; fields: %s%s>"
                % (self.path, when, nx, ny, nz, self.dtype, ", ".join(self.fields), vectors))


def open_snapshot(path):
    """Opens one snapshot lazily: reads its attributes, no field yet. See Snapshot."""
    return Snapshot(path)
