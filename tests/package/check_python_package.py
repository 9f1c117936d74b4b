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
import warnings

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

# ---- only the run's snapshots: an output block or a user's file named snapshot_* is none ----
# (open_run globbed snapshot_*.h5 and took them for snapshots.)
block_run = os.path.join(work, "with_block")
shutil.copytree(run_dir, block_run)
for name in ("snapshot_mid_0000.h5", "snapshot_final_KEEP.h5"):  # both read as snapshots
    shutil.copy(os.path.join(run_dir, "snapshot_0001.h5"), os.path.join(block_run, name))
opened = alfven.open_run(block_run)
assert [os.path.basename(s.path) for s in opened] == ["snapshot_0000.h5", "snapshot_0001.h5"]
assert len(alfven.load_run(block_run, ["density"])) == 2
assert len(alfven.open_run(block_run, pattern="snapshot_mid_*.h5")) == 1  # a glob still works


def warned(call, *args, **kwargs):
    """call(*args, **kwargs) and the messages of the warnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call(*args, **kwargs)
    return result, [str(w.message) for w in caught]


# ---- damaged snapshots are skipped, each named; the run opens with the others ----
# (One empty or cut-short file made open_run fail with an h5py message that named no file.)
damaged_run = os.path.join(work, "damaged")
shutil.copytree(run_dir, damaged_run)
empty = os.path.join(damaged_run, "snapshot_0002.h5")
cut = os.path.join(damaged_run, "snapshot_0003.h5")
open(empty, "wb").close()
with open(snap.path, "rb") as f:
    whole = f.read()
with open(cut, "wb") as f:
    f.write(whole[:len(whole) // 2])
opened, said = warned(alfven.open_run, damaged_run)
assert len(opened) == 2 and np.array_equal(opened.times, run.times), opened.times
assert [p for p, _ in opened.skipped] == [empty, cut], opened.skipped
assert len(said) == 2 and empty in said[0] and cut in said[1], said
assert "is empty (0 bytes" in said[0] and "does not open as HDF5" in said[1], said
assert "damaged" in repr(opened), repr(opened)
for path in (empty, cut):  # alone, each is refused with its name
    try:
        alfven.open_snapshot(path)
        raise AssertionError("a damaged snapshot should not open")
    except OSError as e:
        assert path in str(e), e
only_damaged = os.path.join(work, "only_damaged")
os.makedirs(only_damaged)
shutil.copy(empty, only_damaged)
try:
    alfven.open_run(only_damaged)
    raise AssertionError("a run of damaged files only should not open")
except OSError as e:
    assert "snapshot_0002.h5' is empty" in str(e), e

# ---- a log whose last row a full disk cut short: every complete row is read ----
log_dir = os.path.join(work, "cut_log")
os.makedirs(log_dir)
log_path = os.path.join(log_dir, "log.csv")
shutil.copy(os.path.join(run_dir, "log.csv"), log_path)
complete = alfven.load_log(log_path)
with open(log_path) as f:
    text = f.read()
assert text.endswith("\n") and len(complete["step"]) >= 2, complete
last_row = text.splitlines()[-1]
for tail in (last_row[:3], last_row[:-2]):  # fewer values; all values, the last one cut
    with open(log_path, "w") as f:
        f.write(text + tail)
    partial, said = warned(alfven.load_log, log_dir)
    assert list(partial) == list(complete), list(partial)
    for column in complete:
        assert np.array_equal(partial[column], complete[column]), column
    assert len(said) == 1 and log_path in said[0] and "no line end" in said[0], said

# ---- string attributes: fixed-length (as written) and variable-length (format 1) read alike ----
with h5py.File(snap.path, "r") as f:
    assert f.attrs["fields"].dtype.kind == "S"  # fixed-length, as snapshot format 2 writes them
variable = os.path.join(work, "variable_strings.h5")
shutil.copy(snap.path, variable)
with h5py.File(variable, "r+") as f:
    names = [n.decode() if isinstance(n, bytes) else str(n) for n in f.attrs["fields"]]
    del f.attrs["fields"], f.attrs["problem"]
    f.attrs.create("fields", names, dtype=h5py.string_dtype())
    f.attrs.create("problem", "orszag_tang", dtype=h5py.string_dtype())
    assert f.attrs["fields"].dtype.kind == "O"
s_variable = alfven.open_snapshot(variable)
assert s_variable.attrs["problem"] == "orszag_tang" == snap.attrs["problem"]
assert s_variable.fields == snap.fields and s_variable.vectors == snap.vectors

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
