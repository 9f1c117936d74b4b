"""Runs the commands of a documentation page, as written, for one scenario.

Usage: /usr/bin/python3 run_doc_commands.py --doc docs/using-alfven.md --scenario NAME
           --source SRC --build BUILD --work DIR [--cxx CXX] [--cc CC] [--generator GEN]
           [--cmake CMAKE]

A fenced block is run when the HTML comment just before it names the scenario:

    <!-- test: SCENARIO[,SCENARIO...] [file=PATH] [python=EXE] [expect=REGEX] -->

- with file=PATH the block is not run but written to DIR/PATH (a source file of the example);
- a sh block runs in bash (set -euo pipefail) from DIR;
- a python block runs with EXE (after $HOME is expanded) from DIR;
- expect=REGEX must match the block's output (stdout and stderr).
Blocks run in the order of the page; the first failure stops the scenario with exit status 1.

DIR is laid out as the page assumes: DIR/alfven holds the sources (links to SRC, except python/,
which is copied, since pip builds in place) and DIR/alfven/build/release is a link to BUILD,
whatever preset built it; HOME is DIR/home, so `$HOME/...` stays inside DIR;
DIR/my_app/external/alfven links to SRC. pip runs offline (PIP_NO_INDEX); OpenMP uses one thread
unless OMP_NUM_THREADS says otherwise (tests run side by side). DIR is removed first if this
script made it (it holds the marker file .alfven-doc-test).
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys

SCENARIOS = ("cmake-installed", "cmake-subdirectory", "python", "miso")
MARKER = ".alfven-doc-test"
BLOCK = re.compile(r"<!--\s*test:(?P<tag>.*?)-->\s*\n```(?P<lang>[\w+-]*)\n(?P<body>.*?)\n```",
                   re.DOTALL)


def parse_blocks(text):
    """The tagged blocks of a page: dicts with scenarios, file, python, expect, lang, body."""
    blocks = []
    for m in BLOCK.finditer(text):
        words = shlex.split(m.group("tag"))
        if not words:
            raise SystemExit("a test tag names no scenario: %r" % m.group(0)[:80])
        block = {"scenarios": words[0].split(","), "lang": m.group("lang"),
                 "body": m.group("body") + "\n", "line": text.count("\n", 0, m.start()) + 1}
        for word in words[1:]:
            key, _, value = word.partition("=")
            if key not in ("file", "python", "expect") or not value:
                raise SystemExit("line %d: unknown test option %r" % (block["line"], word))
            block[key] = value
        unknown = [s for s in block["scenarios"] if s not in SCENARIOS]
        if unknown:
            raise SystemExit("line %d: unknown scenario %s (known: %s)"
                             % (block["line"], ", ".join(unknown), ", ".join(SCENARIOS)))
        blocks.append(block)
    return blocks


def prepare(work, source, build):
    """Makes the scratch directory the page's commands expect."""
    if os.path.exists(work):
        if not os.path.exists(os.path.join(work, MARKER)):
            raise SystemExit("%s exists and was not made by this script; not removing it" % work)
        shutil.rmtree(work)
    os.makedirs(os.path.join(work, "home"))
    open(os.path.join(work, MARKER), "w").close()
    tree = os.path.join(work, "alfven")
    os.makedirs(os.path.join(tree, "build"))
    for entry in os.listdir(source):
        if entry in ("build", "python") or entry.startswith("."):
            continue
        os.symlink(os.path.join(source, entry), os.path.join(tree, entry))
    shutil.copytree(os.path.join(source, "python"), os.path.join(tree, "python"),
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    os.symlink(os.path.abspath(build), os.path.join(tree, "build", "release"))
    os.makedirs(os.path.join(work, "my_app", "external"))
    os.symlink(source, os.path.join(work, "my_app", "external", "alfven"))


def environment(work, args):
    """The environment of every command: a HOME inside DIR, offline pip, the build's compilers."""
    env = dict(os.environ)
    real_home = env.get("HOME", "")
    env["HOME"] = os.path.join(work, "home")
    env.pop("PYTHONPATH", None)
    env["PIP_NO_INDEX"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.setdefault("OMP_NUM_THREADS", "1")  # ctest runs tests side by side
    if args.cmake:  # the cmake that configured this build comes first on the PATH
        env["PATH"] = os.path.dirname(os.path.abspath(args.cmake)) + os.pathsep + env.get("PATH", "")
    if args.generator:
        env["CMAKE_GENERATOR"] = args.generator
    if args.cxx:
        env["CXX"] = args.cxx
    if args.cc:
        env["CC"] = args.cc
    if real_home and "CCACHE_DIR" not in env:  # a compiler launcher keeps its usual cache
        env["CCACHE_DIR"] = os.path.join(real_home, ".cache", "ccache")
    return env


def run_block(block, work, env):
    """Runs (or writes) one block; returns its output, raises RuntimeError on failure."""
    if "file" in block:
        path = os.path.join(work, block["file"])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(block["body"])
        return ""
    if block["lang"] == "sh":
        command = ["bash", "-c", "set -euo pipefail\n" + block["body"]]
    elif block["lang"] == "python":
        if "python" not in block:
            raise RuntimeError("line %d: a python block needs python=EXE" % block["line"])
        script = os.path.join(work, ".block_%d.py" % block["line"])
        with open(script, "w") as f:
            f.write(block["body"])
        command = [block["python"].replace("$HOME", env["HOME"]), script]
    else:
        raise RuntimeError("line %d: cannot run a '%s' block" % (block["line"], block["lang"]))
    done = subprocess.run(command, cwd=work, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True)
    output = done.stdout
    if done.returncode != 0:
        raise RuntimeError("line %d: exit status %d\n%s" % (block["line"], done.returncode, output))
    if "expect" in block and not re.search(block["expect"], output):
        raise RuntimeError("line %d: output does not match %r\n%s"
                           % (block["line"], block["expect"], output))
    return output


def check_python_package_installed(work, env):
    """The python scenario imported the installed package, not the sources."""
    python = os.path.join(env["HOME"], "venvs", "alfven", "bin", "python")
    done = subprocess.run([python, "-c", "import alfven; print(alfven.__file__)"], cwd="/",
                          env=env, stdout=subprocess.PIPE, universal_newlines=True, check=True)
    if not done.stdout.strip().startswith(os.path.join(env["HOME"], "venvs", "alfven")):
        raise RuntimeError("alfven was imported from %s, not from the virtual environment"
                           % done.stdout.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--doc", required=True)
    parser.add_argument("--scenario", required=True, choices=SCENARIOS)
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--cxx")
    parser.add_argument("--cc")
    parser.add_argument("--generator")
    parser.add_argument("--cmake")
    args = parser.parse_args()
    source, work = os.path.abspath(args.source), os.path.abspath(args.work)
    with open(args.doc) as f:
        blocks = [b for b in parse_blocks(f.read()) if args.scenario in b["scenarios"]]
    if not blocks:
        raise SystemExit("%s has no block for scenario %s" % (args.doc, args.scenario))
    if args.scenario == "python":
        # pip installs the package's requirements from the system's packages (PyPI may be out of
        # reach): without Debian's python3-numpy and python3-h5py there is nothing to test.
        missing = subprocess.run([sys.executable, "-c", "import numpy, h5py"], capture_output=True)
        if missing.returncode != 0:
            print("skipped: %s lacks numpy or h5py (scripts/install-deps installs them)" % sys.executable)
            return 77
    prepare(work, source, args.build)
    env = environment(work, args)
    try:
        for block in blocks:
            print("---- %s:%d (%s%s)" % (args.doc, block["line"], block["lang"],
                                         ", writes " + block["file"] if "file" in block else ""))
            if "file" not in block:
                print(block["body"], end="")
            print(run_block(block, work, env), end="", flush=True)
        if args.scenario == "python":
            check_python_package_installed(work, env)
    except RuntimeError as e:
        print("FAILED %s: %s" % (args.doc, e))
        return 1
    print("all %d blocks of scenario %s passed" % (len(blocks), args.scenario))
    return 0


if __name__ == "__main__":
    sys.exit(main())
