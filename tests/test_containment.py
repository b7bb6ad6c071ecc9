"""A unit is contained and bounded, and its key sees what changes its outputs (issue 18).

Each test plants one fault of the issue's table (rows 1, 3, 6, 7, 8, 9, 10) and calls the
runner or the engine directly: no mini book is built.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
from conftest import ROOT, book_env

from bookkit.exec.engine import Engine
from bookkit.exec.jobs import BlockSource, Job, Limits
from bookkit.exec.runner import GUARDED, SCRATCH_PREFIX, run_jobs, scratch_prefix, sweep_scratch
from bookkit.exec.units import page_units
from bookkit.settings import Settings, environment_set


def job(root: Path, *codes: str, page: str = "docs/p.md", **fields) -> Job:
    blocks = tuple(BlockSource(f"b{i}", code, f"{page} (block 'b{i}')")
                   for i, code in enumerate(codes))
    return Job("blocks", str(root), "book_containment", blocks, **fields)


def job_spec(root: Path, *codes: str) -> dict:
    """A job as JSON-ready data, for a child process that runs it."""
    spec = dataclasses.asdict(job(root, *codes))
    del spec["limits"]
    return spec


def gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")  # a zombie has ended; only its exit status is left


def wait_until(condition, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def book(tmp_path: Path, code: str) -> tuple[Path, object]:
    """A one-page project whose page has one executed block; its root and its unit."""
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "snippets").mkdir(exist_ok=True)
    (tmp_path / "snippets" / "a.py").write_text(textwrap.dedent(code))
    page = tmp_path / "docs" / "p.md"
    page.write_text('# p\n\n```python exec="on" id="a" result="text"\n'
                    '--8<-- "snippets/a.py"\n```\n')
    [unit] = page_units(page, tmp_path)
    return tmp_path, unit


def run_twice(root: Path, unit, change) -> int:
    """Run the unit, make ``change``, run it again: how many runs the second engine made."""
    store = root / ".store"
    first = Engine(root, store_dir=store).run([unit])[unit.name]
    assert first.failure is None, first.failure
    change()
    again = Engine(root, store_dir=store)
    assert again.run([unit])[unit.name].failure is None
    return again.executed


CHILD = """\
import json, sys
from bookkit.exec.jobs import BlockSource, Job
from bookkit.exec.runner import run_jobs
spec = json.loads(sys.argv[1])
blocks = tuple(BlockSource(**block) for block in spec.pop("blocks"))
[result] = run_jobs([Job(blocks=blocks, **spec)], parallel=1)
print("RESULT", json.dumps({"outputs": result.outputs,
                            "failure": result.failure and result.failure.message}), flush=True)
