"""Fixtures of the lab tests: which version of an exercise the tests import.

``pytest tests/lab_tests`` tests the solutions; ``--impl=exercise`` tests the generated student
versions under ``labs/.../exercises`` (which fail until they are filled in); ``--impl=workspace``
tests a student's own copy, ``workspace/<name>.py`` (``--workspace=DIR`` for another folder),
made by ``python3 scripts/dev.py exercise start <name>``. Exercises and their files are listed
in ``scripts/make_exercise_stubs.py`` (``EXERCISES``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import Phase, settings

from bookkit.tools import exercise_stubs as stubs

ROOT = Path(__file__).resolve().parents[2]
# For test_exercise_tests_bite.py, which needs only that each test fails: no shrinking or
# explaining of the failing example, and no example database, so a fresh checkout fails the
# same way as one with stored failures.
settings.register_profile("bite", phases=[Phase.explicit, Phase.generate], database=None)


def workspace_folder(config: pytest.Config) -> Path:
    folder = config.getoption("--workspace")
    return Path(folder).resolve() if folder else ROOT / "workspace"


def load_workspace_copy(path: Path, name: str) -> ModuleType:
    """Import ``path`` as a module of its own (dataclasses need it in ``sys.modules``)."""
    module_name = f"_workspace_{name}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


def load(request: pytest.FixtureRequest, name: str) -> ModuleType:
    """The version of exercise ``name`` that ``--impl`` asks for."""
    exercise = stubs.find_exercise(name)
    impl = request.config.getoption("--impl")
    if impl == "solution":
        return importlib.import_module(exercise.solution_module)
    if impl == "exercise":
        return importlib.import_module(exercise.stub_module)
    path = workspace_folder(request.config) / f"{exercise.name}.py"
    if not path.is_file():
        pytest.fail(f"{path} does not exist: run python3 scripts/dev.py exercise start "
                    f"{exercise.name}", pytrace=False)
    return load_workspace_copy(path, exercise.name)


@pytest.fixture(scope="session")
def grad_check_module(request) -> ModuleType:
    return load(request, "grad_check")


@pytest.fixture(scope="session")
def nchw_module(request) -> ModuleType:
    return load(request, "nchw_and_gather")


@pytest.fixture(scope="session")
def manual_sgd_module(request) -> ModuleType:
    return load(request, "manual_sgd")


@pytest.fixture(scope="session")
def unbroadcast_module(request) -> ModuleType:
    return load(request, "unbroadcast_grad")


def answer_file(request: pytest.FixtureRequest, name: str) -> Path:
    """The file of the version of exercise ``name`` that ``--impl`` asks for, not imported."""
    exercise = stubs.find_exercise(name)
    impl = request.config.getoption("--impl")
    if impl in ("solution", "exercise"):
        module = exercise.solution_module if impl == "solution" else exercise.stub_module
        return Path(importlib.util.find_spec(module).origin)
    path = workspace_folder(request.config) / f"{exercise.name}.py"
    if not path.is_file():
        pytest.fail(f"{path} does not exist: run python3 scripts/dev.py exercise start "
                    f"{exercise.name}", pytrace=False)
    return path


@pytest.fixture(scope="session")
def strides_module(request):
    """The strides answer, run only in a Landlock-confined process (see confined.py): the
    exercise forbids torch, and an answer never run outside that process cannot prepare a
    way around it."""
    from lab_tests.confined import ConfinedAnswer

    answer = ConfinedAnswer(answer_file(request, "strides_and_views"),
                            ["contiguous_strides", "is_contiguous", "view_strides"])
    yield answer
    answer.close()


@pytest.fixture(scope="session")
def bugs_module(request) -> ModuleType:
    return load(request, "autograd_bugs")


@pytest.fixture(scope="session")
def bfs_module(request) -> ModuleType:
    return load(request, "bfs")
