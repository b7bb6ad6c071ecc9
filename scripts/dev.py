#!/usr/bin/env python3
"""The two commands of the README, runnable with nothing but Python 3.11 and pip.

    python3 scripts/dev.py serve   # create .venv if missing, then `mkdocs serve`
    python3 scripts/dev.py test    # create .venv if missing, then every check CI runs
    python3 scripts/dev.py lint    # one check of `test` (lint, recordings-check, pytest)

The environment is (re)installed whenever pyproject.toml changes. Every step of `test` is
also a Makefile target; `.ci/run` runs `python3 scripts/dev.py test` verbatim.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"


def run(*command: str | Path) -> None:
    print("+", " ".join(str(part) for part in command), flush=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONHASHSEED="0")
    subprocess.run([str(part) for part in command], cwd=ROOT, env=env, check=True)


def ensure_environment() -> None:
    """Create .venv and install the pinned project into it when pyproject.toml changed."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{digest}"
    if stamp.exists():
        return
    if not PYTHON.exists():
        print(f"creating {VENV}", flush=True)
        venv.create(VENV, with_pip=True)
    run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(PYTHON, "-m", "pip", "install", "--quiet", "-e", ".[dev]")
    for old in VENV.glob(".installed-*"):
        old.unlink()
    stamp.touch()


# The checks `test` runs, in order; each is also a Makefile target of the same name.
# pytest includes the strict build of the whole book and the post-build site checks
# (tests/test_site.py), so the site is built once per run.
CHECKS: dict[str, list[str | Path]] = {
    "lint": [BIN / "ruff", "check", "."],
    "recordings-check": [PYTHON, "-m", "bookkit.recordings", "check"],
    "pytest": [PYTHON, "-m", "pytest", "-q", "--durations=5"],
}


def test(names: list[str]) -> None:
    timings: list[tuple[str, float]] = []
    for name in names:
        command = CHECKS[name]
        start = time.perf_counter()
        run(*command)
        timings.append((name, time.perf_counter() - start))
    print("\nstep timings:")
    for name, seconds in timings:
        print(f"  {name:<16} {seconds:7.1f} s")


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in ("serve", "test", "env", *CHECKS):
        print(__doc__, file=sys.stderr)
        return 2
    ensure_environment()
    if argv[0] == "serve":
        run(BIN / "mkdocs", "serve")
    elif argv[0] == "test":
        test(list(CHECKS))
    elif argv[0] in CHECKS:
        test([argv[0]])
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main(sys.argv[1:]))
    except subprocess.CalledProcessError as error:
        command = " ".join(map(str, error.cmd))
        print(f"\nfailed: {command} (exit {error.returncode})", file=sys.stderr)
        raise SystemExit(1) from None
