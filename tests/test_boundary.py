"""The boundary of a unit is the kernel's (bookkit/exec/containment.py), not the audit hooks'.

Each test plants one way around the audit hooks that a block once had (writes that raise no
audit event, a ``.pyc`` for the build's own code, a grandchild in a session of its own, a
forged "block started" message, a raised memory limit, a TCP connection) and checks that the
kernel stops it, or that the build kills what it leaves.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest
from test_containment import gone, job, wait_until

from bookkit.exec import containment
from bookkit.exec.jobs import Limits
from bookkit.exec.runner import run_jobs

LANDLOCK = containment.landlock_abi()
needs_landlock = pytest.mark.skipif(LANDLOCK < 1, reason="no Landlock in this kernel")


def one(root: Path, *codes: str, **fields):
    [result] = run_jobs([job(root, *codes, **fields)], parallel=1)
    return result


@pytest.mark.e2e  # starts a process
@needs_landlock
@pytest.mark.parametrize("code", [
    # os.open with dir_fd raises no "open" audit event with the path
    "import os\nfd = os.open('docs', os.O_RDONLY)\n"
    "os.close(os.open('evil.md', os.O_WRONLY | os.O_CREAT, dir_fd=fd))\n",
    "import sqlite3\nsqlite3.connect('docs/evil.db').execute('create table t (x)')\n",
    # a .pyc of the build's own code would be loaded by every later build
    "import os\nos.makedirs('bookkit/__pycache__', exist_ok=True)\n"
    "open('bookkit/__pycache__/evil.cpython-311.pyc', 'wb').write(b'x')\n",
    "import ctypes\nlibc = ctypes.CDLL(None)\n"
    "fd = libc.open(b'docs/evil.md', 0o101, 0o644)\nassert fd >= 0, 'refused'\n",
])
def test_a_write_outside_the_scratch_folder_is_refused_by_the_kernel(tmp_path, code):
    (tmp_path / "docs").mkdir()
    (tmp_path / "bookkit").mkdir()
    result = one(tmp_path, code)  # no guarded folders: the audit hook has nothing to say
    assert result.failure is not None
    assert result.failure.type in ("PermissionError", "OperationalError", "AssertionError"), \
        result.failure
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["bookkit", "docs"]


@pytest.mark.e2e  # starts a process
@needs_landlock
def test_the_scratch_folder_and_temporary_files_stay_writable(tmp_path):
    code = ("import tempfile, pathlib\npathlib.Path('mine.txt').write_text('x')\n"
            "with tempfile.NamedTemporaryFile() as handle:\n    handle.write(b'x')\n"
            "with open('/dev/null', 'w') as null:\n    null.write('x')\nprint('ok')\n")
    result = one(tmp_path, code)
    assert result.failure is None, result.failure
    assert result.outputs == ["ok\n"]


@pytest.mark.e2e  # starts a process
@pytest.mark.skipif(LANDLOCK < 4, reason="TCP is Landlock ABI 4")
def test_a_unit_cannot_open_a_tcp_connection(tmp_path):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        code = f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=5)\n"
        result = one(tmp_path, code)
    assert result.failure is not None and result.failure.type == "PermissionError"


@pytest.mark.e2e  # starts a process
def test_a_grandchild_in_a_session_of_its_own_does_not_outlive_its_unit(tmp_path):
    code = ("import subprocess, os\n"
            "p = subprocess.Popen(['sleep', '240'], start_new_session=True)\n"
            "q = subprocess.Popen(['sh', '-c', 'sleep 241 & echo $!'], stdout=subprocess.PIPE,"
            " preexec_fn=lambda: os.setpgid(0, 0))\n"
            "print(p.pid, q.stdout.readline().decode().strip())\n")
    result = one(tmp_path, code, limits=Limits(processes=0))
    assert result.failure is None, result.failure
    for pid in map(int, result.outputs[0].split()):
        assert wait_until(lambda pid=pid: gone(pid), 5), f"{pid} outlived its unit"


@pytest.mark.e2e  # starts a process
def test_a_unit_whose_worker_ends_first_leaves_nothing_behind(tmp_path):
    code = ("import subprocess, os\n"
            "p = subprocess.Popen(['sleep', '240'], start_new_session=True)\n"
            "print(p.pid, flush=True)\nopen(os.environ['PIDFILE'], 'w').write(str(p.pid))\n"
            "os._exit(0)\n")
    pidfile = Path("/dev/shm") / f"bookkit-test-{tmp_path.name}"  # writable for a unit
    from bookkit.settings import environment_set

    with environment_set("PIDFILE", str(pidfile)):
        result = one(tmp_path, code)
    assert result.failure is not None  # the worker ended before its unit finished
    pid = int(pidfile.read_text())
    pidfile.unlink()
    assert wait_until(lambda: gone(pid), 5), f"{pid} outlived its unit"


@pytest.mark.e2e  # starts a process
def test_a_block_cannot_renew_its_time_by_talking_to_the_build(tmp_path):
    code = ("import gc, time\nfrom multiprocessing.connection import Connection\n"
            "from bookkit.exec.jobs import BlockStarted\n"
            "conn = next(o for o in gc.get_objects() if isinstance(o, Connection))\n"
            "for _ in range(12):\n    conn.send(BlockStarted(0))\n    time.sleep(1)\n")
    from bookkit.settings import Settings

    started = time.monotonic()
    [result] = run_jobs([job(tmp_path, code)], Settings(block_timeout=3), parallel=1)
    assert time.monotonic() - started < 8
    assert result.failure is not None and result.failure.type == "ProtocolError"


@pytest.mark.e2e  # starts a process
def test_the_output_cap_holds_when_a_block_switches_its_own_off(tmp_path):
    code = ("import sys\nsys.stdout.limit = 10**9\nprint('x' * 5000)\n")  # the worker's buffer
    result = one(tmp_path, code, limits=Limits(output=1000))
    assert result.failure is not None and result.failure.type == "OutputLimitExceeded"
    assert result.outputs == []


@pytest.mark.e2e  # starts a process
def test_a_unit_cannot_raise_its_memory_limit(tmp_path):
    look = ("import resource\nsoft, hard = resource.getrlimit(resource.RLIMIT_DATA)\n"
            "print(soft == hard == 512 * 2**20)\n")
    raise_it = "import resource\nresource.setrlimit(resource.RLIMIT_DATA, (2**40, 2**40))\n"
    result = one(tmp_path, look, raise_it, limits=Limits(memory_mib=512))
    assert result.outputs == ["True\n"]
    assert result.failure is not None and result.failure.type == "ValueError"


def test_what_is_not_enforced_is_said_in_words():
    assert containment.landlock_gaps(0)[0].startswith("no Landlock")
    assert any("TCP" in gap for gap in containment.landlock_gaps(3))
    assert containment.landlock_gaps(7) == []


# A shared mapping is not in RLIMIT_DATA: 1.5 GiB under a 1 GiB limit once ran to the end.
@pytest.mark.e2e  # starts a process
def test_shared_memory_counts_toward_the_units_memory_limit(tmp_path):
    code = ("import mmap, time\nm = mmap.mmap(-1, 1536 * 2**20, flags=mmap.MAP_SHARED)\n"
            "for offset in range(0, len(m), 4096):\n    m[offset] = 1\ntime.sleep(5)\n")
    result = one(tmp_path, "print('ok')", code, limits=Limits(memory_mib=1024))
    assert result.outputs == ["ok\n"]
    assert result.failure is not None and result.failure.block == 1
    assert result.failure.type == "MemoryLimitExceeded", result.failure
    assert "more than the limit of 1024 MiB (BOOK_MEMORY_LIMIT)" in result.failure.message


# Processes started past the audit hooks (a shell's children, a fork through ctypes) once
# went uncounted: 4 and 5 ran at once under a limit of 2.
@pytest.mark.e2e  # starts a process
@pytest.mark.parametrize("code", [
    "import os\nos.system('sleep 5 & sleep 5 & sleep 5 & wait')\n",
    "import ctypes, time\nlibc = ctypes.CDLL(None)\nfor _ in range(5):\n"
    "    if libc.fork() == 0:\n        time.sleep(5)\n        libc._exit(0)\ntime.sleep(5)\n",
])
def test_every_process_below_the_worker_counts_toward_the_process_limit(tmp_path, code):
    result = one(tmp_path, code, limits=Limits(processes=2))
    assert result.failure is not None and result.failure.block == 0
    assert result.failure.type == "ProcessLimitExceeded", result.failure
    assert "more than the limit of 2 (BOOK_PROCESS_LIMIT)" in result.failure.message
