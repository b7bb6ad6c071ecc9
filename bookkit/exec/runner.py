"""The parent side of execution: units run in worker processes, in parallel, under limits.

Workers are forked from multiprocessing's *forkserver*: a server process started once per
build process that imports torch, numpy and matplotlib (``PRELOAD``) and then only forks. The
build process itself never imports torch. Measured on the 2-core build machine (torch 2.13
CPU): the server starts in about 2.1 s; after that a worker is forked, runs a 300×300 matmul
and exits in about 20 ms. A pool of spawned workers would import torch again for each unit
(about 2 s each), and reusing workers would carry one unit's state into the next. The server
must never run torch itself: a child forked after a parallel torch op deadlocks in its first
matmul, and CUDA cannot be initialised before a fork. It only imports, so both stay safe.

The parent enforces the limits, so no block can lift them: each block has ``block_timeout``
seconds (300 by default, 0 for none) from the moment the worker says it starts, also when the
block runs other code in turn; a worker that overruns is killed. Every 0.1 s the parent also counts
the unit's live processes and their memory in ``/proc`` (:func:`~bookkit.exec.containment.usage`)
and ends a unit over ``process_limit`` or ``memory_limit``. A worker that ends before it
reports (``os._exit``, a crash, a signal) fails the block that was running.

Containment: a worker runs in a session of its own, confined by the kernel
(:mod:`bookkit.exec.containment`: Landlock, capabilities dropped, hard memory limit) and as a child
subreaper. When the unit ends, on timeout, and when the build leaves ``run_jobs`` (the
``finally``, an ``atexit`` handler, and SIGTERM or SIGHUP turned into ``SystemExit``,
:func:`exit_on_signals`), the parent stops the worker, kills every process below it whatever
its session or group, then the worker, and kills what a worker that ended first left to the
build (a subreaper too). The server and the workers are killed when their parent ends
(``PR_SET_PDEATHSIG``), so a build killed with SIGKILL leaves neither behind, and the resource
tracker, whose pipe they hold, ends with them. Each unit gets a scratch working directory,
removed at unit end (one a build killed with SIGKILL could not remove is removed by the next
build that runs a unit, :func:`sweep_scratch`), and the limits its job carries
(:class:`bookkit.exec.jobs.Limits`). A block's time is the parent's: each block may start once,
in order, so a message a block forges ends its unit. Under ``-O`` nothing runs
(:class:`AssertsDisabled`).
"""

from __future__ import annotations

import atexit
import dataclasses
import functools
import hashlib
import logging
import math
import multiprocessing
import multiprocessing.forkserver
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

from bookkit.exec import worker
from bookkit.exec.capture import over_limit
from bookkit.exec.containment import (
    ASSERTS_DISABLED,
    become_subreaper,
    kill_adopted,
    kill_tree,
    landlock_gaps,
    over_limits,
    usage,
)
from bookkit.exec.jobs import (
    BlockDone,
    BlockFailed,
    BlockStarted,
    Failure,
    Job,
    KernelGroup,
    Limits,
    Message,
    UnitFinished,
    WorkerFault,
)
from bookkit.exec.tracking import UNTRACKED
from bookkit.settings import Settings, environment, load, replace_environment

log = logging.getLogger("bookkit.exec.runner")
STARTUP_TIMEOUT = 300.0  # the first fork also starts the server; a notebook starts a kernel
EXIT_GRACE = 30.0
WATCH_INTERVAL = 0.1  # seconds between two looks at a running unit's processes and memory
PRELOAD = ["bookkit.exec.worker", "torch", "numpy", "matplotlib", "matplotlib.pyplot"]
SERVER_GUARD = "bookkit.exec.forkserver_guard"  # imported first: the server dies with its parent
GUARDED = ("docs", "snippets", "labs")  # folders of the project a unit may not change
SCRATCH_PREFIX = "bookkit-unit-"  # then the build's machine tag and pid: whose folder it is


class AssertsDisabled(RuntimeError):  # noqa: N818
    """Python runs with ``-O``: the book's hidden asserts would not run."""


def require_asserts() -> None:
    if sys.flags.optimize:
        raise AssertsDisabled(ASSERTS_DISABLED)


