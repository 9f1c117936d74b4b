"""Checks that the Python command `alfven run` prints at its end works from any directory.

Usage: /usr/bin/python3 check_run_hint.py ALFVEN_EXE PACKAGE_DIR WORK

Runs a short Sod tube from WORK/here into a relative directory whose name needs quoting (space,
quotes), takes the printed "In Python: ..." command, checks that its PYTHONPATH is PACKAGE_DIR
(the sources' python/ for a program in the build tree, share/alfven/python for an installed
one), and runs it with bash from WORK/elsewhere, without PYTHONPATH in the environment: it must
print the run (alfven.open_run) with its two snapshots. Exits 77 (skipped) without numpy or h5py.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys

try:
    import numpy  # noqa: F401
    import h5py  # noqa: F401
except ImportError as e:
    print("skipping: %s" % e)
    sys.exit(77)

alfven_exe, package_dir, work = sys.argv[1:4]
alfven_exe = os.path.abspath(alfven_exe)
if os.path.isdir(work):
    shutil.rmtree(work)
here, elsewhere = os.path.join(work, "here"), os.path.join(work, "elsewhere")
os.makedirs(here)
os.makedirs(elsewhere)
env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
env["OMP_NUM_THREADS"] = "1"

name = "sod run \"it's\""
done = subprocess.run([alfven_exe, "run", "sod", "-o", name, "--quiet", "--set", "grid.i_size=32",
                       "--set", "time.tend=0.05", "--set", "time.dt_output=0.05"],
                      cwd=here, env=env, stdout=subprocess.PIPE, universal_newlines=True, check=True)
lines = [l for l in done.stdout.splitlines() if l.startswith("In Python: ")]
assert len(lines) == 1, done.stdout
command = lines[0][len("In Python: "):]
print("printed:", command)
words = shlex.split(command)
assert words[0].startswith("PYTHONPATH="), words
assert os.path.realpath(words[0][len("PYTHONPATH="):]) == os.path.realpath(package_dir), \
    (words[0], package_dir)

result = subprocess.run(["bash", "-c", command], cwd=elsewhere, env=env, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, universal_newlines=True)
print(result.stdout)
assert result.returncode == 0, result.returncode
expected = "<alfven.Run '%s': 2 snapshots" % os.path.join(os.path.realpath(here), name)
assert result.stdout.startswith(expected), (result.stdout, expected)
assert re.search(r"variables: density, internal_energy, psi, velocity \(3 components\)",
                 result.stdout), result.stdout
print("run hint: works from another directory")
