"""A student's workflow: ``dev.py exercise start NAME`` then ``dev.py exercise check NAME``.

The copy lives in an ignored folder (``workspace/``; here a temporary one): starting again never
overwrites it, the stubs' generator never writes there, and the project's own checks (pytest's
test paths, ruff through .gitignore) never read it.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bookkit.settings import environment
from bookkit.tools import exercise_stubs as stubs

ROOT = Path(__file__).resolve().parents[2]
EXERCISE = "manual_sgd"  # small and quick to test
SOLUTION = ROOT / "labs/deep_learning_pytorch/pytorch_basics/solutions/manual_sgd.py"


def dev(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in environment().items() if k != "PYTHONPATH"}  # dev.py sets its own
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "dev.py"), *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.e2e  # starts a process
def test_start_check_answer_check_start_again(tmp_path):
    workspace = tmp_path / "workspace"
    copy = workspace / f"{EXERCISE}.py"

    started = dev("exercise", "start", "manual-sgd", "--workspace", str(workspace))
    assert started.returncode == 0, started.stdout + started.stderr
    text = copy.read_text(encoding="utf-8")
    assert text == stubs.workspace_text(stubs.find_exercise(EXERCISE))
    assert text.startswith("# 여기에 답을 씁니다.") and "다시 만들어지므로" not in text

    untouched = dev("exercise", "check", EXERCISE, "--workspace", str(workspace))
    assert untouched.returncode != 0, "the untouched copy must fail its tests"
    assert "NotImplementedError" in untouched.stdout and " failed" in untouched.stdout

    answer = SOLUTION.read_text(encoding="utf-8")
    copy.write_text(answer, encoding="utf-8")
    answered = dev("exercise", "check", EXERCISE, "--workspace", str(workspace))
    assert answered.returncode == 0, answered.stdout[-3000:] + answered.stderr[-2000:]
    assert " passed" in answered.stdout and "failed" not in answered.stdout

    # The stub again after a passing check: the tests run again and fail (nothing remembered).
    stub = stubs.workspace_text(stubs.find_exercise(EXERCISE))
    copy.write_text(stub, encoding="utf-8")
    undone = dev("exercise", "check", EXERCISE, "--workspace", str(workspace))
    assert undone.returncode != 0 and "NotImplementedError" in undone.stdout, undone.stdout[-2000:]
    assert "skipped" not in undone.stdout
    copy.write_text(answer, encoding="utf-8")

    again = dev("exercise", "start", EXERCISE, "--workspace", str(workspace))
    assert again.returncode == 0, again.stdout + again.stderr
    assert copy.read_text(encoding="utf-8") == answer, "start must never overwrite an answer"


@pytest.mark.e2e  # starts a process
def test_the_report_is_short_korean_and_names_case_and_line(tmp_path):
    workspace = tmp_path / "workspace"
    copy = workspace / f"{EXERCISE}.py"
    assert dev("exercise", "start", EXERCISE, "--workspace", str(workspace)).returncode == 0

    untouched = dev("exercise", "check", EXERCISE, "--workspace", str(workspace))
    lines = untouched.stdout.splitlines()
    assert len(lines) <= 12, untouched.stdout
    assert "아직 완성하지 않은 함수가 있습니다" in untouched.stdout
    stop = next(number for number, line in enumerate(copy.read_text().splitlines(), 1)
                if "raise NotImplementedError" in line)  # sgd_step's, which 4 checks call
    assert f"{EXERCISE}.py:{stop}: 검사 4개가 여기서 멈춤" in untouched.stdout, untouched.stdout
    assert "Traceback" not in untouched.stdout and '"""' not in untouched.stdout  # no docstring

    # A wrong step (it adds the gradient): the failing input and the test's own message.
    wrong = SOLUTION.read_text(encoding="utf-8").replace("-= lr *", "+= lr *")
    assert wrong != SOLUTION.read_text(encoding="utf-8")
    copy.write_text(wrong, encoding="utf-8")
    report = dev("exercise", "check", EXERCISE, "--workspace", str(workspace))
    assert report.returncode != 0
    assert "   입력: " in report.stdout and "통과" in report.stdout, report.stdout
    assert len(report.stdout.splitlines()) <= 40, report.stdout

    full = dev("exercise", "check", EXERCISE, "--workspace", str(workspace), "--full")
    assert "= FAILURES =" in full.stdout and "--impl=workspace" in full.stdout


@pytest.mark.e2e  # starts a process
def test_check_without_start_says_what_to_do(tmp_path):
    result = dev("exercise", "check", EXERCISE, "--workspace", str(tmp_path))
    assert result.returncode != 0 and "exercise start" in result.stderr


@pytest.mark.e2e  # starts a process
def test_the_workspace_is_ignored_and_never_generated():
    ignored = subprocess.run(["git", "check-ignore", "-q", "workspace/manual_sgd.py"], cwd=ROOT)
    assert ignored.returncode == 0, "workspace/ must be in .gitignore (ruff skips ignored files)"
    testpaths = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["pytest"][
        "ini_options"]["testpaths"]
    assert not any(path.startswith("workspace") for path in testpaths)
    assert all(not str(path).startswith("workspace") for path in stubs.expected_files())
