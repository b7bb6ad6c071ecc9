"""What a test run makes once is made once however many xdist workers ask at the same time
(``conftest.made_once``), and a failure to make it fails every asker without a second try."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import book_env

HERE = Path(__file__).resolve().parent
# One xdist worker: asks for "thing" from the run folder argv[1], as worker argv[2].
WORKER = """
import sys, time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, sys.argv[4])
from conftest import made_once

run, worker, outcome = Path(sys.argv[1]), sys.argv[2], sys.argv[3]


def make(folder):
    with open(run / "calls", "a") as calls:
        calls.write(worker + "\\n")
    time.sleep(1)  # long enough for the other worker to ask meanwhile
    if outcome == "fail":
        raise RuntimeError("broken on purpose")
    (folder / "made").write_text(worker)


factory = SimpleNamespace(getbasetemp=lambda: run / worker)
try:
    print("made", made_once(factory, worker, "thing", make))
except BaseException as error:
    print("failed", error)
"""


def ask_together(run: Path, outcome: str) -> list[str]:
    workers = [subprocess.Popen([sys.executable, "-c", WORKER, str(run), name, outcome,
                                 str(HERE)], env=book_env(), stdout=subprocess.PIPE, text=True)
               for name in ("gw0", "gw1")]
    return [worker.communicate(timeout=60)[0].strip() for worker in workers]


@pytest.mark.e2e  # starts a process
def test_two_workers_asking_at_once_get_one_making(tmp_path):
    answers = ask_together(tmp_path, "ok")
    assert answers == [f"made {tmp_path / 'thing'}"] * 2
    assert len((tmp_path / "calls").read_text().split()) == 1
    assert (tmp_path / "thing" / "made").is_file()


@pytest.mark.e2e  # starts a process
def test_a_failed_making_fails_every_worker_and_is_not_tried_again(tmp_path):
    answers = ask_together(tmp_path, "fail")
    assert all(answer.startswith("failed") and "broken on purpose" in answer
               for answer in answers), answers
    assert len((tmp_path / "calls").read_text().split()) == 1
    assert not (tmp_path / "thing").exists()
