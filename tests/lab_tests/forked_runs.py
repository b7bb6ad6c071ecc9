"""Many pytest runs of the lab tests, each in a process of its own, started fast.

    python tests/lab_tests/forked_runs.py RUNS.json

``RUNS.json`` lists runs, each ``{"args": [pytest arguments], "out": file}``. This process
imports once what every run imports (pytest, torch, numpy, hypothesis), then forks one child
per run, one at a time: the child runs ``pytest.main(args)`` with its stdout and stderr in
``out`` and its exit code in ``out + ".code"``. A child is a copy of this process, so nothing
one run changes (``sys.setrecursionlimit``, imported answers, torch settings) reaches the next.
A run that takes longer than :data:`RUN_SECONDS` is killed (SIGALRM: exit code -14), and a
child dies with this process, so a hanging answer neither stalls the other cases nor outlives
the test.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import traceback
from pathlib import Path

# Imported once for every run. The runs name their plugins (exercise_stubs.CHECK_PLUGINS), so
# hypothesis is not marked for assert rewriting; the tests and conftest are rewritten by each run.
import hypothesis  # noqa: F401
import numpy  # noqa: F401
import pytest
import torch  # noqa: F401

from bookkit.exec.containment import die_with_parent

RUN_SECONDS = 600  # one case's pytest run, as the single runs had


def run(args: list[str], out: str) -> int:
    """The exit code of ``pytest.main(args)`` run in a forked child writing to ``out``."""
    child = os.fork()
    if child == 0:
        code = 99
        try:
            die_with_parent()
            signal.alarm(RUN_SECONDS)  # SIGALRM's default action ends the child
            stream = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(stream, 1)
            os.dup2(stream, 2)
            code = int(pytest.main(args))
        except BaseException:  # noqa: BLE001  (the child must reach _exit)
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(child, 0)
    return os.waitstatus_to_exitcode(status)


def main(path: str) -> int:
    for entry in json.loads(Path(path).read_text(encoding="utf-8")):
        code = run(entry["args"], entry["out"])
        Path(entry["out"] + ".code").write_text(str(code), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
