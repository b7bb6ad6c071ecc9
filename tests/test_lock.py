"""The locks pin every installed package, and stay in step with pyproject.toml."""

from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement

from bookkit.tools import lock

ROOT = Path(__file__).resolve().parent.parent

# Installed apart from the locks, on purpose: pip is the installer itself (from ensurepip);
# torch and its CUDA libraries are installed by version (see scripts/lock.py); the project
# itself is installed editable (dev.py env), for the entry point through which MkDocs finds
# the bookkit plugin.
NOT_LOCKED = {"pip", "executable-pytorch-textbook"}


def applicable(lock_file: Path) -> dict[str, str]:
    """name -> version of the lock's entries that apply to this interpreter and platform."""
    return {name: version for name, version, marker in lock.entries(lock_file)
            if not marker or Marker(marker).evaluate()}


def installed() -> dict[str, str]:
    found = {}
    for dist in metadata.distributions():
        name = lock.normalize(dist.metadata["Name"])
        if name not in NOT_LOCKED and not lock.LEFT_OUT.match(name):
            found[name] = dist.version
    return found


def drift(pinned: dict[str, str], present: dict[str, str]) -> list[str]:
    problems = [f"{n}=={present[n]} is installed but not in the lock"
                for n in sorted(present.keys() - pinned.keys())]
    problems += [f"{n}: the lock pins {pinned[n]}, {present[n]} is installed"
                 for n in sorted(pinned.keys() & present.keys()) if pinned[n] != present[n]]
    problems += [f"{n}=={pinned[n]} is in the lock but not installed"
                 for n in sorted(pinned.keys() - present.keys())]
    return problems


def test_the_locks_were_made_from_this_pyproject():
    digest = lock.dependencies_digest(ROOT / "pyproject.toml")
    for name in lock.LOCKS:
        assert lock.recorded_digest(ROOT / name) == digest, f"{name}: run dev.py lock"


def test_every_pin_of_pyproject_is_in_the_lock_with_its_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["dependencies"] + [
        requirement for name, extra in project["optional-dependencies"].items() if name != "dev"
        for requirement in extra
    ]
    pinned = applicable(ROOT / "requirements-dev.lock")
    for requirement in map(Requirement, declared):
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue  # a pin for another Python (networkx)
        name = lock.normalize(requirement.name)
        [version] = [spec.version for spec in requirement.specifier if spec.operator == "=="]
        if not lock.LEFT_OUT.match(name):
            assert pinned.get(name) == version, str(requirement)


def test_this_environment_is_exactly_the_dev_lock():
    if sys.prefix == sys.base_prefix:
        raise AssertionError("the tests run in the project's virtual environment (.venv)")
    assert drift(applicable(ROOT / "requirements-dev.lock"), installed()) == []


def test_the_docs_lock_is_a_part_of_the_dev_lock():
    docs = {(n, v, m) for n, v, m in lock.entries(ROOT / "requirements.lock")}
    dev = {(n, v, m) for n, v, m in lock.entries(ROOT / "requirements-dev.lock")}
    assert docs <= dev and "playwright" not in {n for n, _, _ in docs}
    assert "zizmor" not in {n for n, _, _ in docs}


def test_a_drifted_pin_is_caught(tmp_path):
    drifted = tmp_path / "requirements-dev.lock"
    text = (ROOT / "requirements-dev.lock").read_text(encoding="utf-8")
    numpy = next(line for line in text.splitlines() if line.startswith("numpy=="))
    drifted.write_text(text.replace(numpy, numpy.replace("numpy==", "numpy==1.0.0+")), "utf-8")
    problems = drift(applicable(drifted), installed())
    assert any(p.startswith("numpy: the lock pins 1.0.0+") for p in problems), problems
