"""Snapshots and runs as xarray Datasets (needs xarray)."""
import os

from .snapshot import COMPONENTS, Snapshot

#: Attributes that become coordinates (time, step) or are the Dataset's own structure.
_NOT_ATTRIBUTES = ("time", "step", "index", "fields", "nx", "ny", "nz")


def _import_xarray():
    try:
        import xarray
    except ImportError as e:
        raise ImportError("to_xarray needs xarray (Debian/Ubuntu: apt-get install python3-xarray; "
                          "elsewhere: pip install xarray)") from e
    return xarray


def _default_variables(snapshot):
    """The vectors, then every stored field that is not a component of one."""
    components = {v + "_" + c for v in snapshot.vectors for c in COMPONENTS}
    return snapshot.vectors + [f for f in snapshot.fields if f not in components]


def _dataset(xr, snapshot, variables):
    names = _default_variables(snapshot) if variables is None else list(variables)
    data = {}
    for name in names:
        values = snapshot[name]  # KeyError naming the variables there are
        dims = ("component", "z", "y", "x") if name in snapshot.vectors else ("z", "y", "x")
        data[name] = (dims, values)
    coords = {c: (c, snapshot.coordinates[c], {"long_name": "cell-centre " + c})
              for c in COMPONENTS}
    if any(name in snapshot.vectors for name in names):
        coords["component"] = ("component", list(COMPONENTS))
    if snapshot.time is not None:
        coords["time"] = snapshot.time
        coords["step"] = snapshot.step
    attrs = {k: v for k, v in snapshot.attrs.items() if k not in _NOT_ATTRIBUTES}
    attrs["source"] = snapshot.path
    return xr.Dataset(data, coords=coords, attrs=attrs)


def to_xarray(data, variables=None):
    """A snapshot, or a run, as an xarray.Dataset (all values read into memory).

    Parameters
    ----------
    data : Snapshot, str, Run or sequence of Snapshot
        One snapshot (or its path), or several (a Run from open_run) to stack along ``time``.
    variables : list of str, optional
        Fields and vectors to include (default: the vectors, assembled, and every stored field
        that is not one of their components).

    Returns
    -------
    xarray.Dataset
        Dimensions ``z``, ``y``, ``x`` (and ``component`` = x, y, z for vectors, ``time`` for
        several snapshots), so a scalar has dims (z, y, x) and a vector (component, z, y, x), as
        in the file; coordinates ``x``, ``y``, ``z`` (cell centres), ``time`` and ``step`` (for
        a run's snapshots); attributes: the file's other root attributes (problem, gamma, x_min
        ... z_max, cfl_number, ...) and ``source`` (the file; the first one for several).

    Raises
    ------
    ImportError
        If xarray is not installed. KeyError if a variable is missing; ValueError if several
        snapshots do not share their variables.
    """
    xr = _import_xarray()
    if isinstance(data, (str, os.PathLike)):
        data = Snapshot(data)
    if isinstance(data, Snapshot):
        return _dataset(xr, data, variables)
    snapshots = list(data)
    if not snapshots:
        raise ValueError("to_xarray: no snapshot given")
    if any(s.time is None for s in snapshots):
        raise ValueError("to_xarray: several snapshots are stacked along time, but %s has none"
                         % next(s.path for s in snapshots if s.time is None))
    if variables is None:
        variables = _default_variables(snapshots[0])
    return xr.concat([_dataset(xr, s, variables) for s in snapshots], dim="time",
                     combine_attrs="override")
