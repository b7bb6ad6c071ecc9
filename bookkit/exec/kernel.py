"""Notebook pages as units: executed in a real kernel by a worker, rendered from the store.

mkdocs-jupyter would execute a notebook on every build and keys its own cache on the file's
bytes, which cannot see the ``labs/`` code the notebook imports. Here a notebook page is one
unit whose blocks are its code cells (the key covers their source and tags, not the markdown
cells: prose edits execute nothing):

- :func:`notebook_unit` reads the page (jupytext markdown) into a unit;
- :func:`run_cells` runs inside a worker: it starts the notebook's kernel with nbclient, runs
  a hidden first cell that starts an :class:`bookkit.tracking.InputTracker` in the kernel,
  then the code cells one by one (reporting each like a block), then a hidden last cell that
  reports the project files the kernel used. The hidden cells never reach the page;
- :func:`executed_notebook` joins the page's current cells with the stored outputs into the
  ``.ipynb`` that mkdocs-jupyter renders (with ``execute: false``) and readers download. Cell
  ids and execution counts are fixed, so the same outputs give the same bytes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from bookkit.fences import extract_fences
from bookkit.units import Block, Unit, relative_name

DEFAULT_KERNEL = "python3"
# The kernel is a session of its own (jupyter_client starts it so): it dies with the worker,
# reports its process id (the worker's parent kills its group at unit end) and runs the cells
# under the unit's input tracker and limits.
_START_TRACKING = (
    "import os as _book_os\n"
    "from bookkit.containment import die_with_parent as _book_die_with_parent\n"
    "from bookkit.tracking import InputTracker as _BookTracker\n"
    "_book_die_with_parent()\n"
    "_book_tracker = _BookTracker({root!r}, guarded={guarded!r}, process_limit={processes!r})"
    ".start()\n"
    "print(_book_os.getpid())\n"
)
_REPORT_INPUTS = (
    "import json as _book_json\n"
    "print(_book_json.dumps({'inputs': _book_tracker.inputs(), "
    "'violation': _book_tracker.violation}))\n"
)


def _read(source: Path):
    import jupytext

    return jupytext.read(source)


def notebook_unit(source: Path, root: Path) -> Unit:
    """The unit of a notebook page: its code cells, in order, with their tags."""
    page = relative_name(source, root)
    notebook = _read(source)
    code_cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    # jupytext writes each code cell as a python fence (markdown cells with fences of their
    # own are wrapped in a region); their lines name the cells in messages.
    lines = [f.line for f in extract_fences(source.read_text(encoding="utf-8"), page)
             if f.is_python]
    if len(lines) != len(code_cells):
        lines = [0] * len(code_cells)
    kernel = notebook.metadata.get("kernelspec", {}).get("name", DEFAULT_KERNEL)
    blocks = tuple(
        Block(page, f"cell-{number}", line, cell.source,
              {"tags": ",".join(cell.metadata.get("tags", [])), "kernel": kernel})
        for number, (cell, line) in enumerate(zip(code_cells, lines, strict=True), start=1)
    )
    return Unit("notebook", page, None, blocks)


class _CellOutputLimit(Exception):  # noqa: N818
    pass


def _output_size(msg: dict) -> int:
    content = msg.get("content", {})
    if "text" in content:
        return len(content["text"])
    return len(json.dumps(content.get("data", {}))) + len(json.dumps(content.get("traceback", [])))


def run_cells(conn, job: dict[str, Any]) -> tuple[dict | None, dict[str, str | None]]:
    """Worker side: run the code cells in a kernel; (collected, kernel inputs) or (None, {})."""
    import signal

    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    from bookkit.capture import output_limit
    from bookkit.containment import memory_note
    from bookkit.worker import describe_failure

    limits = job.get("limits", {})
    cap = limits.get("output", output_limit())
    kernel_pid: list[int] = []

    class CappedClient(NotebookClient):
        """Stops a cell (SIGINT to the kernel) once it has printed more than the cap."""

        printed = 0

        def output(self, outs, msg, display_id, cell_index):
            if msg.get("msg_type") in ("stream", "display_data", "execute_result", "error"):
                self.printed += _output_size(msg)
                if self.printed > cap:
                    if kernel_pid:
                        os.kill(kernel_pid[0], signal.SIGINT)
                    raise _CellOutputLimit(
                        f"block printed more than {cap:,} characters "
                        "(BOOK_OUTPUT_LIMIT to change the limit)"
                    )
            return super().output(outs, msg, display_id, cell_index)

    new_cell = nbformat.v4.new_code_cell
    start = new_cell(_START_TRACKING.format(
        root=job["root"], guarded=job.get("guarded", []), processes=limits.get("processes", 0),
    ))
    report = new_cell(_REPORT_INPUTS)
    cells = [new_cell(block["code"]) for block in job["blocks"]]
    kernel = job["blocks"][0]["options"]["kernel"] if job["blocks"] else DEFAULT_KERNEL
    notebook = nbformat.v4.new_notebook(cells=[start, *cells, report])
    # coalesce_streams: how the kernel splits stdout into messages varies from run to run;
    # joined, the same code gives the same outputs.
    client = CappedClient(
        notebook, kernel_name=kernel, timeout=None, record_timing=False, coalesce_streams=True,
        resources={"metadata": {"path": job.get("cwd") or job["root"]}},
        shutdown_kernel="immediate",
    )
    # The kernel draws figures with its own inline backend, not the workers' Agg, and imports
    # the same bookkit as this worker (for its input tracker).
    kernel_env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    bookkit_parent = str(Path(__file__).resolve().parent.parent)
    kernel_env["PYTHONPATH"] = os.pathsep.join(
        filter(None, [bookkit_parent, os.environ.get("PYTHONPATH")])
    )
    with client.setup_kernel(env=kernel_env):
        client.execute_cell(start, 0)
        pid = "".join(o.get("text", "") for o in start.outputs if o.get("name") == "stdout")
        kernel_pid.append(int(pid))
        conn.send(("group", kernel_pid[0]))
        for index, cell in enumerate(cells):
            conn.send(("start", index))
            client.printed = 0
            try:
                client.execute_cell(cell, index + 1)
            except CellExecutionError as error:
                failure = describe_failure(error)
                conn.send(("failed", index, memory_note(failure, limits.get("memory_mib", 0))))
                return None, {}
            except _CellOutputLimit as error:
                conn.send(("failed", index, {"type": "OutputLimitExceeded",
                                             "message": str(error), "traceback": ""}))
                return None, {}
            conn.send(("done", index, json.loads(json.dumps(cell.outputs))))
        client.execute_cell(report, len(cells) + 1)
    text = "".join(o.get("text", "") for o in report.outputs if o.get("name") == "stdout")
    reported = json.loads(text)
    if reported["violation"]:  # a cell caught the error and went on
        conn.send(("failed", None, {"type": "PermissionError", "message": reported["violation"],
                                    "traceback": ""}))
        return None, {}
    return {}, reported["inputs"]


# Output representations that mkdocs-jupyter would put on the page as live markup.
MARKUP_TYPES = ("text/html", "text/markdown", "text/latex", "application/javascript")


def text_only(output: dict) -> dict:
    """The output without representations that would become markup on the page.

    When nothing else is left, the first of them is kept as plain text, so it shows as text.
    """
    data = output.get("data")
    if not data or not any(kind in data for kind in MARKUP_TYPES):
        return output
    kept = {kind: value for kind, value in data.items() if kind not in MARKUP_TYPES}
    if not kept:
        kind = next(kind for kind in MARKUP_TYPES if kind in data)
        value = data[kind]
        kept = {"text/plain": "".join(value) if isinstance(value, list) else value}
    return {**output, "data": kept}


def executed_notebook(source: Path, outputs: dict[str, list]) -> str:
    """The page's notebook with the stored outputs, as ``.ipynb`` text."""
    import nbformat

    notebook = _read(source)
    kernelspec = notebook.metadata.get("kernelspec", {})
    notebook.metadata = {"kernelspec": kernelspec, "language_info": {"name": "python"}}
    number = 0
    for index, cell in enumerate(notebook.cells):
        cell.id = f"cell-{index:02d}"
        tags = cell.metadata.get("tags")
        cell.metadata = {"tags": tags} if tags else {}
        if cell.cell_type == "code":
            number += 1
            cell.outputs = [
                nbformat.from_dict(text_only(o)) for o in outputs.get(f"cell-{number}", [])
            ]
            cell.execution_count = number
            for output in cell.outputs:
                if "execution_count" in output:
                    output.execution_count = number
    nbformat.validate(notebook)
    return nbformat.writes(notebook) + "\n"


