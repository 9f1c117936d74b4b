"""Checks the Python package (python/alfven) on files written by the alfven program: lazy
opening, assembled vectors, slices, string attributes of either HDF5 kind, a geometry grid, the
xarray and yt adapters (values, orientation, units) and that plotting leaves Matplotlib's backend
alone.

Usage: /usr/bin/python3 check_python_package.py PYTHON_DIR ALFVEN_EXE MESH VERSION WORK
Exits 77 (ctest: skipped) without numpy or h5py; needs matplotlib, xarray and yt otherwise
(scripts/install-deps installs them).
"""
import os
import shutil
import subprocess
import sys

try:
    import numpy as np
    import h5py
except ImportError as e:
    print("skipping: %s" % e)
    sys.exit(77)

python_dir, alfven_exe, mesh, version, work = sys.argv[1:6]
sys.path.insert(0, python_dir)
import alfven  # noqa: E402

assert alfven.__version__ == version, (alfven.__version__, version)
if os.path.isdir(work):
    shutil.rmtree(work)
os.makedirs(work)
run_dir = os.path.join(work, "ot3d")
subprocess.run([alfven_exe, "run", "orszag_tang", "-o", run_dir, "--quiet", "--set", "grid.i_size=8",
                "--set", "grid.j_size=6", "--set", "grid.k_size=4", "--set", "time.max_steps=3"],
               check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, OMP_NUM_THREADS="1"))

# ---- opening is lazy: no dataset is read until a variable is asked for ----
reads = []
original_getitem = h5py.Dataset.__getitem__


def counting_getitem(self, *args):
    reads.append(self.name)
    return original_getitem(self, *args)


h5py.Dataset.__getitem__ = counting_getitem
run = alfven.open_run(run_dir)
assert reads == [], reads
snap = run[-1]
assert snap.time > 0 and snap.step == 3 and len(run) == 2, (snap.time, snap.step, len(run))
assert np.array_equal(run.times, [0.0, snap.time])
row = snap.read("density", (1, 2))
assert reads == ["/density"], reads
h5py.Dataset.__getitem__ = original_getitem

# ---- values: fields, vectors, slices, coordinates, against h5py read directly ----
with h5py.File(snap.path, "r") as f:
    stored = {name: f[name][()] for name in f if f[name].ndim == 3}
    x = f["x"][()]
assert snap.shape == (4, 6, 8) and snap.dtype == np.float64
assert snap.vectors == ["velocity", "magnetic_field"], snap.vectors
assert set(snap) == set(stored) | {"velocity", "magnetic_field"}
assert np.array_equal(row, stored["density"][1, 2])
assert np.array_equal(snap["density"], stored["density"])
v = snap["velocity"]
assert v.shape == (3, 4, 6, 8)
for c, axis in enumerate("xyz"):
    assert np.array_equal(v[c], stored["velocity_" + axis])
b_part = snap.read("magnetic_field", np.s_[2, :, 1:5])
assert b_part.shape == (3, 6, 4)
assert np.array_equal(b_part[1], stored["magnetic_field_y"][2, :, 1:5])
assert np.array_equal(snap.x, x) and np.array_equal(snap.x, (np.arange(8) + 0.5) / 8)
try:
    snap["vorticity"]
    raise AssertionError("an unknown variable should raise KeyError")
except KeyError as e:
    assert "velocity_x" in str(e) and "magnetic_field" in str(e), e
assert list(run.log().keys())[:3] == ["step", "time", "dt"]
eager = alfven.load_snapshot(snap.path, ["velocity", "psi"])
assert np.array_equal(eager["velocity"], v) and eager["time"] == snap.time

# ---- string attributes: variable-length (as written) and fixed-length read alike ----
fixed = os.path.join(work, "fixed_strings.h5")
shutil.copy(snap.path, fixed)
with h5py.File(fixed, "r+") as f:
    names = list(f.attrs["fields"])
    del f.attrs["fields"], f.attrs["problem"]
    f.attrs.create("fields", np.array([n.encode() for n in names], dtype="S20"))
    f.attrs.create("problem", np.bytes_(b"orszag_tang"))
    assert f.attrs["problem"].__class__ is np.bytes_ and f.attrs["fields"].dtype.kind == "S"
s_fixed = alfven.open_snapshot(fixed)
assert s_fixed.attrs["problem"] == "orszag_tang" == snap.attrs["problem"]
assert s_fixed.fields == snap.fields and s_fixed.vectors == snap.vectors

