"""Every notebook the site offers runs top to bottom outside the repository.

A reader downloads a page's ``.ipynb`` into an empty folder and runs it with torch, numpy and
matplotlib: nothing of this project (``bookkit``, ``labs``) may be needed. Each notebook runs
in a kernel started in an empty temporary folder, with no PYTHONPATH.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from bookkit.mkdocs.chapter_notebooks import notebook_code
from bookkit.settings import environment

ROOT = Path(__file__).resolve().parent.parent


def offered(site: Path) -> list[Path]:
    return sorted(site.rglob("*.ipynb"))


def test_every_chapter_page_offers_a_notebook(built_site):
    names = {path.relative_to(built_site).as_posix() for path in offered(built_site)}
    for chapter in ("first-steps/first-steps.ipynb", "tensors/tensors.ipynb",
                    "pytorch-basics/pytorch-basics.ipynb", "first-steps/timing/timing.ipynb",
                    "tensors-and-autograd/tensors-and-autograd.ipynb",
                    "first-steps/finite-differences/finite-differences.ipynb",
                    "first-steps/no-grad-and-detach/no-grad-and-detach.ipynb",
                    "tensors/indexing/indexing.ipynb", "tensors/broadcasting/broadcasting.ipynb",
                    "tensors/classifier/classifier.ipynb",
                    "tensors-and-autograd/graph-control/graph-control.ipynb",
                    "tensors-and-autograd/torch-func/torch-func.ipynb",
                    "tensors-and-autograd/graph-capture/graph-capture.ipynb"):
        assert chapter in names
    page = (built_site / "tensors" / "index.html").read_text(encoding="utf-8")
    assert 'href="tensors.ipynb" download' in page


def test_offered_notebooks_run_in_an_empty_folder(built_site, tmp_path):
    env = {k: v for k, v in environment().items() if k not in ("PYTHONPATH", "MPLBACKEND")}
    failures = []
    for path in offered(built_site):
        notebook = nbformat.read(path, as_version=4)
        assert notebook.cells, path
        folder = tmp_path / path.stem
        folder.mkdir()
        client = NotebookClient(notebook, timeout=600, kernel_name="python3",
                                resources={"metadata": {"path": str(folder)}})
        try:
            with client.setup_kernel(env=env, cwd=str(folder)):
                for index, cell in enumerate(notebook.cells):
                    if cell.cell_type == "code":
                        client.execute_cell(cell, index)
        except CellExecutionError as error:
            failures.append(f"{path.relative_to(built_site)}: {str(error)[-800:]}")
    assert failures == []


def test_a_block_that_needs_the_book_becomes_a_note(tmp_path):
    with pytest.raises(Exception, match="bookkit.recordings.store.load"):
        notebook_code("from bookkit.recordings.store import load\nprint(load)\n", ROOT)
    code, helpers = notebook_code(
        "from bookkit.show import expect_error\nx = 1  # markdown-exec: hide\nprint(2)\n", ROOT)
    assert code == "print(2)\n" and helpers == {("bookkit.show", "expect_error")}