"""


# Row 1: an orphan kept the build's stdout, so `dev.py build` waited 4 minutes for it.
@pytest.mark.e2e  # starts a process
def test_a_child_left_running_is_killed_and_releases_the_build_output(tmp_path):
    code = "import subprocess\np = subprocess.Popen(['sleep', '240'])\nprint(p.pid)\n"
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(job_spec(tmp_path, code))],
        capture_output=True, text=True, timeout=90, cwd=ROOT,
        env=book_env(BOOK_PRELOAD=""),
    )
    assert time.monotonic() - started < 30, "the build's output pipe was held"
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.split("RESULT ", 1)[1])
    assert result["failure"] is None, result
    pid = int(result["outputs"][0])
    assert wait_until(lambda: gone(pid), 5), f"sleep {pid} outlived its unit"


def processes_with(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and not gone(int(entry.name)) and (
                marker.encode() in (entry / "environ").read_bytes()
            ):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


# Row 6: after a SIGKILL of the build the forkserver, the resource tracker and a worker lived on;
# the unit's scratch folder stayed in the temporary folder for good.
@pytest.mark.e2e  # starts a process
def test_a_killed_build_leaves_no_worker_server_tracker_or_folder(tmp_path, temporary):
    started = Path("/dev/shm") / f"bookkit-started-{os.getpid()}-{tmp_path.name}"  # a unit
    code = f"open({str(started)!r}, 'w').close()\nimport time\ntime.sleep(240)\n"  # writes there
    marker = f"t135-sigkill-{os.getpid()}-{tmp_path.name}"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, json.dumps(job_spec(tmp_path, code))], cwd=ROOT,
        env=book_env(BOOK_PRELOAD="", BOOK_TEST_MARKER=marker, TMPDIR=str(temporary)),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        assert wait_until(started.exists, 60), "the block never started"
        assert len(processes_with(marker)) >= 3  # the build, the server, the worker
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert wait_until(lambda: not processes_with(marker), 5), processes_with(marker)
        # Its unit's scratch folder is left (nobody was left to remove it) until a next build.
        left = list(temporary.glob(f"{scratch_prefix(child.pid)}*"))
        assert left
        subprocess.run([sys.executable, "-c", CHILD, json.dumps(job_spec(tmp_path, "1"))],
                       capture_output=True, timeout=90, cwd=ROOT, check=True,
                       env=book_env(BOOK_PRELOAD="", TMPDIR=str(temporary)))
        assert not [path for path in left if path.exists()]
    finally:
        child.kill()
        started.unlink(missing_ok=True)
        for pid in processes_with(marker):
            os.kill(pid, signal.SIGKILL)


def test_the_sweep_removes_only_folders_of_ended_builds_here(tmp_path, monkeypatch):
    """A shared temporary folder: a live build's folder, another machine's or pid namespace's
    (another tag), a name that is no pid, a file and a link are left; an ended build's folder
    here goes. Planted: without the tag, the other namespace's folder went; without the
    OverflowError, the huge number stopped the sweep (and the build)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    ended = _ended_pid()
    tag = scratch_prefix().split("-")[2]  # this machine's and pid namespace's
    kept = [f"{scratch_prefix()}live", f"{SCRATCH_PREFIX}0a0a0a0a-{ended}-other",
            f"{SCRATCH_PREFIX}{tag}-{'9' * 30}-huge",
            f"{scratch_prefix(ended)}file", f"{scratch_prefix(ended)}link"]
    for name in kept[:3]:
        (tmp_path / name).mkdir()
    (tmp_path / kept[3]).write_text("x")
    (tmp_path / kept[4]).symlink_to(tmp_path / kept[0])
    (tmp_path / f"{scratch_prefix(ended)}gone").mkdir()
    assert sweep_scratch() == [str(tmp_path / f"{scratch_prefix(ended)}gone")]
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(kept)


def _ended_pid() -> int:
    """A pid no process has now (the highest free one: the kernel hands pids out upwards)."""
    highest = int(Path("/proc/sys/kernel/pid_max").read_text()) - 1
    return next(pid for pid in range(highest, 1, -1) if not Path(f"/proc/{pid}").exists())


