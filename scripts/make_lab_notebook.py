"""Generate the lab notebook pages from their percent-format sources.

The source of each notebook is a percent-format script in ``snippets/labs/`` that imports the
lab module and calls it, so the notebook never copies the lab's code. From it this writes the
page ``docs/labs/<page>.md``: a jupytext markdown notebook with a python3 kernelspec. The build
executes it as one unit (:mod:`bookkit.notebooks`) and offers the executed ``.ipynb`` as the
page's download.

    python scripts/make_lab_notebook.py          # write the notebooks
    python scripts/make_lab_notebook.py --check  # exit 1 if a notebook is out of date
"""

from __future__ import annotations

import argparse
from pathlib import Path

import jupytext
import nbformat

from bookkit.generated import write_or_check

ROOT = Path(__file__).resolve().parent.parent

#: notebook source (percent script) -> generated notebook page
NOTEBOOKS = {
    Path("snippets/labs/autograd_bugs_notebook.py"): Path("docs/labs/autograd-bugs.md"),
}

KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


def read_source(source: Path) -> nbformat.NotebookNode:
    notebook = jupytext.read(source, fmt="py:percent")
    notebook.metadata = {
        "kernelspec": dict(KERNELSPEC),
        "language_info": {"name": "python"},
    }
    for index, cell in enumerate(notebook.cells):
        cell.id = f"cell-{index:02d}"
        tags = cell.metadata.get("tags")
        cell.metadata = {"tags": tags} if tags else {}
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nbformat.validate(notebook)
    return notebook


def render(source: Path) -> dict[Path, str]:
    """The generated page and its text for one percent-format source."""
    notebook = read_source(ROOT / source)
    page = NOTEBOOKS[source]
    page_text = jupytext.writes(notebook, fmt="md")
    if len(jupytext.reads(page_text, fmt="md").cells) != len(notebook.cells):
        raise ValueError(f"{source}: the markdown page does not keep the notebook's cells")
    return {page: page_text}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a notebook is out of date")
    args = parser.parse_args(argv)
    expected = {target: text for source in NOTEBOOKS for target, text in render(source).items()}
    return write_or_check(
        expected, ROOT, check=args.check, command="python scripts/make_lab_notebook.py"
    )


if __name__ == "__main__":
    raise SystemExit(main())
