"""Reads folders written by `alfven export --to miso` exactly as ../shared/spec/miso-layout.md
says MISO's reader pymiso reads them, independently of the exporter's code, and compares every
output with the run's HDF5 snapshot (datasets shaped (nz, ny, nx)).

Usage: /usr/bin/python3 check_miso_export.py RUN_DIR,EXPORT_DIR[,IMPORTED_H5] ...
  RUN_DIR      the Alfven run (snapshots.txt, snapshot_NNNN.h5)
  EXPORT_DIR   its export; every output N in EXPORT_DIR/time/ is checked against snapshot N
  IMPORTED_H5  optional: `alfven import` of the latest output, compared with its snapshot
Exits 77 (ctest: skipped) if numpy, h5py or PyYAML (pymiso's YAML reader) is missing.
"""
import os
import sys

try:
    import numpy as np
    import h5py
    import yaml
except ImportError as e:
    print("skipping: %s" % e)
    sys.exit(77)

FIELDS = ["density", "velocity_x", "velocity_y", "velocity_z", "magnetic_field_x",
          "magnetic_field_y", "magnetic_field_z", "internal_energy", "psi"]
PYMISO = ["ro", "vx", "vy", "vz", "bx", "by", "bz", "ei", "ph"]


class Conf:
    """pymiso.Conf: config.yaml, the data folders and the byte order."""

    def __init__(self, data_dir):
        with open(os.path.join(data_dir, "config.yaml")) as f:
            c = yaml.safe_load(f)
        physics = c.get("physics")
        rt = bool(physics.get("rt", False)) if physics else False
        mhd = bool(physics.get("mhd", not rt)) if physics else True
        assert mhd and not rt, physics
        self.c = c
        self.time_dir = os.path.join(data_dir, c["io"]["time_save_dir"])
        self.mhd_dir = os.path.join(data_dir, c["io"]["mhd_save_dir"])
        self.mpi_dir = os.path.join(data_dir, c["io"]["mpi_save_dir"])
        self.endian = "<" if c["data_type"]["Endian"] == "little" else ">"
        self.digits = c["io"]["n_output_digits"]
        # Older pymiso versions take the digits and folders from the sections: the same values.
        assert c["time"]["n_output_digits"] == c["mhd"]["n_output_digits"] == self.digits
        assert c["time"]["time_save_dir"] == c["io"]["time_save_dir"]
        assert c["mhd"]["mhd_save_dir"] == c["io"]["mhd_save_dir"]
        assert c["mpi"]["mpi_save_dir"] == c["io"]["mpi_save_dir"]