def preload(settings: Settings) -> list[str]:
    """Modules the server imports once for all workers; the ``preload`` setting replaces the
    list, e.g. for small test books that never import torch."""
    names = settings.preload
    modules = PRELOAD if names is None else ["bookkit.exec.worker", *names]
    return [SERVER_GUARD, *modules]


@dataclass
class JobResult:
    outputs: list[Any] = field(default_factory=list)  # of the blocks that finished, in order
    failure: Failure | None = None
    inputs: dict[str, str | None] = field(default_factory=dict)
    machine: dict[str, Any] = field(default_factory=dict)
    collected: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0


_context = None


def _mp_context(settings: Settings):
    """The forkserver context, started with a fixed hash seed and a non-GUI matplotlib."""
    global _context
    if _context is None:
        # Set before the server starts; every worker inherits them from it.
        # PYTHONHASHSEED: set and dict orders in outputs are reproducible.
        replace_environment({"PYTHONHASHSEED": "0", "MPLBACKEND": "Agg"})
        if "forkserver" in multiprocessing.get_all_start_methods():
            _context = multiprocessing.get_context("forkserver")
            _context.set_forkserver_preload(preload(settings))
        else:  # pragma: no cover  (Windows)
            _context = multiprocessing.get_context("spawn")
    return _context


_contained = False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):  # another user's process; not a pid at all
        return True
    return True


@functools.cache
def _tagged() -> str:
    """``SCRATCH_PREFIX`` and a tag of this boot of this machine and this pid namespace (8 hex
    digits): a pid in a folder's name means this process only where the tags agree (a
    temporary folder can be shared by containers, or by machines)."""
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text()
    except OSError:
        boot = socket.gethostname()
    try:
        namespace = os.readlink("/proc/self/ns/pid")
    except OSError:
        namespace = ""
    tag = hashlib.sha256("\0".join([boot, namespace]).encode()).hexdigest()[:8]
    return f"{SCRATCH_PREFIX}{tag}-"


def scratch_prefix(pid: int | None = None) -> str:
    """The start of the name of a scratch folder of build ``pid`` (this process) here."""
    return f"{_tagged()}{os.getpid() if pid is None else pid}-"


def sweep_scratch() -> list[str]:
    """Remove the scratch folders of builds that have ended: a build killed with SIGKILL takes
    its workers with it (``PR_SET_PDEATHSIG``), and nobody is left to remove their folders.
    A folder's name holds its build's machine tag and pid; only folders of this machine and
    pid namespace whose pid has ended are removed. The paths removed. Housekeeping only: what
    cannot be read or removed is left."""
    removed = []
    root = tempfile.gettempdir()
    mine = _tagged()
    try:
        names = os.listdir(root)
    except OSError:
        return removed
    for name in names:
        pid = name.removeprefix(mine).split("-", 1)[0]
        if not name.startswith(mine) or not (pid.isascii() and pid.isdigit()):
            continue
        path = os.path.join(root, name)
        if _alive(int(pid)) or os.path.islink(path) or not os.path.isdir(path):
            continue
        shutil.rmtree(path, ignore_errors=True)
        if not os.path.lexists(path):
            removed.append(path)
    return removed


def _contain_once() -> None:
    """Once per build process: adopt what a unit leaves (a subreaper), say what the kernel
    cannot enforce here (bookkit.exec.containment), remove what killed builds left."""
    global _contained
    if not _contained:
        _contained = True
        become_subreaper()
        sweep_scratch()
        for gap in landlock_gaps():
            log.warning("bookkit: not enforced on this machine: %s", gap)


def start_server(settings: Settings | None = None) -> None:
    """Start the forkserver now rather than at the first unit, so that unit does not wait for
    the server's imports (about 2 s): ``serve`` calls this while it waits for a save. The
    server starts in the background; a later :func:`run_jobs` uses it."""
    require_asserts()
    if _mp_context(settings or load()).get_start_method() == "forkserver":
        multiprocessing.forkserver.ensure_running()