def readable_heading_ids(html: str) -> tuple[str, list[dict]]:
    """A rendered notebook page with Korean-readable heading ids, and TOC tokens for them.

    mkdocs-jupyter slugifies headings to ASCII (a Korean heading becomes ``2`` or nothing) and
    builds its TOC with yet another slugifier, so the TOC's links miss. Headings get the ids
    the rest of the site uses (``pymdownx.slugs.slugify``, lower case) and the TOC is rebuilt
    from them (``mkdocs.structure.toc.get_toc`` takes the tokens).
    """
    from bs4 import BeautifulSoup
    from pymdownx.slugs import slugify

    slug = slugify(case="lower")
    soup = BeautifulSoup(html, "html.parser")
    seen: dict[str, int] = {}
    tokens: list[dict] = []
    for heading in soup.find_all(["h1", "h2", "h3", "h4", "h5", "h6"]):
        anchor = heading.find("a", class_="anchor-link")
        name = heading.get_text().removesuffix(anchor.get_text() if anchor else "").strip()
        base = slug(name, "-") or "section"
        seen[base] = seen.get(base, 0) + 1
        new_id = base if seen[base] == 1 else f"{base}_{seen[base] - 1}"
        heading["id"] = new_id
        if anchor is not None:
            anchor["href"] = f"#{new_id}"
        token = {"level": int(heading.name[1]), "id": new_id, "name": name, "children": []}
        parent = tokens
        while parent and parent[-1]["level"] < token["level"]:
            parent = parent[-1]["children"]
        parent.append(token)
    return str(soup), tokens
