"""Snapshots as yt datasets (needs yt 4), through yt.load_uniform_grid.

Fields are read from the file only when yt asks for them. Alfven's fields are in code units with
Gaussian magnetic fields (magnetic pressure |B|^2 / 8 pi, include/alfven/mhd/flux.hpp), so the
yt magnetic unit is sqrt(mass_unit / (length_unit time_unit^2)) gauss: yt's
("gas", "magnetic_energy_density") is then |B|^2 / 8 pi, as in the solver.
"""
import math
import os

from .snapshot import Snapshot

#: yt units of Alfven's fields (in yt's code units); other fields are dimensionless.
_UNITS = {
    "density": "code_mass/code_length**3",
    "velocity_x": "code_length/code_time",
    "velocity_y": "code_length/code_time",
    "velocity_z": "code_length/code_time",
    "magnetic_field_x": "code_magnetic",
    "magnetic_field_y": "code_magnetic",
    "magnetic_field_z": "code_magnetic",
    "internal_energy": "code_length**2/code_time**2",  # per unit mass
    "psi": "code_magnetic*code_length/code_time",  # GLM: d B / dt + grad psi = ...
    "signed_distance": "code_length",
}


def _reader(snapshot, name):
    """A yt field function: reads `name` when called, as yt's (nx, ny, nz) array."""
    def read(grid, field):
        return snapshot.read(name).T
    return read


def to_yt(snapshot, length_unit=1.0, mass_unit=1.0, time_unit=1.0,
          periodicity=(True, True, True)):
    """A snapshot as a yt dataset (yt.load_uniform_grid), read lazily.

    Every stored field is a ("stream", name) field with its units; yt then knows
    ("gas", "density"), the velocity and magnetic field vectors from their components
    (("gas", "velocity_magnitude"), ("gas", "magnetic_field_strength"),
    ("gas", "magnetic_energy_density"), ...), and, from ``internal_energy`` (given to yt as
    ``specific_thermal_energy`` too) and the snapshot's ``gamma``, ("gas", "pressure").

    Parameters
    ----------
    snapshot : Snapshot or str
        The snapshot or its path.
    length_unit, mass_unit, time_unit : float
        What one code unit is in cm, g and s (default 1: the code's numbers read as cgs).
    periodicity : tuple of 3 bool
        For yt's neighbour searches; the snapshot does not record the boundaries.

    Returns
    -------
    yt Dataset
        Domain dimensions (nx, ny, nz), bounding box from x_min ... z_max, current_time the
        snapshot's time (0 for a grid that is no run's state), ``ds.gamma`` its gamma; the other
        attributes are in ``ds.parameters``.

    Raises
    ------
    ImportError
        If yt is not installed.
    """
    try:
        import numpy as np
        import yt
    except ImportError as e:
        raise ImportError("to_yt needs yt (Debian/Ubuntu: apt-get install python3-yt; elsewhere: "
                          "pip install yt)") from e
    s = snapshot if isinstance(snapshot, Snapshot) else Snapshot(os.fspath(snapshot))
    data = {name: (_reader(s, name), _UNITS.get(name, "dimensionless")) for name in s.fields}
    if "internal_energy" in s.fields:  # yt's name, from which it derives pressure
        data["specific_thermal_energy"] = (_reader(s, "internal_energy"),
                                           _UNITS["internal_energy"])
    a = s.attrs
    nz, ny, nx = s.shape
    bbox = np.array([[a["x_min"], a["x_max"]], [a["y_min"], a["y_max"]],
                     [a["z_min"], a["z_max"]]], dtype=np.float64)
    parameters = {k: v for k, v in a.items() if isinstance(v, (int, float, str))}
    ds = yt.load_uniform_grid(
        data, (nx, ny, nz), bbox=bbox, sim_time=s.time or 0.0, length_unit=length_unit,
        mass_unit=mass_unit, time_unit=time_unit,
        magnetic_unit=math.sqrt(mass_unit / (length_unit * time_unit ** 2)),
        periodicity=tuple(periodicity), unit_system="cgs", parameters=parameters)
    if a.get("gamma"):
        ds.gamma = a["gamma"]
    return ds
