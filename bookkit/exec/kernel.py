"""Notebook units executed in a real kernel, inside a worker.

A notebook page is one unit whose blocks are its code cells
(:func:`bookkit.exec.units.notebook_unit`); the page is rendered from the stored outputs by
:mod:`bookkit.mkdocs.notebook_pages`. A notebook the site offers is one too
(:func:`bookkit.exec.units.offered_unit`), run without the project on the kernel's path.

- :func:`run_cells` runs inside a worker: it starts the notebook's kernel with nbclient, runs
  a hidden first cell that starts an :class:`bookkit.exec.tracking.InputTracker` in the kernel,
  then the code cells one by one (reporting each like a block), then a hidden last cell that
  reports the project files the kernel used. The hidden cells never reach the page.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from bookkit.exec.capture import over_limit
from bookkit.exec.containment import memory_note
from bookkit.exec.jobs import (
    BlockDone,
    BlockFailed,
    BlockStarted,
    Failure,
    Job,
    KernelGroup,
    describe_failure,
)
from bookkit.exec.units import DEFAULT_KERNEL
from bookkit.settings import environment

# The kernel is a session of its own (jupyter_client starts it so): it dies with the worker,
# reports its process id (the worker's parent kills its group at unit end) and runs the cells
# under the unit's input tracker and limits.
_START_TRACKING = (
    "import os as _book_os\n"
    "from bookkit.exec.containment import die_with_parent as _book_die_with_parent\n"
    "from bookkit.exec.containment import forbid_network as _book_forbid_network\n"
    "from bookkit.exec.tracking import InputTracker as _BookTracker\n"
    "_book_die_with_parent()\n"
    "_book_forbid_network()\n"
    "{without_project}"
    "_book_tracker = _BookTracker({root!r}, guarded={guarded!r}, process_limit={processes!r})"
    ".start()\n"
    "print(_book_os.getpid())\n"
)
# An offered notebook runs as a reader's download does, without this project: what the kernel's
# PYTHONPATH and the editable install put on its path goes, with the project's modules it has
# imported (the input tracker keeps the functions it already holds), so a cell that imports
# bookkit or labs fails; a process a cell starts inherits no PYTHONPATH. Not hidden: a Python
# process a cell starts loads the environment's editable install again (its .pth file); such
# a unit is never reused (it started a process), and the notebooks' tests check that no cell
# imports the project. Done before the tracker starts: the kernel's own PYTHONPATH is not an
# input of the notebook.
_WITHOUT_PROJECT = (
    "import sys as _book_sys\n"
    "_book_hidden = {{_book_os.path.realpath(_p) for _p in\n"
    "                _book_os.environ.get('PYTHONPATH', '').split(_book_os.pathsep) if _p}}\n"
    "_book_hidden.add({root!r})\n"
    "_book_sys.path[:] = [_p for _p in _book_sys.path if not _p.startswith('__editable__')\n"
    "                     and _book_os.path.realpath(_p or '.') not in _book_hidden]\n"
    "_book_sys.meta_path[:] = [_f for _f in _book_sys.meta_path\n"
    "                          if not getattr(_f, '__module__', '').startswith('__editable__')]\n"
    "for _book_name in [_n for _n in _book_sys.modules\n"
    "                   if _n.split('.')[0] in ('bookkit', 'labs')]:\n"
    "    del _book_sys.modules[_book_name]\n"
    "_book_sys.path_importer_cache.clear()\n"
    "_book_os.environ.pop('PYTHONPATH', None)\n"
)
_REPORT_INPUTS = (
    "import json as _book_json\n"
    "print(_book_json.dumps({'inputs': _book_tracker.inputs(), "
    "'violation': _book_tracker.violation}))\n"
)


class _CellOutputLimit(Exception):  # noqa: N818
    pass


def _output_size(msg: dict) -> int:
    content = msg.get("content", {})
    if "text" in content:
        return len(content["text"])
    return len(json.dumps(content.get("data", {}))) + len(json.dumps(content.get("traceback", [])))


def _capped_client(notebook, kernel: str, folder: str, cap: int, kernel_pid: list[int]):
    """An nbclient client that stops a cell once it printed over ``cap``: it kills the kernel.

    Not SIGINT: a cell can ignore that, and a SIGINT that lands after the cell's code, while
    the kernel flushes its output, makes ipykernel drop the cell's reply, so the client would
    wait for it until the block timeout. A killed kernel is seen by the client within a second
    (DeadKernelError), and the unit fails anyway."""
    import signal

    from nbclient import NotebookClient

    class CappedClient(NotebookClient):
        printed = 0
        over_cap = False

        def output(self, outs, msg, display_id, cell_index):
            if msg.get("msg_type") in ("stream", "display_data", "execute_result", "error"):
                self.printed += _output_size(msg)
                if self.printed > cap:
                    self.over_cap = True
                    if kernel_pid:
                        with contextlib.suppress(ProcessLookupError):
                            os.kill(kernel_pid[0], signal.SIGKILL)
                    raise _CellOutputLimit
            return super().output(outs, msg, display_id, cell_index)

    # coalesce_streams: how the kernel splits stdout into messages varies from run to run;
    # joined, the same code gives the same outputs.
    return CappedClient(
        notebook, kernel_name=kernel, timeout=None, record_timing=False, coalesce_streams=True,
        resources={"metadata": {"path": folder}}, shutdown_kernel="immediate",
    )


def _kernel_environment() -> dict[str, str]:
    """The kernel draws figures with its own inline backend, not the workers' Agg, and imports
    the same bookkit as this worker (for its input tracker)."""
    env = {k: v for k, v in environment().items() if k != "MPLBACKEND"}
    bookkit_parent = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [bookkit_parent, env.get("PYTHONPATH")]))
    return env


def _stdout(cell) -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.get("name") == "stdout")


def run_cells(conn, job: Job) -> tuple[dict | None, dict[str, str | None]]:
    """Worker side: run the code cells in a kernel; (collected, kernel inputs) or (None, {})."""
    import nbformat
    from nbclient.exceptions import CellExecutionError, DeadKernelError

    new_cell = nbformat.v4.new_code_cell
    without_project = (_WITHOUT_PROJECT.format(root=os.path.realpath(job.root))
                       if job.kind == "offered" else "")
    start = new_cell(_START_TRACKING.format(
        root=job.root, guarded=list(job.guarded), processes=job.limits.processes,
        without_project=without_project))
    report = new_cell(_REPORT_INPUTS)
    cells = [new_cell(block.code) for block in job.blocks]
    kernel = job.blocks[0].options["kernel"] if job.blocks else DEFAULT_KERNEL
    notebook = nbformat.v4.new_notebook(cells=[start, *cells, report])
    kernel_pid: list[int] = []
    client = _capped_client(notebook, kernel, job.cwd or job.root, job.limits.output, kernel_pid)
    with client.setup_kernel(env=_kernel_environment()):
        client.execute_cell(start, 0)
        kernel_pid.append(int(_stdout(start)))
        conn.send(KernelGroup(kernel_pid[0]))
        for index, cell in enumerate(cells):
            conn.send(BlockStarted(index))
            client.printed = 0
            try:
                client.execute_cell(cell, index + 1)
            except CellExecutionError as error:
                failure = describe_failure(error, block=index)
                conn.send(BlockFailed(memory_note(failure, job.limits.memory_mib)))
                return None, {}
            except (_CellOutputLimit, DeadKernelError):
                if not client.over_cap:
                    raise
                conn.send(BlockFailed(Failure("raised", "OutputLimitExceeded",
                                              over_limit(job.limits.output), block=index)))
                return None, {}
            conn.send(BlockDone(index, json.loads(json.dumps(cell.outputs))))
        client.execute_cell(report, len(cells) + 1)
    reported = json.loads(_stdout(report))
    if reported["violation"]:  # a cell caught the error and went on
        conn.send(BlockFailed(Failure("raised", "PermissionError", reported["violation"])))
        return None, {}
    return {}, reported["inputs"]
