"""The student stubs and the lab notebook are generated files: they must be up to date."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


stubs = load_script("make_exercise_stubs")
notebooks = load_script("make_lab_notebook")

PAIRS = [
    ("labs.deep_learning_pytorch.tensors_and_autograd.solutions.unbroadcast_grad",
     "labs.deep_learning_pytorch.tensors_and_autograd.exercises.unbroadcast_grad"),
    ("labs.deep_learning_pytorch.tensors_and_autograd.solutions.strides_and_views",
     "labs.deep_learning_pytorch.tensors_and_autograd.exercises.strides_and_views"),
    ("labs.algorithms.bfs.solutions", "labs.algorithms.bfs.exercises"),
]


def test_stubs_are_in_sync(capsys):
    assert stubs.main(["--check"]) == 0, capsys.readouterr().err


def test_notebook_is_in_sync(capsys):
    assert notebooks.main(["--check"]) == 0, capsys.readouterr().err


@pytest.mark.parametrize(("solution", "exercise"), PAIRS)
def test_stub_keeps_the_api_and_raises(solution, exercise):
    solution, exercise = importlib.import_module(solution), importlib.import_module(exercise)
    public = [n for n, f in inspect.getmembers(solution, inspect.isfunction)
              if not n.startswith("_") and f.__module__ == solution.__name__]
    assert public
    for name in public:
        theirs, ours = getattr(solution, name), getattr(exercise, name)
        assert inspect.signature(theirs) == inspect.signature(ours), name
        assert theirs.__doc__ == ours.__doc__, name
        args = [None] * len(inspect.signature(ours).parameters)
        with pytest.raises(NotImplementedError, match=name):
            ours(*args)


def test_make_stub_replaces_answers():
    source = '''"""doc"""

import math


def area(r):
    """Area."""
    # BEGIN ANSWER
    return math.pi * r * r
    # END ANSWER


# BEGIN ANSWER
def _helper():
    return 1
# END ANSWER
'''
    stub = stubs.make_stub(source, "x.py")
    assert 'raise NotImplementedError("area: 아직 구현하지 않았습니다")' in stub
    assert "math.pi" not in stub and "_helper" not in stub and "ANSWER" not in stub
    assert stub.endswith('NotImplementedError("area: 아직 구현하지 않았습니다")\n')
    compile(stub, "stub", "exec")


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("def f():\n    # BEGIN ANSWER\n    return 1\n", "never closed"),
        ("def f():\n    return 1\n    # END ANSWER\n", "without"),
        ("def f():\n    return 1\n", "no # BEGIN ANSWER"),
    ],
)
def test_make_stub_rejects_broken_markers(source, message):
    with pytest.raises(stubs.StubError, match=message):
        stubs.make_stub(source, "x.py")