# Row 3: under -O the hidden asserts did not run, and the outputs were stored anyway.
@pytest.mark.e2e  # starts a process
def test_asserts_disabled_refuse_to_run_and_store_nothing(tmp_path):
    root, _ = book(tmp_path, "x = 4\nprint(x)\nassert x == 5\n")
    script = textwrap.dedent("""\
        import sys
        from pathlib import Path
        from bookkit.exec.engine import Engine
        from bookkit.exec.units import page_units
        root = Path(sys.argv[1])
        [unit] = page_units(root / "docs" / "p.md", root)
        outcome = Engine(root, store_dir=root / ".store").run([unit])[unit.name]
        print("FAILURE", outcome.failure and outcome.failure.summary())
    """)
    done = subprocess.run([sys.executable, "-c", script, str(root)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT,
                          env=book_env(BOOK_PRELOAD="", PYTHONOPTIMIZE="1"))
    assert done.returncode != 0, done.stdout
    assert ("assert statements are disabled (-O / PYTHONOPTIMIZE): "
            "the book's hidden asserts would not run") in done.stderr
    assert not list((root / ".store").glob("??/*.json"))


# Row 7: environment variables that change outputs are part of the key.
def test_output_changing_environment_variables_are_in_the_key(tmp_path, monkeypatch):
    root, unit = book(tmp_path, "print(1)\n")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    monkeypatch.delenv("PYTHONWARNINGS", raising=False)
    before = unit.key(Engine(root, store_dir=root / ".store").fingerprint)
    monkeypatch.setenv("OMP_NUM_THREADS", "2")
    assert unit.key(Engine(root, store_dir=root / ".store").fingerprint) != before
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    monkeypatch.setenv("PYTHONWARNINGS", "error")
    assert unit.key(Engine(root, store_dir=root / ".store").fingerprint) != before
    monkeypatch.delenv("PYTHONWARNINGS")
    monkeypatch.setenv("TORCH_SHOW_CPP_STACKTRACES", "1")
    assert unit.key(Engine(root, store_dir=root / ".store").fingerprint) != before


# Row 7: a block that reads an environment variable ran once and went stale.
@pytest.mark.e2e  # starts a process
def test_an_environment_variable_a_block_reads_is_an_input(tmp_path, monkeypatch):
    monkeypatch.setenv("T135_COLOUR", "red")
    root, unit = book(tmp_path, """\
        import os
        print(os.environ.get("T135_COLOUR"), os.getenv("T135_ABSENT"))
        print("T135_SHAPE" in os.environ)
    """)
    assert run_twice(root, unit, lambda: None) == 0
    assert run_twice(root, unit, lambda: monkeypatch.setenv("T135_COLOUR", "blue")) == 1
    assert run_twice(root, unit, lambda: monkeypatch.setenv("T135_ABSENT", "x")) == 1
    assert run_twice(root, unit, lambda: monkeypatch.setenv("T135_SHAPE", "x")) == 1
    entry = json.loads(next((root / ".store").glob("??/*.json")).read_text())
    assert entry["inputs"]["$env:T135_COLOUR"] is not None
    assert entry["inputs"]["$env:T135_ABSENT"] is not None  # set by now


@pytest.mark.e2e  # starts a process
@pytest.mark.parametrize("code", [
    "import os\nprint(sorted(name for name in os.environ if name.startswith('T32_')))\n",
    "import os\nprint(dict(os.environ).get('T32_COLOUR'))\n",
    "import os\nprint(os.environb.get(b'T32_COLOUR'))\n",
])
def test_a_block_that_reads_the_whole_environment_sees_any_change(tmp_path, monkeypatch, code):
    monkeypatch.setenv("T32_COLOUR", "red")
    root, unit = book(tmp_path, code)
    assert run_twice(root, unit, lambda: None) == 0
    assert run_twice(root, unit, lambda: monkeypatch.setenv("T32_COLOUR", "blue")) == 1
    assert run_twice(root, unit, lambda: monkeypatch.setenv("T32_OTHER", "x")) == 1


@pytest.mark.parametrize("name", ["TZ", "LC_ALL", "LANG"])
def test_time_zone_and_locale_are_in_the_key(tmp_path, monkeypatch, name):
    root, unit = book(tmp_path, "import time\nprint(time.strftime('%Z'))\n")
    before = unit.key(Engine(root, store_dir=root / ".store").fingerprint)
    monkeypatch.setenv(name, "Asia/Seoul" if name == "TZ" else "ko_KR.UTF-8")
    assert unit.key(Engine(root, store_dir=root / ".store").fingerprint) != before


def test_a_matplotlibrc_at_the_project_root_is_in_the_key(tmp_path):
    root, unit = book(tmp_path, "print(1)\n")
    before = unit.key(Engine(root, store_dir=root / ".store").fingerprint)
    (root / "matplotlibrc").write_text("lines.linewidth: 7\n")
    assert unit.key(Engine(root, store_dir=root / ".store").fingerprint) != before


@pytest.mark.e2e  # starts a process
@pytest.mark.parametrize("code", [
    "from pathlib import Path\nprint(Path('data/a.txt').exists())\n",
    "import os\nprint(os.stat('data/a.txt').st_size)\n",
    "import os\nos.chdir('data')\nwith open('a.txt') as f:\n    print(f.read())\n",
    "import mmap\nwith open('data/a.txt', 'rb') as f:\n"
    "    print(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)[:1])\n",
])
def test_a_file_a_block_looks_at_is_an_input(tmp_path, code):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "a.txt").write_text("a")
    root, unit = book(tmp_path, code)
    assert run_twice(root, unit, lambda: None) == 0
    assert run_twice(root, unit, lambda: (tmp_path / "data" / "a.txt").write_text("bb")) == 1


