"""Every notebook the site offers runs top to bottom outside the repository.

A reader downloads a page's ``.ipynb`` into an empty folder and runs it with torch, numpy and
matplotlib: nothing of this project (``bookkit``, ``labs``) may be needed. No cell imports the
project, and each notebook is a unit of the execution engine
(:func:`bookkit.exec.units.offered_unit`): its code cells run in a kernel started in the unit's
empty scratch folder, without the project on the kernel's path, by the runner that runs the
book. Its store entry is the proof: a notebook whose code, torch or environment changed has a
new key and runs again; an unchanged one is answered from the store like any unit.

Each notebook is a test of its own, so the xdist workers share them.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from bookkit.exec.engine import Engine
from bookkit.exec.units import offered_unit
from bookkit.mkdocs.chapter_notebooks import notebook_code
from bookkit.page_source import read_page

ROOT = Path(__file__).resolve().parent.parent


def offered(site: Path) -> list[Path]:
    return sorted(site.rglob("*.ipynb"))


def expected_notebooks(docs: Path) -> list[str]:
    """The names of the notebooks the site offers, read from the sources: each chapter page's
    (named after its folder on the site) and each lab notebook page's."""
    names = [path.stem for path in (docs / "labs").glob("*.md")]
    for path in docs.rglob("*.md"):
        if read_page(path, path.relative_to(docs).as_posix()).kind == "chapter":
            names.append(path.parent.name if path.name == "index.md" else path.stem)
    return sorted(names)


NOTEBOOKS = expected_notebooks(ROOT / "docs")


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


def test_each_offered_notebook_is_tested(built_site):
    assert sorted(f"{path.stem}" for path in offered(built_site)) == NOTEBOOKS


@pytest.fixture(scope="module")
def engine(book_store) -> Engine:
    """The engine of the checkout's store, which the build of this run filled."""
    return Engine(ROOT)


@pytest.mark.cold
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_offered_notebook_runs_in_an_empty_folder(built_site, engine, name):
    path = next(path for path in offered(built_site) if path.stem == name)
    # The kernel's Python is .venv's, where the project is installed (editable, for the MkDocs
    # plugin's entry point): so what the project provides is checked in the code itself.
    notebook = nbformat.read(path, as_version=4)
    assert notebook.cells, path
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert not project_imports(cell.source), (name, cell.source[:200])
    if name == "timing":
        notebook = smaller_timing(notebook)
    outcome = run_offered(engine, path.relative_to(built_site).as_posix(), notebook)
    # A Korean letter the plots' font lacks is drawn as a box, with this warning on stderr.
    tofu = [output.get("text", "") for outputs in outcome.outputs.values() for output in outputs
            if "missing from font" in output.get("text", "")]
    assert not tofu, f"{path.name}: {tofu[0][:300]}"


def run_offered(engine: Engine, name: str, notebook):
    """The engine's outcome of the offered notebook ``name``: from the store, or run now."""
    unit = offered_unit(name, notebook)
    outcome = engine.run([unit], require_stored=False)[unit.name]
    failure = outcome.failure
    assert failure is None, f"{failure.summary()}\n{failure.traceback}"
    assert set(outcome.outputs) == {block.id for block in unit.blocks}
    return outcome


# The timing notebook measures matrices up to 8192 × 8192, about 50 s on two cores: here it runs
# the seed's three sizes only. Everything else of it runs as a reader's copy does.
FULL_PLAN = "PLAN = [\n    (100, 20, 3, 3), (500, 20, 3, 3), (1000, 20, 3, 3),\n"
SMALL_PLAN = "PLAN = [\n    (100, 20, 3, 3), (500, 20, 3, 3), (1000, 20, 3, 3),\n]\nBIG = [\n"


def smaller_timing(notebook):
    """The timing notebook with its plan cut to the three sizes of the seed's table."""
    cells = [cell for cell in notebook.cells if FULL_PLAN in cell.get("source", "")]
    assert len(cells) == 1, "the timing notebook's PLAN changed: update FULL_PLAN"
    cells[0].source = cells[0].source.replace(FULL_PLAN, SMALL_PLAN)
    return notebook


def project_imports(code: str) -> list[str]:
    """The modules of this project (bookkit, labs) that ``code`` imports."""
    import ast

    found = []
    for node in ast.walk(ast.parse(code)):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        found += [n for n in names if n.split(".")[0] in ("bookkit", "labs")]
    return found


def test_project_imports_are_found():
    assert project_imports("import torch\nfrom bookkit.show import x\nimport labs.a as b\n") == [
        "bookkit.show", "labs.a"]


def test_a_block_that_needs_the_book_becomes_a_note(tmp_path):
    with pytest.raises(Exception, match="bookkit.recordings.store.load"):
        notebook_code("from bookkit.recordings.store import load\nprint(load)\n", ROOT)
    code, helpers = notebook_code(
        "from bookkit.show import expect_error\nx = 1  # markdown-exec: hide\nprint(2)\n", ROOT)
    assert code == "print(2)\n" and helpers == {("bookkit.show", "expect_error")}


@pytest.mark.e2e  # runs a kernel
def test_an_offered_notebook_runs_in_an_empty_folder_without_the_project(tmp_path):
    """As on a reader's machine: no file beside it, no PYTHONPATH, and neither the project's
    packages (``bookkit``, ``labs``: installed editable here) nor its folder importable."""
    new_cell = nbformat.v4.new_code_cell
    notebook = nbformat.v4.new_notebook(cells=[
        new_cell("import os, sys\n"
                 "print([name for name in os.listdir('.') if not name.startswith('.')])\n"
                 "print('PYTHONPATH' in os.environ)\n"
                 f"print(any(os.path.realpath(p or '.') == {str(ROOT)!r} for p in sys.path))\n"),
        new_cell("import importlib.util\n"
                 "print([importlib.util.find_spec(name) for name in ('bookkit', 'labs')])\n"),
        new_cell("from bookkit.show import expect_error\n"),
    ])
    unit = offered_unit("lesson.ipynb", notebook)
    outcome = Engine(ROOT, store_dir=tmp_path / "store").run([unit])[unit.name]
    texts = ["".join(out.get("text", "") for out in outcome.outputs[block.id])
             for block in unit.blocks[:2]]
    assert texts == ["[]\nFalse\nFalse\n", "[None, None]\n"]
    failure = outcome.failure
    assert failure is not None and failure.block == 2, failure
    assert "No module named 'bookkit'" in failure.message + failure.traceback
