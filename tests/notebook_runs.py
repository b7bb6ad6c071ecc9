"""Running a notebook as a reader would, and remembering the notebooks that ran
(tests/test_notebooks.py): each in a kernel started in an empty temporary folder, with no
PYTHONPATH (during a test run, tests/proven.py's watch puts its own folder back). A notebook
that ran is remembered by the digest of its code cells and of the environment that ran it
(``.cache/bookkit/notebooks-proven/``).

Reads no page, so a test that needs only this can be proven (tests/proven.py).
"""

from __future__ import annotations

import hashlib
import sys
from importlib.metadata import version
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from proven import used

from bookkit.files import write_atomically
from bookkit.settings import environment

ROOT = Path(__file__).resolve().parent.parent
# What a reader's kernel brings: the interpreter and the packages the notebooks import.
KERNEL = [sys.version, *(f"{name}=={version(name)}" for name in
                         ("torch", "numpy", "matplotlib", "ipykernel", "nbclient"))]


def proof_key(notebook) -> str:
    """The digest of a notebook's code cells and of the kernel's environment."""
    code = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    return hashlib.sha256("\0".join([*KERNEL, *code]).encode()).hexdigest()


def run_unproven(paths: list[Path], proven: Path, scratch: Path) -> tuple[list[Path], list[str]]:
    """Run each notebook not yet proven, each in its own empty folder, and remember those that
    pass; return the notebooks run and the failures."""
    env = {k: v for k, v in environment().items() if k not in ("PYTHONPATH", "MPLBACKEND")}
    ran, failures = [], []
    for path in paths:
        notebook = nbformat.read(path, as_version=4)
        assert notebook.cells, path
        proof = proven / proof_key(notebook)
        if used(proof):
            continue
        ran.append(path)
        folder = scratch / f"{len(ran)}-{path.stem}"
        folder.mkdir(parents=True)
        client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                                resources={"metadata": {"path": str(folder)}})
        try:
            with client.setup_kernel(env=env, cwd=str(folder)):
                for index, cell in enumerate(notebook.cells):
                    if cell.cell_type == "code":
                        client.execute_cell(cell, index)
        except CellExecutionError as error:
            failures.append(f"{path}: {str(error)[-800:]}")
        else:
            write_atomically(proof, f"{path.name}\n".encode())  # workers write at once
    return ran, failures
