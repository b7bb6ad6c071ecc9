"""Answers the exercise pages forbid, or that are wrong on a case the text requires, fail.

Each case is the solution with one change (the mistake a reader once made pass), checked with
``dev.py exercise check``'s own tests against a workspace copy: the named test must fail.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bookkit.tools import exercise_stubs as stubs

ROOT = Path(__file__).resolve().parents[2]

WRONG = {
    # grad-check: a tolerance of its own instead of atol + rtol * |numerical|
    "grad_check-own-tolerance": (
        "grad_check", [("<= atol + rtol * numerical.abs()", "<= 0.01 + 0.2 * numerical.abs()")],
        "test_grad_matches_agrees_with_gradcheck"),
    # grad-check: h not passed on
    "grad_check-default-step": (
        "grad_check", [("numerical = numerical_grad(f, x, h)", "numerical = numerical_grad(f, x)")],
        "test_grad_matches_passes_its_step_to_numerical_grad"),
    # strides-and-views: torch reached without an import statement
    "strides-torch-by-importlib": (
        "strides_and_views", [("from __future__ import annotations\n",
                               "from __future__ import annotations\nimport importlib\n"
                               "_t = importlib.import_module('torch')\n")],
        "test_the_answer_uses_no_torch"),
    # strides-and-views: a size-1 axis inside a chunk not skipped
    "strides-size-one-axis": (
        "strides_and_views", [("shape[axis - 1] != 1 and stride[axis - 1]", "stride[axis - 1]")],
        "test_transpose_example_of_the_chapter"),
    # manual-sgd: torch.optim's functional SGD does the step
    "manual_sgd-functional-sgd": (
        "manual_sgd", [("            param -= lr * param.grad\n",
                        "            torch.optim.sgd.sgd([param], [param.grad], [None], lr=lr, "
                        "momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False, "
                        "maximize=False)\n")],
        "test_no_optimizer_does_the_step"),
    # manual-sgd: new memory swapped in, not an in-place update
    "manual_sgd-not-in-place": (
        "manual_sgd", [("            param -= lr * param.grad\n",
                        "            param.data = param.data - lr * param.grad\n")],
        "test_sgd_step_updates_the_same_tensor_objects"),
    # nchw-and-gather: 3-D scores accepted
    "nchw-three-dim-scores": (
        "nchw_and_gather", [("if scores.dim() != 2:", "if scores.dim() < 2:"),
                            ("    batch, classes = scores.shape\n",
                             "    scores = scores.flatten(1)\n"
                             "    batch, classes = scores.shape\n")],
        "test_pick_scores_rejects_bad_input"),
}


@pytest.mark.e2e  # starts a process
@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_wrong_answer_fails_its_check(tmp_path, case):
    name, changes, failing_test = WRONG[case]
    exercise = stubs.find_exercise(name)
    text = (ROOT / exercise.solution).read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, f"{old!r} is not once in the solution: update this case"
        text = text.replace(old, new)
    (tmp_path / f"{exercise.name}.py").write_text(text, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=line",
         *(str(ROOT / "tests" / "lab_tests" / test) for test in exercise.tests),
         "--impl=workspace", f"--workspace={tmp_path}"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    failed = [line for line in run.stdout.splitlines() if line.startswith("FAILED")]
    assert run.returncode == 1, run.stdout[-3000:] + run.stderr[-2000:]
    assert any(f"::{failing_test}" in line for line in failed), run.stdout[-3000:]