class Grid:
    """pymiso.Grid: grid.bin with its element size, ghost cells stripped, local sizes."""

    def __init__(self, conf, data_dir):
        g, mpi = conf.c["grid"], conf.c["mpi"]
        size = [g["i_size"], g["j_size"], g["k_size"]]
        self.margin = [g["margin"] if n > 1 else 0 for n in size]
        self.size = size
        self.total = [n + 2 * m for n, m in zip(size, self.margin)]
        procs = [mpi["x_procs"], mpi["y_procs"], mpi["z_procs"]]
        assert all(n % p == 0 for n, p in zip(size, procs)), (size, procs)
        self.local = [n // p for n, p in zip(size, procs)]
        self.total_local = [n + 2 * m for n, m in zip(self.local, self.margin)]
        with open(os.path.join(data_dir, "grid.bin"), "rb") as f:
            elem = np.fromfile(f, dtype=conf.endian + "u4", count=1)[0]
            base = {4: "f4", 8: "f8"}[int(elem)]
            dtype = np.dtype([("x", conf.endian + base, (self.total[0],)),
                              ("y", conf.endian + base, (self.total[1],)),
                              ("z", conf.endian + base, (self.total[2],))])
            data = np.fromfile(f, dtype=dtype, count=1)[0]
            assert f.read() == b"", "grid.bin is longer than its coordinates"
        self.x, self.y, self.z = (data[a][m:t - m] for a, m, t in
                                  zip("xyz", self.margin, self.total))


def load(conf, grid, n_output):
    """pymiso.Data.load: every rank's mhd file, ghosts stripped, placed at coords x local size."""
    mpi = conf.c["mpi"]
    n_procs = mpi["x_procs"] * mpi["y_procs"] * mpi["z_procs"]
    coords = np.genfromtxt(os.path.join(conf.mpi_dir, "coords.csv"), delimiter=",", names=True,
                           dtype=int)
    coords = np.atleast_1d(coords)
    assert len(coords) == n_procs
    shape = tuple(grid.total_local)
    count = int(np.prod(shape))
    out = {}
    for rank in range(n_procs):
        name = "mhd.%0*d.%0*d.bin" % (conf.digits, n_output, conf.digits, rank)
        with open(os.path.join(conf.mhd_dir, name), "rb") as f:
            elem = np.fromfile(f, dtype=conf.endian + "u4", count=1)[0]
            base = {4: "f4", 8: "f8"}[int(elem)]
            data = np.fromfile(f, dtype=conf.endian + base, count=9 * count)
            assert data.size == 9 * count and f.read() == b"", name
            data = data.reshape((9, *shape), order="C")
        row = coords[coords["rank"] == rank][0] if n_procs > 1 else None
        glob = tuple(slice(0, grid.local[a]) if row is None else
                     slice(row["xyz"[a]] * grid.local[a], (row["xyz"[a]] + 1) * grid.local[a])
                     for a in range(3))
        loc = tuple(slice(m, t - m) for m, t in zip(grid.margin, grid.total_local))
        for v, key in enumerate(PYMISO):
            if rank == 0:
                out[key] = np.zeros(grid.size, dtype=base)
            out[key][glob] = data[v][loc]
    return {k: np.squeeze(a) for k, a in out.items()}


def read_time(conf, n_output):
    """pymiso.Time.load: time, output index, step."""
    with open(os.path.join(conf.time_dir, "time.%0*d.txt" % (conf.digits, n_output))) as f:
        return float(f.readline()), int(f.readline()), int(f.readline())


def check(run_dir, export_dir, imported=None):
    conf = Conf(export_dir)
    grid = Grid(conf, export_dir)
    with open(os.path.join(conf.time_dir, "n_output.txt")) as f:
        latest = int(f.readline())
    outputs = sorted(int(name.split(".")[1]) for name in os.listdir(conf.time_dir)
                     if name.startswith("time."))
    assert outputs and outputs[-1] == latest, (outputs, latest)
    snapshots = [line.split()[0] for line in open(os.path.join(run_dir, "snapshots.txt"))]
    for n in outputs:
        with h5py.File(os.path.join(run_dir, snapshots[n]), "r") as h5:
            t, index, step = read_time(conf, n)
            assert (t, index, step) == (h5.attrs["time"], h5.attrs["index"], h5.attrs["step"])
            data = load(conf, grid, n)
            for field, key in zip(FIELDS, PYMISO):
                want = np.squeeze(h5[field][()].transpose())  # (nz, ny, nx) -> [i, j, k]
                assert data[key].dtype == want.dtype, (field, data[key].dtype, want.dtype)
                assert data[key].shape == want.shape, (field, data[key].shape, want.shape)
                assert np.array_equal(data[key], want), "%s: output %d, %s differs" % (
                    export_dir, n, key)
            tol = 1e-6 if grid.x.dtype == np.float32 else 1e-13
            for a, axis in enumerate((grid.x, grid.y, grid.z)):
                assert np.allclose(axis, h5["xyz"[a]][()], rtol=tol, atol=tol), (a, axis)
    if imported:
        with h5py.File(imported, "r") as a, h5py.File(os.path.join(run_dir, snapshots[latest]),
                                                      "r") as b:
            for field in FIELDS:
                assert np.array_equal(a[field][()], b[field][()]), (imported, field)
            assert a[FIELDS[0]].dtype == b[FIELDS[0]].dtype
            for key in ("time", "step", "index", "gamma", "problem"):
                assert a.attrs[key] == b.attrs[key], (key, a.attrs[key], b.attrs[key])
    print("%s: outputs %s on %d rank(s), %s, read as pymiso reads them, equal %s" % (
        export_dir, outputs, int(np.prod([conf.c["mpi"][k] for k in
                                          ("x_procs", "y_procs", "z_procs")])),
        data[PYMISO[0]].dtype, run_dir))


for group in sys.argv[1:]:
    check(*group.split(","))