@pytest.mark.e2e  # starts a process
def test_a_file_read_by_torch_from_file_is_an_input(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOK_PRELOAD", "torch")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "a.bin").write_bytes(bytes(8))
    root, unit = book(tmp_path, "import torch\n"
                      "print(torch.from_file('data/a.bin', size=8, dtype=torch.uint8).sum())\n")
    assert run_twice(root, unit, lambda: None) == 0
    assert run_twice(root, unit, lambda: (tmp_path / "data" / "a.bin").write_bytes(
        bytes(range(8)))) == 1


@pytest.mark.e2e  # starts a process
def test_a_lone_surrogate_in_an_output_fails_its_block_by_name(tmp_path):
    [result] = run_jobs([job(tmp_path, "print('a')", "print('b\\ud800c')\n")], parallel=1)
    assert result.failure is not None and result.failure.block == 1
    assert "lone surrogate" in result.failure.message and "line 1" in result.failure.message


# Row 7: a block that lists a folder went stale when a file was added.
@pytest.mark.e2e  # starts a process
def test_a_folder_a_block_lists_is_an_input(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "a.txt").write_text("a")
    root, unit = book(tmp_path, """\
        import os
        from pathlib import Path
        print(sorted(os.listdir("data")), len(list(Path("data").glob("*"))))
    """)
    assert run_twice(root, unit, lambda: None) == 0
    assert run_twice(root, unit, lambda: (tmp_path / "data" / "b.txt").write_text("b")) == 1


@pytest.mark.e2e  # starts a process
def test_build_artefacts_do_not_make_a_listing_of_the_project_stale(tmp_path):
    # The timing page's unit lists the project root; the first build's site/ and caches
    # appearing beside the book re-ran it once on every fresh clone.
    root, unit = book(tmp_path, """\
        import os
        print(len([name for name in os.listdir(".") if name == "docs"]))
    """)

    def artefacts():
        for name in ("site", ".cache", "workspace", "__pycache__", "x.egg-info"):
            (tmp_path / name).mkdir()

    assert run_twice(root, unit, artefacts) == 0
    assert run_twice(root, unit, lambda: (tmp_path / "notes.txt").write_text("n")) == 1


# Row 7: a subprocess can read anything; the unit is never reused, with one warning.
@pytest.mark.e2e  # starts a process
def test_a_subprocess_makes_the_unit_not_reusable_with_a_warning(tmp_path, caplog):
    root, unit = book(tmp_path, """\
        import subprocess
        print(subprocess.run(["cat", "pyproject.toml"], capture_output=True).returncode)
    """)
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    with caplog.at_level(logging.WARNING):
        assert run_twice(root, unit, lambda: None) == 1
    warnings = [r.getMessage() for r in caplog.records if "not reusable" in r.getMessage()]
    assert len(warnings) == 2, warnings
    assert "docs/p.md (block 'a')" in warnings[0] and "cat" in warnings[0]


NOTEBOOK = """\
---
jupyter:
  kernelspec:
    display_name: Python 3
    language: python
    name: python3
---

# 노트북

```python
print("fine")
```

```python
print("x" * 1_500_000)
```
"""


# A cell that ignores Ctrl-C and prints forever: the cap must not rely on SIGINT, which also
# made ipykernel drop a cell's reply when it landed after the cell's code (then the cell failed
# only at the block timeout).
NOTEBOOK_DEAF = NOTEBOOK.replace('print("x" * 1_500_000)', """\
import signal
signal.signal(signal.SIGINT, signal.SIG_IGN)
while True:
    print("x" * 10_000)""")


# Row 8: a notebook cell had no output cap and failed only at the block timeout.
@pytest.mark.e2e  # starts a process
@pytest.mark.parametrize("text", [NOTEBOOK, NOTEBOOK_DEAF], ids=["prints-once", "deaf-loop"])
def test_the_output_cap_applies_to_notebook_cells(tmp_path, text):
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "nb.md"
    page.write_text(text)
    [unit] = page_units(page, tmp_path)
    # At the cap a cell stops in a second or two; one the cap missed would stop only at this
    # timeout (BlockTimeout), or at the memory limit after about 30 s.
    settings = Settings(block_timeout=25)
    outcome = Engine(tmp_path, settings, store_dir=tmp_path / ".store").run([unit])[unit.name]
    assert outcome.failure is not None
    assert outcome.failure.summary().startswith(
        "docs/nb.md:15 (block 'cell-2'): OutputLimitExceeded: block printed more than 1,000,000"
    ), outcome.failure.summary()


# Row 10: no memory limit: a block could take all of the machine's memory.
@pytest.mark.e2e  # starts a process
def test_a_block_over_the_memory_limit_fails_naming_the_limit(tmp_path):
    [result] = run_jobs([job(tmp_path, "print('ok')", "x = bytearray(2 * 2**30)\n",
                             limits=Limits(memory_mib=512))], parallel=1)
    assert result.failure is not None and result.failure.block == 1
    assert result.failure.type == "MemoryError"
    assert "memory limit of 512 MiB (BOOK_MEMORY_LIMIT)" in result.failure.message


# Row 10: no process limit: a block could start any number of processes.
@pytest.mark.e2e  # starts a process
def test_a_block_over_the_process_limit_fails_naming_the_limit(tmp_path):
    code = ("import subprocess\nfor _ in range(5):\n"
            "    try:\n        subprocess.run(['true'])\n    except Exception:\n        pass\n")
    [result] = run_jobs([job(tmp_path, code, limits=Limits(processes=3))], parallel=1)
    assert result.failure is not None and result.failure.block == 0
    assert result.failure.type == "ProcessLimitExceeded"
    assert "more than 3 processes (BOOK_PROCESS_LIMIT)" in result.failure.message


# Row 9: a block could write into docs/ and snippets/.
@pytest.mark.e2e  # starts a process
def test_writes_into_the_project_fail_and_the_unit_runs_in_a_scratch_folder(tmp_path):
    for folder in ("docs", "snippets", "labs"):
        (tmp_path / folder).mkdir()
    (tmp_path / "labs" / "__init__.py").write_text("")
    (tmp_path / "labs" / "helper.py").write_text("VALUE = 'helper'\n")
    (tmp_path / "notes.txt").write_text("project file\n")
    store = tmp_path / "store"
    guarded = (*(str(tmp_path / name) for name in GUARDED), str(store))
    scratch = ("import os\nfrom pathlib import Path\nfrom labs import helper\n"
               "Path('scratch.txt').write_text('mine')\n"
               "print(os.getcwd() != os.environ['ROOT'], Path('notes.txt').read_text().strip(),"
               " helper.VALUE)\n")
    attempts = {
        "docs": "open('docs/evil.md', 'w').write('x')\n",
        "snippets": f"open({str(tmp_path / 'snippets' / 'evil.py')!r}, 'a').close()\n",
        "labs": "from pathlib import Path\nPath('labs/helper.py').unlink()\n",
        "store": f"import os\nos.makedirs({str(store)!r} + '/ab')\n",
        "caught": "try:\n    open('docs/evil.md', 'w')\nexcept OSError:\n    pass\n",
    }
    jobs = [job(tmp_path, code, guarded=guarded) for code in [scratch, *attempts.values()]]
    with environment_set("ROOT", str(tmp_path)):
        first, *results = run_jobs(jobs, parallel=2)
    assert first.failure is None, first.failure
    assert first.outputs == ["True project file helper\n"]
    assert not (tmp_path / "scratch.txt").exists()
    for name, result in zip(attempts, results, strict=True):
        assert result.failure is not None, name
        assert "writes into the project's docs/, snippets/, labs/ and the store are not" in (
            result.failure.message), (name, result.failure)
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == [
        "__init__.py", "helper.py", "notes.txt"]


@pytest.mark.e2e  # starts a process
def test_a_failing_bare_assert_shows_the_values_it_compared(tmp_path):
    code = "scores = [1, 2]\nassert len(scores) == 2 and scores == [1, 3]  # markdown-exec: hide\n"
    [result] = run_jobs([job(tmp_path, code)], parallel=1)
    assert result.failure is not None and result.failure.type == "AssertionError"
    assert result.failure.message == "scores = [1, 2] == [1, 3] = [1, 3]"
    assert "compared values: scores = [1, 2]" in result.failure.traceback