@dataclass
class _Running:
    index: int
    process: Any
    conn: Any
    started: float
    deadline: float
    result: JobResult = field(default_factory=JobResult)
    current: int | None = None
    next_block: int = 0  # each block starts once, in order: a block cannot renew its time
    output_limit: int = 0  # characters a block may print, checked here too (0: none)
    finished: bool = False
    ended: bool = False
    scratch: str | None = None
    groups: list[int] = field(default_factory=list)  # process groups to kill at unit end
    limits: Limits = field(default_factory=Limits)
    next_look: float = 0.0


def _handle(state: _Running, message: Message, timeout: float) -> None:
    now = time.monotonic()
    match message:
        case BlockStarted(block) if block == state.next_block and state.current is None:
            state.current = block
            state.next_block += 1
            state.deadline = now + timeout if timeout > 0 else math.inf
        case BlockDone(block, str() as output) if block == state.current and \
                0 < state.output_limit < len(output):  # the worker's own cap was switched off
            state.result.failure = state.result.failure or Failure(
                "raised", "OutputLimitExceeded", over_limit(state.output_limit), block=block)
            state.deadline = now
        case BlockDone(block, output) if block == state.current:
            state.result.outputs.append(output)
            state.current = None
            state.deadline = now + (timeout if timeout > 0 else STARTUP_TIMEOUT)
        case BlockStarted() | BlockDone():  # not the worker's order: code of the unit sent it
            state.result.failure = state.result.failure or Failure(
                "internal", "ProtocolError",
                f"the unit sent {message!r} out of order (a block may not talk to the build)",
                block=state.current)
            state.deadline = now  # the unit ends now; its time is the build's to keep
        case BlockFailed(failure):
            state.result.failure = failure
        case WorkerFault(failure):
            state.result.failure = dataclasses.replace(failure, block=state.current)
        case KernelGroup(group):  # a notebook kernel: a session of its own
            state.groups.append(group)
            _live_groups.add(group)
        case UnitFinished(inputs, machine, collected):
            if UNTRACKED in inputs:
                log.warning("bookkit: %s; the unit is not reusable and runs again on every "
                            "build", inputs[UNTRACKED])
            state.result.inputs = inputs
            state.result.machine = machine
            state.result.collected = collected
            state.finished = True
            state.deadline = now + EXIT_GRACE


def _drain(state: _Running, timeout: float) -> None:
    try:
        while not state.ended and state.conn.poll():
            _handle(state, state.conn.recv(), timeout)
    except (EOFError, OSError):
        state.ended = True


_live_groups: set[int] = set()  # sessions of running workers and kernels


