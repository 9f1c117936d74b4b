"""Checks python/alfven on the run written by io_python_fixture (write_python_fixture.cpp).

Usage: /usr/bin/python3 check_python_reader.py PYTHON_DIR RUN_DIR
Exits 77 (ctest: skipped) if numpy or h5py is missing.
"""
import os
import sys

try:
    import numpy as np
    import h5py  # noqa: F401
except ImportError as e:
    print("skipping: %s" % e)
    sys.exit(77)

sys.path.insert(0, sys.argv[1])
import alfven  # noqa: E402

run_dir = sys.argv[2]

s = alfven.load_snapshot(os.path.join(run_dir, "snapshot_0001.h5"))
assert s["density"].shape == (1, 5, 6), s["density"].shape
assert s["density"].dtype == np.float64
x, y = s["x"], s["y"]
assert np.array_equal(x, 0.0 + (np.arange(6) + 0.5) * (1.0 - 0.0) / 6)
assert np.array_equal(y, 0.0 + (np.arange(5) + 0.5) * (2.0 - 0.0) / 5)
assert np.array_equal(s["density"][0], 1.0 + x[None, :] + 10.0 * y[:, None] + 0.0)
assert np.array_equal(s["velocity_x"][0], x[None, :] * y[:, None])
a = s["attrs"]
assert a["time"] == 0.0 and a["step"] == 0 and a["index"] == 0, a
assert a["problem"] == "python_fixture", a["problem"]
assert a["gamma"] == 1.4 and a["cfl_number"] == 0.4
assert (a["nx"], a["ny"], a["nz"]) == (6, 5, 1)
assert s["fields"] == ["density", "velocity_x"], s["fields"]
assert s["time"] == 0.0

run = alfven.load_run(run_dir)
assert [r["time"] for r in run] == [0.0, 0.5], [r["time"] for r in run]
assert os.path.basename(run[1]["path"]) == "snapshot_0000.h5"
assert run[1]["density"].dtype == np.float32
expected = (1.0 + x[None, :] + 10.0 * y[:, None] + 0.5).astype(np.float32)
assert np.array_equal(run[1]["density"][0], expected)
only = alfven.load_run(run_dir, variables=["density"])
assert "velocity_x" not in only[0] and "density" in only[0]

log = alfven.load_log(run_dir)
assert list(log.keys()) == ["step", "time", "dt", "total_mass"], list(log.keys())
assert np.array_equal(log["step"], [0, 10]) and np.array_equal(log["dt"], [0.25, 0.125])

try:
    import matplotlib  # noqa: F401
    have_matplotlib = True
except ImportError:
    have_matplotlib = False
if have_matplotlib:
    out = os.path.join(run_dir, "density.png")
    alfven.plot_snapshot(os.path.join(run_dir, "snapshot_0000.h5"), "density", out=out)
    assert os.path.getsize(out) > 0
else:
    try:
        alfven.plot_snapshot(os.path.join(run_dir, "snapshot_0000.h5"))
        raise AssertionError("plot_snapshot without matplotlib should raise ImportError")
    except ImportError:
        pass

# A damaged field (one byte of its stored data flipped): the error names the file and the
# dataset (h5py said only "Can't synchronously read data (filter returned failure during read)").
import shutil  # noqa: E402
damaged = os.path.join(run_dir, "damaged.h5")
shutil.copyfile(os.path.join(run_dir, "snapshot_0001.h5"), damaged)
with h5py.File(damaged, "r") as f:
    assert f["density"].fletcher32, "the fixture's fields are not checksummed"
    offset = f["density"].id.get_chunk_info(0).byte_offset
with open(damaged, "r+b") as f:
    f.seek(offset + 3)
    byte = f.read(1)
    f.seek(offset + 3)
    f.write(bytes([byte[0] ^ 0xFF]))
snap = alfven.open_snapshot(damaged)
assert np.array_equal(snap["velocity_x"][0], x[None, :] * y[:, None])  # the others still read
try:
    snap["density"]
    raise AssertionError("a damaged dataset was read")
except OSError as e:
    message = str(e)
    assert "snapshot '%s': cannot read dataset 'density'" % damaged in message, message
    assert "checksum" in message, message
os.remove(damaged)

print("python reader: all checks passed")
