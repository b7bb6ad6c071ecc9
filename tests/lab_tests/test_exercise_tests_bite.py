"""The exercise tests must fail against the untouched student stubs.

Otherwise a student could "pass" without writing anything (or without fixing the lab's bugs).
This runs each exercise's tests with ``--impl=exercise`` in a subprocess of its own (one test
per file, so the xdist workers share them) and checks that every one of them fails. Hypothesis
runs with the ``bite`` profile (tests/lab_tests/conftest.py): the first failing example is enough.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bookkit.settings import child_environment, environment
from bookkit.tools import exercise_stubs as stubs

HERE = Path(__file__).resolve().parent
# The project's labs, not this folder; the rest of PYTHONPATH stays (tests/proven.py's watch).
ENV = child_environment(PYTHONPATH=os.pathsep.join(
    filter(None, [str(HERE.parents[1]), environment().get("PYTHONPATH")])))
EXERCISE_TESTS = ["test_grad_check.py", "test_nchw_and_gather.py", "test_manual_sgd.py",
                  "test_unbroadcast_grad.py", "test_strides_and_views.py",
                  "test_autograd_bugs_fixes.py", "test_bfs.py"]


def test_every_registered_exercise_is_bitten():
    registered = {name for exercise in stubs.EXERCISES.values() for name in exercise.tests}
    assert registered == set(EXERCISE_TESTS)


@pytest.mark.parametrize("tests", EXERCISE_TESTS)
def test_every_exercise_test_fails_on_the_untouched_stubs(tests):
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--impl=exercise",
         "--hypothesis-profile=bite", tests],
        cwd=HERE, env=ENV, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 1, result.stdout[-2000:]
    summary = result.stdout.strip().splitlines()[-1]
    # every collected test failed: the summary counts nothing else (passed, error, skipped)
    assert re.fullmatch(r"=* ?\d+ failed in [\d.]+s.*", summary), summary