def _kill_group(group: int) -> None:
    try:
        os.killpg(group, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    _live_groups.discard(group)


@atexit.register
def _kill_all_groups() -> None:
    for group in list(_live_groups):
        _kill_group(group)


def _end(state: _Running) -> None:
    """Kill the worker and everything below it, whatever its session or group (the worker is a
    subreaper, :func:`bookkit.exec.containment.kill_tree`), and what a worker that ended first
    left (:func:`~bookkit.exec.containment.kill_adopted`); remove its folder."""
    if state.process.is_alive():
        kill_tree(state.process.pid)
        state.process.kill()
    state.process.join()
    for group in [state.process.pid, *state.groups]:
        _kill_group(group)
    kill_adopted()
    if state.scratch:
        shutil.rmtree(state.scratch, ignore_errors=True)


def _close(state: _Running, timeout: float) -> None:
    """The worker has ended or must end: collect its last messages and its exit status."""
    _end(state)
    _drain(state, timeout)
    for group in state.groups:  # a kernel reported after the first kill
        _kill_group(group)
    state.conn.close()
    result = state.result
    if not state.finished and result.failure is None:
        code = state.process.exitcode
        result.failure = Failure(
            "crashed", "WorkerExited",
            f"the worker process ended (exit code {code}) before the unit finished",
            block=state.current,
        )
    result.seconds = time.monotonic() - state.started


def _start(ctx, index: int, job: Job) -> _Running:
    """Fork the worker of ``job`` into a scratch folder of its own."""
    scratch = tempfile.mkdtemp(prefix=scratch_prefix())
    job = dataclasses.replace(job, cwd=scratch)
    reader, writer = ctx.Pipe(duplex=False)
    process = ctx.Process(target=worker.main, args=(writer, job), daemon=True)
    process.start()
    _live_groups.add(process.pid)
    writer.close()
    now = time.monotonic()
    return _Running(index, process, reader, now, now + STARTUP_TIMEOUT, scratch=scratch,
                    output_limit=job.limits.output, limits=job.limits)


def _timed_out(state: _Running, timeout: float) -> Failure:
    if state.current is None:
        return Failure("timeout", "BlockTimeout", "the worker did not start or finish in time")
    return Failure("timeout", "BlockTimeout",
                   f"block ran longer than {timeout:g} s (BOOK_BLOCK_TIMEOUT to change the limit)",
                   block=state.current)


def run_jobs(
    jobs: list[Job],
    settings: Settings | None = None,
    parallel: int | None = None,
    on_result: Callable[[int, JobResult], None] | None = None,
) -> list[JobResult]:
    """Run every job in its own worker, ``parallel`` at a time; results in job order."""
    require_asserts()
    settings = settings or load()
    _contain_once()
    ctx = _mp_context(settings)
    timeout = settings.block_timeout
    environ = environment()  # the build's environment now, not the server's at its start
    parallel = parallel or settings.jobs
    results: list[JobResult | None] = [None] * len(jobs)
    queue = deque((index, dataclasses.replace(job, environ=environ))
                  for index, job in enumerate(jobs))
    running: list[_Running] = []
    handlers = exit_on_signals()  # while units run
    try:
        while queue or running:
            while queue and len(running) < parallel:
                running.append(_start(ctx, *queue.popleft()))
            _wait_for_any(running)
            for state in _finished(running, timeout):
                running.remove(state)
                results[state.index] = state.result
                if on_result is not None:
                    on_result(state.index, state.result)
    finally:
        for state in running:  # interrupted: leave no worker behind
            _end(state)
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
    return [result for result in results if result is not None]


def _wait_for_any(running: list[_Running]) -> None:
    """Until a worker sends or ends, the soonest deadline passes or it is time to look at a
    unit's processes again."""
    soonest = min(min(state.deadline, state.next_look) for state in running)
    wait(
        [state.conn for state in running] + [state.process.sentinel for state in running],
        timeout=max(0.0, min(soonest - time.monotonic(), 60.0)),
    )


def _look(state: _Running) -> None:
    """The parent's own count of the unit's live processes and memory, however they were
    started: a unit over a limit ends now (:func:`bookkit.exec.containment.usage`)."""
    now = time.monotonic()
    if now < state.next_look or state.ended:
        return
    state.next_look = now + WATCH_INTERVAL
    limits = state.limits
    if not (limits.processes or limits.memory_mib):
        return
    broken = over_limits(usage(state.process.pid), processes=limits.processes,
                         memory_mib=limits.memory_mib)
    if broken is not None and state.result.failure is None:
        state.result.failure = Failure("raised", *broken, block=state.current)
        state.deadline = now


def _finished(running: list[_Running], timeout: float) -> list[_Running]:
    """Read what every worker sent; the workers that ended or ran out of time, closed."""
    done = []
    for state in running:
        _drain(state, timeout)
        _look(state)
        overdue = time.monotonic() > state.deadline
        if state.ended or not state.process.is_alive() or overdue:
            if overdue and not state.finished and state.result.failure is None:
                state.result.failure = _timed_out(state, timeout)
            _close(state, timeout)
            done.append(state)
    return done


def exit_on_signals() -> dict:
    """SIGTERM and SIGHUP, where no handler is set, raise ``SystemExit(128 + signal)`` (the
    status a signal gives) in the main thread, so every ``finally`` runs: the runner stops its
    units and kills their sessions, MkDocs' ``serve`` stops its server, calls the plugins'
    ``on_shutdown`` and removes its temporary site, multiprocessing removes its folder at exit.
    By default both end the process at once and leave all that behind. The first such signal
    makes later ones ignored, so a second cannot cut the cleanup short. The previous handlers,
    to restore."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    signals = (signal.SIGTERM, signal.SIGHUP)

    def leave(signum, frame):  # noqa: ARG001
        for other in signals:
            signal.signal(other, signal.SIG_IGN)
        raise SystemExit(128 + signum)

    previous = {}
    for signum in signals:
        if signal.getsignal(signum) in (signal.SIG_DFL, None):
            previous[signum] = signal.signal(signum, leave)
    return previous
