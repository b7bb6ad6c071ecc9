#!/usr/bin/env python3
"""Make the locks: every transitive package pinned, with hashes, from pyproject.toml.

    python3 scripts/dev.py lock             # rewrite requirements.lock and requirements-dev.lock
    python3 scripts/dev.py lock --check     # exit 1 when pyproject.toml changed since

Made with uv (``uv pip compile --universal --generate-hashes``), not pip-tools: uv resolves one
lock that holds for Linux and macOS alike (platform-specific packages carry environment
markers), where pip-compile resolves for the machine it runs on. uv reads the package index,
so making a lock needs the network; installing one does not need uv.

torch is left out of both locks, together with the CUDA libraries its Linux wheels on PyPI
require (nvidia-*, triton): the same release comes as different builds (the CPU build from
PyTorch's CPU index, the CUDA build from PyPI, the macOS build), with different hashes, so it
is installed by itself, pinned by version (``torch==`` in pyproject.toml). Its other
dependencies are in the locks, with hashes.

- ``requirements.lock``: the dependencies alone: what the docs build and the recorder need.
- ``requirements-dev.lock``: with the ``dev`` extra (tests, lint, browser tests, uv).

Each lock starts with a line recording the SHA-256 of pyproject.toml's dependency tables;
``--check`` and the lock test compare it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The dev lock first; the docs lock is constrained to it, so it is a part of it.
LOCKS = {"requirements-dev.lock": ["--extra", "dev"],
         "requirements.lock": ["--constraint", "requirements-dev.lock"]}
PYTHON_FLOOR = "3.11.5"
LEFT_OUT = re.compile(r"^(torch|triton|nvidia-[\w-]+|cuda-[\w-]+)$")
_DIGEST_LINE = "# pyproject dependencies sha256: "
_REQUIREMENT = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>[^\s;\\]+)")


def dependencies_digest(pyproject: Path) -> str:
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    tables = {"dependencies": project.get("dependencies", []),
              "optional-dependencies": project.get("optional-dependencies", {}),
              "requires-python": project.get("requires-python")}
    return hashlib.sha256(json.dumps(tables, sort_keys=True).encode()).hexdigest()


def recorded_digest(lock: Path) -> str | None:
    for line in lock.read_text(encoding="utf-8").splitlines():
        if line.startswith(_DIGEST_LINE):
            return line.removeprefix(_DIGEST_LINE).strip()
    return None


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def entries(lock: Path) -> list[tuple[str, str, str]]:
    """(normalized name, version, environment marker or "") of every requirement in a lock."""
    found = []
    for line in lock.read_text(encoding="utf-8").splitlines():
        match = _REQUIREMENT.match(line)
        if match:
            marker = line.split(";", 1)[1].rstrip(" \\").strip() if ";" in line else ""
            found.append((normalize(match["name"]), match["version"], marker))
    return found


def _drop_left_out(text: str) -> str:
    """Remove the blocks (requirement, hashes, via comments) of the packages left out."""
    out: list[str] = []
    skipping = False
    for line in text.splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            match = _REQUIREMENT.match(line)
            skipping = bool(match and LEFT_OUT.match(normalize(match["name"])))
        elif line.startswith("#"):
            skipping = False
        if not skipping:
            out.append(line)
    return "\n".join(out) + "\n"


def compile_lock(name: str, extra: list[str]) -> str:
    uv = Path(sys.executable).parent / "uv"
    result = subprocess.run(
        [str(uv), "pip", "compile", "pyproject.toml", *extra, "--universal",
         "--python-version", PYTHON_FLOOR, "--generate-hashes", "--quiet",
         "--no-header", "--annotation-style", "line"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    header = (
        f"# {name}: made by `python3 scripts/dev.py lock` (scripts/lock.py) with uv, for "
        f"Python >= {PYTHON_FLOOR} on Linux and macOS.\n"
        "# torch and its CUDA libraries are installed by themselves (see scripts/lock.py).\n"
        f"{_DIGEST_LINE}{dependencies_digest(ROOT / 'pyproject.toml')}\n"
    )
    return header + _drop_left_out(result.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="fail if pyproject.toml's dependencies changed since the locks")
    args = parser.parse_args(argv)
    digest = dependencies_digest(ROOT / "pyproject.toml")
    if args.check:
        stale = [name for name in LOCKS if not (ROOT / name).is_file()
                 or recorded_digest(ROOT / name) != digest]
        for name in stale:
            print(f"{name} is out of date: run python3 scripts/dev.py lock", file=sys.stderr)
        return 1 if stale else 0
    for name, extra in LOCKS.items():
        (ROOT / name).write_text(compile_lock(name, extra), encoding="utf-8")
        print(f"wrote {name} ({len(entries(ROOT / name))} packages)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
