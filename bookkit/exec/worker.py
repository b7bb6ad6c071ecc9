"""The child side of execution: one unit, in a process of its own.

:mod:`bookkit.exec.runner` forks a worker for every unit from a warm server process that has
imported torch, numpy and matplotlib but never run them. The worker

- first makes itself a contained process: a session of its own (``os.setsid``), so the
  parent can kill it with everything it started (``os.killpg``) at unit end; killed when its
  parent ends (:func:`bookkit.exec.containment.die_with_parent`); file descriptors 0, 1 and 2 on
  ``/dev/null``, so neither it nor a process it leaves behind holds the build's output (what
  a block prints travels only through the capture channel); the memory limit
  (``RLIMIT_DATA``) set. It refuses to run anything with asserts disabled (``-O``);
- runs in a scratch folder the parent made (links to the project's top-level entries, so
  relative paths still reach project files; new files stay there) with the project root
  first on ``sys.path`` and the build's current environment, plus ``BOOK_DEVICE``
  naming the job's device (:func:`bookkit.settings.job_device`, which :mod:`bookkit.device` asks);
- runs the unit's blocks in order in one fresh namespace, sending
  :class:`~bookkit.exec.jobs.BlockStarted` before and :class:`~bookkit.exec.jobs.BlockDone`
  after each block, so the parent always knows which block is running when a timeout or a
  crash happens;
- treats every ``BaseException`` from a block (``SystemExit`` and ``KeyboardInterrupt`` too) as
  that block's failure, sent as :class:`~bookkit.exec.jobs.BlockFailed`;
- ends with :class:`~bookkit.exec.jobs.UnitFinished`: the project files the unit used
  (:class:`bookkit.exec.tracking.InputTracker`), the machine it ran on and any variables the job
  asked for, then leaves with ``os._exit`` so leftover threads, non-daemon ones too, die with
  it and nothing the unit changed (working directory, ``sys.path``, print options, recursion
  limit, ...) can reach another unit.

Only the standard library and bookkit's standard-library modules are imported here: the server
preloads this module, and whatever it imports is not tracked as a unit's input.
"""

from __future__ import annotations

import os
import sys
import tempfile

from bookkit.exec.capture import WARNS_OPTION, check_warnings, new_namespace, run_code
from bookkit.exec.containment import (
    ASSERTS_DISABLED,
    become_subreaper,
    confine,
    die_with_parent,
    drop_capabilities,
    limit_memory,
    memory_note,
)
from bookkit.exec.jobs import (
    KERNEL_KINDS,
    BlockDone,
    BlockFailed,
    BlockStarted,
    Job,
    UnitFinished,
    WorkerFault,
    describe_failure,
)
from bookkit.exec.provenance import describe_machine
from bookkit.exec.tracking import InputTracker
from bookkit.settings import DEVICE_VARIABLE, replace_environment


def run_blocks(conn, job: Job, tracker: InputTracker | None = None) -> dict | None:
    """Run the job's blocks; the namespace variables the job asked for, or None on failure."""
    namespace = new_namespace(job.module)
    for index, block in enumerate(job.blocks):
        conn.send(BlockStarted(index))
        if tracker is not None:
            tracker.block = block.filename
        try:
            output = run_code(block.code, namespace, block.filename, job.limits.output)
            if tracker is not None and tracker.violation:  # the block caught it and went on
                raise PermissionError(tracker.violation)
            check_warnings(output, block.options.get(WARNS_OPTION, ""))
        except BaseException as error:  # noqa: BLE001  (exits and interrupts are failures too)
            failure = describe_failure(error, block.filename, block=index)
            conn.send(BlockFailed(memory_note(failure, job.limits.memory_mib)))
            return None
        conn.send(BlockDone(index, output))
    return {name: namespace[name] for name in job.collect if name in namespace}


def contain() -> None:
    """Own session, death with the parent, every descendant kept in its subtree, and no hold on
    the build's output."""
    os.setsid()
    die_with_parent()
    become_subreaper()
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


def scratch_folder(root: str, folder: str | None, kind: str = "blocks") -> str:
    """Fill the scratch folder with links to the project's top-level entries (none for an
    offered notebook: it runs in an empty folder, as a reader's download); the folder."""
    if not folder:
        return root
    if kind == "offered":
        return folder
    for name in os.listdir(root):
        os.symlink(os.path.join(root, name), os.path.join(folder, name))
    return folder


def prepare(job: Job) -> None:
    """Contain this process and give it the unit's limits, environment and folders; then
    confine it (:func:`bookkit.exec.containment.confine`): from here on it can write only in
    its scratch folder, which holds its temporary folder too."""
    contain()
    if sys.flags.optimize:
        raise AssertionError(ASSERTS_DISABLED)
    limit_memory(job.limits.memory_mib)
    if job.environ is not None:
        replace_environment(job.environ, clear=True)
    replace_environment({DEVICE_VARIABLE: job.device})
    folder = scratch_folder(job.root, job.cwd, job.kind)
    os.chdir(folder)
    sys.path.insert(0, job.root)
    if job.cwd:
        private = {name: os.path.join(job.cwd, f".{name.lower()}") for name in PRIVATE_DIRS}
        for path in private.values():
            os.mkdir(path)
        replace_environment(private)
        tempfile.tempdir = private["TMPDIR"]  # the server may have asked tempfile already
        confine([job.cwd], network=job.kind in KERNEL_KINDS)  # a kernel talks over TCP
    drop_capabilities()


# Folders a unit's libraries write to, each inside the unit's scratch folder.
PRIVATE_DIRS = ("TMPDIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")


def main(conn, job: Job) -> None:
    """Entry point of a worker process."""
    try:
        prepare(job)
        if job.kind in KERNEL_KINDS:  # the kernel tracks its own inputs
            from bookkit.exec.kernel import run_cells

            collected, inputs = run_cells(conn, job)
        else:
            tracker = InputTracker(job.root, guarded=list(job.guarded),
                                   process_limit=job.limits.processes,
                                   environ=job.environ).start()
            collected = run_blocks(conn, job, tracker)
            inputs = tracker.inputs() if collected is not None else {}
        if collected is not None:
            conn.send(UnitFinished(inputs, describe_machine(job.device), collected))
    except BaseException as error:  # noqa: BLE001  (report a fault of the worker itself)
        try:
            conn.send(WorkerFault(describe_failure(error, kind="internal")))
        except Exception:  # noqa: BLE001
            pass
    finally:
        try:
            conn.close()
        finally:
            os._exit(0)
