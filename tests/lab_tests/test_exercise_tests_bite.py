"""The exercise tests must fail against the untouched student stubs.

Otherwise a student could "pass" without writing anything (or without fixing the lab's bugs).
One pytest run in a subprocess, once per test run, runs every exercise's tests with
``--impl=exercise``; one test per file then checks from its report that every test of that file
failed. Hypothesis runs with the ``bite`` profile (tests/lab_tests/conftest.py): the first failing
example is enough.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from conftest import made_once

from bookkit.settings import child_environment, environment
from bookkit.tools import exercise_stubs as stubs

HERE = Path(__file__).resolve().parent
# The project's labs, not this folder; the rest of PYTHONPATH stays.
ENV = child_environment(PYTHONPATH=os.pathsep.join(
    filter(None, [str(HERE.parents[1]), environment().get("PYTHONPATH")])))
EXERCISE_TESTS = ["test_grad_check.py", "test_nchw_and_gather.py", "test_manual_sgd.py",
                  "test_unbroadcast_grad.py", "test_strides_and_views.py",
                  "test_autograd_bugs_fixes.py", "test_bfs.py"]


def test_every_registered_exercise_is_bitten():
    registered = {name for exercise in stubs.EXERCISES.values() for name in exercise.tests}
    assert registered == set(EXERCISE_TESTS)


@pytest.fixture(scope="session")
def stub_report(tmp_path_factory, worker_id) -> ElementTree.Element:
    """The JUnit report of one run of every exercise's tests against the stubs."""

    def make(folder: Path) -> None:
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--impl=exercise",
             "--hypothesis-profile=bite", f"--junitxml={folder / 'report.xml'}",
             *EXERCISE_TESTS],
            cwd=HERE, env=ENV, capture_output=True, text=True, timeout=600,
        )
        # 1: tests ran and some failed; anything else (an internal or usage error) is no report
        assert result.returncode == 1, result.stdout[-2000:] + result.stderr[-2000:]

    folder = made_once(tmp_path_factory, worker_id, "exercise-stubs", make)
    return ElementTree.parse(folder / "report.xml").getroot()


@pytest.mark.parametrize("tests", EXERCISE_TESTS)
def test_every_exercise_test_fails_on_the_untouched_stubs(stub_report, tests):
    module = tests.removesuffix(".py")
    cases = [case for case in stub_report.iter("testcase")
             if module in case.get("classname", "").split(".")]
    assert cases, f"{tests}: no test ran"
    outcomes = {case.get("name"): {child.tag for child in case} & {"failure", "error", "skipped"}
                for case in cases}
    # every test failed: none passed (no such child), errored or was skipped
    assert {name: tags for name, tags in outcomes.items() if tags != {"failure"}} == {}
