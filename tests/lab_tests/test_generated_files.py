"""The student stubs and the lab notebook are generated files: they must be up to date."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
from pathlib import Path

import pytest

from bookkit.tools import exercise_stubs as stubs
from bookkit.tools import lab_notebook as notebooks

ROOT = Path(__file__).resolve().parents[2]



PAIRS = [
    ("labs.deep_learning_pytorch.first_steps.solutions.grad_check",
     "labs.deep_learning_pytorch.first_steps.exercises.grad_check"),
    ("labs.deep_learning_pytorch.tensors.solutions.nchw_and_gather",
     "labs.deep_learning_pytorch.tensors.exercises.nchw_and_gather"),
    ("labs.deep_learning_pytorch.pytorch_basics.solutions.manual_sgd",
     "labs.deep_learning_pytorch.pytorch_basics.exercises.manual_sgd"),
    ("labs.deep_learning_pytorch.tensors_and_autograd.solutions.unbroadcast_grad",
     "labs.deep_learning_pytorch.tensors_and_autograd.exercises.unbroadcast_grad"),
    ("labs.deep_learning_pytorch.tensors_and_autograd.solutions.strides_and_views",
     "labs.deep_learning_pytorch.tensors_and_autograd.exercises.strides_and_views"),
    ("labs.algorithms.bfs.solutions", "labs.algorithms.bfs.exercises"),
]


def test_stubs_are_in_sync(capsys):
    assert stubs.main(["--check"]) == 0, capsys.readouterr().err


def test_every_solution_is_registered():
    assert stubs.unregistered() == []
    for exercise in stubs.EXERCISES.values():
        assert (ROOT / exercise.solution).is_file(), exercise
        assert (ROOT / "docs" / exercise.page).is_file(), exercise
        for test in exercise.tests:
            assert (ROOT / "tests" / "lab_tests" / test).is_file(), exercise
    assert stubs.find_exercise("unbroadcast-grad").name == "unbroadcast_grad"


def test_lab_stub_keeps_the_bugs():
    """The lab's student version is the buggy code, not NotImplementedError."""
    lab = stubs.find_exercise("autograd_bugs")
    text = stubs.student_text(lab)
    assert "NotImplementedError" not in text and "ANSWER" not in text
    assert "total = total + loss\n" in text and "exps /= exps.sum" in text
    assert "optimizer.zero_grad()" not in text.split("def train(")[1].split("# --8<--")[0]


def test_make_stub_gives_the_student_version():
    source = (
        "def f(x):\n"
        "    # BEGIN ANSWER\n"
        "    y = x + 1\n"
        "    return y\n"
        "    # STUDENT STARTS WITH\n"
        "    # y = x\n"
        "    #\n"
        "    # return y\n"
        "    # END ANSWER\n"
    )
    stub = stubs.make_stub(source, "x.py", "f")
    assert stub.endswith("def f(x):\n    y = x\n\n    return y\n")
    assert "버그가 그대로" in stub
    with pytest.raises(stubs.StubError, match="comments"):
        stubs.make_stub(source.replace("    # y = x", "    y = x"), "x.py")


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
        ("def f():\n    # STUDENT STARTS WITH\n    return 1\n", "without"),
    ],
)
def test_make_stub_rejects_broken_markers(source, message):
    with pytest.raises(stubs.StubError, match=message):
        stubs.make_stub(source, "x.py")


def test_the_page_cites_the_checked_case_counts():
    """The exercise page says how many hard and random cases the torch-free run answers."""
    from lab_tests.test_strides_and_views import HARD_CASES

    page = (ROOT / "docs" / "exercises" / "strides-and-views.md").read_text(encoding="utf-8")
    hard = re.search(r"어려운\s+경우\s+(\d+)가지", page)
    randoms = re.search(r"무작위\s+경우\s+(\d+)가지", page)
    assert hard and randoms, "the page no longer cites the case counts"
    assert int(hard.group(1)) == len(HARD_CASES)
    source = (ROOT / "tests" / "lab_tests" / "test_strides_and_views.py").read_text(
        encoding="utf-8")
    assert f"HARD_CASES + random_cases({randoms.group(1)})" in source


def test_the_grad_check_page_counts_its_tests():
    """The grad-check page says how many checks its test file makes: one per test function."""
    numbers = {12: "열두", 13: "열세", 14: "열네", 15: "열다섯", 16: "열여섯", 17: "열일곱"}
    page = (ROOT / "docs" / "exercises" / "grad-check.md").read_text(encoding="utf-8")
    source = (ROOT / "tests" / "lab_tests" / "test_grad_check.py").read_text(encoding="utf-8")
    tests = len(re.findall(r"^def test_", source, flags=re.MULTILINE))
    assert re.search(rf"{numbers[tests]}\s*가지를 검사합니다", page), (
        f"the page should say {numbers[tests]} 가지 ({tests} test functions)")
    bullets = re.findall(r"^- \*\*", page.split("## 힌트")[0], flags=re.MULTILINE)
    assert len(bullets) == tests
