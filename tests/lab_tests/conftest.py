"""Fixtures of the lab tests: which version of an exercise the tests import.

``pytest tests/lab_tests`` tests the solutions; ``pytest tests/lab_tests --impl=exercise`` tests the
student versions under ``labs/.../exercises`` (which fail until they are filled in).
"""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

TENSORS = "labs.deep_learning_pytorch.tensors_and_autograd"


def _load(request: pytest.FixtureRequest, solution: str, exercise: str) -> ModuleType:
    impl = request.config.getoption("--impl")
    return importlib.import_module(solution if impl == "solution" else exercise)


@pytest.fixture(scope="session")
def unbroadcast_module(request) -> ModuleType:
    return _load(request, f"{TENSORS}.solutions.unbroadcast_grad",
                 f"{TENSORS}.exercises.unbroadcast_grad")


@pytest.fixture(scope="session")
def strides_module(request) -> ModuleType:
    return _load(request, f"{TENSORS}.solutions.strides_and_views",
                 f"{TENSORS}.exercises.strides_and_views")


@pytest.fixture(scope="session")
def bfs_module(request) -> ModuleType:
    return _load(request, "labs.algorithms.bfs.solutions", "labs.algorithms.bfs.exercises")