# ---- a geometry grid: only the attributes that mean something for it ----
grid_path = os.path.join(work, "grid.h5")
subprocess.run([alfven_exe, "sdf", mesh, "--grid", "6", "-o", grid_path], check=True,
               stdout=subprocess.DEVNULL)
grid = alfven.open_snapshot(grid_path)
assert grid.time is None and grid.step is None and grid.vectors == []
assert grid.fields == ["signed_distance"] and grid.attrs["written_by"] == "alfven sdf"
for name in ("time", "step", "index", "problem", "gamma"):
    assert name not in grid.attrs, name
assert grid["signed_distance"][3, 3, 3] < 0 < grid["signed_distance"][0, 0, 0]

# ---- plotting never switches Matplotlib's backend ----
import matplotlib  # noqa: E402
matplotlib.use("pdf")
png = os.path.join(work, "density.png")
fig = alfven.plot_snapshot(snap, "velocity", out=png, z_index=1)
assert matplotlib.get_backend() == "pdf", matplotlib.get_backend()
with open(png, "rb") as f:
    assert f.read(8) == b"\x89PNG\r\n\x1a\n"
assert fig.axes[0].get_title().startswith("|velocity|")
alfven.plot_snapshot(snap.path, "density")  # a pyplot figure, in the backend chosen
assert matplotlib.get_backend() == "pdf", matplotlib.get_backend()

# ---- xarray: dims, coordinates, vectors, a run along time ----
ds = alfven.to_xarray(snap)
assert ds["density"].dims == ("z", "y", "x") and ds["velocity"].dims == ("component", "z", "y", "x")
assert np.array_equal(ds["x"].values, snap.x) and np.array_equal(ds["z"].values, snap.z)
assert np.array_equal(ds["velocity"].sel(component="y").values, stored["velocity_y"])
assert float(ds["time"]) == snap.time and int(ds["step"]) == 3
assert ds.attrs["problem"] == "orszag_tang" and ds.attrs["gamma"] == snap.attrs["gamma"]
assert "velocity_x" not in ds  # the components are in the vector
series = alfven.to_xarray(run, variables=["density", "magnetic_field"])
assert series["density"].dims == ("time", "z", "y", "x")
assert np.array_equal(series["time"].values, run.times)
assert np.array_equal(series["magnetic_field"].isel(time=1).values, snap["magnetic_field"])

# ---- yt: orientation, bounding box, time, units (Gaussian magnetic field) ----
import yt  # noqa: E402
yt.set_log_level(40)
yds = alfven.to_yt(snap)
assert list(yds.domain_dimensions) == [8, 6, 4]
assert float(yds.current_time) == snap.time and yds.gamma == snap.attrs["gamma"]
cube = yds.covering_grid(0, yds.domain_left_edge, yds.domain_dimensions)
assert np.array_equal(cube["gas", "density"].d, stored["density"].T)  # yt is (x, y, z)
assert np.allclose(cube["gas", "velocity_y"].d, stored["velocity_y"].T, rtol=0, atol=0)
bx, by, bz = (stored["magnetic_field_" + a].T for a in "xyz")
e_mag = (bx ** 2 + by ** 2 + bz ** 2) / (8 * np.pi)  # Gaussian units: |B|^2 / 8 pi
assert np.allclose(cube["gas", "magnetic_energy_density"].to("erg/cm**3").d, e_mag, rtol=1e-12)
pressure = (snap.attrs["gamma"] - 1) * stored["density"].T * stored["internal_energy"].T
assert np.allclose(cube["gas", "pressure"].to("dyn/cm**2").d, pressure, rtol=1e-12)
# Physical units: the magnetic unit follows (sqrt(M / (L T^2)) gauss), so plasma beta, which has
# no units, is the same; lengths scale.
scaled = alfven.to_yt(snap, length_unit=100.0, mass_unit=3.0, time_unit=2.0)
assert np.isclose(float(scaled.domain_width[0].to("cm")), 100.0)
cube2 = scaled.covering_grid(0, scaled.domain_left_edge, scaled.domain_dimensions)
beta1 = cube["gas", "pressure"].d / cube["gas", "magnetic_energy_density"].d
beta2 = cube2["gas", "pressure"].d / cube2["gas", "magnetic_energy_density"].d
assert np.allclose(beta1, beta2, rtol=1e-12)
assert np.isclose(float(cube2["gas", "density"][0, 0, 0].to("g/cm**3")),
                  stored["density"][0, 0, 0] * 3.0 / 100.0 ** 3)

print("python package: all checks passed")
